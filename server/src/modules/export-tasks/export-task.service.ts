import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { ExportStatus, type ExportTask, type Page, type PageQuery } from "../../contracts";
import { fetchPage } from "../../db/paging";
import { exportTasks } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import type { AuthContext } from "../../plugins/auth";

/** A user sees and manages only the tasks they asked for, within their merchant. */
const owned = (auth: AuthContext) =>
  and(eq(exportTasks.merchantId, auth.merchantId), eq(exportTasks.userId, auth.userId));

export async function listExportTasks(deps: AppDeps, auth: AuthContext, page: PageQuery): Promise<Page<ExportTask>> {
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
      status: task.status,
      processed: task.processed,
      total: task.total,
      createTime: task.createdAt.toISOString(),
      finishTime: task.finishedAt?.toISOString() ?? null,
      error: task.error,
    }),
  );
}

/** Queued or processing -> terminated; the worker (exports issue) sees the status and stops. */
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
    .returning({ id: exportTasks.id });
  if (changed.length === 0) {
    const [exists] = await deps.db
      .select({ id: exportTasks.id })
      .from(exportTasks)
      .where(and(owned(auth), eq(exportTasks.id, id)));
    throw exists ? conflict("errors.exportTaskNotTerminable") : notFound("errors.exportTaskNotFound");
  }
}

export async function deleteExportTask(deps: AppDeps, auth: AuthContext, id: number): Promise<void> {
  const deleted = await deps.db
    .delete(exportTasks)
    .where(and(owned(auth), eq(exportTasks.id, id)))
    .returning({ id: exportTasks.id });
  if (deleted.length === 0) throw notFound("errors.exportTaskNotFound");
}
