import { formatDecimal } from "#contracts";

/** Money for people: rounded as formatDecimal, thousands separated by commas; "-" when there is no value. */
export function formatMoney(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || String(value).trim() === "") return "-";
  const fixed = formatDecimal(value, decimals);
  const negative = fixed.startsWith("-");
  const [whole = "0", fraction] = (negative ? fixed.slice(1) : fixed).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}
