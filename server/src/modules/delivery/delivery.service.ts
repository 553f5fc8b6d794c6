import { and, asc, eq, inArray, ne, type SQL } from "drizzle-orm";
import {
  type Delivery,
  type DeliveryAttempt,
  type DeliveryListQuery,
  type Language,
  MAX_DELIVERY_ATTEMPTS,
  type Page,
  type PageQuery,
  readStoredText,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fetchNewestFirst } from "../../db/paging";
import { deliveryAttempts, merchantApps, merchantEvents, orders } from "../../db/schema";
import { fail } from "../../lib/failure";
import { translator } from "../../lib/i18n";
import type { AuthContext } from "../auth/auth-context";
import { attemptDelivery } from "./attempt";
import type { Send } from "./sender";

/** The delivery log of API settings: a merchant's callbacks and notifications, and a resend of one. */

type EventRow = typeof merchantEvents.$inferSelect;

/** A try's error in the reader's language: ours are stored as keys, a receiver's own words come as they were. */
const errorText = (error: string | null, language: Language) =>
  error === null ? null : readStoredText(translator(language), error);

function toDelivery(
  row: EventRow,
  order: { orderNo: string | null; merchantOrderNo: string | null },
  language: Language,
): Delivery {
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
    lastError: errorText(row.lastError, language),
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
    // Events with no URL to go to were never deliveries (GET /openapi/v1/events lists them).
    ne(merchantEvents.status, "unsent"),
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
  language: Language,
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
    (row) => toDelivery(row.event, row, language),
  );
}

/**
 * An admin's Resend: one extra try now, outside the automatic schedule, with the same event id and body (a
 * failed delivery after the receiver was fixed, or a delivered one the receiver lost). It never uses up the
 * schedule: a delivered try ends the event; a failed one leaves status, tries and the next automatic try as
 * they were. Either way the try is in the event's attempts log. Another merchant's id is not found.
 */
export async function resendDelivery(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  language: Language,
  send: Send = deps.outbound,
): Promise<Delivery> {
  const [event] = await deps.db
    .select()
    .from(merchantEvents)
    .where(
      and(
        eq(merchantEvents.id, id),
        eq(merchantEvents.merchantId, auth.merchantId),
        ne(merchantEvents.status, "unsent"),
      ),
    );
  if (!event) throw fail("deliveryNotFound");
  const [app] = await deps.db.select().from(merchantApps).where(eq(merchantApps.merchantId, auth.merchantId));
  const { at, url, result, latencyMs } = await attemptDelivery(deps, send, app, event);
  await deps.db.transaction(async (tx) => {
    await tx.insert(deliveryAttempts).values({
      eventRowId: event.id,
      manual: true,
      startedAt: at,
      latencyMs,
      httpStatus: result.status,
      error: result.ok ? null : result.error,
      url,
    });
    await tx
      .update(merchantEvents)
      .set({
        lastAttemptAt: at,
        lastStatus: result.status,
        lastError: result.ok ? null : result.error,
        lastUrl: url,
        ...(result.ok ? { status: "delivered" as const, deliveredAt: at, nextAttemptAt: null } : {}),
      })
      .where(eq(merchantEvents.id, event.id));
  });
  const [row] = await readEvents(deps, eq(merchantEvents.id, event.id));
  return toDelivery(row!.event, row!, language);
}

/** Every try of one of the merchant's deliveries, oldest first (scheduled and manual). */
export async function listDeliveryAttempts(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  language: Language,
): Promise<DeliveryAttempt[]> {
  const [event] = await deps.db
    .select({ id: merchantEvents.id })
    .from(merchantEvents)
    .where(and(eq(merchantEvents.id, id), eq(merchantEvents.merchantId, auth.merchantId)));
  if (!event) throw fail("deliveryNotFound");
  const rows = await deps.db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.eventRowId, event.id))
    .orderBy(asc(deliveryAttempts.id));
  return rows.map((a) => ({
    time: a.startedAt.toISOString(),
    manual: a.manual,
    url: a.url,
    httpStatus: a.httpStatus,
    error: errorText(a.error, language),
    latencyMs: a.latencyMs,
  }));
}
