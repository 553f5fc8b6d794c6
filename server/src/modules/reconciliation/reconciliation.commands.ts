import { eq } from "drizzle-orm";
import {
  type Discrepancy,
  idParams,
  type ReconciliationRun,
  resolveDiscrepancyBody,
  startReconciliationBody,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fail, invalid } from "../../lib/failure";
import { type Commands, optionText } from "../module";
import { supplierAccounts } from "../supplier/supplier.schema";
import { listDiscrepancies, listRuns, resolveDiscrepancy, startReconciliation } from "./reconciliation-review.service";

const LISTED_RUNS = 50;
const DAY_MS = 86_400_000;

/** Operator commands: reconcile a supplier account now, list the runs, resolve a discrepancy. */
export const reconciliationCommands: Commands = {
  "reconciliation:run": {
    summary: "Reconcile a supplier account with its transaction report over a UTC day or a window",
    usage: "reconciliation:run --supplier <code> (--date <2026-11-27> | --from <iso time> --to <iso time>)",
    options: {
      supplier: { type: "string", description: "the supplier account's code", required: true },
      date: { type: "string", description: "a UTC day" },
      from: { type: "string", description: "the window's start (inclusive), e.g. 2026-11-27T00:00:00Z" },
      to: { type: "string", description: "the window's end (exclusive)" },
    },
    async run(deps, v, out, operator) {
      const supplierId = await supplierIdOf(deps, String(v.supplier));
      const window = startReconciliationBody.parse({ supplierId, ...windowOf(v) });
      const run = await startReconciliation(deps, operator, window);
      for (const line of describeRun(run)) out(line);
      for (const d of await allDiscrepancies(deps, run.id, false)) out(describeDiscrepancy(d));
    },
  },
  "reconciliation:list": {
    summary: `List the latest ${LISTED_RUNS} reconciliation runs, newest first (--open: with their open discrepancies)`,
    usage: "reconciliation:list [--supplier <code>] [--open]",
    options: {
      supplier: { type: "string", description: "only this supplier account's runs" },
      open: { type: "boolean", description: "only runs with unresolved discrepancies, and those discrepancies" },
    },
    async run(deps, v, out) {
      const code = optionText(v.supplier);
      const supplierId = code === undefined ? undefined : await supplierIdOf(deps, code);
      const open = v.open === true;
      const runs = await listRuns(deps, { pageNum: 1, pageSize: LISTED_RUNS, supplierId, open: open || undefined });
      for (const run of runs.list) {
        for (const line of describeRun(run)) out(line);
        if (open) for (const d of await allDiscrepancies(deps, run.id, true)) out(describeDiscrepancy(d));
      }
      if (runs.list.length === 0) out("No reconciliation runs match.");
    },
  },
  "reconciliation:resolve": {
    summary: "Resolve a discrepancy with a note saying what was done about it",
    usage: 'reconciliation:resolve --item <id> --note "<what was done>"',
    options: {
      item: { type: "string", description: "the discrepancy's id (as the run or list prints it)", required: true },
      note: { type: "string", description: "what was done about it (kept, and audited)", required: true },
    },
    async run(deps, v, out, operator) {
      const id = idParams.shape.id.safeParse(optionText(v.item));
      if (!id.success) throw invalid({ item: "validation.integer" });
      const body = resolveDiscrepancyBody.parse({ note: optionText(v.note) });
      const d = await resolveDiscrepancy(deps, operator, id.data, body);
      out(`Resolved #${d.id} (${d.kind} ${d.reference || "-"}) by ${d.resolution?.by}: ${d.resolution?.note}`);
    },
  },
};

async function supplierIdOf(deps: AppDeps, code: string): Promise<number> {
  const [row] = await deps.db
    .select({ id: supplierAccounts.id })
    .from(supplierAccounts)
    .where(eq(supplierAccounts.code, code));
  if (!row) throw fail("supplierNotFound");
  return row.id;
}

/** A UTC day (`--date`) or a window (`--from`, `--to`), not both. */
function windowOf(v: Record<string, string | boolean | undefined>) {
  const [date, from, to] = [optionText(v.date), optionText(v.from), optionText(v.to)];
  if ((date === undefined) === (from === undefined && to === undefined))
    throw invalid({ date: "console-reconciliation.windowOptions" });
  if (date === undefined) return { windowStart: from, windowEnd: to };
  const start = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(start)) throw invalid({ date: "console-reconciliation.day" });
  return { windowStart: new Date(start).toISOString(), windowEnd: new Date(start + DAY_MS).toISOString() };
}

async function allDiscrepancies(deps: AppDeps, runId: number, openOnly: boolean): Promise<Discrepancy[]> {
  const found: Discrepancy[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await listDiscrepancies(deps, runId, { pageNum, pageSize: 100, ...(openOnly && { open: true }) });
    found.push(...page.list);
    if (found.length >= page.total || page.list.length === 0) return found;
  }
}

const shown = (m: { amount: string; currency: string } | null) => (m ? `${m.amount} ${m.currency}` : "-");

export function describeRun(run: ReconciliationRun): string[] {
  const head = `Run ${run.id}\t${run.supplierCode}\t${run.windowStart} - ${run.windowEnd}\t${run.trigger}\t${run.state}`;
  if (run.state === "failed") return [`${head}\t${run.error}`];
  return [
    head,
    `  supplier transactions ${run.supplierTransactions}, matched ${run.matched}, discrepancies ${run.discrepancies} (open ${run.open})`,
    `  supplier charged ${shown(run.supplierCharged)}, our cost ${shown(run.ourCost)}`,
    `  balance ${shown(run.balanceStart)} -> ${shown(run.balanceEnd)}, movement ${shown(run.balanceMovement)}, unexplained ${shown(run.unexplained)}`,
  ];
}

export function describeDiscrepancy(d: Discrepancy): string {
  const supplier =
    d.supplier.state === null
      ? "supplier none"
      : `supplier ${d.supplier.state} ${shown(d.supplier.charged)} [${d.transactionId ?? "-"}]`;
  const ours =
    d.ours.state === null
      ? "ours none"
      : `ours ${d.ours.state} ${shown(d.ours.cost)} (order ${d.orderNo} ${d.ours.orderStatus})`;
  const resolved = d.resolution ? `\tresolved by ${d.resolution.by}: ${d.resolution.note}` : "";
  return `  #${d.id}\t${d.kind}\t${d.reference || "-"}\t${supplier}\t${ours}${resolved}`;
}
