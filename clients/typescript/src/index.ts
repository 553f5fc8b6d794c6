import { randomUUID } from "node:crypto";
import {
  type ClientKey,
  type HeaderSource,
  header,
  newNonce,
  type PlatformKeys,
  signedByPlatform,
  signingString,
  signRequest,
} from "./signing.js";
import type {
  Balance,
  CallbackEvent,
  EventQuery,
  ListedOrder,
  NewOrder,
  OpenApiErrorData,
  Order,
  OrderQuery,
  PlatformKeyListing,
  Product,
} from "./types.js";

export type { ClientKey, PlatformKeys } from "./signing.js";
export * from "./types.js";

/**
 * A client of the Merchant Portal Open API. It signs every request, **refuses every answer the platform did not
 * sign** with a key you trust (whatever it says), places orders so that a retry can never order twice (the same
 * merchant order number each try), pages through orders for reconciliation, and verifies callbacks.
 */
export interface ClientOptions {
  /** e.g. https://portal.example.com (the API is under /openapi/v1). */
  baseUrl: string;
  appId: string;
  key: ClientKey;
  platformKeys: PlatformKeys;
  language?: "en-US" | "zh-CN";
  /** Tries of an order placement when the answer is lost or says "later" (network, 429, 500, 503). Default 4. */
  attempts?: number;
  /** The first wait between tries; doubled each time, or Retry-After when the server says. Default 500 ms. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

/**
 * The server refused the request: `errorCode` is its stable reason (docs/open-api.md, Errors), one HTTP status per
 * code; `errorDocs` the full address of the code's entry in the reference, to read or to log beside it.
 */
export class OpenApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly data: OpenApiErrorData | null,
    readonly errorDocs: string | null = null,
  ) {
    super(`${errorCode}: ${message}`);
    this.name = "OpenApiError";
  }
}

/** The answer (or callback) is not signed by a platform key you trust: nothing in it may be believed. */
export class UnverifiedError extends Error {
  override name = "UnverifiedError";
}

const BASE = "/openapi/v1";
const RETRIED = new Set([429, 500, 502, 503, 504]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createOpenApiClient(options: ClientOptions) {
  const send = options.fetch ?? fetch;
  const attempts = options.attempts ?? 4;
  const firstDelay = options.retryDelayMs ?? 500;

  async function request<T>(method: "GET" | "POST", pathWithQuery: string, payload?: unknown): Promise<T> {
    const path = `${BASE}${pathWithQuery}`;
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const timestamp = String(Date.now());
    const nonce = newNonce();
    const headers: Record<string, string> = {
      "X-App-Id": options.appId,
      "X-Timestamp": timestamp,
      "X-Nonce": nonce,
      "X-Signature": signRequest(options.key, signingString(method, path, timestamp, nonce, body)),
      "Accept-Language": options.language ?? "en-US",
    };
    if (body) headers["Content-Type"] = "application/json";
    const res = await send(new URL(path, options.baseUrl), { method, headers, ...(body && { body }) });
    const text = await res.text();
    if (!signedByPlatform(options.platformKeys, method, path, res.headers, text))
      throw Object.assign(new UnverifiedError(`HTTP ${res.status}: not signed by a platform key you trust; refused`), {
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
      });
    const envelope = JSON.parse(text) as { code: number; message: string; data: unknown };
    if (envelope.code !== 200) {
      const data = envelope.data as OpenApiErrorData | null;
      // The server links a path of its own: resolved against the address this client calls.
      const docs = data?.errorDocs ? new URL(data.errorDocs, options.baseUrl).href : null;
      throw new OpenApiError(res.status, data?.errorCode ?? String(envelope.code), envelope.message, data, docs);
    }
    return envelope.data as T;
  }

  /** Whether a failed try may be tried again with the same content: its outcome is unknown, or "later". */
  function retryable(error: unknown): { wait?: number } | null {
    if (error instanceof OpenApiError) return RETRIED.has(error.status) ? {} : null;
    // An overloaded server answers 503 unsigned: the status alone says "later", and nothing of it is used.
    const unsigned = error as { status?: number; retryAfter?: string | null };
    if (error instanceof UnverifiedError)
      return unsigned.status && RETRIED.has(unsigned.status)
        ? { wait: Number(unsigned.retryAfter) * 1000 || undefined }
        : null;
    return {}; // network error, time-out: the order may or may not exist; the same number again finds out
  }

  async function placeOrder(order: NewOrder): Promise<Order> {
    // One number for every try: the server answers a repeat with the order it already has (never a second debit).
    const body = { ...order, merchantOrderNo: order.merchantOrderNo ?? `MO-${randomUUID()}` };
    for (let attempt = 1; ; attempt++) {
      try {
        return await request<Order>("POST", "/orders", body);
      } catch (error) {
        const retry = retryable(error);
        if (!retry || attempt >= attempts) throw error;
        await sleep(retry.wait ?? firstDelay * 2 ** (attempt - 1));
      }
    }
  }

  /** Every order matching the query, oldest change first, fetching page after page (reconciliation). */
  async function* orders(query: OrderQuery = {}): AsyncGenerator<ListedOrder> {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    for (let cursor: string | null = null; ; ) {
      if (cursor) params.set("cursor", cursor);
      const page: { list: ListedOrder[]; nextCursor: string | null } = await request("GET", `/orders?${params}`);
      yield* page.list;
      cursor = page.nextCursor;
      if (!cursor) return;
    }
  }

  /** Every event of the last 30 days (sent to you or not), oldest first, page after page. */
  async function* events(query: EventQuery = {}): AsyncGenerator<CallbackEvent & { deliveryStatus: string }> {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    for (let cursor: string | null = null; ; ) {
      if (cursor) params.set("cursor", cursor);
      const page: { list: (CallbackEvent & { deliveryStatus: string })[]; nextCursor: string | null } = await request(
        "GET",
        `/events?${params}`,
      );
      yield* page.list;
      cursor = page.nextCursor;
      if (!cursor) return;
    }
  }

  const encoded = encodeURIComponent;
  return {
    request,
    balance: () => request<Balance>("GET", "/balance"),
    products: (pageNum = 1, pageSize = 100) =>
      request<{ total: number; list: Product[] }>("GET", `/products?pageNum=${pageNum}&pageSize=${pageSize}`),
    placeOrder,
    order: (merchantOrderNo: string) => request<Order>("GET", `/orders/${encoded(merchantOrderNo)}`),
    orderByOrderNo: (orderNo: string) => request<Order>("GET", `/orders/by-order-no/${encoded(orderNo)}`),
    orders,
    events,
    keys: () => request<PlatformKeyListing>("GET", "/keys"),
  };
}

/**
 * A callback or notification we sent to your URL, verified before anything in it is used: pass the path (with
 * query) your URL has, the headers and the body **exactly as received** (not re-serialised). Throws
 * `UnverifiedError` otherwise. De-duplicate by `eventId` and drop an order event whose `version` is not higher
 * than the last you processed.
 */
export function verifyCallback(input: {
  pathWithQuery: string;
  headers: HeaderSource;
  rawBody: string | Buffer;
  platformKeys: PlatformKeys;
}): CallbackEvent {
  const body = typeof input.rawBody === "string" ? input.rawBody : input.rawBody.toString("utf8");
  if (!signedByPlatform(input.platformKeys, "POST", input.pathWithQuery, input.headers, body))
    throw new UnverifiedError(`callback ${header(input.headers, "x-event-id") ?? ""} is not signed by a trusted key`);
  return JSON.parse(body) as CallbackEvent;
}
