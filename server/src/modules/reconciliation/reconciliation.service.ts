import { and, desc, eq, gte, inArray, lt, lte } from "drizzle-orm";
import type { supplierRunTriggers } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { orders } from "../../db/schema";
import { fail } from "../../lib/failure";
import { type AuditActor, recordAudit } from "../audit/audit.service";
import { connectAccount, type SupplierRegistry, supplierRegistry } from "../supplier/registry";
import type { Money, SupplierTransaction, TimeWindow } from "../supplier/supplier";
import { fulfilmentAttempts, supplierAccounts, supplierBalances } from "../supplier/supplier.schema";
import { reconciliationItems, reconciliationRuns } from "./reconciliation.schema";
import { type Comparison, compare, type OurAttempt, totalIn, within } from "./reconciliation-match";

/**
 * A transaction the supplier stamped this long before or after the window still meets its attempt (clocks and
 * queues differ by seconds, an attempt made just before midnight settles just after).
 */
export const REPORT_MARGIN_MS = 3_600_000;
/** A window's report, every page of it. */
const REPORT_TIMEOUT_MS = 120_000;
/** References looked up per query (a bound parameter each). */
const REFERENCES_PER_QUERY = 1_000;

type Account = typeof supplierAccounts.$inferSelect;

export interface ReconciliationRequest {
  supplierId: number;
  window: TimeWindow;
  trigger: (typeof supplierRunTriggers)[number];
  /** Who asked, audited as `reconciliation.started`; null for the schedule. */
  actor: AuditActor | null;
}

/**
 * Reconciles one supplier account over a window: the supplier's own report against our attempts, every
 * difference stored for a person to resolve. Answers the run's id, or null when the schedule's run of this window
 * was already taken by another process. A supplier that cannot answer fails the run (with why), not the caller.
 */
export async function runReconciliation(
  deps: AppDeps,
  request: ReconciliationRequest,
  registry: SupplierRegistry = supplierRegistry(),
): Promise<number | null> {
  const [account] = await deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.id, request.supplierId));
  if (!account) throw fail("supplierNotFound");
  const client = connectAccount(deps, registry, account);
  if (!client?.transactions) throw fail("reconciliationUnsupported", { supplier: account.name });
  const readReport = client.transactions.bind(client);

  const runId = await openRun(deps, account, request);
  if (runId === null) return null;
  // No database transaction is open across the supplier's calls: they take seconds, and PGlite has one connection.
  let report: SupplierTransaction[];
  try {
    report = await readReport(widened(request.window), AbortSignal.timeout(REPORT_TIMEOUT_MS));
  } catch (error) {
    await finishFailed(deps, runId, error);
    return runId;
  }
  try {
    await settleRun(deps, runId, account, request.window, report);
  } catch (error) {
    await finishFailed(deps, runId, new Error("The run could not be stored"));
    throw error;
  }
  return runId;
}

const widened = (window: TimeWindow): TimeWindow => ({
  start: new Date(window.start.getTime() - REPORT_MARGIN_MS),
  end: new Date(window.end.getTime() + REPORT_MARGIN_MS),
});

/** Writes the run (running), audited when someone asked for it; null when the schedule's run exists already. */
async function openRun(deps: AppDeps, account: Account, request: ReconciliationRequest): Promise<number | null> {
  const { window, actor } = request;
  return deps.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(reconciliationRuns)
      .values({
        supplierId: account.id,
        windowStart: window.start,
        windowEnd: window.end,
        trigger: request.trigger,
        staffId: actor?.kind === "staff" ? actor.id : null,
        startedAt: deps.clock.now(),
      })
      // Only the schedule's unique index (one run per account and day) can conflict: another process took it.
      .onConflictDoNothing()
      .returning({ id: reconciliationRuns.id });
    if (!run) return null;
    if (actor)
      await recordAudit(deps, tx, {
        actor,
        merchantId: null,
        action: "reconciliation.started",
        target: { kind: "reconciliationRun", id: run.id },
        after: {
          supplier: account.code,
          windowStart: window.start.toISOString(),
          windowEnd: window.end.toISOString(),
        },
      });
    return run.id;
  });
}

/** Why a run failed, on one line: adapters keep credentials out of their errors. */
async function finishFailed(deps: AppDeps, runId: number, error: unknown) {
  const why = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 300);
  await deps.db
    .update(reconciliationRuns)
    .set({ state: "failed", finishedAt: deps.clock.now(), error: why })
    .where(eq(reconciliationRuns.id, runId));
}

async function settleRun(
  deps: AppDeps,
  runId: number,
  account: Account,
  window: TimeWindow,
  report: SupplierTransaction[],
) {
  const named = report.filter((t) => within(window, t.at)).flatMap((t) => t.reference ?? []);
  const ours = await ourAttempts(deps, account.id, window, [...new Set(named)]);
  const comparison = compare(report, ours, window);
  const [balanceStart, balanceEnd] = [
    await balanceAt(deps, account.id, window.start),
    await balanceAt(deps, account.id, window.end),
  ];
  const charged = comparison.counted.filter((t) => t.state === "success").map((t) => t.charged);
  const costs = ours.filter((a) => within(window, a.createdAt)).map((a) => a.cost);
  const currency =
    account.balanceCurrency ??
    balanceEnd?.currency ??
    balanceStart?.currency ??
    [...charged, ...costs].find((m) => m !== null)?.currency ??
    null;
  const inCurrency = (m: Money | null) => (m && m.currency === currency ? m.amount : null);

  await deps.db.transaction(async (tx) => {
    const items = itemRows(runId, comparison);
    for (let i = 0; i < items.length; i += 500) await tx.insert(reconciliationItems).values(items.slice(i, i + 500));
    await tx
      .update(reconciliationRuns)
      .set({
        state: "done",
        finishedAt: deps.clock.now(),
        supplierTransactions: comparison.counted.length,
        matched: comparison.matched,
        discrepancies: items.length,
        currency,
        supplierCharged: currency && totalIn(currency, charged),
        ourCost: currency && totalIn(currency, costs),
        balanceStart: inCurrency(balanceStart),
        balanceEnd: inCurrency(balanceEnd),
      })
      .where(eq(reconciliationRuns.id, runId));
  });
}

function itemRows(runId: number, comparison: Comparison): (typeof reconciliationItems.$inferInsert)[] {
  return comparison.findings.map((f) => ({
    runId,
    kind: f.kind,
    reference: f.reference,
    transactionId: f.transactionIds.length > 0 ? f.transactionIds.join(", ") : null,
    orderId: f.attempt?.orderId ?? null,
    attemptId: f.attempt?.id ?? null,
    supplierState: f.supplier.state,
    supplierCharged: f.supplier.charged?.amount ?? null,
    supplierCurrency: f.supplier.charged?.currency ?? null,
    supplierAt: f.supplier.at,
    ourState: f.attempt?.state ?? null,
    ourCost: f.attempt?.cost?.amount ?? null,
    ourCurrency: f.attempt?.cost?.currency ?? null,
  }));
}

const attemptColumns = {
  id: fulfilmentAttempts.id,
  orderId: fulfilmentAttempts.orderId,
  reference: fulfilmentAttempts.reference,
  state: fulfilmentAttempts.state,
  cost: fulfilmentAttempts.cost,
  costCurrency: fulfilmentAttempts.costCurrency,
  expectedCost: fulfilmentAttempts.expectedCost,
  expectedCostCurrency: fulfilmentAttempts.expectedCostCurrency,
  createdAt: fulfilmentAttempts.createdAt,
  orderStatus: orders.status,
};

/**
 * Our attempts at the account made inside the window, and those (made whenever) whose reference a transaction the
 * supplier stamped inside the window names.
 */
async function ourAttempts(deps: AppDeps, supplierId: number, window: TimeWindow, named: string[]) {
  const read = (where: ReturnType<typeof and>) =>
    deps.db
      .select(attemptColumns)
      .from(fulfilmentAttempts)
      .innerJoin(orders, eq(orders.id, fulfilmentAttempts.orderId))
      .where(and(eq(fulfilmentAttempts.supplierId, supplierId), where));
  const rows = await read(
    and(gte(fulfilmentAttempts.createdAt, window.start), lt(fulfilmentAttempts.createdAt, window.end)),
  );
  const seen = new Set(rows.map((r) => r.reference));
  const missing = named.filter((reference) => !seen.has(reference));
  for (let i = 0; i < missing.length; i += REFERENCES_PER_QUERY)
    rows.push(...(await read(inArray(fulfilmentAttempts.reference, missing.slice(i, i + REFERENCES_PER_QUERY)))));
  // In the order made, so a run's discrepancies are listed in that order.
  return rows
    .sort((a, b) => a.id - b.id)
    .map(
      (r): OurAttempt => ({
        id: r.id,
        orderId: r.orderId,
        reference: r.reference,
        state: r.state,
        cost:
          moneyOf(r.cost, r.costCurrency) ??
          (r.state === "success" ? moneyOf(r.expectedCost, r.expectedCostCurrency) : null),
        orderStatus: r.orderStatus,
        createdAt: r.createdAt,
      }),
    );
}

const moneyOf = (amount: string | null, currency: string | null): Money | null =>
  amount !== null && currency !== null ? { amount, currency } : null;

/** The account's balance as the newest check at or before `edge` read it; null when none had by then. */
async function balanceAt(deps: AppDeps, supplierId: number, edge: Date): Promise<Money | null> {
  const [row] = await deps.db
    .select({ amount: supplierBalances.balance, currency: supplierBalances.currency })
    .from(supplierBalances)
    .where(and(eq(supplierBalances.supplierId, supplierId), lte(supplierBalances.checkedAt, edge)))
    .orderBy(desc(supplierBalances.checkedAt), desc(supplierBalances.id))
    .limit(1);
  return row ?? null;
}
