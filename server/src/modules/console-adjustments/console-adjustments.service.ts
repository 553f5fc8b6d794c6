import Big from "big.js";
import { and, count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Adjustment, adjustmentBody, adjustmentQuery, Page } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Tx } from "../../db/connection";
import { fetchPage } from "../../db/paging";
import { merchants } from "../../db/schema";
import { fail } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { balanceAdjustments, staffUsers } from "../console/staff.schema";
import { adjustedEntry } from "../deposit/deposit-review.service";
import { postBalanceChange } from "../ledger/ledger.service";

/**
 * Balance adjustments from the console, under four-eyes: one up to ADJUSTMENT_FOUR_EYES_ABOVE (either sign)
 * posts at once; a larger one waits until a second staff member approves it. Posting writes the ledger entry,
 * the adjustment's new state and the audit entry in one transaction, and never takes a balance below zero
 * (refused: the adjustment stays as it was).
 */
type Row = typeof balanceAdjustments.$inferSelect;

const requester = alias(staffUsers, "requester");
const decider = alias(staffUsers, "decider");

const selectAdjustments = (deps: AppDeps) =>
  deps.db
    .select({
      row: balanceAdjustments,
      merchantNo: merchants.merchantNo,
      merchantName: merchants.name,
      currency: merchants.currency,
      requestedBy: requester.username,
      decidedBy: decider.username,
    })
    .from(balanceAdjustments)
    .innerJoin(merchants, eq(merchants.id, balanceAdjustments.merchantId))
    .innerJoin(requester, eq(requester.id, balanceAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, balanceAdjustments.decidedBy));

type Listed = Awaited<ReturnType<ReturnType<typeof selectAdjustments>["where"]>>[number];

function toAdjustment({ row, merchantNo, merchantName, currency, requestedBy, decidedBy }: Listed): Adjustment {
  return {
    id: row.id,
    merchantNo,
    merchantName,
    type: row.type,
    amount: row.amount,
    currency,
    remark: row.remark,
    status: row.status,
    requestedBy,
    requestTime: row.requestedAt.toISOString(),
    decidedBy,
    decisionTime: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    balanceAfter: row.balanceAfter,
  };
}

/** Pending ones oldest first (the queue); any other selection newest first. */
export async function listAdjustments(
  deps: AppDeps,
  query: z.output<typeof adjustmentQuery>,
): Promise<Page<Adjustment>> {
  const where = and(
    query.status ? eq(balanceAdjustments.status, query.status) : undefined,
    query.merchantNo ? eq(merchants.merchantNo, query.merchantNo) : undefined,
  );
  const order = query.status === "pending" ? balanceAdjustments.id : desc(balanceAdjustments.id);
  return fetchPage(
    query,
    {
      rows: (limit, offset) => selectAdjustments(deps).where(where).orderBy(order).limit(limit).offset(offset),
      total: () =>
        deps.db
          .select({ n: count() })
          .from(balanceAdjustments)
          .innerJoin(merchants, eq(merchants.id, balanceAdjustments.merchantId))
          .where(where),
    },
    toAdjustment,
  );
}

async function adjustmentById(deps: AppDeps, id: number): Promise<Adjustment> {
  const [listed] = await selectAdjustments(deps).where(eq(balanceAdjustments.id, id));
  if (!listed) throw fail("adjustmentNotFound");
  return toAdjustment(listed);
}

/** Posts a pending adjustment inside `tx`: the ledger entry, the adjustment marked posted, the audit entry. */
async function post(deps: AppDeps, tx: Tx, row: Row, staff: StaffContext): Promise<void> {
  const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, row.merchantId));
  if (!merchant) throw fail("adjustmentNotFound");
  const at = deps.clock.now();
  const entry = await postBalanceChange(tx, {
    merchantId: row.merchantId,
    type: row.type,
    amount: row.amount,
    remark: row.remark,
    at,
  });
  if (!entry)
    throw fail("balanceBelowZero", {
      amount: row.amount,
      currency: merchant.currency,
      merchantNo: merchant.merchantNo,
      balance: merchant.balance,
    });
  await tx
    .update(balanceAdjustments)
    .set({ status: "posted", decidedBy: staff.staffId, decidedAt: at, balanceAfter: entry.balanceAfter })
    .where(eq(balanceAdjustments.id, row.id));
  await recordAudit(
    deps,
    tx,
    adjustedEntry(staffActor(staff), merchant, entry, { type: row.type, amount: row.amount, remark: row.remark }),
  );
}

/** Asks for an adjustment: posted at once up to the four-eyes amount, else left pending for a second person. */
export async function requestAdjustment(
  deps: AppDeps,
  staff: StaffContext,
  body: z.output<typeof adjustmentBody>,
): Promise<Adjustment> {
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.merchantNo, body.merchantNo));
  if (!merchant) throw fail("merchantNotFound", { merchantNo: body.merchantNo });
  const amount = new Big(body.amount);
  const signed = body.type === "reduce" ? amount.abs().neg() : amount;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(balanceAdjustments)
      .values({
        merchantId: merchant.id,
        type: body.type,
        amount: signed.toString(),
        remark: body.remark,
        status: "pending",
        requestedBy: staff.staffId,
        requestedAt: deps.clock.now(),
      })
      .returning();
    if (signed.abs().gt(deps.config.ADJUSTMENT_FOUR_EYES_ABOVE))
      await recordAudit(deps, tx, {
        actor: staffActor(staff),
        merchantId: merchant.id,
        action: "adjustment.requested",
        target: { kind: "adjustment", id: row!.id },
        after: { type: body.type, amount: signed.toString(), remark: body.remark },
      });
    else await post(deps, tx, row!, staff);
    return row!.id;
  });
  return adjustmentById(deps, id);
}

/** The pending adjustment, locked for this transaction, as it stands now. */
async function pendingAdjustment(tx: Tx, id: number): Promise<Row> {
  const [row] = await tx.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).for("update");
  if (!row) throw fail("adjustmentNotFound");
  if (row.status !== "pending") throw fail("adjustmentDecided");
  return row;
}

/** The second pair of eyes: anyone allowed but the one who asked. */
export async function approveAdjustment(deps: AppDeps, staff: StaffContext, id: number): Promise<Adjustment> {
  await deps.db.transaction(async (tx) => {
    const row = await pendingAdjustment(tx, id);
    if (row.requestedBy === staff.staffId) throw fail("fourEyesSameStaff");
    await post(deps, tx, row, staff);
  });
  return adjustmentById(deps, id);
}

/** Turns a pending adjustment down (its requester may withdraw it this way too); no money moves. */
export async function rejectAdjustment(
  deps: AppDeps,
  staff: StaffContext,
  id: number,
  reason: string,
): Promise<Adjustment> {
  await deps.db.transaction(async (tx) => {
    const row = await pendingAdjustment(tx, id);
    await tx
      .update(balanceAdjustments)
      .set({ status: "rejected", decidedBy: staff.staffId, decidedAt: deps.clock.now(), rejectReason: reason })
      .where(eq(balanceAdjustments.id, id));
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: row.merchantId,
      action: "adjustment.rejected",
      target: { kind: "adjustment", id },
      before: { status: "pending", type: row.type, amount: row.amount, remark: row.remark },
      after: { status: "rejected", reason },
    });
  });
  return adjustmentById(deps, id);
}
