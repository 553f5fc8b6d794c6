import { createHmac } from "node:crypto";
import { type GiftCard, ProductType } from "#contracts";
import type { Clock } from "../../lib/clock";
import type { SupplierAdapter, SupplierAnswer, SupplierRequest } from "./supplier";

/**
 * The built-in supplier for the embedded default, demos and tests. Its answers follow from the order alone
 * (recharge account, order number, placement time, attempt) and the clock: it keeps no state, so it answers the
 * same after a restart and `submit` is idempotent by construction. The rules (documented in the README):
 * - recharge account ending in `0000`: rejected (the order fails and is refunded);
 * - ending in `9999`: accepted but never answered (the product's deadline fails and refunds it);
 * - ending in `5555`: the first attempt throws a transient error (a retry is recorded), then as below;
 * - anything else: pending until SIMULATOR_DELAY_MS after placement, then success. Gift cards get `quantity`
 *   cards whose serial (16 digits) and PIN (8 characters) derive from the order number, valid 365 days.
 */
export const SIMULATOR_RULES = {
  rejectSuffix: "0000",
  silentSuffix: "9999",
  flakySuffix: "5555",
  rejectReason: "orderFailure.simulatorRejected",
  flakyError: "Supplier did not answer (simulator rule: ends in 5555, first attempt only)",
} as const;

/** Not a secret: it only makes the simulator's card codes look random yet stay reproducible. */
const CARD_KEY = "merchant-portal-simulator-cards";
const PIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const DAY_MS = 86_400_000;

export function simulatorSupplier({ clock, delayMs }: { clock: Clock; delayMs: number }): SupplierAdapter {
  const answer = (request: SupplierRequest): SupplierAnswer => {
    const account = request.rechargeAccount;
    if (account.endsWith(SIMULATOR_RULES.flakySuffix) && request.attempt <= 1) {
      throw new Error(SIMULATOR_RULES.flakyError);
    }
    if (account.endsWith(SIMULATOR_RULES.rejectSuffix))
      return { state: "failed", reason: SIMULATOR_RULES.rejectReason };
    const ref = `SIM-${request.orderNo}`;
    if (account.endsWith(SIMULATOR_RULES.silentSuffix)) return { state: "pending", ref };
    if (clock.now().getTime() - request.placedAt.getTime() < delayMs) return { state: "pending", ref };
    return request.productType === ProductType.giftCard
      ? { state: "success", cards: simulatorCards(request.orderNo, request.quantity, request.placedAt) }
      : { state: "success" };
  };
  return {
    name: "simulator",
    submit: async (request) => answer(request),
    query: async (request) => answer(request),
  };
}

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
