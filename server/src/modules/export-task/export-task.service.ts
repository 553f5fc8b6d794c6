import type { Readable } from "node:stream";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import {
  type ExportFormat,
  ExportStatus,
  type ExportTask,
  type ExportType,
  type Language,
  type Page,
  type PageQuery,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fetchPage } from "../../db/paging";
import { exportTasks, users } from "../../db/schema";
import { fail } from "../../lib/failure";
import { translator } from "../../lib/i18n";
import type { AuthContext } from "../auth/auth-context";
import { exportFormatFiles } from "./export-formats";
import type { ExportParams } from "./export-sources";

/** A user sees and manages only the tasks they asked for, within their merchant. */
const owned = (auth: AuthContext) =>
  and(eq(exportTasks.merchantId, auth.merchantId), eq(exportTasks.userId, auth.userId));

/** Unfinished (queued or processing) tasks one user may have at once; each is a worker's time and a file. */
export const MAX_UNFINISHED_EXPORTS = 5;

/** A stored failure is a message key (export-task.worker.ts EXPORT_FAILURE); anything else is shown as a plain failure. */
const failureText = (t: TFunction, stored: string | null) =>
  stored === null ? null : t(stored.startsWith("export-task.errors.") ? stored : "export-task.errors.failed");

export async function listExportTasks(
  deps: AppDeps,
  auth: AuthContext,
  page: PageQuery,
  t: TFunction,
): Promise<Page<ExportTask>> {
  return fetchPage(
    page,
    {
      rows: (limit, offset) =>
        deps.db.select().from(exportTasks).where(owned(auth)).orderBy(desc(exportTasks.id)).limit(limit).offset(offset),
      total: () => deps.db.select({ n: count() }).from(exportTasks).where(owned(auth)),
    },
    (task): ExportTask => ({
      id: task.id,
      type: task.type,
      format: task.format,
      status: task.status,
      processed: task.processed,
      total: task.total,
      createTime: task.createdAt.toISOString(),
      finishTime: task.finishedAt?.toISOString() ?? null,
      error: failureText(t, task.error),
    }),
  );
}

/**
 * Queued or processing -> terminated. A live run sees the status at its next batch, stops and removes its file;
 * the partial file is removed here too, so one left by a run that died goes at once, not at housekeeping.
 * (Removing a file a live run still writes is safe: the run only ever deletes it after.)
 */
export async function terminateExportTask(deps: AppDeps, auth: AuthContext, id: number): Promise<void> {
  const changed = await deps.db
    .update(exportTasks)
    .set({ status: ExportStatus.terminated, finishedAt: deps.clock.now() })
    .where(
      and(
        owned(auth),
        eq(exportTasks.id, id),
        inArray(exportTasks.status, [ExportStatus.queued, ExportStatus.processing]),
      ),
    )
    .returning({ id: exportTasks.id, fileKey: exportTasks.fileKey });
  if (changed[0]?.fileKey) await deps.storage.delete(changed[0].fileKey);
  if (changed.length === 0) {
    const [exists] = await deps.db
      .select({ id: exportTasks.id })
      .from(exportTasks)
      .where(and(owned(auth), eq(exportTasks.id, id)));
    throw exists ? fail("exportTaskNotTerminable") : fail("exportTaskNotFound");
  }
}

/** The task and its file. A run still writing it sees the task gone at its next batch and stops. */
export async function deleteExportTask(deps: AppDeps, auth: AuthContext, id: number): Promise<void> {
  const deleted = await deps.db
    .delete(exportTasks)
    .where(and(owned(auth), eq(exportTasks.id, id)))
    .returning({ id: exportTasks.id, fileKey: exportTasks.fileKey });
  if (deleted.length === 0) throw fail("exportTaskNotFound");
  if (deleted[0]?.fileKey) await deps.storage.delete(deleted[0].fileKey);
}

/**
 * Queues an export of one list with its filters (already validated by the list's own query schema) for the
 * caller, as an XLSX or a CSV file; the worker (export-task.worker.ts) writes the file. Answers the task's id.
 */
export async function createExportTask(
  deps: AppDeps,
  auth: AuthContext,
  {
    type,
    format = "xlsx",
    filters,
    language,
    timeZone,
  }: { type: ExportType; format?: ExportFormat; filters: object; language: Language; timeZone: string | null },
): Promise<number> {
  const params: ExportParams = { language, query: { ...filters }, timeZone };
  return deps.db.transaction(async (tx) => {
    // The user's row is the lock: two requests at once cannot both see four unfinished tasks and make six.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, auth.userId)).for("update");
    const [unfinished] = await tx
      .select({ n: count() })
      .from(exportTasks)
      .where(and(owned(auth), inArray(exportTasks.status, [ExportStatus.queued, ExportStatus.processing])));
    if (Number(unfinished?.n ?? 0) >= MAX_UNFINISHED_EXPORTS)
      throw fail("exportTooMany", { max: MAX_UNFINISHED_EXPORTS });
    const [task] = await tx
      .insert(exportTasks)
      .values({
        merchantId: auth.merchantId,
        userId: auth.userId,
        type,
        format,
        status: ExportStatus.queued,
        params: JSON.stringify(params),
        createdAt: deps.clock.now(),
      })
      .returning({ id: exportTasks.id });
    return task!.id;
  });
}

const fileBase: Record<ExportType, string> = { product: "products", order: "orders", transaction: "transactions" };

/**
 * `orders-20261121-153000.xlsx` or `.csv` (UTC time of the request, the task's format); the localized name uses
 * the type's label.
 */
export function exportFileNames(type: ExportType, createdAt: Date, language: Language, format: ExportFormat) {
  const stamp = createdAt.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return {
    ascii: `${fileBase[type]}-${stamp}.${format}`,
    localized: `${translator(language)(`enums.exportType.${type}`)}-${stamp}.${format}`,
  };
}

/** A completed task's file, for its owner only; another merchant's or a colleague's task is "no such task". */
export async function openExportFile(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  language: Language,
): Promise<{ stream: Readable; disposition: string; contentType: string }> {
  const [task] = await deps.db
    .select()
    .from(exportTasks)
    .where(and(owned(auth), eq(exportTasks.id, id)));
  if (!task) throw fail("exportTaskNotFound");
  if (task.status !== ExportStatus.completed || !task.fileKey) throw fail("exportNotCompleted");
  const stream = await deps.storage.readStream(task.fileKey);
  if (!stream) throw fail("exportFileGone");
  const names = exportFileNames(task.type, task.createdAt, language, task.format);
  const disposition =
    names.localized === names.ascii
      ? `attachment; filename="${names.ascii}"`
      : `attachment; filename="${names.ascii}"; filename*=UTF-8''${encodeRfc5987(names.localized)}`;
  return { stream, disposition, contentType: exportFormatFiles[task.format].contentType };
}

const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
