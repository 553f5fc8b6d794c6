import Big from "big.js";
import { moneyText, type OrderFailCode, type Quote, type QuoteResult, storedMessage, supplierKindOf } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { convert, rateBetween } from "../pricing/exchange-rate.service";
import type { SupplierAdapter, SupplierAnswer } from "../supplier/supplier";
import type { Attempt, AttemptOutcome, Route } from "./attempts";

/**
 * The money of one attempt (ARCHITECTURE.md, "Money at the supplier boundary"): before sending, the route's quote
 * and the expected cost against the order's price; after a success, what the supplier charged and delivered.
 */

interface PricedOrder {
  productType: number;
  faceValue: string;
  faceCurrency: string;
  quantity: number;
  /** The order's price (whole order) and currency. */
  amount: string;
  currency: string;
  allowLoss: boolean;
  /** A sandbox's order: play money, so its cost is never held against its price. */
  sandbox: boolean;
}

/** Skipped for its price: the merchant reads NOT_AT_THIS_PRICE_REASON, the console these keys. */
const OVER_PRICE = "orderFailure.skippedOverPrice";
const NO_RATE = "orderFailure.skippedNoRate";
export const skippedForPrice = (detail: string) => detail.startsWith(OVER_PRICE) || detail.startsWith(NO_RATE);

type Skip = { detail: string; failCode: OrderFailCode };
export interface RoutePlan {
  face: { amount: string; currency: string };
  plan: Quote | null;
  skipped?: Skip;
}

/**
 * How the route would buy the order, or why it is skipped: its quote refuses (the catalog no longer offers the
 * value, or another currency); or the expected cost, converted into the order's currency at the rate set now, is
 * above the order's price and the SKU does not allow a loss; or no rate is set to compare them (a loss cannot be
 * ruled out). A sandbox's order is only quoted.
 */
export async function planRoute(
  deps: AppDeps,
  adapter: SupplierAdapter,
  order: PricedOrder,
  route: Route,
): Promise<RoutePlan> {
  const face = { amount: times(order.faceValue, order.quantity), currency: order.faceCurrency };
  const wanted = {
    kind: supplierKindOf(order.productType),
    faceValue: order.faceValue,
    faceCurrency: order.faceCurrency,
  };
  // A route's product must be in its account's catalog; only a SKU without routes is quoted by its default supplier
  // alone (the simulator's built-in entries), as supplier/route-quote.ts does for the console.
  const quoted: QuoteResult =
    route.entry || route.byDefault
      ? adapter.quote(route.entry, wanted)
      : { ok: false, reason: "notInCatalog", params: {} };
  if (!quoted.ok) {
    const detail = storedMessage({ key: `console.quote.${quoted.reason}`, params: quoted.params });
    return { face, plan: null, skipped: { detail, failCode: "PRODUCT_UNAVAILABLE" } };
  }
  const plan = quoted.quote;
  if (order.sandbox || order.allowLoss) return { face, plan };
  const expected = { amount: times(plan.cost.amount, order.quantity), currency: plan.cost.currency };
  const rate = await rateBetween(deps.db, expected.currency, order.currency, deps.clock.now());
  const cost = `${expected.amount} ${expected.currency}`;
  const price = `${moneyText(new Big(order.amount))} ${order.currency}`;
  if (!rate) {
    const detail = storedMessage({ key: NO_RATE, params: { from: expected.currency, to: order.currency, cost } });
    return { face, plan, skipped: { detail, failCode: "PRODUCT_UNAVAILABLE" } };
  }
  const converted = convert(expected.amount, rate.rate);
  if (new Big(converted).gt(order.amount)) {
    const params = { cost, converted: `${converted} ${order.currency}`, price };
    return {
      face,
      plan,
      skipped: { detail: storedMessage({ key: OVER_PRICE, params }), failCode: "PRODUCT_UNAVAILABLE" },
    };
  }
  return { face, plan };
}

/**
 * A success's money, from the supplier's own words: what it charged (else the quote's expected cost stands in,
 * and the attempt's `cost` stays empty so the console shows it as not stated), that cost in the order's currency at
 * the rate set now, and whether what it delivered is short of the face value (less, or another currency). A
 * supplier that does not say what it delivered is not flagged.
 */
export async function costOfSuccess(
  deps: AppDeps,
  order: PricedOrder,
  attempt: Attempt,
  answer: Extract<SupplierAnswer, { state: "success" }>,
): Promise<Pick<AttemptOutcome, "orderCost" | "shortDelivery">> {
  const plan = attempt.plan;
  const charged =
    answer.cost ?? (plan ? { amount: times(plan.cost.amount, order.quantity), currency: plan.cost.currency } : null);
  const rate = charged ? await rateBetween(deps.db, charged.currency, order.currency, deps.clock.now()) : null;
  const face = new Big(order.faceValue).times(order.quantity);
  const delivered = answer.delivered;
  const shortDelivery =
    delivered !== undefined && (delivered.currency !== order.faceCurrency || new Big(delivered.amount).lt(face));
  return {
    shortDelivery,
    ...(charged && rate ? { orderCost: { amount: convert(charged.amount, rate.rate), rate } } : {}),
  };
}

const times = (amount: string, quantity: number) => new Big(amount).times(quantity).toFixed(4);
