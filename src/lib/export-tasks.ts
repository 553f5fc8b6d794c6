import { ExportStatus } from "../../server/src/contracts/export-tasks";

/** Spec §9: the export list pages by 25, 50 or 100 (default 50) and reloads every 5 s while work is pending. */
export const EXPORT_PAGE_SIZES = [25, 50, 100] as const;
export const EXPORT_DEFAULT_PAGE_SIZE = 50;
export const EXPORT_REFRESH_MS = 5000;

export const canTerminate = (status: number): boolean =>
  status === ExportStatus.queued || status === ExportStatus.processing;

export const canDownload = (status: number): boolean => status === ExportStatus.completed;

/** Whether the list must keep reloading: some task is still queued or processing. */
export function hasPendingTasks(tasks: readonly { status: number }[] | undefined): boolean {
  return (tasks ?? []).some((t) => canTerminate(t.status));
}
