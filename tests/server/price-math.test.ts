import Big from "big.js";
import { describe, expect, it } from "vitest";
import { changedPrice, marginOf, roundPrice } from "../../server/src/modules/console-prices/console-price-math";

const sku = (before: string | null, cost: string | null = null, costCurrency: string | null = null) => ({
  before,
  cost,
  costCurrency,
});

describe("price changes' arithmetic", () => {
  it("rounds half-up to cents, never below 0.01", () => {
    expect(["2.625", "2.6249", "10.605", "0.004", "0", "7"].map((v) => roundPrice(new Big(v)).toFixed(2))).toEqual([
      "2.63",
      "2.62",
      "10.61",
      "0.01",
      "0.01",
      "7.00",
    ]);
  });

  it("computes each kind in decimal, keeping a typed price as typed", () => {
    expect(changedPrice({ kind: "percent", value: "10" }, sku("10.10"), "USD")).toEqual({
      after: "11.1100",
      skipped: null,
    });
    expect(changedPrice({ kind: "percent", value: "-50" }, sku("0.03"), "USD")).toEqual({
      after: "0.0200",
      skipped: null,
    });
    expect(changedPrice({ kind: "margin", value: "12.5" }, sku(null, "20", "USD"), "USD")).toEqual({
      after: "22.5000",
      skipped: null,
    });
    expect(changedPrice({ kind: "set", value: "1.2345" }, sku("1"), "USD")).toEqual({ after: "1.2345", skipped: null });
    expect(changedPrice({ kind: "remove" }, sku("1"), "USD")).toEqual({ after: null, skipped: null });
  });

  it("names why a SKU is left out, keeping its price", () => {
    expect(changedPrice({ kind: "percent", value: "5" }, sku(null), "USD").skipped).toBe("noPrice");
    expect(changedPrice({ kind: "margin", value: "5" }, sku("3"), "USD")).toEqual({ after: "3", skipped: "noCost" });
    expect(changedPrice({ kind: "margin", value: "5" }, sku("3", "1", "CNY"), "USD").skipped).toBe("costCurrency");
    expect(changedPrice({ kind: "set", value: "3" }, sku("3.0000"), "USD").skipped).toBe("unchanged");
    expect(changedPrice({ kind: "remove" }, sku(null), "USD").skipped).toBe("unchanged");
  });

  it("gives a margin only when price and cost share a currency", () => {
    expect(marginOf("22.5000", "20.0000", "USD", "USD")).toEqual({ margin: "2.5000", marginPercent: "11.11" });
    expect(marginOf("10", "12", "USD", "USD")).toEqual({ margin: "-2.0000", marginPercent: "-20.00" });
    expect(marginOf("10", "1", "CNY", "USD")).toEqual({ margin: null, marginPercent: null });
    expect(marginOf(null, "1", "USD", "USD")).toEqual({ margin: null, marginPercent: null });
  });
});
