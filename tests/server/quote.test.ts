import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "#contracts";
import { quoteEntry } from "#contracts";

/** The one rule that turns a supplier's catalog entry and a face value into what is sent and what it costs. */
const range = (over: Partial<CatalogEntry> = {}): CatalogEntry => ({
  externalId: "536",
  kind: "topup",
  name: "China Unicom",
  country: "CN",
  sendCurrency: "USD",
  receiveCurrency: "CNY",
  denomination: "range",
  fixed: [],
  range: { minSend: "0.15", maxSend: "141.00", minReceive: "1.00", maxReceive: "1000.00" },
  fxRate: "7.0",
  localAmounts: false,
  discountPercent: "2",
  fee: "0",
  ...over,
});
const want = (faceValue: string, faceCurrency = "CNY", kind: "topup" | "giftCard" = "topup") => ({
  kind,
  faceValue,
  faceCurrency,
});

describe("quoteEntry", () => {
  it("sends the face value itself where the supplier takes local amounts", () => {
    expect(quoteEntry(range({ localAmounts: true, fxRate: "7.1" }), want("10.00"))).toEqual({
      ok: true,
      quote: {
        send: { amount: "10.00", currency: "CNY", local: true },
        delivers: { value: "10.00", currency: "CNY" },
        // 10 / 7.1 = 1.4085 → 1.41 USD, less 2 % = 1.3818
        cost: { amount: "1.3818", currency: "USD" },
      },
    });
  });

  it("otherwise sends the amount in the account's currency rounded up to the cent, so nothing arrives short", () => {
    expect(quoteEntry(range(), want("10.00"))).toEqual({
      ok: true,
      quote: {
        // 10 / 7.0 = 1.428… → 1.43 USD, which delivers 10.01 CNY
        send: { amount: "1.43", currency: "USD", local: false },
        delivers: { value: "10.01", currency: "CNY" },
        cost: { amount: "1.4014", currency: "USD" },
      },
    });
  });

  it("never delivers less than the face value through an FX rate (any value, any rate)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (cents, rateThousandths) => {
          const face = new Big(cents).div(100).toFixed(2);
          const fxRate = new Big(rateThousandths).div(1000).toString();
          const entry = range({
            fxRate,
            range: { minSend: "0.01", maxSend: "100000000", minReceive: "0.01", maxReceive: "100000000" },
          });
          const result = quoteEntry(entry, want(face));
          if (!result.ok) return false;
          const sent = new Big(result.quote.send.amount);
          return sent.times(fxRate).gte(face) && new Big(result.quote.delivers.value).gte(face);
        },
      ),
    );
  });

  it("buys a fixed value only when the product offers it exactly, at that value's own send amount", () => {
    const fixed = range({
      denomination: "fixed",
      range: null,
      fixed: [
        { send: "14.29", receive: "100.00" },
        { send: "28.57", receive: "200.00" },
      ],
      localAmounts: true,
      kind: "giftCard",
      discountPercent: "3",
      fee: "0.5",
    });
    expect(quoteEntry(fixed, want("200", "CNY", "giftCard"))).toEqual({
      ok: true,
      quote: {
        send: { amount: "200.00", currency: "CNY", local: true },
        delivers: { value: "200.00", currency: "CNY" },
        // 28.57 less 3 % = 27.7129, plus the 0.50 fee
        cost: { amount: "28.2129", currency: "USD" },
      },
    });
    expect(quoteEntry(fixed, want("150", "CNY", "giftCard"))).toEqual({
      ok: false,
      reason: "valueNotOffered",
      params: { values: "100.00, 200.00" },
    });
  });

  it("refuses what the entry cannot buy, saying why", () => {
    expect(quoteEntry(null, want("10"))).toEqual({ ok: false, reason: "notInCatalog", params: {} });
    expect(quoteEntry(range(), want("10", "CNY", "giftCard"))).toEqual({
      ok: false,
      reason: "kindMismatch",
      params: { kind: "topup" },
    });
    expect(quoteEntry(range(), want("10", "USD"))).toEqual({
      ok: false,
      reason: "currencyMismatch",
      params: { currency: "CNY", face: "USD" },
    });
    expect(quoteEntry(range(), want("5000"))).toEqual({
      ok: false,
      reason: "valueOutOfRange",
      params: { min: "1.00", max: "1000.00" },
    });
    expect(quoteEntry(range({ fxRate: null }), want("10"))).toEqual({ ok: false, reason: "noFxRate", params: {} });
  });
});
