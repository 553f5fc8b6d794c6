import { formatCost } from "./cost-text";

/**
 * How a price reads, on the price pages and on a merchant's prices: prices keep up to 4 decimals, like costs ("1.5"
 * reads "1.50", "1.2345" stays whole).
 */

/** A price with its currency ("1.50 USD"), or "-" when there is none. */
export function priceText(value: string | null | undefined, currency: string | null | undefined): string {
  const text = formatCost(value);
  return text === "-" || !currency ? text : `${text} ${currency}`;
}

/** A stored price as an input holds it: "3.0000" reads "3.00", "1.2345" stays (no separators: it is parsed again). */
export function plainPrice(value: string | null | undefined): string {
  return value ? value.replace(/(\.\d\d\d*?)0+$/, "$1") : "";
}
