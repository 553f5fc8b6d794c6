import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, ne, type SQL } from "drizzle-orm";
import {
  type ApiEnvironment,
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
import { deliveryAttempts, merchantEvents, orders } from "../../db/schema";
import { fail } from "../../lib/failure";
import { translator } from "../../lib/i18n";
import { loadApp } from "../api-settings/api-settings.repository";
import { type Attempt, attemptDelivery } from "./attempt";
import { DELIVERIES } from "./delivery.worker";
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
  merchantId: number,
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
      where: listFilter(deps, merchantId, query),
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
  merchantId: number,
  id: number,
  language: Language,
  send: Send = deps.outbound,
): Promise<Delivery> {
  const [event] = await deps.db
    .select()
    .from(merchantEvents)
    .where(
      and(eq(merchantEvents.id, id), eq(merchantEvents.merchantId, merchantId), ne(merchantEvents.status, "unsent")),
    );
  if (!event) throw fail("deliveryNotFound");
  const app = await loadApp(deps, merchantId);
  const attempt = await attemptDelivery(deps, send, app, event);
  // A failed resend leaves the schedule as it was.
  await recordManualTry(deps, event.id, attempt, attempt.result.ok ? "delivered" : null);
  return deliveryById(deps, event.id, language);
}

/**
 * "Send a test callback": a signed `callback.test` event to the application's callback URL, tried once now and
 * answered with how that went. It is an event like the others (the delivery log, the events feed, Resend), but
 * never retried by the schedule: whoever sent it is watching for the answer.
 */
export async function sendTestCallback(
  deps: AppDeps,
  merchantId: number,
  environment: ApiEnvironment,
  language: Language,
  send: Send = deps.outbound,
): Promise<Delivery> {
  const app = await loadApp(deps, merchantId);
  if (!app?.callbackUrl) throw fail("callbackUrlMissing");
  const now = deps.clock.now();
  const [event] = await deps.db
    .insert(merchantEvents)
    .values({
      eventId: randomUUID(),
      merchantId,
      channel: "callback",
      type: "callback.test",
      payload: { message: TEST_CALLBACK_MESSAGE, environment },
      createdAt: now,
      attempts: 1,
      // Claimed by this call as a worker would claim it: the worker leaves it alone unless this process dies.
      nextAttemptAt: new Date(now.getTime() + DELIVERIES.leaseMs),
    })
    .returning();
  if (!event) throw new Error("the test event was not written");
  const attempt = await attemptDelivery(deps, send, app, { ...event, channel: "callback" });
  await recordManualTry(deps, event.id, attempt, attempt.result.ok ? "delivered" : "failed");
  return deliveryById(deps, event.id, language);
}

const TEST_CALLBACK_MESSAGE = "A test callback from API Settings: your endpoint received and can verify it.";

/** Writes an admin's try (Resend, test callback) to the log and the event; `ends` the event in that state. */
async function recordManualTry(deps: AppDeps, eventId: number, attempt: Attempt, ends: "delivered" | "failed" | null) {
  const { at, url, result, latencyMs } = attempt;
  await deps.db.transaction(async (tx) => {
    await tx.insert(deliveryAttempts).values({
      eventRowId: eventId,
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
        ...(ends && { status: ends, nextAttemptAt: null }),
        ...(ends === "delivered" && { deliveredAt: at }),
      })
      .where(eq(merchantEvents.id, eventId));
  });
}

async function deliveryById(deps: AppDeps, id: number, language: Language): Promise<Delivery> {
  const [row] = await readEvents(deps, eq(merchantEvents.id, id));
  if (!row) throw fail("deliveryNotFound");
  return toDelivery(row.event, row, language);
}

/** Every try of one of the merchant's deliveries, oldest first (scheduled and manual). */
export async function listDeliveryAttempts(
  deps: AppDeps,
  merchantId: number,
  id: number,
  language: Language,
): Promise<DeliveryAttempt[]> {
  const [event] = await deps.db
    .select({ id: merchantEvents.id })
    .from(merchantEvents)
    .where(and(eq(merchantEvents.id, id), eq(merchantEvents.merchantId, merchantId)));
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
