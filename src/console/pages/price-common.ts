import type { TFunction } from "i18next";
import { useEffect, useRef } from "react";
import type { PriceChange } from "#contracts";
import { formatCost } from "./supplier-kinds";

/**
 * What the price pages share: how a price reads (prices keep up to 4 decimals, like costs: "1.5" reads "1.50",
 * "1.2345" stays whole), how a change's value reads, and reading a list again when something else changed it.
 */

/** A price with its currency ("1.50 USD"), or "-" when there is none. */
export function priceText(value: string | null | undefined, currency: string | null | undefined): string {
  const text = formatCost(value);
  return text === "-" || !currency ? text : `${text} ${currency}`;
}

/** A stored price as an input holds it: "3.0000" reads "3.00", "1.2345" stays (no separators: it is parsed again). */
export function plainPrice(value: string | null | undefined): string {
  return value ? value.replace(/(\.\d\d\d*?)0+$/, "$1") : "";
}

/** A signed percent as people read a change: "+10%", "-5.5%". */
export function percentText(value: string): string {
  return `${value.startsWith("-") ? "" : "+"}${value}%`;
}

/** A change's value in words: the price it set, the percent it moved prices, the margin over cost; "-" to remove. */
export function changeValueText(t: TFunction, change: Pick<PriceChange, "kind" | "value">, currency: string): string {
  if (change.value === null || change.kind === "remove") return "-";
  if (change.kind === "set") return priceText(change.value, currency);
  if (change.kind === "percent") return percentText(change.value);
  return t("console.prices.costPlus", { percent: change.value });
}

/**
 * Reads a query again each time `revision` moves on (not on mount: the query reads itself then). The price page
 * moves it when a change is applied or cancelled, so the SKUs, the changes and the lists' counts agree.
 */
export function useRefetchOn(revision: number, query: { refetch: () => unknown }) {
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    void query.refetch();
  }, [revision, query]);
}
