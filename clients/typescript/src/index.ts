import { randomUUID } from "node:crypto";
import {
  type ClientKey,
  type HeaderSource,
  header,
  newNonce,
  type PlatformKeys,
  signingString,
  signRequest,
  type Verified,
  verifyPlatformSignature,
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

export type { ClientKey, HeaderSource, PlatformKeys, Verified } from "./signing.js";
export { signedByPlatform, verifyPlatformSignature } from "./signing.js";
export * from "./types.js";

/**
 * A client of the Merchant Portal Open API. It signs every request, **refuses every answer the platform did not
 * sign** with a key you trust (whatever it says), places orders so that a retry can never order twice (the same
 * merchant order number each try), pages through orders for reconciliation, verifies callbacks, and learns a new
 * platform key by itself during a rotation's overlap (authenticated by the key it replaces).
 */
export interface ClientOptions {
  /** e.g. https://portal.example.com (the API is under /openapi/v1). */
  baseUrl: string;
  appId: string;
  key: ClientKey;
  /**
   * The platform public keys you trust, by serial (API Settings shows the serial beside the key). The client keeps
   * its own copy and updates it across a platform-key rotation (see `onPlatformKeysChange`).
   */
  platformKeys: PlatformKeys;
  /**
   * Called with every key the client trusts, whenever that changes: after a rotation it learns the new key
   * (authenticated by the old one), and it forgets the old one once the platform stops listing it. Persist them
   * here and pass them as `platformKeys` next time.
   */
  onPlatformKeysChange?: (platformKeys: PlatformKeys) => void | Promise<void>;
  /**
   * Learning a new platform key failed (network, a refusal, or your `onPlatformKeysChange` threw). The answer that
   * announced it was verified and is used all the same; the client tries again with the next one. Default: ignored.
   */
  onKeyLearningError?: (error: unknown) => void;
  /**
   * Whether to learn a new platform key from the keys answer the previous key verifies (default true). Set false
   * after a rotation made because a platform key may have leaked: whoever holds it could sign a keys answer too,
   * so install the new key from API Settings yourself. Answers the previous key verifies are accepted either way.
   */
  learnNewKeys?: boolean;
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

/**
 * The answer (or callback) is not signed by a platform key you trust: nothing in it may be believed. For an answer,
 * its HTTP `status` and `Retry-After` (an overloaded server's 503 is unsigned: the status alone says "later").
 */
export class UnverifiedError extends Error {
  override name = "UnverifiedError";
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
}

const BASE = "/openapi/v1";
const RETRIED = new Set([429, 500, 502, 503, 504]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createOpenApiClient(options: ClientOptions) {
  const send = options.fetch ?? fetch;
  const attempts = options.attempts ?? 4;
  const firstDelay = options.retryDelayMs ?? 500;

  // The keys trusted now: the ones given, plus those learnt from a verified keys answer after a rotation.
  let trusted: PlatformKeys = { ...options.platformKeys };
  /** When a trusted key stops being listed (from a verified keys answer): it is forgotten then. */
  const retires = new Map<string, number>();
  /** A key learning under way (one at a time), and the serials it was already tried for. */
  let learning: Promise<void> | null = null;
  const learntFor = new Set<string>();

  async function setTrusted(next: PlatformKeys) {
    const same =
      Object.keys(next).length === Object.keys(trusted).length &&
      Object.entries(next).every(([serial, key]) => trusted[serial] === key);
    trusted = next;
    if (!same) await options.onPlatformKeysChange?.({ ...next });
  }

  /** Forgets the keys whose listing has ended (the platform signs nothing with them any more). */
  async function retireExpired() {
    const now = Date.now();
    const expired = [...retires].filter(([serial, until]) => until <= now && Object.hasOwn(trusted, serial));
    if (expired.length === 0) return;
    const next = { ...trusted };
    for (const [serial] of expired) {
      delete next[serial];
      retires.delete(serial);
    }
    // Forgotten either way; only telling the application may fail, and that is no reason to refuse an answer.
    await setTrusted(next).catch((error: unknown) => options.onKeyLearningError?.(error));
  }

  /**
   * The keys answer, verified by a key already trusted, authenticates the keys it lists: from then on the client
   * trusts exactly those (the new one added, one no longer listed forgotten) and forgets the previous one when
   * its `validUntil` passes.
   */
  async function adopt(listing: PlatformKeyListing) {
    if (listing.keys.length === 0) return;
    const next: PlatformKeys = {};
    retires.clear();
    for (const key of listing.keys) {
      const serial = String(key.serial);
      next[serial] = key.publicKey;
      if (key.validUntil) retires.set(serial, Date.parse(key.validUntil));
    }
    await setTrusted(next);
  }

  /** Once per new serial: the answer it came with was verified by the previous key; ask for the new key. */
  function learn(verified: Verified): Promise<void> | undefined {
    if (options.learnNewKeys === false || !verified.previous) return;
    if (Object.hasOwn(trusted, verified.currentSerial) || learntFor.has(verified.currentSerial)) return;
    learntFor.add(verified.currentSerial);
    learning ??= (async () => {
      try {
        await adopt(await request<PlatformKeyListing>("GET", "/keys", undefined, false));
      } catch (error) {
        learntFor.delete(verified.currentSerial); // try again with the next answer that names it
        options.onKeyLearningError?.(error);
      } finally {
        learning = null;
      }
    })();
    return learning;
  }

  /** Refused unless a trusted key signed it; an answer signed by a new key learns that key (see `learn`). */
  async function verified(method: string, path: string, headers: HeaderSource, body: string, learnKeys: boolean) {
    await retireExpired();
    const by = verifyPlatformSignature(trusted, method, path, headers, body);
    if (by && learnKeys) await learn(by);
    return by;
  }

  async function request<T>(
    method: "GET" | "POST",
    pathWithQuery: string,
    payload?: unknown,
    learnKeys = true,
  ): Promise<T> {
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
    if (!(await verified(method, path, res.headers, text, learnKeys)))
      throw new UnverifiedError(
        `HTTP ${res.status}: not signed by a platform key you trust; refused`,
        res.status,
        res.headers.get("retry-after"),
      );
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
    if (error instanceof UnverifiedError)
      return error.status && RETRIED.has(error.status) ? { wait: Number(error.retryAfter) * 1000 || undefined } : null;
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
    /** Any call, signed, its answer verified: `request("GET", "/balance")`. */
    request: <T>(method: "GET" | "POST", pathWithQuery: string, payload?: unknown) =>
      request<T>(method, pathWithQuery, payload),
    balance: () => request<Balance>("GET", "/balance"),
    products: (pageNum = 1, pageSize = 100) =>
      request<{ total: number; list: Product[] }>("GET", `/products?pageNum=${pageNum}&pageSize=${pageSize}`),
    placeOrder,
    order: (merchantOrderNo: string) => request<Order>("GET", `/orders/${encoded(merchantOrderNo)}`),
    orderByOrderNo: (orderNo: string) => request<Order>("GET", `/orders/by-order-no/${encoded(orderNo)}`),
    orders,
    events,
    /**
     * The platform keys to verify with, verified like every answer; the client then trusts exactly the keys listed
     * (and tells `onPlatformKeysChange`). Call it at start-up to tidy a trust store you persisted.
     */
    keys: async () => {
      const listing = await request<PlatformKeyListing>("GET", "/keys", undefined, false);
      await adopt(listing);
      return listing;
    },
    /** The platform keys the client trusts now, by serial (a copy): what to persist. */
    platformKeys: (): PlatformKeys => ({ ...trusted }),
    /**
     * `verifyCallback` with the keys this client trusts now. A callback signed by a new key and by the previous
     * one, which you trust, is accepted and the new key is learnt (as for answers).
     */
    verifyCallback: async (input: Omit<CallbackInput, "platformKeys">): Promise<CallbackEvent> => {
      const body = typeof input.rawBody === "string" ? input.rawBody : input.rawBody.toString("utf8");
      if (!(await verified("POST", input.pathWithQuery, input.headers, body, true))) throw unverifiedCallback(input);
      return JSON.parse(body) as CallbackEvent;
    },
  };
}

export type OpenApiClient = ReturnType<typeof createOpenApiClient>;

/** A callback as your server received it, and the platform keys to verify it with. */
export interface CallbackInput {
  pathWithQuery: string;
  headers: HeaderSource;
  rawBody: string | Buffer;
  platformKeys: PlatformKeys;
}

const unverifiedCallback = (input: { headers: HeaderSource }) =>
  new UnverifiedError(`callback ${header(input.headers, "x-event-id") ?? ""} is not signed by a trusted key`);

/**
 * A callback or notification we sent to your URL, verified before anything in it is used: pass the path (with
 * query) your URL has, the headers and the body **exactly as received** (not re-serialised). Throws
 * `UnverifiedError` otherwise. During the day after a platform-key rotation a callback also carries the previous
 * key's signature, so one you trust either key for is accepted (the client's own `verifyCallback` also learns the
 * new key). De-duplicate by `eventId` and drop an order event whose `version` is not higher than the last you
 * processed.
 */
export function verifyCallback(input: CallbackInput): CallbackEvent {
  const body = typeof input.rawBody === "string" ? input.rawBody : input.rawBody.toString("utf8");
  if (!verifyPlatformSignature(input.platformKeys, "POST", input.pathWithQuery, input.headers, body))
    throw unverifiedCallback(input);
  return JSON.parse(body) as CallbackEvent;
}
