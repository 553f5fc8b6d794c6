import { z } from "zod";
import { defineCall, idParams } from "./calls";
import { pageOf, pageQuery } from "./envelope";
import { orderFailCodes, orderStatuses } from "./order";
import { apiEnvironments, environmentQuery } from "./sandbox";

/**
 * Deliveries: the signed events we POST to a merchant's callback and notification URLs, their retries, and the
 * delivery log API Settings shows. Served by server/src/modules/delivery (payloads.ts writes the events).
 */

/** Seconds to wait after each failed try before the next one; after the last, the delivery is failed. */
export const RETRY_SCHEDULE_SECONDS = [15, 30, 180, 600, 1200, 1800, 3600, 10800, 21600] as const;
/** Tries in all: the first and one per step of the schedule. */
export const MAX_DELIVERY_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1;
/** A receiver has this long to answer 2xx. */
export const DELIVERY_TIMEOUT_MS = 10_000;

// ---- Events ----

/**
 * What we POST to a merchant's URLs (modules/delivery/payloads.ts): `{ eventId, type, createTime, data }`, the
 * data by type. Declared here for the OpenAPI document's webhooks; the callbacks test holds the real payloads to
 * these shapes.
 */
export const orderEventData = z.object({
  orderNo: z.string(),
  merchantOrderNo: z.string(),
  status: z.enum(orderStatuses),
  productId: z.number(),
  productCode: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  spec: z.string(),
  quantity: z.number(),
  unitPrice: z.string(),
  amount: z.string(),
  currency: z.string(),
  failReason: z.string().nullable(),
  failCode: z.enum(orderFailCodes).nullable(),
  completeTime: z.string(),
  version: z.number(),
});
export const depositEventData = z.object({
  depositNo: z.string(),
  referenceNo: z.string(),
  status: z.enum(["success", "failed"]),
  amount: z.string(),
  currency: z.string(),
  settledAmount: z.string().nullable(),
  settledCurrency: z.string().nullable(),
  exchangeRate: z.string().nullable(),
  statusTime: z.string(),
});
export const balanceLowEventData = z.object({
  merchantNo: z.string(),
  balance: z.string(),
  currency: z.string(),
  threshold: z.string(),
  time: z.string(),
});

/** `callback.test`: sent when an admin presses "Send a test callback" in API Settings, nothing else. */
export const eventTypes = ["order.success", "order.failed", "deposit.status", "balance.low", "callback.test"] as const;

/** A test callback's data: says what it is, and from which application. */
export const testEventData = z.object({ message: z.string(), environment: z.enum(apiEnvironments) });

/** Each event type and its data. */
export const eventDataByType = {
  "order.success": orderEventData,
  "order.failed": orderEventData,
  "deposit.status": depositEventData,
  "balance.low": balanceLowEventData,
  "callback.test": testEventData,
} as const;

// ---- Delivery log ----

export const deliveryChannels = ["callback", "notification"] as const;
export const deliveryStatuses = ["pending", "delivered", "failed"] as const;
/**
 * An event's state in the outbox: a delivery's, or `unsent` when there was no URL to send it to. Unsent events
 * are kept all the same: GET /openapi/v1/events answers every event the merchant was sent or would have been.
 */
export const eventStatuses = [...deliveryStatuses, "unsent"] as const;

export const delivery = z.object({
  id: z.number(),
  eventId: z.string(),
  channel: z.enum(deliveryChannels),
  type: z.string(),
  orderNo: z.string().nullable(),
  merchantOrderNo: z.string().nullable(),
  /** Where the last try went (the URL configured at that time); null before the first try. */
  url: z.string().nullable(),
  status: z.enum(eventStatuses),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptTime: z.string().nullable(),
  /** Null when no further try is planned (delivered or failed). */
  nextAttemptTime: z.string().nullable(),
  deliveredTime: z.string().nullable(),
  createTime: z.string(),
});
export type Delivery = z.infer<typeof delivery>;

/** One try of a delivery, in its log: scheduled, or an admin's Resend (`manual`). */
export const deliveryAttempt = z.object({
  time: z.string(),
  manual: z.boolean(),
  url: z.string().nullable(),
  /** The receiver's HTTP status; null when there was no answer (see `error`). */
  httpStatus: z.number().nullable(),
  /** Network error, or the refusal with an excerpt of the receiver's answer; null when delivered. */
  error: z.string().nullable(),
  latencyMs: z.number(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttempt>;

export const deliveryListQuery = z.object({
  channel: z.enum(deliveryChannels, "validation.invalidType").optional(),
  status: z.enum(deliveryStatuses, "validation.invalidType").optional(),
  orderNo: z.string().trim().max(64, "validation.tooLong").optional(),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;

// ---- Calls ----

/** API Settings' address: the delivery log is one of its panels, under its permission. */
const APP = "/merchant/api/app";
const apiSettings = (action: "list" | "edit") => ({ resource: "api-settings", action }) as const;

/** The delivery log on the API Settings page (admins only, as the rest of it), of the live app or the sandbox. */
export const deliveryCalls = {
  list: defineCall({
    method: "GET",
    path: `${APP}/deliveries`,
    access: apiSettings("list"),
    tag: "api-settings",
    query: pageQuery.extend(deliveryListQuery.shape).extend(environmentQuery.shape),
    answer: pageOf(delivery),
  }),
  resend: defineCall({
    method: "POST",
    path: `${APP}/deliveries/:id/resend`,
    access: apiSettings("edit"),
    tag: "api-settings",
    params: idParams,
    query: environmentQuery,
    answer: delivery,
  }),
  attempts: defineCall({
    method: "GET",
    path: `${APP}/deliveries/:id/attempts`,
    access: apiSettings("list"),
    tag: "api-settings",
    params: idParams,
    query: environmentQuery,
    answer: z.array(deliveryAttempt),
  }),
  /** A signed `callback.test` event to the callback URL now, tried once; it answers how that went. */
  testCallback: defineCall({
    method: "POST",
    path: `${APP}/test-callback`,
    access: apiSettings("edit"),
    tag: "api-settings",
    query: environmentQuery,
    answer: delivery,
  }),
};
