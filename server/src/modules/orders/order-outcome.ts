import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import { queryRows } from "../../db/raw";
import { orders } from "../../db/schema";
import { nextFundNo } from "../ledger/ledger.service";

/**
 * An order's final state. Both changes are guarded by `status = 'processing'`, so a job that runs twice (jobs
 * are at-least-once) or a late supplier answer changes nothing the second time: an order never succeeds
 * twice, never refunds twice, and never fails after it succeeded.
 */

/** Processing -> Success, with the delivered result (gift-card codes) sealed. False when already final. */
export async function completeOrder(
  executor: Executor,
  orderId: number,
  at: Date,
  resultSealed: string | null,
): Promise<boolean> {
  const changed = await executor
    .update(orders)
    .set({ status: "success", completedAt: at, nextRunAt: null, resultSealed })
    .where(and(eq(orders.id, orderId), eq(orders.status, "processing")))
    .returning({ id: orders.id });
  return changed.length > 0;
}

/**
 * Processing -> Failed and the Refund entry, in one statement: Failed always means refunded. False when the
 * order was already final.
 */
export async function failOrder(executor: Executor, orderId: number, at: Date, reason: string): Promise<boolean> {
  const when = at.toISOString();
  const rows = await queryRows<{ id: unknown }>(
    executor,
    sql`
      with failed as (
        update orders set status = 'failed', completed_at = ${when}, fail_reason = ${reason}, next_run_at = null
        where id = ${orderId} and status = 'processing'
        returning id, merchant_id, amount
      ), credit as (
        update merchants m set balance = m.balance + failed.amount, updated_at = ${when}
        from failed where m.id = failed.merchant_id
        returning m.id as merchant_id, m.balance, failed.amount, failed.id as order_id
      )
      insert into ledger_entries (fund_no, merchant_id, type, amount, balance_before, balance_after, order_id,
        created_at)
      select ${nextFundNo(at)}, merchant_id, 'refund', amount, balance - amount, balance, order_id, ${when}
      from credit
      returning id`,
  );
  return rows.length > 0;
}
