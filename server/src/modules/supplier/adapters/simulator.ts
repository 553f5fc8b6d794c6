import { createHmac } from "node:crypto";
import { type GiftCard, ProductType, SIMULATOR_TRIGGERS } from "#contracts";
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
 */
export const SIMULATOR_RULES = {
  rejectSuffix: SIMULATOR_TRIGGERS.rejected,
  silentSuffix: SIMULATOR_TRIGGERS.noAnswer,
  flakySuffix: SIMULATOR_TRIGGERS.retried,
  rejectReason: "orderFailure.simulatorRejected",
  flakyError: "orderFailure.simulatorRetried",
} as const;

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
    return request.productType === ProductType.giftCard
      ? { state: "success", transactionId, cards: simulatorCards(request.orderNo, request.quantity, request.placedAt) }
      : { state: "success", transactionId };
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
    };
  },
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
