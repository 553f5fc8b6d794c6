import { and, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { type PollingWorker, startPollingWorker, type WorkerLog } from "../../lib/polling-worker";
import { connectAccount, type SupplierRegistry, supplierRegistry } from "../supplier/registry";
import type { TimeWindow } from "../supplier/supplier";
import { supplierAccounts } from "../supplier/supplier.schema";
import { reconciliationRuns } from "./reconciliation.schema";
import { runReconciliation } from "./reconciliation.service";

const DAY_MS = 86_400_000;
/** How often the worker looks whether a day is due (a cheap query); each day is reconciled once. */
const POLL_MS = 5 * 60_000;

/** Yesterday's UTC day, once today's RECONCILIATION_HOUR_UTC has come (the suppliers' reports are complete by then). */
export function dueWindow(now: Date, hourUtc: number): TimeWindow | null {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  if (now.getTime() < today + hourUtc * 3_600_000) return null;
  return { start: new Date(today - DAY_MS), end: new Date(today) };
}

/**
 * One round of the schedule: every enabled account whose supplier keeps a report, and whose run of the due day
 * does not exist yet, is reconciled. Two processes may both see a day as due: the day's scheduled run is unique,
 * so the second one's run is not written and it moves on. A failed run is not tried again by the schedule (the
 * console shows it and a person starts one). Answers how many runs it made.
 */
export async function runScheduledReconciliations(
  deps: AppDeps,
  registry: SupplierRegistry = supplierRegistry(),
  log?: WorkerLog,
): Promise<number> {
  const window = dueWindow(deps.clock.now(), deps.config.RECONCILIATION_HOUR_UTC);
  if (!window) return 0;
  const due = await deps.db
    .select()
    .from(supplierAccounts)
    .where(
      and(
        eq(supplierAccounts.enabled, true),
        sql`not exists (select 1 from ${reconciliationRuns} r where r.supplier_id = ${supplierAccounts.id}
          and r.trigger = 'schedule' and r.window_start = ${window.start.toISOString()})`,
      ),
    )
    .orderBy(supplierAccounts.id);
  let ran = 0;
  for (const account of due) {
    if (!connectAccount(deps, registry, account)?.transactions) continue;
    try {
      const run = await runReconciliation(
        deps,
        { supplierId: account.id, window, trigger: "schedule", actor: null },
        registry,
      );
      if (run !== null) ran += 1;
    } catch (err) {
      // One account's trouble does not hold up the others'.
      log?.error({ err, supplier: account.code }, "scheduled reconciliation failed");
    }
  }
  return ran;
}

export function startReconciliationWorker(deps: AppDeps, { log }: { log: WorkerLog }): PollingWorker {
  return startPollingWorker({
    name: "reconciliation",
    pollMs: POLL_MS,
    log,
    round: async () => {
      await runScheduledReconciliations(deps, supplierRegistry(), log);
      return false;
    },
  });
}
