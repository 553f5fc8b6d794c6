import Big from "big.js";
import { type CatalogEntry, ProductType, type Quote } from "#contracts";
import type { SupplierRequest } from "../supplier";
import { jsonNumber } from "./reloadly-json";

/**
 * What `submit` asks Reloadly for, built from the worker's plan (the quote of the route's catalog entry) and
 * checked before any call: a string is a refusal, nothing was sent.
 */

/** Printed on the gift card receipt (Reloadly requires one); an order input `senderName` overrides it. */
const DEFAULT_SENDER_NAME = "Merchant Portal";

export interface TopupOrder {
  operatorId: number;
  amount: string;
  local: boolean;
  /** Ask POST /operators/fx-rate first: an account-currency amount into a range, whose delivery follows the rate. */
  checkRate: boolean;
  countryCode: string;
  number: string;
}

export interface GiftOrder {
  productId: number;
  quantity: number;
  unitPrice: number;
  senderName: string;
  recipientEmail: string | undefined;
}

export function topupOrder(request: SupplierRequest): TopupOrder | string {
  const { plan, entry } = request;
  if (request.productType !== ProductType.topup) return "Reloadly sells no login top-ups";
  const operatorId = productId(request);
  if (typeof operatorId === "string") return operatorId;
  if (request.quantity !== 1) return `Reloadly top-ups are single, quantity ${request.quantity} cannot be sent`;
  const number = request.rechargeAccount.replace(/[\s()-]/g, "").replace(/^(\+|00)/, "");
  if (!/^\d{6,15}$/.test(number)) return `Recharge account is not an international phone number: ${number}`;
  // Reloadly checks the number against the operator's country; the dialling code alone is ambiguous (+1, +7).
  const countryCode = (entry?.country ?? request.inputs.countryCode ?? "").trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode))
    return "Reloadly needs the recipient's country: the operator states none and there is no countryCode input (ISO 2)";
  const amount = plan.send.amount;
  const refusal = badAmount(amount);
  if (refusal) return refusal;
  const stale = entry && staleness(entry, plan.send);
  if (stale) return stale;
  const checkRate = !plan.send.local && entry?.denomination !== "fixed";
  return { operatorId, amount, local: plan.send.local, checkRate, countryCode, number };
}

export function giftOrder(request: SupplierRequest): GiftOrder | string {
  const { plan, entry } = request;
  const id = productId(request);
  if (typeof id === "string") return id;
  const amount = plan.send.amount;
  const refusal = badAmount(amount);
  if (refusal) return refusal;
  // An order's unitPrice is the card's own value, in the card's currency: nothing else can be sent.
  const cardCurrency = entry?.receiveCurrency ?? request.faceCurrency;
  if (!plan.send.local || plan.send.currency !== cardCurrency)
    return `Reloadly gift cards are priced in ${cardCurrency}, the plan sends ${plan.send.currency}: the route needs a new quote`;
  const { senderName = DEFAULT_SENDER_NAME, recipientEmail } = request.inputs;
  return { productId: id, quantity: request.quantity, unitPrice: jsonNumber(amount)!, senderName, recipientEmail };
}

/** Why a plan no longer fits the route's operator (its account currency or its local amounts changed), or null. */
function staleness(entry: CatalogEntry, send: Quote["send"]): string | null {
  const takes = send.local ? entry.localAmounts && entry.receiveCurrency : entry.sendCurrency;
  if (send.currency === takes) return null;
  const accepted = send.local
    ? entry.localAmounts
      ? `local amounts in ${entry.receiveCurrency}`
      : "no local amounts"
    : `amounts in ${entry.sendCurrency}`;
  const sends = `${send.amount} ${send.currency}${send.local ? " as a local amount" : ""}`;
  return `Reloadly operator ${entry.externalId} takes ${accepted}, the plan sends ${sends}: the route needs a new quote`;
}

function productId(request: SupplierRequest): number | string {
  if (!/^\d+$/.test(request.supplierProduct)) return `Reloadly product id is not a number: ${request.supplierProduct}`;
  return Number(request.supplierProduct);
}

/** Why the plan's amount cannot be sent (null: it can): positive, and exact as the JSON number Reloadly reads. */
function badAmount(amount: string): string | null {
  const valid = /^\d+(\.\d+)?$/.test(amount) && new Big(amount).gt(0) && jsonNumber(amount) !== null;
  return valid ? null : `Reloadly needs a positive amount to send, the plan says ${amount}`;
}
