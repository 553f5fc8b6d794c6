import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import {
  type Delivery,
  type DeliveryListQuery,
  MAX_DELIVERY_ATTEMPTS,
  type Page,
  type PageQuery,
} from "../../contracts";
import { fetchNewestFirst } from "../../db/paging";
import { merchantEvents, orders } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { AuthContext } from "../../plugins/auth";

/** The delivery log of API settings: a merchant's callbacks and notifications, and a resend of one. */

type EventRow = typeof merchantEvents.$inferSelect;

function toDelivery(row: EventRow, order: { orderNo: string | null; merchantOrderNo: string | null }): Delivery {
  const pending = row.status === "pending";
  return {
    id: row.id,
    eventId: row.eventId,
    channel: row.channel,
    type: row.type,
    orderNo: order.orderNo,
    merchantOrderNo: order.merchantOrderNo,
    url: row.lastUrl,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: MAX_DELIVERY_ATTEMPTS,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastAttemptTime: row.lastAttemptAt?.toISOString() ?? null,
    // A pending row without a time (written by a database trigger) is due at once.
    nextAttemptTime: pending ? (row.nextAttemptAt ?? row.createdAt).toISOString() : null,
    deliveredTime: row.deliveredAt?.toISOString() ?? null,
    createTime: row.createdAt.toISOString(),
  };
}

function listFilter(deps: AppDeps, merchantId: number, q: DeliveryListQuery): SQL | undefined {
  return and(
    eq(merchantEvents.merchantId, merchantId),
    q.channel ? eq(merchantEvents.channel, q.channel) : undefined,
    q.status ? eq(merchantEvents.status, q.status) : undefined,
    q.orderNo
      ? inArray(
          merchantEvents.orderId,
          deps.db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.merchantId, merchantId), eq(orders.orderNo, q.orderNo))),
        )
      : undefined,
  );
}

function readEvents(deps: AppDeps, only: SQL, order: SQL[] = []) {
  return deps.db
    .select({ event: merchantEvents, orderNo: orders.orderNo, merchantOrderNo: orders.merchantOrderNo })
    .from(merchantEvents)
    .leftJoin(orders, eq(orders.id, merchantEvents.orderId))
    .where(only)
    .orderBy(...order);
}

/**
 * Newest first by id: ids rise with insertion, and rows written by the low-balance trigger carry the
 * database's time rather than the app's, so the (merchant_id, id) index gives the truer and cheaper order.
 */
export async function listDeliveries(
  deps: AppDeps,
  auth: AuthContext,
  query: PageQuery & DeliveryListQuery,
): Promise<Page<Delivery>> {
  return fetchNewestFirst(
    deps.db,
    query,
    {
      table: merchantEvents,
      id: merchantEvents.id,
      createdAt: merchantEvents.id,
      where: listFilter(deps, auth.merchantId, query),
    },
    (only, order) => readEvents(deps, only, order),
    (row) => toDelivery(row.event, row),
  );
}

/**
 * One more try, due now, with the same event id and body: a failed delivery after the receiver was fixed, or a
 * delivered one the receiver lost. If that try fails too, the schedule decides (a row past its last try fails
 * again at once). Another merchant's id is not found.
 */
export async function resendDelivery(deps: AppDeps, auth: AuthContext, id: number): Promise<Delivery> {
  const now = deps.clock.now();
  const [changed] = await deps.db
    .update(merchantEvents)
    .set({ status: "pending", nextAttemptAt: now, deliveredAt: null })
    .where(and(eq(merchantEvents.id, id), eq(merchantEvents.merchantId, auth.merchantId)))
    .returning({ id: merchantEvents.id });
  if (!changed) throw notFound("delivery.errors.notFound");
  const [row] = await readEvents(deps, eq(merchantEvents.id, changed.id));
  return toDelivery(row!.event, row!);
}
