import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { type ExportFormat, ExportStatus, type ExportType } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { claimDue } from "../../db/claim-due";
import { exportTasks } from "../../db/schema";
import { type PollingWorker, startPollingWorker, type WorkerLog } from "../../lib/polling-worker";
import { notifications } from "../notification/notification.schema";
import { exportReadyMessage } from "../notification/notification.service";
import { exportFormatFiles } from "./export-formats";
import { exportSource } from "./export-sources";
import type { SheetWriter } from "./xlsx-stream";

/**
 * Exports. A queued task is claimed in one statement (FOR UPDATE SKIP LOCKED) that sets it processing with a
 * lease; the worker renews the lease after every batch. A worker that dies leaves a task whose lease runs out,
 * and the next claim takes it again from the start (with a new file). Each run writes its own file key, which
 * also fences the run: every later write is guarded by `file_key = <this run's key>` and `status = 1`, so a
 * terminated, deleted or re-claimed task stops the run at its next batch, and the run removes its file.
 */
export const EXPORTS = {
  leaseMs: 60_000,
  /**
   * Rows read per keyset batch; the task's status is checked (and `processed` written) after each, so a
   * termination is seen within one batch (well under a second at this size).
   */
  batchRows: 2_000,
  /** Runs a task may start: one that killed its worker this often is failed, not tried forever. */
  maxAttempts: 3,
  /**
   * Tasks a worker runs side by side. With at most one running task per merchant (see the claim), a merchant's
   * queue never takes every lane: another merchant's export starts at the next poll, not after that queue.
   */
  lanes: 2,
} as const;

/** What a failed task says to its owner (keys in locales/export.json): never the database's or Node's text. */
export const EXPORT_FAILURE = {
  failed: "export-task.errors.failed",
  crashed: "export-task.errors.crashed",
} as const;

interface ClaimedTask {
  id: number;
  merchantId: number;
  type: ExportType;
  format: ExportFormat;
  params: string;
  oldFileKey: string | null;
  /** Runs started so far, this one included. */
  attempts: number;
}

type ClaimRow = Omit<ClaimedTask, "id" | "merchantId" | "attempts"> & {
  id: string | number;
  merchantId: string | number;
  attempts: string | number;
};

/**
 * Takes one queued task, or a processing one whose worker's lease ran out. Fair across merchants: a merchant
 * with a task running gets no second one (its queue waits for its own task, not other merchants' lanes), and
 * the task comes from the merchant served least recently, then the oldest. So one merchant's twenty queued
 * exports never hold back another merchant's single one: it takes the next free lane.
 */
export async function claimExportTask(deps: AppDeps): Promise<ClaimedTask | null> {
  const now = deps.clock.now();
  const [row] = await claimDue<ClaimRow>(deps.db, {
    table: "export_tasks",
    due: sql`(t.status = ${ExportStatus.queued}
        or (t.status = ${ExportStatus.processing} and (t.lease_until is null or t.lease_until <= ${now.toISOString()})))
      and not exists (
        select 1 from export_tasks r
        where r.merchant_id = t.merchant_id and r.id <> t.id and r.status = ${ExportStatus.processing}
          and r.lease_until > ${now.toISOString()})`,
    orderBy: sql`(select max(s.claimed_at) from export_tasks s where s.merchant_id = t.merchant_id) asc nulls first,
      t.id`,
    limit: 1,
    set: sql`status = ${ExportStatus.processing}, lease_until = ${new Date(now.getTime() + EXPORTS.leaseMs).toISOString()},
      processed = 0, attempts = t.attempts + 1, claimed_at = ${now.toISOString()}`,
    carry: ["file_key"],
    returning: sql`t.id, t.merchant_id as "merchantId", t.type, t.format, t.params, due.file_key as "oldFileKey",
      t.attempts`,
  });
  return row
    ? { ...row, id: Number(row.id), merchantId: Number(row.merchantId), attempts: Number(row.attempts) }
    : null;
}

export interface ExportRunOptions {
  batchRows?: number;
  /** Called after each batch is written (tests terminate a task mid-run here). */
  afterBatch?: (taskId: number, processed: number) => Promise<void>;
  /** Checked before each claim: a stopping worker takes no new task. */
  stopped?: () => boolean;
  /** Where a failed run's real error goes (the task itself only keeps a translated reason). */
  log?: WorkerLog;
}

/** Runs every task that is due, one after another; answers how many were run. No sleeping: tests call it. */
export async function runExportsOnce(deps: AppDeps, options: ExportRunOptions = {}): Promise<number> {
  let ran = 0;
  while (!options.stopped?.()) {
    const task = await claimExportTask(deps);
    if (!task) break;
    await runExport(deps, task, options);
    ran += 1;
  }
  return ran;
}

/** One task from count to finished file; see the file comment for how it stops. */
export async function runExport(deps: AppDeps, task: ClaimedTask, options: ExportRunOptions = {}): Promise<void> {
  const batchRows = options.batchRows ?? EXPORTS.batchRows;
  const file = exportFormatFiles[task.format];
  const fileKey = `exports/${task.id}-${randomBytes(8).toString("hex")}.${task.format}`;
  // A crashed run's partial file is not needed any more.
  if (task.oldFileKey) await deps.storage.delete(task.oldFileKey);
  const fail = (reason: string) =>
    deps.db
      .update(exportTasks)
      .set({ status: ExportStatus.exception, error: reason, finishedAt: deps.clock.now(), leaseUntil: null })
      .where(and(eq(exportTasks.id, task.id), eq(exportTasks.status, ExportStatus.processing)));
  // Every earlier run died with its worker (a run that fails by itself ends the task): stop trying.
  if (task.attempts > EXPORTS.maxAttempts) {
    await fail(EXPORT_FAILURE.crashed);
    return;
  }
  const mine = and(
    eq(exportTasks.id, task.id),
    eq(exportTasks.status, ExportStatus.processing),
    eq(exportTasks.fileKey, fileKey),
  );
  const lease = () => new Date(deps.clock.now().getTime() + EXPORTS.leaseMs);
  /** Writes progress and renews the lease; false when the task is no longer this run's to finish. */
  const stillMine = async (values: Partial<typeof exportTasks.$inferInsert>) =>
    (
      await deps.db
        .update(exportTasks)
        .set({ ...values, leaseUntil: lease() })
        .where(mine)
        .returning({ id: exportTasks.id })
    ).length > 0;

  let writer: SheetWriter | null = null;
  try {
    const source = exportSource(deps, task);
    const total = await source.count();
    const taken = await deps.db
      .update(exportTasks)
      .set({ fileKey, total, processed: 0, leaseUntil: lease() })
      .where(and(eq(exportTasks.id, task.id), eq(exportTasks.status, ExportStatus.processing)))
      .returning({ id: exportTasks.id });
    if (taken.length === 0) return;
    writer = file.open(deps.storage.createWriteStream(fileKey), source);
    let processed = 0;
    for (;;) {
      const rows = await source.next(batchRows);
      for (const row of rows) await writer.addRow(row);
      processed += rows.length;
      if (!(await stillMine({ processed }))) {
        await writer.abort();
        writer = null;
        await deps.storage.delete(fileKey);
        return;
      }
      if (rows.length < batchRows) break;
      await options.afterBatch?.(task.id, processed);
      if (options.stopped?.()) {
        // A stopping worker ends with the batch in hand: the task goes back to the queue, this run not counted
        // as one that killed its worker, and starts again (a new file) after the restart.
        await writer.abort();
        writer = null;
        await deps.storage.delete(fileKey);
        await deps.db
          .update(exportTasks)
          .set({
            status: ExportStatus.queued,
            processed: 0,
            fileKey: null,
            leaseUntil: null,
            attempts: sql`${exportTasks.attempts} - 1`,
          })
          .where(mine);
        return;
      }
    }
    await writer.finish();
    writer = null;
    // Completed, and the bell tells whoever asked for it, in one transaction: never one without the other.
    const done = await deps.db.transaction(async (tx) => {
      const [finished] = await tx
        .update(exportTasks)
        .set({ status: ExportStatus.completed, processed, finishedAt: deps.clock.now(), leaseUntil: null })
        .where(mine)
        .returning({ userId: exportTasks.userId });
      if (!finished) return false;
      await tx.insert(notifications).values({
        merchantId: task.merchantId,
        userId: finished.userId,
        kind: "exportReady",
        message: exportReadyMessage(task.type),
        target: String(task.id),
        createdAt: deps.clock.now(),
      });
      return true;
    });
    if (!done) await deps.storage.delete(fileKey);
  } catch (error) {
    await writer?.abort().catch(() => {});
    await deps.storage.delete(fileKey).catch(() => {});
    options.log?.error({ err: error, taskId: task.id }, "export failed");
    await fail(EXPORT_FAILURE.failed);
  }
}

/**
 * The embedded database allows one process per data folder: a processing task found at start was left by a
 * run that died, so it is due at once rather than a lease later.
 */
async function releaseLeases(deps: AppDeps) {
  await deps.db
    .update(exportTasks)
    .set({ leaseUntil: deps.clock.now() })
    .where(eq(exportTasks.status, ExportStatus.processing));
}

/** Runs rounds until stopped, every `pollMs` when idle (see polling-worker.ts). */
export function startExportWorker(
  deps: AppDeps,
  { pollMs = deps.config.EXPORT_POLL_MS, log }: { pollMs?: number; log: WorkerLog },
): PollingWorker {
  return startPollingWorker({
    name: "export",
    pollMs,
    log,
    prepare: deps.engine === "pglite" ? () => releaseLeases(deps) : undefined,
    lanes: EXPORTS.lanes,
    // A round runs every due task; a stopping worker finishes the batch in hand, hands its task back to the
    // queue and takes no new one.
    round: async (stopping) => {
      await runExportsOnce(deps, { stopped: stopping, log });
      return false;
    },
  });
}
