import type Big from "big.js";
import type { Money, SupplierTransaction } from "../supplier";
import { asRecord, big, idText, type Json, money, parseReloadlyTime, text } from "./reloadly-json";

/**
 * What a Reloadly transaction says it took from the account and delivered, read only from its own words
 * (TopUpsResponse200, OrderAGiftCardResponse200 and the two reports, which list the same objects).
 */

/**
 * The account's debit for a top-up: `balanceInfo.cost` (in balanceInfo's currency, the account's), else the drop
 * of balanceInfo's balance, else `requestedAmount` less `discount` when both are stated in the account's currency
 * (the docs call them "the amount sent by the originating account"; reports leave balanceInfo null).
 * `accountCurrency` null: the account's currency is not known here, the two currencies must only agree.
 */
export function topupCharge(tx: Json, accountCurrency: string | null): Money | undefined {
  const info = asRecord(tx.balanceInfo);
  const infoCurrency = text(info?.currencyCode);
  if (info && infoCurrency) {
    const cost = big(info.cost) ?? drop(info);
    if (cost) return money(cost, infoCurrency);
  }
  const requested = big(tx.requestedAmount);
  const discount = big(tx.discount);
  const currency = text(tx.requestedAmountCurrencyCode);
  if (!requested || !discount || !currency || text(tx.discountCurrencyCode) !== currency) return undefined;
  if (accountCurrency && currency !== accountCurrency) return undefined;
  return money(requested.minus(discount), currency);
}

const drop = (info: Json): Big | undefined => {
  const [before, after] = [big(info.oldBalance), big(info.newBalance)];
  return before && after ? before.minus(after) : undefined;
};

/** What the recipient's number got, as the operator reported it. */
export function topupDelivered(tx: Json): Money | undefined {
  const amount = big(tx.deliveredAmount);
  const currency = text(tx.deliveredAmountCurrencyCode);
  return amount && currency ? money(amount, currency) : undefined;
}

/** The account's debit for a gift-card order: `balanceInfo.cost`, else `amount` ("plus fees") in `currencyCode`. */
export function giftCharge(tx: Json): Money | undefined {
  const info = asRecord(tx.balanceInfo);
  const cost = big(info?.cost);
  const infoCurrency = text(info?.currencyCode);
  if (cost && infoCurrency) return money(cost, infoCurrency);
  const amount = big(tx.amount);
  const currency = text(tx.currencyCode);
  return amount && currency ? money(amount, currency) : undefined;
}

/** The cards' face value: `unitPrice` × `quantity` in the product's currency. */
export function giftDelivered(tx: Json): Money | undefined {
  const product = asRecord(tx.product);
  const unitPrice = big(product?.unitPrice);
  const quantity = big(product?.quantity);
  const currency = text(product?.currencyCode);
  return unitPrice && quantity && currency ? money(unitPrice.times(quantity), currency) : undefined;
}

const STATES: Record<string, SupplierTransaction["state"]> = {
  SUCCESSFUL: "success",
  FAILED: "failed",
  REFUNDED: "failed",
  PROCESSING: "pending",
  PENDING: "pending",
};

/**
 * One row of a report as a `SupplierTransaction`; null when we cannot read it (no id, an unknown status, no
 * date): the caller throws rather than reconcile against a guess.
 */
export function reportRow(kind: "topup" | "giftCard", row: Json): SupplierTransaction | null {
  const transactionId = idText(row.transactionId);
  const state = STATES[String(row.status)];
  const at = parseReloadlyTime(kind === "topup" ? row.transactionDate : row.transactionCreatedTime);
  if (!transactionId || !state || !at) return null;
  const charged = state !== "success" ? null : ((kind === "topup" ? topupCharge(row, null) : giftCharge(row)) ?? null);
  return { reference: text(row.customIdentifier) ?? null, transactionId, state, charged, at };
}
