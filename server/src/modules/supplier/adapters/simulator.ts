import { createHmac } from "node:crypto";
import Big from "big.js";
import {
  type CatalogEntry,
  type GiftCard,
  ProductType,
  quoteEntry,
  SIMULATOR_TRIGGERS,
  type SupplierProductKind,
} from "#contracts";
import type { Clock } from "../../../lib/clock";
import type { SupplierAdapter, SupplierAnswer, SupplierRequest } from "../supplier";

/**
 * The built-in supplier for the embedded default, demos and tests. Its answers follow from the order alone
 * (recharge account, order number, placement time, attempt) and the clock: it keeps no state, so it answers the
 * same after a restart and `submit` is idempotent by construction. The rules (documented in the README):
 * - recharge account ending in `0000`: rejected (the order fails and is refunded);
 * - ending in `9999`: accepted but never answered (the product's deadline fails and refunds it);
 * - ending in `5555`: the first attempt throws a transient error (a retry is recorded), then as below;
 * - anything else: pending until SIMULATOR_DELAY_MS after placement, then success. Gift cards get `quantity`
 *   cards whose serial (16 digits) and PIN (8 characters) derive from the order number, valid 365 days.
 * A simulator account whose credential `refuse` is "all" refuses every order (a route to fail over from, in the
 * demo and the tests). Its balance is a fixed 1,000,000.00 USD.
 *
 * Money: its account is in USD. Its catalog is a top-up and a gift card per currency of `SIMULATOR_RATES` (ids
 * `topup-CNY`, `giftCard-CNY`), any value from 1 to 100,000 of that currency, sent as the face value itself (it
 * takes local amounts) and charged at its rate less 3 %. A SKU without routes at the simulator is quoted as if
 * routed to its currency's entry. It delivers exactly what it was sent and charges exactly the quote: tests that
 * need a supplier to charge or deliver otherwise use the Reloadly or DingConnect stand-ins.
 */
export const SIMULATOR_RULES = {
  rejectSuffix: SIMULATOR_TRIGGERS.rejected,
  silentSuffix: SIMULATOR_TRIGGERS.noAnswer,
  flakySuffix: SIMULATOR_TRIGGERS.retried,
  rejectReason: "orderFailure.simulatorRejected",
  flakyError: "orderFailure.simulatorRetried",
} as const;

/** Units of each currency per US dollar: the simulator's own fixed rates (not the market's). */
export const SIMULATOR_RATES: Readonly<Record<string, string>> = {
  USD: "1",
  CNY: "7.1",
  EUR: "0.92",
  GBP: "0.79",
  HKD: "7.8",
  JPY: "150",
  SGD: "1.34",
  MYR: "4.7",
  THB: "36",
  PHP: "56",
  IDR: "15700",
  VND: "24500",
  INR: "83",
  MXN: "17",
  BRL: "5",
  NGN: "1500",
  KES: "130",
  CAD: "1.36",
  AUD: "1.52",
};
const SIMULATOR_DISCOUNT_PERCENT = "3";
const SIMULATOR_MAX_VALUE = new Big(100_000);

/** The simulator's catalog entry for one kind and currency (null: a currency it does not sell). */
export function simulatorEntry(kind: SupplierProductKind, currency: string): CatalogEntry | null {
  const rate = SIMULATOR_RATES[currency];
  if (!rate) return null;
  return {
    externalId: `${kind}-${currency}`,
    kind,
    name: `Simulator ${kind === "topup" ? "top-up" : "gift card"} ${currency}`,
    country: null,
    sendCurrency: "USD",
    receiveCurrency: currency,
    denomination: "range",
    fixed: [],
    range: {
      minSend: new Big(1).div(rate).round(2, Big.roundUp).toFixed(2),
      maxSend: SIMULATOR_MAX_VALUE.div(rate).round(2, Big.roundUp).toFixed(2),
      minReceive: "1.00",
      maxReceive: SIMULATOR_MAX_VALUE.toFixed(2),
    },
    fxRate: rate,
    localAmounts: true,
    discountPercent: SIMULATOR_DISCOUNT_PERCENT,
    fee: "0",
  };
}

const simulatorCatalog = (): CatalogEntry[] =>
  Object.keys(SIMULATOR_RATES).flatMap((currency) =>
    (["topup", "giftCard"] as const).map((kind) => simulatorEntry(kind, currency)!),
  );

/** Not a secret: it only makes the simulator's card codes look random yet stay reproducible. */
const CARD_KEY = "merchant-portal-simulator-cards";
const PIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const DAY_MS = 86_400_000;

function simulatorAnswers({ clock, delayMs, refuseAll }: { clock: Clock; delayMs: number; refuseAll: boolean }) {
  return (request: SupplierRequest): SupplierAnswer => {
    const account = request.rechargeAccount;
    if (account.endsWith(SIMULATOR_RULES.flakySuffix) && request.attempt <= 1) {
      throw new Error(SIMULATOR_RULES.flakyError);
    }
    if (refuseAll) return { state: "failed", reason: SIMULATOR_RULES.rejectReason, code: "SUPPLIER_REFUSED" };
    if (account.endsWith(SIMULATOR_RULES.rejectSuffix))
      return { state: "failed", reason: SIMULATOR_RULES.rejectReason, code: "ACCOUNT_INVALID" };
    const transactionId = `SIM-${request.reference}`;
    if (account.endsWith(SIMULATOR_RULES.silentSuffix)) return { state: "pending", transactionId };
    if (clock.now().getTime() - request.placedAt.getTime() < delayMs) return { state: "pending", transactionId };
    const units = (amount: string) => new Big(amount).times(request.quantity).toFixed(4);
    const money = {
      cost: { amount: units(request.plan.cost.amount), currency: request.plan.cost.currency },
      delivered: { amount: units(request.plan.delivers.value), currency: request.plan.delivers.currency },
    };
    return request.productType === ProductType.giftCard
      ? {
          state: "success",
          transactionId,
          cards: simulatorCards(request.orderNo, request.quantity, request.placedAt),
          ...money,
        }
      : { state: "success", transactionId, ...money };
  };
}

export const simulatorAdapter: SupplierAdapter = {
  kind: "simulator",
  connect: (account, context) => {
    const answer = simulatorAnswers({
      clock: context.clock,
      delayMs: context.simulatorDelayMs,
      refuseAll: account.credentials.refuse === "all",
    });
    return {
      submit: async (request) => answer(request),
      query: async (request) => answer(request),
      // Stateless: every attempt it was sent "exists", with the answer it would give now.
      lookup: async (request) => answer(request),
      balance: async () => ({ amount: "1000000.00", currency: "USD" }),
      catalog: async () => simulatorCatalog(),
    };
  },
  // Its entries are generated, so a SKU without routes is quoted through its currency's entry.
  quote: (entry, wanted) => quoteEntry(entry ?? simulatorEntry(wanted.kind, wanted.faceCurrency), wanted),
};

/** `quantity` gift cards derived from the order number: the same order always gets the same codes. */
export function simulatorCards(orderNo: string, quantity: number, placedAt: Date): GiftCard[] {
  const expiresAt = new Date(placedAt.getTime() + 365 * DAY_MS).toISOString();
  return Array.from({ length: quantity }, (_, index) => {
    const digest = createHmac("sha256", CARD_KEY).update(`${orderNo}:${index}`).digest();
    const serial = (digest.readBigUInt64BE(0) % 10n ** 16n).toString().padStart(16, "0");
    const pin = Array.from(digest.subarray(8, 16), (byte) => PIN_ALPHABET[byte % PIN_ALPHABET.length]).join("");
    return { serial, pin, expiresAt };
  });
}
