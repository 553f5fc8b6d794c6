import { sql } from "drizzle-orm";
import { bigint, char, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { discrepancyKinds, reconciliationStates, supplierRunTriggers } from "#contracts";
import { id, oneOf } from "../../db/columns";
import { orders } from "../../db/schema";
import { fulfilmentAttempts, supplierAccounts } from "../supplier/supplier.schema";

const money = (name: string) => numeric(name, { precision: 20, scale: 4 });
const currency = (name: string) => char(name, { length: 3 });

/**
 * One reconciliation of a supplier account over a window (contracts/console-reconciliation.ts): the supplier's
 * report against our attempts, with its counts and totals. The scheduled run of a day is unique, so two workers
 * never reconcile the same day twice.
 */
export const reconciliationRuns = pgTable(
  "reconciliation_runs",
  {
    id: id(),
    supplierId: bigint("supplier_id", { mode: "number" })
      .notNull()
      .references(() => supplierAccounts.id),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    windowEnd: timestamp("window_end", { withTimezone: true }).notNull(),
    trigger: text("trigger", { enum: supplierRunTriggers }).notNull(),
    staffId: bigint("staff_id", { mode: "number" }),
    state: text("state", { enum: reconciliationStates }).notNull().default("running"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    error: text("error").notNull().default(""),
    supplierTransactions: integer("supplier_transactions").notNull().default(0),
    matched: integer("matched").notNull().default(0),
    discrepancies: integer("discrepancies").notNull().default(0),
    /** In the account's currency. */
    currency: currency("currency"),
    supplierCharged: money("supplier_charged"),
    ourCost: money("our_cost"),
    balanceStart: money("balance_start"),
    balanceEnd: money("balance_end"),
  },
  (t) => [
    index("reconciliation_runs_supplier_idx").on(t.supplierId, t.windowStart),
    uniqueIndex("reconciliation_runs_scheduled_key")
      .on(t.supplierId, t.windowStart)
      .where(sql`${t.trigger} = 'schedule'`),
    oneOf("reconciliation_runs_trigger_known", t.trigger, supplierRunTriggers),
    oneOf("reconciliation_runs_state_known", t.state, reconciliationStates),
  ],
);

/** A difference a run found, until a staff member resolves it with a note. */
export const reconciliationItems = pgTable(
  "reconciliation_items",
  {
    id: id(),
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => reconciliationRuns.id),
    kind: text("kind", { enum: discrepancyKinds }).notNull(),
    reference: text("reference").notNull(),
    transactionId: text("transaction_id"),
    orderId: bigint("order_id", { mode: "number" }).references(() => orders.id),
    attemptId: bigint("attempt_id", { mode: "number" }).references(() => fulfilmentAttempts.id),
    supplierState: text("supplier_state"),
    supplierCharged: money("supplier_charged"),
    supplierCurrency: currency("supplier_currency"),
    supplierAt: timestamp("supplier_at", { withTimezone: true }),
    ourState: text("our_state"),
    ourCost: money("our_cost"),
    ourCurrency: currency("our_currency"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by"),
    resolution: text("resolution"),
  },
  (t) => [
    index("reconciliation_items_run_idx").on(t.runId, t.id),
    oneOf("reconciliation_items_kind_known", t.kind, discrepancyKinds),
  ],
);
