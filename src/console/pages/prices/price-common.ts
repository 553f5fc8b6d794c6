import type { TFunction } from "i18next";
import { useEffect, useRef } from "react";
import type { PriceChange, PriceList } from "#contracts";
import { priceText } from "../../shared/price-text";

/** What the price pages share: how a change's value reads, and reading a list again when something else changed it. */

/** A signed percent as people read a change: "+10%", "-5.5%". */
export function percentText(value: string): string {
  return `${value.startsWith("-") ? "" : "+"}${value}%`;
}

/** A change's value in words: the price it set, the percent it moved prices, the margin over cost; "-" to remove. */
export function changeValueText(t: TFunction, change: Pick<PriceChange, "kind" | "value">, currency: string): string {
  if (change.value === null || change.kind === "remove") return "-";
  if (change.kind === "set") return priceText(change.value, currency);
  if (change.kind === "percent") return percentText(change.value);
  return t("console-prices.costPlus", { percent: change.value });
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

/** What each tab of a price list is given (its SKUs, its changes): the list, the right to edit, and `revision`. */
export interface PriceListTabProps {
  list: PriceList;
  mayEdit: boolean;
  /** Moves on when a change is applied or cancelled (useRefetchOn). */
  revision: number;
  onChanged: () => void;
}
