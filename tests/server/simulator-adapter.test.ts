import { describe, expect, it } from "vitest";
import type { Quote } from "#contracts";
import { manualClock } from "../../server/src/lib/clock";
import {
  SIMULATOR_RULES,
  simulatorAdapter,
  simulatorCards,
} from "../../server/src/modules/supplier/adapters/simulator";
import type { SupplierRequest } from "../../server/src/modules/supplier/supplier";

const placedAt = new Date("2026-11-21T10:00:00Z");
const DELAY = 3000;

function setup(delayMs = DELAY, credentials: Record<string, string> = {}) {
  const clock = manualClock(placedAt);
  const account = { id: 1, baseUrl: "simulator:", authUrl: "", credentials };
  return { clock, supplier: simulatorAdapter.connect(account, { clock, simulatorDelayMs: delayMs }) };
}

/** The simulator's own quote of 10 CNY: sent as the face value, 10 / 7.1 = 1.41 USD less 3 % = 1.3677 USD. */
const TEN_CNY: Quote = {
  send: { amount: "10.00", currency: "CNY", local: true },
  delivers: { value: "10.00", currency: "CNY" },
  cost: { amount: "1.3677", currency: "USD" },
};

const request = (rechargeAccount: string, extra: Partial<SupplierRequest> = {}): SupplierRequest => ({
  plan: TEN_CNY,
  entry: null,
  reference: "P202611210000000042",
  orderNo: "P202611210000000042",
  productType: 1,
  supplierProduct: "CN-10",
  faceValue: "10.00",
  faceCurrency: "CNY",
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
    const transactionId = "SIM-P202611210000000042";
    const success = {
      state: "success",
      transactionId,
      cost: { amount: "1.3677", currency: "USD" },
      delivered: { amount: "10.0000", currency: "CNY" },
    };
    expect(await supplier.submit(request("13800138000"))).toEqual({ state: "pending", transactionId });
    clock.advance(DELAY - 1);
    expect(await supplier.query({ ...request("13800138000", { attempt: 3 }), transactionId })).toEqual({
      state: "pending",
      transactionId,
    });
    clock.advance(1);
    expect(await supplier.query({ ...request("13800138000", { attempt: 4 }), transactionId })).toEqual(success);
    // Stateless: a submit repeated after a restart answers the same, nothing is bought twice, and a lookup by
    // our reference finds it.
    expect(await supplier.submit(request("13800138000"))).toEqual(success);
    expect(await supplier.lookup(request("13800138000"))).toEqual(success);
  });

  it("takes a failover attempt's reference as its transaction's", async () => {
    const { supplier } = setup(0);
    expect(await supplier.submit(request("13800138000", { reference: "P202611210000000042-2" }))).toMatchObject({
      state: "success",
      transactionId: "SIM-P202611210000000042-2",
    });
  });

  it("refuses everything on an account whose credential `refuse` is all, and reports a balance", async () => {
    const { supplier } = setup(0, { refuse: "all" });
    expect(await supplier.submit(request("13800138000"))).toEqual({
      state: "failed",
      reason: SIMULATOR_RULES.rejectReason,
      code: "SUPPLIER_REFUSED",
    });
    expect(await supplier.balance(new AbortController().signal)).toEqual({ amount: "1000000.00", currency: "USD" });
  });

  it("answers success at once with no delay", async () => {
    const { supplier } = setup(0);
    expect(await supplier.submit(request("13800138000"))).toMatchObject({ state: "success" });
  });

  it("rejects a recharge account ending in 0000, on submit and on query", async () => {
    const { supplier } = setup();
    const failed = { state: "failed", reason: SIMULATOR_RULES.rejectReason, code: "ACCOUNT_INVALID" };
    expect(SIMULATOR_RULES.rejectReason).toBe("orderFailure.simulatorRejected");
    expect(await supplier.submit(request("13800000000"))).toEqual(failed);
    expect(await supplier.query({ ...request("13800000000"), transactionId: "SIM-x" })).toEqual(failed);
  });

  it("never answers an account ending in 9999", async () => {
    const { clock, supplier } = setup();
    clock.advance(365 * 86_400_000);
    expect(await supplier.submit(request("13800139999"))).toEqual({
      state: "pending",
      transactionId: "SIM-P202611210000000042",
    });
  });

  it("throws a transient error for an account ending in 5555 on the first attempt only", async () => {
    const { clock, supplier } = setup();
    await expect(supplier.submit(request("13800135555"))).rejects.toThrow(SIMULATOR_RULES.flakyError);
    expect(await supplier.submit(request("13800135555", { attempt: 2 }))).toMatchObject({ state: "pending" });
    clock.advance(DELAY);
    expect(await supplier.submit(request("13800135555", { attempt: 2 }))).toMatchObject({ state: "success" });
  });

  it("delivers `quantity` gift cards derived from the order number, valid for 365 days", async () => {
    const { clock, supplier } = setup();
    clock.advance(DELAY);
    const answer = await supplier.submit(request("buyer@example.test", { productType: 3, quantity: 3 }));
    expect(answer).toMatchObject({
      state: "success",
      cost: { amount: "4.1031", currency: "USD" },
      delivered: { amount: "30.0000", currency: "CNY" },
    });
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

  it("quotes any value of its currencies from its own rates, less 3 %, and sells nothing else", () => {
    const quote = (faceValue: string, faceCurrency: string, kind: "topup" | "giftCard" = "topup") =>
      simulatorAdapter.quote(null, { kind, faceValue, faceCurrency });
    expect(quote("10.00", "CNY")).toEqual({ ok: true, quote: TEN_CNY });
    // 25 USD: 25.00 sent, 24.25 charged.
    expect(quote("25", "USD")).toEqual({
      ok: true,
      quote: {
        send: { amount: "25.00", currency: "USD", local: true },
        delivers: { value: "25.00", currency: "USD" },
        cost: { amount: "24.25", currency: "USD" },
      },
    });
    expect(quote("10.00", "XAU")).toEqual({ ok: false, reason: "notInCatalog", params: {} });
    expect(quote("100001", "USD")).toEqual({
      ok: false,
      reason: "valueOutOfRange",
      params: { min: "1.00", max: "100000.00" },
    });
  });

  it("lists a top-up and a gift card per currency it sells", async () => {
    const { supplier } = setup();
    const catalog = await supplier.catalog(new AbortController().signal);
    expect(catalog.map((e) => e.externalId)).toContain("giftCard-CNY");
    expect(catalog.find((e) => e.externalId === "topup-CNY")).toEqual({
      externalId: "topup-CNY",
      kind: "topup",
      name: "Simulator top-up CNY",
      country: null,
      sendCurrency: "USD",
      receiveCurrency: "CNY",
      denomination: "range",
      fixed: [],
      range: { minSend: "0.15", maxSend: "14084.51", minReceive: "1.00", maxReceive: "100000.00" },
      fxRate: "7.1",
      localAmounts: true,
      discountPercent: "3",
      fee: "0",
    });
  });
});
