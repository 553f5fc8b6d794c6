import type { CrudFilter, CrudSort } from "@refinedev/core";
import { ExportStatus } from "#contracts";
import { encodeListQuery, type QueryParams } from "./list-query";

/** Spec §9: the export list pages by 25, 50 or 100 (default 50) and reloads every 5 s while work is pending. */
export { EXPORT_DEFAULT_PAGE_SIZE, EXPORT_PAGE_SIZES } from "#contracts";
export const EXPORT_REFRESH_MS = 5000;

export const canTerminate = (status: number): boolean =>
  status === ExportStatus.queued || status === ExportStatus.processing;

export const canDownload = (status: number): boolean => status === ExportStatus.completed;

/** Whether the list must keep reloading: some task is still queued or processing. */
export function hasPendingTasks(tasks: readonly { status: number }[] | undefined): boolean {
  return (tasks ?? []).some((t) => canTerminate(t.status));
}

/** An export's query: exactly what the list call sends for these filters and sorters, without the paging. */
export function exportQuery(filters: readonly CrudFilter[] = [], sorters: readonly CrudSort[] = []): QueryParams {
  return encodeListQuery({ pagination: { mode: "off" }, filters, sorters });
}

/** The reader's time zone (IANA name): the file's times are written in it, as the list shows them. */
export function readerTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** How far a task got, 0–100: a finished task is full even when it had nothing to export. */
export function exportPercent(task: { status: number; processed: number; total: number }): number | null {
  if (task.status === ExportStatus.completed) return 100;
  // A terminated task will never finish: a bar (full, when it was stopped at its last row) would say otherwise.
  if (task.status === ExportStatus.terminated) return null;
  if (task.total <= 0) return 0;
  return Math.min(100, Math.floor((task.processed / task.total) * 100));
}
