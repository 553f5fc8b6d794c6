import { z } from "zod";
import { defineCall, PORTAL_BASE } from "./calls";
import { eventStatuses, eventTypes } from "./delivery";
import { MAX_PAGE_SIZE, pageOf } from "./envelope";
import { giftCard, ORDER_NUMBER, openApiOrderRequest, order, orderStatuses } from "./order";
import { product, productStatuses, productTypes } from "./product";

/**
 * The Open API's wire contract (`/openapi/v1`), which every SDK, the docs and the server share: how requests and
 * answers are signed, the calls, their errors. Served by server/src/modules/openapi. The events it also serves
 * (GET /events) are those the delivery sends (delivery.ts).
 */

/** How a merchant signs its requests: an HMAC secret, or its RSA key (SHA256withRSA). */
export const keyTypes = ["HMAC", "RSA2"] as const;
export type KeyType = (typeof keyTypes)[number];

/** Request and answer headers of `/openapi/v1` and of callbacks (lower-case, as Node reads them). */
export const OPENAPI_HEADERS = {
  appId: "x-app-id",
  timestamp: "x-timestamp",
  nonce: "x-nonce",
  signature: "x-signature",
  /** On answers and callbacks: which platform key signed them. */
  keySerial: "x-key-serial",
  /**
   * On answers and callbacks during the overlap after a platform-key rotation (PLATFORM_KEY_OVERLAP_HOURS): the
   * previous key's serial, and its signature over the same signing string, so a client that trusts only the
   * previous key still verifies them (and learns the new key from GET /openapi/v1/keys). Absent otherwise.
   */
  previousKeySerial: "x-previous-key-serial",
  previousSignature: "x-previous-signature",
  /** On callbacks: the event id, also in the body. */
  eventId: "x-event-id",
  /** On every answer and callback: the revision of the API that made it (`OPENAPI_REVISION`). */
  apiVersion: "x-api-version",
} as const;

/**
 * The Open API's revision: the date of its latest change, the first entry of the changelog in docs/open-api.md
 * ("Versions and changes"). Within v1 changes only add (fields, calls, error codes, event types); anything that
 * would break an integration comes as /openapi/v2, with v1 kept running beside it for at least 12 months.
 */
export const OPENAPI_REVISION = "2026-11-28";

/** A request whose timestamp is further than this from the server's clock is refused. */
export const TIMESTAMP_WINDOW_MS = 5 * 60_000;
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export interface SigningParts {
  method: string;
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
}

/** The lines before the body: METHOD, path with query, timestamp and nonce, each followed by a newline. */
export function signingHead(parts: SigningParts): string {
  return `${parts.method.toUpperCase()}\n${parts.pathWithQuery}\n${parts.timestamp}\n${parts.nonce}\n`;
}

/**
 * The exact string both sides sign: the head, then the raw body and a newline (an empty body is an empty line).
 * Servers sign the body's bytes as received: `head + body + "\n"` in UTF-8.
 */
export function signingString(parts: SigningParts & { body: string }): string {
  return `${signingHead(parts)}${parts.body}\n`;
}

/**
 * Machine-readable reasons of Open API refusals (`data.errorCode`), stable across languages and versions, each
 * with its one HTTP status: an answer carrying a code always has this status (docs/open-api.md, Errors, lists
 * them all). Within v1 codes are only added; a client treats a code it does not know by the HTTP status.
 */
export const openApiErrorStatus = {
  MISSING_HEADERS: 401,
  UNKNOWN_APP_ID: 401,
  MERCHANT_DISABLED: 403,
  IP_NOT_ALLOWED: 403,
  TIMESTAMP_EXPIRED: 401,
  INVALID_SIGNATURE: 401,
  NONCE_REUSED: 401,
  KEY_NOT_CONFIGURED: 401,
  RATE_LIMITED: 429,
  METHOD_NOT_ALLOWED: 405,
  INVALID_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  INSUFFICIENT_BALANCE: 422,
  ACCOUNT_BLOCKED: 422,
  DAILY_LIMIT_EXCEEDED: 422,
  VELOCITY_LIMIT_EXCEEDED: 422,
  NEW_MERCHANT_RESTRICTED: 422,
  ORDER_CONFLICT: 409,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_UNAVAILABLE: 409,
  INTERNAL_ERROR: 500,
  OVERLOADED: 503,
} as const;
export type OpenApiErrorCode = keyof typeof openApiErrorStatus;
/** Every `data.errorCode`, in the order of `openApiErrorStatus`. */
export const openApiErrorCodes = Object.keys(openApiErrorStatus) as readonly OpenApiErrorCode[];

/** The page that explains the Open API (docs/open-api.md), served to anyone. */
export const OPENAPI_REFERENCE_PATH = `${PORTAL_BASE}/reference/open-api`;
/**
 * `data.errorDocs`: where a refusal's code is explained, its row in the reference's Errors table. A path on the
 * host the caller already talks to (there is no configured public address, and one built from `Host` could be
 * forged or miss a proxy's https).
 */
export const openApiErrorDocs = (code: OpenApiErrorCode) => `${OPENAPI_REFERENCE_PATH}#error-${code}`;
/** `data` of an Open API refusal: its code and the link to the code's entry (field errors may come beside them). */
export const openApiErrorData = (errorCode: OpenApiErrorCode) => ({
  errorCode,
  errorDocs: openApiErrorDocs(errorCode),
});

/**
 * The platform's public keys a merchant may verify with: the current one, and the previous one until it expires.
 * A signed answer like any other (during the overlap signed by the previous key too): verified with a key the
 * client already trusts, it authenticates the keys it lists, which is how a client learns a new key by itself.
 */
export const openApiKeys = z.object({
  keys: z.array(
    z.object({
      serial: z.number(),
      algorithm: z.literal("SHA256withRSA"),
      publicKey: z.string(),
      /** Null for the current key; when the previous one stops being listed. */
      validUntil: z.string().nullable(),
    }),
  ),
});
export type OpenApiKeys = z.infer<typeof openApiKeys>;

// ---- Answers (requests reuse the portal's schemas: placeOrderRequest, pageQuery) ----

export const openApiBalance = z.object({ merchantNo: z.string(), balance: z.string(), currency: z.string() });

/** An order as the Open API answers it: the portal's fields, its version, and gift cards in full once Success. */
// The merchant's own server placed it: "who" is the AppID that asks.
export const openApiOrder = order.omit({ placedBy: true }).extend({
  version: z.number(),
  cards: z.array(giftCard).nullable(),
});
export type OpenApiOrder = z.infer<typeof openApiOrder>;

// ---- Open API requests: strict, and documented exactly as strictly as they are checked ----

/**
 * A moment in an Open API query: an RFC 3339 date-time with seconds and an offset (`Z` or `+08:00`), its year as
 * written between 1970 and 9999 (`YEAR_RANGE`). Checked by patterns only, so that the OpenAPI document, which
 * carries these same patterns, says exactly what is taken.
 */
const openApiDateTime = () =>
  z.iso
    .datetime({ offset: true, message: "validation.dateTime" })
    .regex(/^(?:19[7-9]\d|[2-9]\d{3})-/, "validation.dateRange")
    // The patterns above say it all; the format says what it is, for tools that make a date type of it.
    .meta({ format: "date-time" });

/**
 * A whole number in a query, written as one: `0x10`, `1e1` or ` 5` are refused as the document's `integer` says,
 * where `Number()` would take them. A limit's message is the schema's own (`message`) or says the limit.
 */
const queryInteger = ({
  min,
  max,
  fallback,
  message,
}: {
  min: number;
  max: number;
  fallback: number;
  message?: string;
}) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value),
    z.number("validation.integer").int("validation.integer").min(min, message).max(max, message).default(fallback),
  );

/** Text in a query, at most `max` characters as sent (what the document's `maxLength` counts); the message says so. */
const queryText = (max: number) => z.string("validation.invalidType").max(max, "validation.maxLength");

/** At most 100 a page, 100 unless said. */
const openApiLimit = queryInteger({ min: 1, max: 100, fallback: 100 });
const openApiCursor = queryText(200);

/**
 * Reconciliation: the caller's orders in the order they last changed (placed, or finished), oldest first, a page
 * at a time. `nextCursor` continues where a page ended (send it with the same filters); null on the last page.
 * Like every Open API query, a parameter it does not know is refused by name (a typo must not widen a filter).
 */
export const openApiOrderListQuery = z
  .object({
    updatedFrom: openApiDateTime()
      .optional()
      .describe("Orders whose last change (`updateTime`) is at or after this moment"),
    updatedTo: openApiDateTime().optional().describe("Orders whose last change is before this moment"),
    createdFrom: openApiDateTime().optional().describe("Orders placed at or after this moment"),
    createdTo: openApiDateTime().optional().describe("Orders placed before this moment"),
    status: z.enum(orderStatuses, "validation.option").optional(),
    batchNo: queryText(64).min(1, "validation.required").optional(),
    limit: openApiLimit,
    cursor: openApiCursor.optional(),
  })
  .strict();
export type OpenApiOrderListQuery = z.infer<typeof openApiOrderListQuery>;

export const openApiOrderPage = z.object({
  /** Without gift-card codes (`cards` null): the order query answers them, and records each reveal. */
  list: z.array(openApiOrder.extend({ updateTime: z.string() })),
  nextCursor: z.string().nullable(),
});
export type OpenApiOrderPage = z.infer<typeof openApiOrderPage>;

/** How far back GET /openapi/v1/events reaches. */
export const EVENT_FEED_DAYS = 30;

/**
 * Every event of the last 30 days the merchant was sent or would have been (without a URL, or before it set one),
 * oldest first, with the same event ids and payloads as the callbacks: what a client missed, found by program.
 */
export const openApiEventQuery = z
  .object({
    since: openApiDateTime()
      .optional()
      .describe(`Events written at or after this moment, at most ${EVENT_FEED_DAYS} days back (by our clock)`),
    until: openApiDateTime().optional().describe("Events written before this moment"),
    type: z.enum(eventTypes, "validation.option").optional(),
    limit: openApiLimit,
    cursor: openApiCursor.optional(),
  })
  .strict();
export type OpenApiEventQuery = z.infer<typeof openApiEventQuery>;

export const openApiEventPage = z.object({
  list: z.array(
    z.object({
      eventId: z.string(),
      type: z.string(),
      createTime: z.string(),
      data: z.record(z.string(), z.unknown()),
      /** Whether it was delivered to your URL (pending, delivered, failed), or there was none (unsent). */
      deliveryStatus: z.enum(eventStatuses),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type OpenApiEventPage = z.infer<typeof openApiEventPage>;

// ---- Calls ----

/** The Open API prefix: merchants' servers call `${OPENAPI_BASE}${call.path}` (docs/open-api.md). */
export const OPENAPI_BASE = "/openapi/v1";
/** An order number in a path, as it is stored: no trimming, so the document's pattern is the whole rule. */
const orderNumberParam = (message: string) =>
  z.string("validation.invalidType").min(1, message).max(64, message).regex(ORDER_NUMBER, message);
/** The Open API's calls without query parameters still refuse one they do not know. */
const noQuery = z.object({}).strict();
/** The products a merchant may order, with its prices and each product's input fields. */
const openApiProductQuery = z
  .object({
    pageNum: queryInteger({ min: 1, max: 10_000_000, fallback: 1, message: "validation.pageNum" }),
    pageSize: queryInteger({ min: 1, max: MAX_PAGE_SIZE, fallback: MAX_PAGE_SIZE, message: "validation.pageSize" }),
    // Searched for without the spaces around it, as the portal's search does.
    name: queryText(100)
      .transform((name) => name.trim())
      .optional(),
    // A query carries text: the product types as they are written in one, so the document lists them.
    type: z
      .enum(productTypes.map(String) as [string, ...string[]], "validation.productType")
      .transform(Number)
      .optional(),
    status: z.enum(productStatuses, "validation.option").optional(),
  })
  .strict();

/** `/openapi/v1`: the calls a merchant's servers make, each authenticated by its signature. */
export const openApiCalls = {
  balance: defineCall({
    method: "GET",
    path: "/balance",
    access: "signature",
    tag: "open-api",
    query: noQuery,
    answer: openApiBalance,
  }),
  products: defineCall({
    method: "GET",
    path: "/products",
    access: "signature",
    tag: "open-api",
    query: openApiProductQuery,
    answer: pageOf(product),
  }),
  /** A repeated merchant order number answers the original as the order query does (`idempotent-replayed`). */
  placeOrder: defineCall({
    method: "POST",
    path: "/orders",
    access: "signature",
    tag: "open-api",
    query: noQuery,
    body: openApiOrderRequest,
    answer: openApiOrder,
  }),
  keys: defineCall({
    method: "GET",
    path: "/keys",
    access: "signature",
    tag: "open-api",
    query: noQuery,
    answer: openApiKeys,
  }),
  events: defineCall({
    method: "GET",
    path: "/events",
    access: "signature",
    tag: "open-api",
    query: openApiEventQuery,
    answer: openApiEventPage,
  }),
  listOrders: defineCall({
    method: "GET",
    path: "/orders",
    access: "signature",
    tag: "open-api",
    query: openApiOrderListQuery,
    answer: openApiOrderPage,
  }),
  orderByMerchantOrderNo: defineCall({
    method: "GET",
    path: "/orders/:merchantOrderNo",
    access: "signature",
    tag: "open-api",
    params: z.object({ merchantOrderNo: orderNumberParam("validation.merchantOrderNo") }),
    query: noQuery,
    answer: openApiOrder,
  }),
  orderByOrderNo: defineCall({
    method: "GET",
    path: "/orders/by-order-no/:orderNo",
    access: "signature",
    tag: "open-api",
    params: z.object({ orderNo: orderNumberParam("validation.orderNo") }),
    query: noQuery,
    answer: openApiOrder,
  }),
};
