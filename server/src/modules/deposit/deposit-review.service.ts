import Big from "big.js";
import { and, asc, eq, sql } from "drizzle-orm";
import { type DepositStatus, isExchangeRate, settle, storedMessage } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Tx } from "../../db/connection";
import { queryRows } from "../../db/raw";
import { deposits, merchants } from "../../db/schema";
import { fail } from "../../lib/failure";
import { type AuditActor, type AuditEntry, recordAudit } from "../audit/audit.service";
import { type PostedEntry, postBalanceChange } from "../ledger/ledger.service";
import { notifyDeposit } from "../notification/notification.service";
import type { DepositRow } from "./deposit.service";

/**
 * The reseller's side of deposits (operator CLI): approve at a locked exchange rate, reject with a reason, and
 * adjust a balance by hand. Every balance change goes through `postBalanceChange`; errors are English sentences.
 */

const moneyFormat = /^-?\d{1,16}(\.\d{1,4})?$/;

async function merchantByNo(db: AppDeps["db"] | Tx, merchantNo: string) {
  const [m] = await db.select().from(merchants).where(eq(merchants.merchantNo, merchantNo));
  if (!m) throw fail("merchantNotFound", { merchantNo });
  return m;
}

export interface DepositListing {
  deposit: DepositRow;
  merchantNo: string;
}

export async function listDepositsForReview(
  deps: AppDeps,
  filter: { merchantNo?: string; status?: DepositStatus },
): Promise<DepositListing[]> {
  const merchant = filter.merchantNo ? await merchantByNo(deps.db, filter.merchantNo) : undefined;
  return deps.db
    .select({ deposit: deposits, merchantNo: merchants.merchantNo })
    .from(deposits)
    .innerJoin(merchants, eq(merchants.id, deposits.merchantId))
    .where(
      and(
        merchant ? eq(deposits.merchantId, merchant.id) : undefined,
        filter.status ? eq(deposits.status, filter.status) : undefined,
      ),
    )
    .orderBy(asc(deposits.id));
}

/** Why a deposit that is not pending cannot be decided: its current state (read inside the same transaction). */
async function refuse(tx: Tx, depositNo: string): Promise<never> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.depositNo, depositNo));
  if (!row) throw fail("depositNotFound", { depositNo });
  throw fail(row.status === "success" ? "depositAlreadyApproved" : "depositAlreadyRejected", { depositNo });
}

/**
 * The `deposit.status` notification to the merchant's notification URL, in the deposit's transaction (the
 * outbox: modules/delivery/delivery.worker.ts sends it). Without a notification URL it is written `unsent`: there
 * is no one to tell, but GET /openapi/v1/events lists it.
 */
async function recordEvent(tx: Tx, row: DepositRow, at: Date) {
  const payload = {
    depositNo: row.depositNo,
    referenceNo: row.referenceNo,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    settledAmount: row.settledAmount,
    settledCurrency: row.settledCurrency,
    exchangeRate: row.exchangeRate,
    statusTime: row.statusTime.toISOString(),
  };
  const when = at.toISOString();
  await queryRows(
    tx,
    sql`
      insert into merchant_events (event_id, merchant_id, channel, type, payload, created_at, next_attempt_at, status)
      select gen_random_uuid()::text, a.merchant_id, 'notification', 'deposit.status', ${JSON.stringify(payload)}::jsonb,
        ${when}, ${when}, case when a.notify_url <> '' then 'pending' else 'unsent' end
      from merchant_apps a
      where a.merchant_id = ${row.merchantId}
      returning id`,
  );
}

export interface ApproveInput {
  depositNo: string;
  settledCurrency: string;
  rate: string;
}

/**
 * Pending -> Success in one transaction: the guarded status change, the Add entry for the settled amount, the
 * balances before and after on the deposit, the merchant event and the audit entry. A second approval finds no
 * pending row.
 */
export async function approveDeposit(deps: AppDeps, actor: AuditActor, input: ApproveInput): Promise<DepositRow> {
  const settledCurrency = input.settledCurrency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(settledCurrency)) throw fail("settledCurrencyFormat");
  if (!isExchangeRate(input.rate)) throw fail("exchangeRateFormat");
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ deposit: deposits, currency: merchants.currency })
      .from(deposits)
      .innerJoin(merchants, eq(merchants.id, deposits.merchantId))
      .where(eq(deposits.depositNo, input.depositNo));
    if (!current) throw fail("depositNotFound", { depositNo: input.depositNo });
    if (current.deposit.status !== "pending") return refuse(tx, input.depositNo);
    if (current.currency !== settledCurrency)
      throw fail("settledCurrencyMismatch", { currency: current.currency, given: settledCurrency });
    const settled = settle(current.deposit.amount, input.rate, settledCurrency);
    // NUMERIC(20,4) holds 16 integer digits.
    if (new Big(settled).gte("1e16"))
      throw fail("settledAmountTooLarge", { amount: settled, currency: settledCurrency });
    if (new Big(settled).lte(0)) throw fail("settledAmountZero", { amount: settled, currency: settledCurrency });
    const [claimed] = await tx
      .update(deposits)
      .set({ status: "success", statusTime: at, settledAmount: settled, settledCurrency, exchangeRate: input.rate })
      .where(and(eq(deposits.id, current.deposit.id), eq(deposits.status, "pending")))
      .returning();
    if (!claimed) return refuse(tx, input.depositNo);
    const posted = await postBalanceChange(tx, {
      merchantId: claimed.merchantId,
      type: "add",
      amount: settled,
      depositId: claimed.id,
      remark: storedMessage({
        key: "ledger.remarks.deposit",
        params: { depositNo: claimed.depositNo, amount: claimed.amount, currency: claimed.currency, rate: input.rate },
      }),
      at,
    });
    if (!posted) throw new Error(`a credit of ${settled} was refused`);
    const [done] = await tx
      .update(deposits)
      .set({ balanceBefore: posted.balanceBefore, balanceAfter: posted.balanceAfter })
      .where(eq(deposits.id, claimed.id))
      .returning();
    await recordEvent(tx, done!, at);
    await notifyDeposit(tx, done!, at);
    await recordAudit(deps, tx, depositDecision(actor, done!, "deposit.approved"));
    return done!;
  });
}

/**
 * A decided deposit as the audit log keeps it: Pending before, the decision and its figures after. The amount and
 * currency are on both sides, as they stay: a side without them reads as if the decision had removed them.
 */
const depositDecision = (
  actor: AuditActor,
  d: DepositRow,
  action: "deposit.approved" | "deposit.rejected",
): AuditEntry => ({
  actor,
  merchantId: d.merchantId,
  action,
  target: { kind: "deposit", id: d.depositNo },
  before: { status: "pending", amount: d.amount, currency: d.currency },
  after: {
    status: d.status,
    amount: d.amount,
    currency: d.currency,
    ...(d.status === "success"
      ? {
          settledAmount: d.settledAmount,
          settledCurrency: d.settledCurrency,
          exchangeRate: d.exchangeRate,
          balanceBefore: d.balanceBefore,
          balanceAfter: d.balanceAfter,
        }
      : { rejectReason: d.rejectReason }),
  },
});

/** Pending -> Failed with a reason; no ledger entry. */
export async function rejectDeposit(
  deps: AppDeps,
  actor: AuditActor,
  input: { depositNo: string; reason: string },
): Promise<DepositRow> {
  const reason = input.reason.trim();
  if (!reason) throw fail("rejectReasonRequired");
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(deposits)
      .set({ status: "failed", statusTime: at, rejectReason: reason })
      .where(and(eq(deposits.depositNo, input.depositNo), eq(deposits.status, "pending")))
      .returning();
    if (!done) return refuse(tx, input.depositNo);
    await recordEvent(tx, done, at);
    await notifyDeposit(tx, done, at);
    await recordAudit(deps, tx, depositDecision(actor, done, "deposit.rejected"));
    return done;
  });
}

/** The audit entry of a posted adjustment: the balance before, and after with what moved it. */
export const adjustedEntry = (
  actor: AuditActor,
  merchant: { id: number; merchantNo: string },
  entry: PostedEntry,
  change: { type: "reduce" | "other"; amount: string; remark: string },
): AuditEntry => ({
  actor,
  merchantId: merchant.id,
  action: "balance.adjusted",
  target: { kind: "merchant", id: merchant.merchantNo },
  before: { balance: entry.balanceBefore },
  after: { balance: entry.balanceAfter, ...change },
});

export interface AdjustInput {
  merchantNo: string;
  type: "reduce" | "other";
  /** Reduce: the amount taken (with or without a minus sign). Other: signed. */
  amount: string;
  remark: string;
}

/**
 * A manual Reduce or Other entry, and its audit entry, in one transaction; never takes the balance below zero
 * (refused, nothing written).
 */
export async function adjustBalance(
  deps: AppDeps,
  actor: AuditActor,
  input: AdjustInput,
): Promise<PostedEntry & { currency: string }> {
  if (input.type !== "reduce" && input.type !== "other") throw fail("adjustmentType");
  const remark = input.remark.trim();
  if (!remark) throw fail("adjustmentRemarkRequired");
  if (!moneyFormat.test(input.amount.trim())) throw fail("adjustmentAmountFormat");
  let amount = new Big(input.amount.trim());
  if (amount.eq(0)) throw fail("adjustmentAmountZero");
  if (input.type === "reduce") amount = amount.abs().neg();
  const merchant = await merchantByNo(deps.db, input.merchantNo);
  const posted = await deps.db.transaction(async (tx) => {
    const entry = await postBalanceChange(tx, {
      merchantId: merchant.id,
      type: input.type,
      amount: amount.toString(),
      remark,
      at: deps.clock.now(),
    });
    if (entry)
      await recordAudit(
        deps,
        tx,
        adjustedEntry(actor, merchant, entry, { type: input.type, amount: amount.toString(), remark }),
      );
    return entry;
  });
  if (!posted) {
    const [now] = await deps.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    throw fail("balanceBelowZero", {
      amount: amount.toString(),
      currency: merchant.currency,
      merchantNo: input.merchantNo,
      balance: now?.balance ?? "",
    });
  }
  return { ...posted, currency: merchant.currency };
}
