import Big from "big.js";

/**
 * Formats a number to exactly `decimals` places, padding with zeros; an exact half rounds away from zero
 * (1.005 -> "1.01", -2.5 -> "-3"). The value goes through its decimal string, never float arithmetic, so
 * 1.005 is rounded as the 1.005 people typed rather than the 1.00499... a double stores.
 * Throws a RangeError for anything that is not a finite decimal (money must never silently show as 0).
 */
export function formatDecimal(value: number | string, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`decimals must be a whole number: ${decimals}`);
  if (typeof value === "number" && !Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  let amount: Big;
  try {
    amount = new Big(String(value).trim());
  } catch {
    throw new RangeError(`not a decimal number: ${String(value)}`);
  }
  const fixed = amount.toFixed(decimals, Big.roundHalfUp);
  // Big keeps the sign of a value that rounds to zero ("-0.00"); nobody wants to read a negative zero.
  return /^-0(\.0+)?$/.test(fixed) ? fixed.slice(1) : fixed;
}

/** Money for people: rounded as formatDecimal, thousands separated by commas; "-" when there is no value. */
export function formatMoney(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || String(value).trim() === "") return "-";
  const fixed = formatDecimal(value, decimals);
  const negative = fixed.startsWith("-");
  const [whole = "0", fraction] = (negative ? fixed.slice(1) : fixed).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}
