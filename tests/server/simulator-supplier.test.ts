import { describe, expect, it } from "vitest";
import { manualClock } from "../../server/src/lib/clock";
import {
  SIMULATOR_RULES,
  simulatorCards,
  simulatorSupplier,
} from "../../server/src/modules/fulfilment/simulator-supplier";
import type { SupplierRequest } from "../../server/src/modules/fulfilment/supplier";

const placedAt = new Date("2026-11-21T10:00:00Z");
const DELAY = 3000;

function setup(delayMs = DELAY) {
  const clock = manualClock(placedAt);
  return { clock, supplier: simulatorSupplier({ clock, delayMs }) };
}

const request = (rechargeAccount: string, extra: Partial<SupplierRequest> = {}): SupplierRequest => ({
  orderNo: "P202611210000000042",
  productType: 1,
  spec: "10 CNY",
  quantity: 1,
  rechargeAccount,
  inputs: { account: rechargeAccount },
  placedAt,
  attempt: 1,
  signal: new AbortController().signal,
  ...extra,
});

describe("simulator supplier", () => {
  it("is pending until SIMULATOR_DELAY_MS after placement, then answers success", async () => {
    const { clock, supplier } = setup();
    const ref = "SIM-P202611210000000042";
    expect(await supplier.submit(request("13800138000"))).toEqual({ state: "pending", ref });
    clock.advance(DELAY - 1);
    expect(await supplier.query({ ...request("13800138000", { attempt: 3 }), ref })).toEqual({ state: "pending", ref });
    clock.advance(1);
    expect(await supplier.query({ ...request("13800138000", { attempt: 4 }), ref })).toEqual({ state: "success" });
    // Stateless: a submit repeated after a restart answers the same, nothing is bought twice.
    expect(await supplier.submit(request("13800138000"))).toEqual({ state: "success" });
  });

  it("answers success at once with no delay", async () => {
    const { supplier } = setup(0);
    expect(await supplier.submit(request("13800138000"))).toEqual({ state: "success" });
  });

  it("rejects a recharge account ending in 0000, on submit and on query", async () => {
    const { supplier } = setup();
    const failed = { state: "failed", reason: SIMULATOR_RULES.rejectReason };
    expect(SIMULATOR_RULES.rejectReason).toBe("orderFailure.simulatorRejected");
    expect(await supplier.submit(request("13800000000"))).toEqual(failed);
    expect(await supplier.query({ ...request("13800000000"), ref: "SIM-x" })).toEqual(failed);
  });

  it("never answers an account ending in 9999", async () => {
    const { clock, supplier } = setup();
    clock.advance(365 * 86_400_000);
    expect(await supplier.submit(request("13800139999"))).toEqual({
      state: "pending",
      ref: "SIM-P202611210000000042",
    });
  });

  it("throws a transient error for an account ending in 5555 on the first attempt only", async () => {
    const { clock, supplier } = setup();
    await expect(supplier.submit(request("13800135555"))).rejects.toThrow(SIMULATOR_RULES.flakyError);
    expect(await supplier.submit(request("13800135555", { attempt: 2 }))).toMatchObject({ state: "pending" });
    clock.advance(DELAY);
    expect(await supplier.submit(request("13800135555", { attempt: 2 }))).toEqual({ state: "success" });
  });

  it("delivers `quantity` gift cards derived from the order number, valid for 365 days", async () => {
    const { clock, supplier } = setup();
    clock.advance(DELAY);
    const answer = await supplier.submit(request("buyer@example.test", { productType: 3, quantity: 3 }));
    expect(answer.state).toBe("success");
    const cards = answer.state === "success" ? (answer.cards ?? []) : [];
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.serial).toMatch(/^\d{16}$/);
      expect(card.pin).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(card.expiresAt).toBe("2027-11-21T10:00:00.000Z");
    }
    expect(new Set(cards.map((c) => c.serial)).size).toBe(3);
    // The same order always gets the same codes (a restarted or repeated job delivers nothing new)...
    expect(simulatorCards("P202611210000000042", 3, placedAt)).toEqual(cards);
    // ...and another order other codes.
    expect(simulatorCards("P202611210000000043", 1, placedAt)[0]!.serial).not.toBe(cards[0]!.serial);
  });
});
