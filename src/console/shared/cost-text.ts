import { formatMoney } from "../../lib/format-decimal";

/**
 * How the console writes a supplier's costs, amounts and exchange rates: the same in every area that shows them
 * (orders, prices, reconciliation, routes, suppliers).
 */

/** A supplier's cost (up to 4 decimals): "9.25", "0.1234", "1,000.00". */
export function formatCost(value: string | null | undefined): string {
  const text = formatMoney(value, 4);
  return text === "-" ? text : text.replace(/(\.\d\d\d*?)0+$/, "$1");
}

/** An amount with its currency at a supplier's precision ("1.3677 USD"), or "-" when either is missing. */
export function amountText(amount: string | null | undefined, currency: string | null | undefined): string {
  const text = formatCost(amount);
  return text === "-" || !currency ? "-" : `${text} ${currency}`;
}

/** `{ amount, currency }` as `amountText` writes it; "-" for null. */
export const moneyText = (money: { amount: string | null; currency: string | null } | null | undefined) =>
  money ? amountText(money.amount, money.currency) : "-";

/** An exchange rate without trailing zeros ("7.10000000" reads "7.1", "1.00000000" reads "1"). */
export const rateText = (rate: string) => (rate.includes(".") ? rate.replace(/\.?0+$/, "") : rate);
