import type { TFunction } from "i18next";
import type { reconciliationStates } from "#contracts";
import { formatDateTime } from "../../../lib/date-format";

/** What the reconciliation page's parts share: a run's window as days, its state's colour. */

const DAY_MS = 86_400_000;
const isUtcMidnight = (time: number) => time % DAY_MS === 0;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * A run's window as the UTC day(s) it covers ("2026-11-27 (UTC)", "2026-11-25 to 2026-11-27 (UTC)"): the schedule
 * reconciles whole UTC days. A window not on day boundaries (the operator's CLI can start one) reads as two times.
 */
export function windowText(t: TFunction, windowStart: string, windowEnd: string): string {
  const start = Date.parse(windowStart);
  const end = Date.parse(windowEnd);
  if (!isUtcMidnight(start) || !isUtcMidnight(end))
    return t("console-reconciliation.window.times", {
      from: formatDateTime(windowStart),
      to: formatDateTime(windowEnd),
    });
  const last = end - DAY_MS;
  return last <= start
    ? t("console-reconciliation.window.day", { day: utcDay(start) })
    : t("console-reconciliation.window.days", { from: utcDay(start), to: utcDay(last) });
}

/** The window covering whole UTC days `from` to `to` ("YYYY-MM-DD", both included). */
export function dayWindow(from: string, to: string): { windowStart: string; windowEnd: string } {
  return {
    windowStart: `${from}T00:00:00.000Z`,
    windowEnd: new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString(),
  };
}

export const runStateColor: Record<(typeof reconciliationStates)[number], string> = {
  running: "processing",
  done: "green",
  failed: "red",
};
