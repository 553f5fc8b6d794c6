import type Big from "big.js";
import type { Json } from "./reloadly-standin-catalog";
import type { OrderPrice, TopupPrice } from "./reloadly-standin-pricing";

/**
 * The Reloadly stand-in's answers, in the documentation's shapes: a top-up (TopUpsResponse200), a gift-card order
 * (OrderAGiftCardResponse200), the account's balance info, and Spring's page around any listing.
 */

/** What every transaction record needs from the stand-in. */
export interface RecordContext {
  transactionId: number;
  status: string;
  /** The account's currency. */
  currency: string;
  at: Date;
  balanceInfo: Json;
}

export function topupRecord(context: RecordContext, body: Json, operator: Json, price: TopupPrice): Json {
  const phone = asRecord(body.recipientPhone);
  return {
    transactionId: context.transactionId,
    status: context.status,
    operatorTransactionId: null,
    customIdentifier: body.customIdentifier ?? null,
    recipientPhone: String(phone.number ?? "").replace(/^\+/, ""),
    recipientEmail: null,
    senderPhone: null,
    countryCode: phone.countryCode,
    operatorId: operator.id,
    operatorName: operator.name,
    discount: money(price.discount),
    discountCurrencyCode: context.currency,
    requestedAmount: money(price.requested),
    requestedAmountCurrencyCode: context.currency,
    deliveredAmount: money(price.delivered),
    deliveredAmountCurrencyCode: operator.destinationCurrencyCode,
    transactionDate: time(context.at),
    pinDetail: null,
    balanceInfo: context.balanceInfo,
  };
}

export function orderRecord(
  context: RecordContext,
  body: Json,
  product: Json,
  price: OrderPrice,
  unitPrice: Big,
): Json {
  const quantity = Number(body.quantity);
  return {
    transactionId: context.transactionId,
    amount: money(price.amount),
    discount: money(price.discount),
    currencyCode: context.currency,
    fee: money(price.fee),
    smsFee: 0,
    recipientEmail: body.recipientEmail ?? null,
    customIdentifier: body.customIdentifier ?? null,
    status: context.status,
    product: {
      productId: product.productId,
      productName: product.productName,
      countryCode: asRecord(product.country).isoName ?? null,
      quantity,
      unitPrice: money(unitPrice),
      totalPrice: money(unitPrice.times(quantity)),
      currencyCode: product.recipientCurrencyCode,
      brand: product.brand ?? null,
    },
    balanceInfo: context.balanceInfo,
    transactionCreatedTime: time(context.at),
  };
}

/** Card codes derived from the transaction id: 19-digit numbers, longer than a double keeps. */
export function orderCards(transactionId: number, quantity: number) {
  return Array.from({ length: quantity }, (_, index) => ({
    cardNumber: (6120200345149064000n + BigInt(transactionId * 10 + index)).toString(),
    pinCode: String(1000 + ((transactionId + index * 37) % 9000)),
  }));
}

/** A planted transaction: `cost` is all it took, nothing discounted, delivered in the account's currency. */
export function plantedRecord(context: RecordContext, giftCard: boolean, reference: string | null, cost: Big): Json {
  const amount = money(cost);
  const common = {
    transactionId: context.transactionId,
    status: context.status,
    customIdentifier: reference,
    balanceInfo: context.balanceInfo,
  };
  if (giftCard) {
    return {
      ...common,
      amount,
      discount: 0,
      currencyCode: context.currency,
      fee: 0,
      smsFee: 0,
      recipientEmail: null,
      product: {
        productId: null,
        productName: "Planted",
        quantity: 1,
        unitPrice: amount,
        totalPrice: amount,
        currencyCode: context.currency,
      },
      transactionCreatedTime: time(context.at),
    };
  }
  return {
    ...common,
    operatorId: null,
    operatorName: "Planted",
    discount: 0,
    discountCurrencyCode: context.currency,
    requestedAmount: amount,
    requestedAmountCurrencyCode: context.currency,
    deliveredAmount: amount,
    deliveredAmountCurrencyCode: context.currency,
    transactionDate: time(context.at),
  };
}

export function balanceInfo(before: Big, after: Big, cost: Big, currency: string, at: Date): Json {
  return {
    oldBalance: money(before),
    newBalance: money(after),
    cost: money(cost),
    currencyCode: currency,
    currencyName: currencyName(currency),
    updatedAt: time(at),
  };
}

/** Spring's page: `page` counts from 1 as Reloadly's parameter does, `number` from 0 as Spring's answer does. */
export function springPage(rows: Json[], query: URLSearchParams, maxPageSize: number) {
  const size = Math.min(Number(query.get("size") ?? 200) || 200, maxPageSize);
  const number = Math.max(Number(query.get("page") ?? 1) || 1, 1) - 1;
  const content = rows.slice(number * size, (number + 1) * size);
  const totalPages = Math.ceil(rows.length / size);
  return {
    content,
    totalElements: rows.length,
    totalPages,
    number,
    size,
    numberOfElements: content.length,
    first: number === 0,
    last: number >= totalPages - 1,
    empty: content.length === 0,
  };
}

/** A decimal as the JSON number Reloadly writes. */
export const money = (value: Big) => Number(value.toString());

export const currencyName = (code: string) => ({ USD: "US Dollar", EUR: "Euro", CNY: "Chinese Yuan" })[code] ?? code;

/** Reloadly writes times as "2021-12-06 08:13:39", in UTC. */
export function time(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

export function asRecord(value: unknown): Json {
  return typeof value === "object" && value !== null ? (value as Json) : {};
}
