import { sql } from "drizzle-orm";
import { type OrderFailCode, readStoredText } from "#contracts";
import type { Executor } from "../../db/connection";
import { queryRows } from "../../db/raw";
import { translator } from "../../lib/i18n";
import { nextFundNo } from "../ledger/ledger.service";
import { failureSpikeInsert } from "../notification/notification.service";

/**
 * An order's final state. Both changes are guarded by `status = 'processing'`, so a job that runs twice (jobs
 * are at-least-once) or a late supplier answer changes nothing the second time: an order never succeeds
 * twice, never refunds twice, and never fails after it succeeded.
 *
 * Each is ONE statement that also raises the order's `version` and writes the merchant's callback (a row of
 * the `merchant_events` outbox, delivered by modules/delivery/delivery.worker.ts): the state change and its callback commit
 * together or not at all, so a crash between them can neither lose the callback nor send one for a change
 * that never happened. Callbacks go only to orders placed through the Open API (source 'api'): portal orders are
 * followed in the portal, where their user is. Without a callback URL the event is written `unsent` (nothing is
 * sent; GET /openapi/v1/events lists it).
 */

/**
 * The callback's row, from the changed order `changed` (which must return the order's columns below). The
 * payload never carries gift-card codes or other delivered secrets: the receiver fetches those through the
 * Open API, where they are signed for and audited.
 */
function callbackEvent(
  type: "order.success" | "order.failed",
  when: string,
  failure: { reason: string; code: OrderFailCode } | null,
) {
  return sql`
    insert into merchant_events (event_id, merchant_id, channel, type, order_id, payload, created_at,
      next_attempt_at, status)
    select gen_random_uuid()::text, c.merchant_id, 'callback', ${type}, c.id,
      jsonb_build_object(
        'orderNo', c.order_no, 'merchantOrderNo', c.merchant_order_no, 'status', c.status,
        'productId', c.product_id, 'productCode', p.code, 'skuId', c.sku_id, 'skuCode', s.code, 'spec', c.spec,
        'quantity', c.quantity, 'unitPrice', c.unit_price::text, 'amount', c.amount::text, 'currency', c.currency,
        'failReason', ${failure?.reason ?? null}::text, 'failCode', ${failure?.code ?? null}::text,
        'completeTime', ${when}::text, 'version', c.version),
      ${when}, ${when}, case when a.callback_url <> '' then 'pending' else 'unsent' end
    from changed c
    join merchant_apps a on a.merchant_id = c.merchant_id
    join products p on p.id = c.product_id
    join product_skus s on s.id = c.sku_id
    where c.source = 'api'
    returning id`;
}

const changedColumns = sql.raw(
  "id, merchant_id, order_no, merchant_order_no, status, source, product_id, sku_id, spec, quantity, unit_price, amount, currency, version",
);

/** Processing -> Success, with the delivered result (gift-card codes) sealed. False when already final. */
export async function completeOrder(
  executor: Executor,
  orderId: number,
  at: Date,
  resultSealed: string | null,
): Promise<boolean> {
  const when = at.toISOString();
  const rows = await queryRows<{ id: unknown }>(
    executor,
    sql`
      with changed as (
        update orders set status = 'success', completed_at = ${when}, next_run_at = null,
          result_sealed = ${resultSealed}, version = version + 1
        where id = ${orderId} and status = 'processing'
        returning ${changedColumns}
      ), callback as (${callbackEvent("order.success", when, null)})
      select id from changed`,
  );
  return rows.length > 0;
}

/**
 * Processing -> Failed and the Refund entry, in one statement: Failed always means refunded. False when the
 * order was already final. The same statement raises the bell's failure-spike notification when this failure
 * makes one (notification.service.ts). Our own reasons are message keys; the callback carries them in English (a
 * supplier's own words as they came).
 */
export async function failOrder(
  executor: Executor,
  orderId: number,
  at: Date,
  reason: string,
  code: OrderFailCode,
): Promise<boolean> {
  const when = at.toISOString();
  const reasonText = readStoredText(translator("en-US"), reason);
  const rows = await queryRows<{ id: unknown }>(
    executor,
    sql`
      with changed as (
        update orders set status = 'failed', completed_at = ${when}, fail_reason = ${reason}, fail_code = ${code},
          next_run_at = null,
          version = version + 1
        where id = ${orderId} and status = 'processing'
        returning ${changedColumns}
      ), credit as (
        update merchants m set balance = m.balance + changed.amount, updated_at = ${when}
        from changed where m.id = changed.merchant_id
        returning m.id as merchant_id, m.balance, changed.amount, changed.id as order_id
      ), refund as (
        insert into ledger_entries (fund_no, merchant_id, type, amount, balance_before, balance_after, order_id,
          created_at)
        select ${nextFundNo(at)}, merchant_id, 'refund', amount, balance - amount, balance, order_id, ${when}
        from credit
        returning id
      ), callback as (${callbackEvent("order.failed", when, { reason: reasonText, code })}
      ), spike as (${failureSpikeInsert(when)})
      select id from refund`,
  );
  return rows.length > 0;
}
