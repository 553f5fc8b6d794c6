import Big from "big.js";
import type { PriceChangeKind, priceSkipReasons } from "#contracts";

/**
 * The arithmetic of price changes, in decimal (big.js), never in floats: 10.10 × 1.1 must be 11.11, not
 * 11.110000000000001.
 */

export type SkipReason = (typeof priceSkipReasons)[number];

/** The smallest price a computed change may give: a price list never sells for nothing. */
export const MIN_PRICE = new Big("0.01");

/**
 * A computed price (percent, margin) is rounded half-up to 2 decimals: prices are quoted and compared in cents,
 * a percent of a 4-decimal price gives fractions of a cent nobody would set by hand, and half-up is the rounding
 * people do on paper, so the preview's figures are the ones a reader expects (and apply writes the same ones).
 * A price typed in (set) is kept as typed. Never below MIN_PRICE (−99.99 % of 0.01 would round to 0).
 */
export function roundPrice(amount: Big): Big {
  const rounded = amount.round(2, Big.roundHalfUp);
  return rounded.lt(MIN_PRICE) ? MIN_PRICE : rounded;
}

/** The money columns' shape (numeric(20, 4)), so computed and stored prices compare and read alike. */
export const money = (amount: Big) => amount.toFixed(4);

export interface ChangeInput {
  kind: PriceChangeKind;
  /** The price (set) or the percent (percent, margin); absent for remove. */
  value?: string | undefined;
}

export interface SkuPricing {
  /** The price in effect at the change's time (null: not on the list then). */
  before: string | null;
  cost: string | null;
  costCurrency: string | null;
}

/** What a change makes of one SKU's price, or why it leaves the SKU out. */
export function changedPrice(
  change: ChangeInput,
  sku: SkuPricing,
  listCurrency: string,
): { after: string | null; skipped: SkipReason | null } {
  const after = computed(change, sku, listCurrency);
  if (typeof after === "object" && after !== null) return { after: sku.before, skipped: after.skip };
  const same = after === null ? sku.before === null : sku.before !== null && new Big(sku.before).eq(after);
  return same ? { after: sku.before, skipped: "unchanged" } : { after, skipped: null };
}

function computed(change: ChangeInput, sku: SkuPricing, listCurrency: string): string | null | { skip: SkipReason } {
  const percent = () => new Big(1).plus(new Big(change.value ?? "0").div(100));
  switch (change.kind) {
    case "set":
      return money(new Big(change.value ?? "0"));
    case "remove":
      return null;
    case "percent":
      if (sku.before === null) return { skip: "noPrice" };
      return money(roundPrice(new Big(sku.before).times(percent())));
    case "margin":
      if (sku.cost === null) return { skip: "noCost" };
      if (sku.costCurrency !== listCurrency) return { skip: "costCurrency" };
      return money(roundPrice(new Big(sku.cost).times(percent())));
  }
}

/** price − cost, and as a percent of the price (2 decimals); null unless both are known in one currency. */
export function marginOf(
  price: string | null,
  cost: string | null,
  costCurrency: string | null,
  currency: string,
): { margin: string | null; marginPercent: string | null } {
  if (price === null || cost === null || costCurrency !== currency) return { margin: null, marginPercent: null };
  const margin = new Big(price).minus(cost);
  return { margin: money(margin), marginPercent: margin.times(100).div(price).toFixed(2, Big.roundHalfUp) };
}
