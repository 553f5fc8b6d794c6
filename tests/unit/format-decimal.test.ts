import { describe, expect, it } from "vitest";
import { formatDecimal } from "#contracts";
import { formatMoney } from "../../src/lib/format-decimal";

describe("formatDecimal", () => {
  it.each([
    [1.005, 2, "1.01"],
    ["2.5", 0, "3"],
    [1, 2, "1.00"],
    [0.1 + 0.2, 2, "0.30"],
    [1.004, 2, "1.00"],
    ["1.0049999", 2, "1.00"],
    [2.675, 2, "2.68"],
    [1.45, 1, "1.5"],
    [123, 0, "123"],
    ["0", 3, "0.000"],
    ["  7.5 ", 0, "8"],
    [1e21, 0, "1000000000000000000000"],
    ["12345678901234567890.125", 2, "12345678901234567890.13"],
  ])("formatDecimal(%s, %i) === %s", (value, decimals, expected) => {
    expect(formatDecimal(value, decimals)).toBe(expected);
  });

  it("rounds an exact negative half away from zero", () => {
    expect(formatDecimal(-2.5, 0)).toBe("-3");
    expect(formatDecimal("-1.005", 2)).toBe("-1.01");
    expect(formatDecimal("-1.004", 2)).toBe("-1.00");
  });

  it("never shows a negative zero", () => {
    expect(formatDecimal("-0.001", 2)).toBe("0.00");
    expect(formatDecimal(-0, 1)).toBe("0.0");
  });

  it("refuses what is not a finite decimal", () => {
    expect(() => formatDecimal(Number.NaN, 2)).toThrow(RangeError);
    expect(() => formatDecimal(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
    expect(() => formatDecimal("abc", 2)).toThrow(RangeError);
    expect(() => formatDecimal("", 2)).toThrow(RangeError);
    expect(() => formatDecimal(1, -1)).toThrow(RangeError);
    expect(() => formatDecimal(1, 1.5)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it("groups thousands and keeps the rounding", () => {
    expect(formatMoney("1234567.895")).toBe("1,234,567.90");
    expect(formatMoney(999.995)).toBe("1,000.00");
    expect(formatMoney("-1234.5", 0)).toBe("-1,235");
    expect(formatMoney(12)).toBe("12.00");
    expect(formatMoney("100000", 0)).toBe("100,000");
  });

  it("shows a dash when there is no value", () => {
    expect(formatMoney(null)).toBe("-");
    expect(formatMoney(undefined)).toBe("-");
    expect(formatMoney(" ")).toBe("-");
  });
});
