import { z } from "zod";
import { defineCall, idParams, inConsole } from "./calls";
import { isoDateTime } from "./dates";
import { pageOf, pageQuery } from "./envelope";
import { defineConsoleResource } from "./resource";
import { supplierRunTriggers } from "./supplier-catalog";

/**
 * Reconciliation with the suppliers (issue 19): what a supplier says it did is the second half of the ledger. Per
 * supplier account, a run pulls the supplier's own transaction report for a window (daily on schedule, and on
 * demand), matches each transaction to our attempt by our reference, and keeps every difference as a row a staff
 * member resolves with a note (audited). Each run also compares the account's balance movement over the window
 * with what the supplier reported charging and what we recorded.
 */

/** The differences a run finds. */
export const discrepancyKinds = [
  /** The supplier charged for an attempt whose order we failed and refunded. */
  "chargedButRefunded",
  /** We recorded a success; the supplier has no transaction for it, or a failed one. */
  "successUnconfirmed",
  /** Both sides say success; the amounts differ. */
  "amountDiffers",
  /** One reference charged more than once. */
  "chargedTwice",
  /** A supplier transaction no attempt of ours matches. */
  "unknownTransaction",
] as const;
export type DiscrepancyKind = (typeof discrepancyKinds)[number];

export const reconciliationStates = ["running", "done", "failed"] as const;

/** An amount with its currency, either side of a comparison; null when that side has none. */
const amount = z.object({ amount: z.string(), currency: z.string() }).nullable();

export const reconciliationRun = z.object({
  id: z.number(),
  supplierId: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  /** The window's start (inclusive) and end (exclusive). */
  windowStart: z.string(),
  windowEnd: z.string(),
  trigger: z.enum(supplierRunTriggers),
  state: z.enum(reconciliationStates),
  startTime: z.string(),
  finishTime: z.string().nullable(),
  error: z.string(),
  /** The supplier's transactions in the window, and how many matched an attempt of ours exactly. */
  supplierTransactions: z.number(),
  matched: z.number(),
  discrepancies: z.number(),
  /** Discrepancies no one has resolved yet. */
  open: z.number(),
  /** What the supplier reports charging in the window, and what we recorded as charged for it. */
  supplierCharged: amount,
  ourCost: amount,
  /**
   * The account's balance at the window's start and end (from the balance checks nearest to them) and its fall
   * in between; `unexplained` is that fall less what the supplier reports charging (top-ups of the account, or
   * charges missing from the report). Null where no balance was recorded.
   */
  balanceStart: amount,
  balanceEnd: amount,
  balanceMovement: amount,
  unexplained: amount,
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

export const discrepancy = z.object({
  id: z.number(),
  runId: z.number(),
  kind: z.enum(discrepancyKinds),
  /** Our reference at the supplier (what the two sides were matched by). */
  reference: z.string(),
  /** The supplier's transaction id(s), when it has any. */
  transactionId: z.string().nullable(),
  /** Our order, when the reference is one of ours. */
  orderNo: z.string().nullable(),
  supplier: z.object({ state: z.string().nullable(), charged: amount, time: z.string().nullable() }),
  ours: z.object({ state: z.string().nullable(), cost: amount, orderStatus: z.string().nullable() }),
  resolution: z.object({ note: z.string(), by: z.string(), time: z.string() }).nullable(),
});
export type Discrepancy = z.infer<typeof discrepancy>;

export const reconciliationRunQuery = pageQuery.extend({
  supplierId: z.coerce.number("validation.invalidType").int().positive().optional(),
  /** Only runs with unresolved discrepancies. */
  open: z
    .enum(["true", "false"], "validation.option")
    .transform((v) => v === "true")
    .optional(),
});

export const discrepancyQuery = pageQuery.extend({
  kind: z.enum(discrepancyKinds, "validation.option").optional(),
  /** Only unresolved ones (true), only resolved ones (false). */
  open: z
    .enum(["true", "false"], "validation.option")
    .transform((v) => v === "true")
    .optional(),
});

/** A window of at most this many days per run. */
export const MAX_RECONCILIATION_DAYS = 31;

export const startReconciliationBody = z
  .object({
    supplierId: idParams.shape.id,
    windowStart: isoDateTime(),
    windowEnd: isoDateTime(),
  })
  // Written so that a time that is not one (NaN) passes: its own field says what is wrong with it.
  .refine((v) => !(Date.parse(v.windowEnd) <= Date.parse(v.windowStart)), {
    message: "validation.dateOrder",
    path: ["windowEnd"],
  })
  .refine((v) => !(Date.parse(v.windowEnd) - Date.parse(v.windowStart) > MAX_RECONCILIATION_DAYS * 86_400_000), {
    message: "validation.windowTooLong",
    path: ["windowEnd"],
  });
export type StartReconciliationBody = z.input<typeof startReconciliationBody>;

export const resolveDiscrepancyBody = z.object({
  note: z.string("validation.required").trim().min(1, "validation.required").max(500, "validation.tooLong"),
});

const reconciliation = { resource: "reconciliation" } as const;
const at = <const P extends string>(path: P) => `/console/api/reconciliation${path}` as const;

/** A supplier account reconciliation can run for (its kind keeps a report). */
export const reconcilableSupplier = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
});
export type ReconcilableSupplier = z.infer<typeof reconcilableSupplier>;

export const reconciliationCalls = {
  /** The accounts whose kind keeps a report: what a run can be started for (finance need not read the accounts). */
  suppliers: defineCall({
    ...inConsole,
    method: "GET",
    path: at("/suppliers"),
    access: { ...reconciliation, action: "list" },
    answer: z.array(reconcilableSupplier),
  }),
  runs: defineCall({
    ...inConsole,
    method: "GET",
    path: at("/runs"),
    access: { ...reconciliation, action: "list" },
    query: reconciliationRunQuery,
    answer: pageOf(reconciliationRun),
  }),
  run: defineCall({
    ...inConsole,
    method: "GET",
    path: at("/runs/:id"),
    access: { ...reconciliation, action: "list" },
    params: idParams,
    answer: reconciliationRun,
  }),
  /** Runs a reconciliation now (it answers when the run is over: a day's report takes seconds). */
  start: defineCall({
    ...inConsole,
    method: "POST",
    path: at("/runs"),
    access: { ...reconciliation, action: "create" },
    body: startReconciliationBody,
    answer: reconciliationRun,
  }),
  discrepancies: defineCall({
    ...inConsole,
    method: "GET",
    path: at("/runs/:id/discrepancies"),
    access: { ...reconciliation, action: "list" },
    params: idParams,
    query: discrepancyQuery,
    answer: pageOf(discrepancy),
  }),
  resolve: defineCall({
    ...inConsole,
    method: "POST",
    path: at("/discrepancies/:id/resolve"),
    access: { ...reconciliation, action: "edit" },
    params: idParams,
    body: resolveDiscrepancyBody,
    answer: discrepancy,
  }),
};

export const consoleReconciliationResource = defineConsoleResource({
  name: "reconciliation",
  path: "/console/reconciliation",
  sort: 73,
  icon: "audit",
  actions: ["list", "create", "edit"],
  calls: { list: reconciliationCalls.runs, one: reconciliationCalls.run },
});
