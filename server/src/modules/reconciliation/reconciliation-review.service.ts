import Big from "big.js";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type Discrepancy,
  type discrepancyQuery,
  type Page,
  type ReconcilableSupplier,
  type ReconciliationRun,
  type reconciliationRunQuery,
  type resolveDiscrepancyBody,
  type StartReconciliationBody,
  supplierKindInfo,
  supplierKinds,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { fetchPage } from "../../db/paging";
import { orders } from "../../db/schema";
import { fail } from "../../lib/failure";
import { type AuditActor, recordAudit } from "../audit/audit.service";
import type { SupplierRegistry } from "../supplier/registry";
import { supplierAccounts } from "../supplier/supplier.schema";
import { reconciliationItems, reconciliationRuns } from "./reconciliation.schema";
import { runReconciliation } from "./reconciliation.service";

/** Runs and their discrepancies as the console and the CLI read them, and resolving a discrepancy. */

/** The accounts a run can be started for: those whose kind keeps a report (`supplierKindInfo.reconciles`). */
export async function reconcilableSuppliers(deps: AppDeps): Promise<ReconcilableSupplier[]> {
  const kinds = supplierKinds.filter((kind) => supplierKindInfo[kind].reconciles);
  return deps.db
    .select({
      id: supplierAccounts.id,
      code: supplierAccounts.code,
      name: supplierAccounts.name,
      enabled: supplierAccounts.enabled,
    })
    .from(supplierAccounts)
    .where(inArray(supplierAccounts.kind, kinds))
    .orderBy(asc(supplierAccounts.id));
}

/** Runs an on-demand reconciliation for a staff member or the operator, and answers the finished run. */
export async function startReconciliation(
  deps: AppDeps,
  actor: AuditActor,
  body: { supplierId: number } & Pick<StartReconciliationBody, "windowStart" | "windowEnd">,
  registry?: SupplierRegistry,
): Promise<ReconciliationRun> {
  const id = await runReconciliation(
    deps,
    {
      supplierId: body.supplierId,
      window: { start: new Date(body.windowStart), end: new Date(body.windowEnd) },
      trigger: actor.kind === "staff" ? "staff" : "operator",
      actor,
    },
    registry,
  );
  // Only the schedule's runs can be taken by another process.
  if (id === null) throw new Error("An on-demand run was not written");
  return getRun(deps, id);
}

const openItems = sql`exists (select 1 from ${reconciliationItems} i
  where i.run_id = ${reconciliationRuns.id} and i.resolved_at is null)`;

function runRows(executor: Executor, where: SQL | undefined) {
  return executor
    .select({
      run: reconciliationRuns,
      supplierCode: supplierAccounts.code,
      supplierName: supplierAccounts.name,
      open: sql<number>`(select count(*) from ${reconciliationItems} i
        where i.run_id = ${reconciliationRuns.id} and i.resolved_at is null)`.mapWith(Number),
    })
    .from(reconciliationRuns)
    .innerJoin(supplierAccounts, eq(supplierAccounts.id, reconciliationRuns.supplierId))
    .where(where);
}

/** Runs newest first, of one account and only those with unresolved discrepancies when asked. */
export async function listRuns(
  deps: AppDeps,
  query: z.output<typeof reconciliationRunQuery>,
): Promise<Page<ReconciliationRun>> {
  const where = and(
    query.supplierId === undefined ? undefined : eq(reconciliationRuns.supplierId, query.supplierId),
    query.open === undefined ? undefined : query.open ? openItems : sql`not ${openItems}`,
  );
  return fetchPage(
    query,
    {
      rows: (limit, offset) => runRows(deps.db, where).orderBy(desc(reconciliationRuns.id)).limit(limit).offset(offset),
      total: () => deps.db.select({ n: count() }).from(reconciliationRuns).where(where),
    },
    toRunView,
  );
}

export async function getRun(deps: AppDeps, id: number): Promise<ReconciliationRun> {
  const [row] = await runRows(deps.db, eq(reconciliationRuns.id, id));
  if (!row) throw fail("reconciliationNotFound");
  return toRunView(row);
}

type RunRow = Awaited<ReturnType<typeof runRows>>[number];

const money = (amount: string | null, currency: string | null) =>
  amount !== null && currency !== null ? { amount, currency } : null;

function toRunView({ run, supplierCode, supplierName, open }: RunRow): ReconciliationRun {
  const { currency } = run;
  // The balance falls by what the supplier charged; what else moved it (a top-up, a charge the report lacks) is
  // the unexplained rest.
  const movement =
    run.balanceStart !== null && run.balanceEnd !== null ? new Big(run.balanceStart).minus(run.balanceEnd) : null;
  const unexplained = movement && run.supplierCharged !== null ? movement.minus(run.supplierCharged) : null;
  return {
    id: run.id,
    supplierId: run.supplierId,
    supplierCode,
    supplierName,
    windowStart: run.windowStart.toISOString(),
    windowEnd: run.windowEnd.toISOString(),
    trigger: run.trigger,
    state: run.state,
    startTime: run.startedAt.toISOString(),
    finishTime: run.finishedAt?.toISOString() ?? null,
    error: run.error,
    supplierTransactions: run.supplierTransactions,
    matched: run.matched,
    discrepancies: run.discrepancies,
    open,
    supplierCharged: money(run.supplierCharged, currency),
    ourCost: money(run.ourCost, currency),
    balanceStart: money(run.balanceStart, currency),
    balanceEnd: money(run.balanceEnd, currency),
    balanceMovement: money(movement?.toFixed(4) ?? null, currency),
    unexplained: money(unexplained?.toFixed(4) ?? null, currency),
  };
}

function itemRows(executor: Executor, where: SQL | undefined) {
  return executor
    .select({ item: reconciliationItems, orderNo: orders.orderNo, orderStatus: orders.status })
    .from(reconciliationItems)
    .leftJoin(orders, eq(orders.id, reconciliationItems.orderId))
    .where(where);
}

/** A run's discrepancies in the order found, of one kind and open or resolved ones only when asked. */
export async function listDiscrepancies(
  deps: AppDeps,
  runId: number,
  query: z.output<typeof discrepancyQuery>,
): Promise<Page<Discrepancy>> {
  await getRun(deps, runId);
  const where = and(
    eq(reconciliationItems.runId, runId),
    query.kind === undefined ? undefined : eq(reconciliationItems.kind, query.kind),
    query.open === undefined
      ? undefined
      : query.open
        ? isNull(reconciliationItems.resolvedAt)
        : isNotNull(reconciliationItems.resolvedAt),
  );
  return fetchPage(
    query,
    {
      rows: (limit, offset) =>
        itemRows(deps.db, where).orderBy(asc(reconciliationItems.id)).limit(limit).offset(offset),
      total: () => deps.db.select({ n: count() }).from(reconciliationItems).where(where),
    },
    toDiscrepancyView,
  );
}

async function getDiscrepancy(executor: Executor, id: number): Promise<Discrepancy> {
  const [row] = await itemRows(executor, eq(reconciliationItems.id, id));
  if (!row) throw fail("discrepancyNotFound");
  return toDiscrepancyView(row);
}

function toDiscrepancyView({ item, orderNo, orderStatus }: Awaited<ReturnType<typeof itemRows>>[number]): Discrepancy {
  return {
    id: item.id,
    runId: item.runId,
    kind: item.kind,
    reference: item.reference,
    transactionId: item.transactionId,
    orderNo,
    supplier: {
      state: item.supplierState,
      charged: money(item.supplierCharged, item.supplierCurrency),
      time: item.supplierAt?.toISOString() ?? null,
    },
    ours: { state: item.ourState, cost: money(item.ourCost, item.ourCurrency), orderStatus },
    resolution:
      item.resolvedAt && item.resolvedBy !== null && item.resolution !== null
        ? { note: item.resolution, by: item.resolvedBy, time: item.resolvedAt.toISOString() }
        : null,
  };
}

/** Closes a discrepancy with a note saying what was done about it (audited); once only. */
export async function resolveDiscrepancy(
  deps: AppDeps,
  actor: AuditActor,
  id: number,
  body: z.output<typeof resolveDiscrepancyBody>,
): Promise<Discrepancy> {
  return deps.db.transaction(async (tx) => {
    const [item] = await tx.select().from(reconciliationItems).where(eq(reconciliationItems.id, id)).for("update");
    if (!item) throw fail("discrepancyNotFound");
    if (item.resolvedAt) throw fail("discrepancyResolved", { by: item.resolvedBy ?? "" });
    await tx
      .update(reconciliationItems)
      .set({ resolvedAt: deps.clock.now(), resolvedBy: actor.name, resolution: body.note })
      .where(eq(reconciliationItems.id, id));
    await recordAudit(deps, tx, {
      actor,
      merchantId: null,
      action: "reconciliation.resolved",
      target: { kind: "discrepancy", id },
      before: { resolution: null },
      after: { run: item.runId, kind: item.kind, reference: item.reference, note: body.note },
    });
    return getDiscrepancy(tx, id);
  });
}
