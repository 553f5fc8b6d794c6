import Big from "big.js";
import type { Json } from "./reloadly-standin-catalog";

/**
 * How the Reloadly stand-in prices what it is asked for, by the operator's or product's own figures (decimals,
 * never floats; charges rounded half-up to the cent, deliveries down to the cent). A refusal carries Reloadly's
 * status, message and errorCode.
 */

export interface Refusal {
  status: number;
  message: string;
  errorCode: string | null;
}

export interface TopupPrice {
  /** In the account's currency: what the top-up is worth, its discount, its fee, and the charge. */
  requested: Big;
  discount: Big;
  cost: Big;
  /** In the operator's currency. */
  delivered: Big;
}

export interface OrderPrice {
  /** In the account's currency, for the whole order. */
  total: Big;
  discount: Big;
  fee: Big;
  amount: Big;
}

const refuse = (message: string, errorCode: string | null = "INVALID_AMOUNT_FOR_OPERATOR", status = 400): Refusal => ({
  status,
  message,
  errorCode,
});

/**
 * `useLocalAmount`: the amount is in the operator's currency, one of its local fixed amounts or inside its local
 * range; the account pays the paired fixed amount, or amount / fx. Otherwise the amount is in the account's
 * currency, one of `fixedAmounts` or inside the range, and delivers the paired local amount, or amount × fx.
 * Charge: that, less `internationalDiscount` %, plus the international fees; `shortDelivery` is taken off what
 * arrives.
 */
export function priceTopup(operator: Json, body: Json, shortDelivery: Big): TopupPrice | Refusal {
  const amount = num(body.amount);
  if (!amount?.gt(0)) return refuse("Amount must be greater than zero");
  const fx = num(asRecord(operator.fx).rate);
  if (!fx?.gt(0)) return refuse("Fx rate is currently not available for this operator", "FX_RATE_NOT_AVAILABLE", 500);
  const sends = nums(operator.fixedAmounts);
  const locals = nums(operator.localFixedAmounts);
  const paired = locals.length > 0 && locals.length === sends.length;
  const fixed = operator.denominationType === "FIXED";
  let requested: Big;
  let delivered: Big;
  if (body.useLocalAmount === true || body.useLocalAmount === "true") {
    if (operator.supportsLocalAmounts !== true) return refuse("Operator does not support local amounts");
    if (fixed) {
      const index = locals.findIndex((value) => value.eq(amount));
      if (index < 0) return refuse(`Amount must be one of the operator's local amounts: ${locals.join(", ")}`);
      requested = paired ? sends[index]! : amount.div(fx).round(2, Big.roundHalfUp);
    } else {
      const [min, max] = [num(operator.localMinAmount), num(operator.localMaxAmount)];
      if (!min || !max || amount.lt(min) || amount.gt(max))
        return refuse(`Local amount must be between ${min} and ${max}`);
      requested = amount.div(fx).round(2, Big.roundHalfUp);
    }
    delivered = amount;
  } else {
    if (fixed) {
      const index = sends.findIndex((value) => value.eq(amount));
      if (index < 0) return refuse(`Amount must be one of the operator's amounts: ${sends.join(", ")}`);
      delivered = paired ? locals[index]! : amount.times(fx).round(2, Big.roundDown);
    } else {
      const [min, max] = [num(operator.minAmount), num(operator.maxAmount)];
      if (!min || !max || amount.lt(min) || amount.gt(max)) return refuse(`Amount must be between ${min} and ${max}`);
      delivered = amount.times(fx).round(2, Big.roundDown);
    }
    requested = amount;
  }
  const discount = percent(requested, operator.internationalDiscount);
  const fees = asRecord(operator.fees);
  const fee = (num(fees.international) ?? new Big(0)).plus(percent(requested, fees.internationalPercentage));
  const arrives = delivered.minus(shortDelivery);
  return {
    requested,
    discount,
    cost: requested.minus(discount).plus(fee),
    delivered: arrives.gt(0) ? arrives : new Big(0),
  };
}

/**
 * `unitPrice` is in the card's currency: one of its fixed values or inside its range. Its value in the account's
 * currency is the product's own map (fixed) or `recipientCurrencyToSenderCurrencyExchangeRate` (range). Charge: that
 * × quantity, less `discountPercentage` %, plus `senderFee` per card.
 */
export function priceOrder(product: Json, body: Json): OrderPrice | Refusal {
  const unitPrice = num(body.unitPrice);
  const quantity = Number(body.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) return refuse("Quantity must be at least 1", null);
  const invalidPrice = refuse("Invalid price. Please ensure you selected the right price.", null);
  if (!unitPrice?.gt(0)) return invalidPrice;
  let unitCost: Big;
  if (product.denominationType === "FIXED") {
    const map = Object.entries(asRecord(product.fixedRecipientToSenderDenominationsMap));
    const send = num(map.find(([value]) => num(value)?.eq(unitPrice))?.[1]);
    if (!send) return invalidPrice;
    unitCost = send;
  } else {
    const [min, max] = [num(product.minRecipientDenomination), num(product.maxRecipientDenomination)];
    const rate = num(product.recipientCurrencyToSenderCurrencyExchangeRate);
    if (!min || !max || !rate || unitPrice.lt(min) || unitPrice.gt(max)) return invalidPrice;
    unitCost = unitPrice.times(rate).round(2, Big.roundHalfUp);
  }
  const total = unitCost.times(quantity);
  const discount = percent(total, product.discountPercentage);
  const fee = (num(product.senderFee) ?? new Big(0)).times(quantity);
  return { total, discount, fee, amount: total.minus(discount).plus(fee) };
}

export const isRefusal = (price: object): price is Refusal => "errorCode" in price;

const percent = (amount: Big, rate: unknown) =>
  amount
    .times(num(rate) ?? 0)
    .div(100)
    .round(2, Big.roundHalfUp);

/** A JSON number or numeric text as a decimal (the docs type amounts both ways). */
export function num(value: unknown): Big | undefined {
  if ((typeof value !== "number" || !Number.isFinite(value)) && (typeof value !== "string" || value === ""))
    return undefined;
  try {
    return new Big(String(value));
  } catch {
    return undefined;
  }
}

const nums = (value: unknown): Big[] =>
  Array.isArray(value) ? value.map(num).filter((n): n is Big => n !== undefined) : [];

function asRecord(value: unknown): Json {
  return typeof value === "object" && value !== null ? (value as Json) : {};
}
