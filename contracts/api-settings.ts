import { z } from "zod";
import { defineCall, idParams, PORTAL_BASE } from "./calls";
import { MAX_PAGE_SIZE, pageOf, pageQuery } from "./envelope";
import { webUrl } from "./merchant-info";
import { giftCard, ORDER_NUMBER, openApiOrderRequest, order, orderFailCodes, orderStatuses } from "./order";
import { product, productStatuses, productTypes } from "./product";
import { defineResource } from "./resource";

/**
 * API settings (the merchant's Open API application), the delivery log, and the Open API wire contract that
 * every SDK, the docs and the server share.
 */
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

/** Seconds to wait after each failed try before the next one; after the last, the delivery is failed. */
export const RETRY_SCHEDULE_SECONDS = [15, 30, 180, 600, 1200, 1800, 3600, 10800, 21600] as const;
/** Tries in all: the first and one per step of the schedule. */
export const MAX_DELIVERY_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1;
/** A receiver has this long to answer 2xx. */
export const DELIVERY_TIMEOUT_MS = 10_000;

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

// ---- IP whitelist: written the same way in the browser form and on the server (no Node modules here) ----

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIPv6(value: string): boolean {
  if (!value.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(value)) return false;
  try {
    // The WHATWG URL parser validates IPv6 literals the same way in browsers and Node.
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** An IPv4 or IPv6 address, or a CIDR range of one. */
export function isIpOrCidr(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && isIPv6(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/** "1.2.3.4, 10.0.0.0/8" -> entries; empty -> []. */
export function splitWhitelist(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
}

export const MAX_WHITELIST_ENTRIES = 100;

export const ipWhitelistText = z
  .string("validation.invalidType")
  .max(8000, "validation.tooLong")
  .superRefine((text, ctx) => {
    const entries = splitWhitelist(text);
    if (entries.length > MAX_WHITELIST_ENTRIES)
      ctx.addIssue({ code: "custom", message: "validation.whitelistTooLong", input: text });
    const bad = entries.find((e) => !isIpOrCidr(e));
    if (bad) ctx.addIssue({ code: "custom", message: "validation.whitelistEntry", input: text });
  });

// ---- API settings (portal) ----

/** Positive decimal with up to 4 places, or empty for "no threshold". */
export const balanceThreshold = z
  .string("validation.invalidType")
  .trim()
  .regex(/^(\d{1,13}(\.\d{1,4})?)?$/, "validation.amount");

const requiredUrl = z.string("validation.urlRequired").trim().min(1, "validation.urlRequired").pipe(webUrl);

export const apiAppUpdate = z
  .object({
    keyType: z.enum(keyTypes, "validation.invalidType"),
    /** PEM of the merchant's RSA public key: required for RSA2 (the server checks it is RSA, 2048 bits or more). */
    merchantPublicKey: z.string("validation.invalidType").trim().max(4000, "validation.tooLong").default(""),
    callbackUrl: requiredUrl,
    notifyUrl: requiredUrl,
    /** Comma-separated addresses or CIDR ranges; empty = any address may call. */
    ipWhitelist: ipWhitelistText.default(""),
    lowBalanceThreshold: balanceThreshold.default(""),
  })
  .superRefine((v, ctx) => {
    if (v.keyType === "RSA2" && v.merchantPublicKey === "")
      ctx.addIssue({ code: "custom", path: ["merchantPublicKey"], message: "validation.publicKeyRequired", input: "" });
  });
export type ApiAppUpdate = z.input<typeof apiAppUpdate>;

export const apiApp = z.object({
  merchantNo: z.string(),
  appId: z.string(),
  keyType: z.enum(keyTypes),
  platformPublicKey: z.string(),
  platformKeySerial: z.number(),
  merchantPublicKey: z.string(),
  /** The secret's last characters behind a mask ("********a1b2"); empty when none was generated yet. */
  secretMasked: z.string(),
  secretCreateTime: z.string().nullable(),
  /** Until when the secret before the last rotation is still accepted (null: it no longer is). */
  previousSecretUntil: z.string().nullable(),
  callbackUrl: z.string(),
  notifyUrl: z.string(),
  /** Comma-separated, as the form edits it. */
  ipWhitelist: z.string(),
  lowBalanceThreshold: z.string(),
  /** The merchant's balance currency (the threshold's). */
  currency: z.string(),
  updateTime: z.string(),
});
export type ApiApp = z.infer<typeof apiApp>;

/** Answer of a secret rotation: the only time the secret is ever shown. */
export const apiSecret = z.object({ secret: z.string(), secretMasked: z.string(), secretCreateTime: z.string() });
export type ApiSecret = z.infer<typeof apiSecret>;

export const platformKey = z.object({ platformPublicKey: z.string(), platformKeySerial: z.number() });

/**
 * How long the previous platform key stays listed (GET /openapi/v1/keys) after a rotation, and signs every answer
 * and callback beside the new one (`x-previous-key-serial`, `x-previous-signature`).
 */
export const PLATFORM_KEY_OVERLAP_HOURS = 24;
/** The overlaps an admin may give the previous HMAC secret when rotating it. */
export const SECRET_OVERLAP_HOURS = [0, 1, 24, 168] as const;
/** Optional: a rotation without a body (null, as Fastify reads one) ends the old secret at once, as it always did. */
export const rotateSecretBody = z
  .object({ overlapHours: z.literal(SECRET_OVERLAP_HOURS, "validation.option").default(0) })
  .nullish();

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
export type PlatformKey = z.infer<typeof platformKey>;

// ---- Inbound request log ----

/** One Open API request of the merchant's AppID, as API Settings lists it: never a body or a signature. */
export const apiRequestEntry = z.object({
  id: z.number(),
  time: z.string(),
  appId: z.string(),
  method: z.string(),
  /** With its query. */
  path: z.string(),
  status: z.number(),
  errorCode: z.string().nullable(),
  latencyMs: z.number(),
  /** The answer's X-Request-Id. */
  requestId: z.string(),
});
export type ApiRequestEntry = z.infer<typeof apiRequestEntry>;

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

// ---- Open API answers (requests reuse the portal's schemas: placeOrderRequest, pageQuery) ----

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
/** How far back GET /openapi/v1/events reaches. */
export const EVENT_FEED_DAYS = 30;

/** `callback.test`: sent when an admin presses "Send a test callback" in API Settings, nothing else. */
export const eventTypes = ["order.success", "order.failed", "deposit.status", "balance.low", "callback.test"] as const;

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

/** Which of a merchant's two applications a call or an event is about (the sandbox: issue 17). */
export const apiEnvironments = ["live", "sandbox"] as const;

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

// ---- Sandbox ----

/**
 * Which of the merchant's two Open API applications a settings call is about: the live one, or its sandbox
 * (its own AppID, keys and callback URL; its orders run on the simulator against a play balance).
 */
export type ApiEnvironment = (typeof apiEnvironments)[number];
export const environmentQuery = z.object({
  environment: z.enum(apiEnvironments, "validation.option").default("live"),
});

/** A sandbox starts with this balance in the merchant's currency, and Reset puts it back: play money. */
export const SANDBOX_BALANCE = "10000.00";

/**
 * The simulator's trigger accounts (the sandbox runs on it): what an order does by how its recharge account ends,
 * so a developer can make every outcome happen on purpose. The simulator adapter reads the same suffixes.
 */
export const SIMULATOR_TRIGGERS = {
  /** Rejected by the supplier: the order fails (`ACCOUNT_INVALID`) and is refunded. */
  rejected: "0000",
  /** Accepted but never answered: the order fails when the product's deadline passes (`DEADLINE_PASSED`). */
  noAnswer: "9999",
  /** The first try errs (a retry is recorded), then it succeeds. */
  retried: "5555",
} as const;

/** The triggers as a table, and what any other account does. */
export const SANDBOX_SIMULATOR_RULES: {
  suffix: string | null;
  outcome: keyof typeof SIMULATOR_TRIGGERS | "success";
}[] = [
  ...Object.entries(SIMULATOR_TRIGGERS).map(([outcome, suffix]) => ({
    suffix,
    outcome: outcome as keyof typeof SIMULATOR_TRIGGERS,
  })),
  { suffix: null, outcome: "success" },
];

export const sandboxBalance = z.object({ balance: z.string(), currency: z.string(), resetTo: z.string() });
export type SandboxBalance = z.infer<typeof sandboxBalance>;

// ---- Calls ----

const apiSettings = (action: "show" | "list" | "edit") => ({ resource: "api-settings", action }) as const;
const APP = "/merchant/api/app";

/** API Settings (admin only): the merchant's Open API application, its keys, callbacks and delivery log. */
export const apiSettingsCalls = {
  one: defineCall({
    method: "GET",
    path: APP,
    access: apiSettings("show"),
    tag: "api-settings",
    query: environmentQuery,
    answer: apiApp,
  }),
  update: defineCall({
    method: "PUT",
    path: APP,
    access: apiSettings("edit"),
    tag: "api-settings",
    query: environmentQuery,
    body: apiAppUpdate,
    answer: apiApp,
  }),
  /** The only answer that ever carries the secret; a new secret is access to the merchant's money (step-up). */
  /** A new secret; the previous one keeps working for the overlap chosen (0: stops at once). */
  rotateSecret: defineCall({
    method: "POST",
    path: `${APP}/secret`,
    access: apiSettings("edit"),
    stepUp: true,
    tag: "api-settings",
    query: environmentQuery,
    body: rotateSecretBody,
    answer: apiSecret,
  }),
  /** Ends the previous secret's overlap now. */
  revokePreviousSecret: defineCall({
    method: "POST",
    path: `${APP}/secret/revoke-previous`,
    access: apiSettings("edit"),
    stepUp: true,
    tag: "api-settings",
    query: environmentQuery,
    answer: apiApp,
  }),
  rotateKey: defineCall({
    method: "POST",
    path: `${APP}/keys`,
    access: apiSettings("edit"),
    stepUp: true,
    tag: "api-settings",
    query: environmentQuery,
    answer: platformKey,
  }),
  deliveries: defineCall({
    method: "GET",
    path: `${APP}/deliveries`,
    access: apiSettings("list"),
    tag: "api-settings",
    query: pageQuery.extend(deliveryListQuery.shape).extend(environmentQuery.shape),
    answer: pageOf(delivery),
  }),
  /** The AppID's recent Open API requests (7 days), newest first. */
  requests: defineCall({
    method: "GET",
    path: `${APP}/requests`,
    access: apiSettings("list"),
    tag: "api-settings",
    query: pageQuery.extend(environmentQuery.shape),
    answer: pageOf(apiRequestEntry),
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
  /** The sandbox's play balance (the sandbox is created on the first call that names it). */
  sandboxBalance: defineCall({
    method: "GET",
    path: `${APP}/sandbox/balance`,
    access: apiSettings("show"),
    tag: "api-settings",
    answer: sandboxBalance,
  }),
  /** Puts the sandbox balance back to SANDBOX_BALANCE (a ledger entry in the sandbox's own ledger). */
  resetSandboxBalance: defineCall({
    method: "POST",
    path: `${APP}/sandbox/balance/reset`,
    access: apiSettings("edit"),
    tag: "api-settings",
    answer: sandboxBalance,
  }),
};

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

export const apiSettingsResource = defineResource({
  name: "api-settings",
  parent: "merchant-setting",
  path: "/merchant-setting/merchant-development",
  singleton: true,
  sort: 20,
  icon: "api",
  access: {},
  calls: apiSettingsCalls,
});
