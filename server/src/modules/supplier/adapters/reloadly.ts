import Big from "big.js";
import { type GiftCard, ProductType } from "#contracts";
import type { Clock } from "../../../lib/clock";
import {
  type LookupAnswer,
  type RefusalCode,
  type SupplierAccount,
  type SupplierAdapter,
  type SupplierAnswer,
  type SupplierClient,
  type SupplierRequest,
  SupplierUnclearError,
} from "../supplier";

/**
 * Reloadly (docs.reloadly.com; github.com/Reloadly/reloadly-api-documentation): mobile top-ups and gift cards
 * from one prepaid account. Two APIs on two hosts, each with its own OAuth token (the audience is the API's
 * base URL) and its own versioned Accept type. The account's base URL is the top-ups API's; the gift-card API's
 * is derived from it (`giftCardBase`).
 *
 * Top-ups use the synchronous `POST /topups`; gift cards `POST /orders`, then the codes of a SUCCESSFUL order.
 * Our reference is Reloadly's `customIdentifier`, which it refuses twice (CUSTOM_IDENTIFIER_ALREADY_USED): a
 * repeated submit is answered by looking the first one up.
 */
const TOPUPS_ACCEPT = "application/com.reloadly.topups-v1+json";
const GIFTCARDS_ACCEPT = "application/com.reloadly.giftcards-v1+json";
const DEFAULT_AUTH_URL = "https://auth.reloadly.com";
/** Renew a token this long before Reloadly's `expires_in` runs out, so none expires in flight. */
const TOKEN_MARGIN_MS = 60_000;
const DUPLICATE_REFERENCE = "CUSTOM_IDENTIFIER_ALREADY_USED";
/** Printed on the gift card receipt (Reloadly requires one); an order input `senderName` overrides it. */
const DEFAULT_SENDER_NAME = "Merchant Portal";

type Json = Record<string, unknown>;
interface Api {
  base: string;
  accept: string;
}
interface Reply {
  status: number;
  body: unknown;
}
interface Token {
  value: string;
  expiresAt: number;
}

export const reloadlyAdapter: SupplierAdapter = {
  kind: "reloadly",
  connect: (account, context) => reloadlyClient(account, context.clock),
};

/** topups(-sandbox).reloadly.com → giftcards(-sandbox).reloadly.com; a local stand-in serves both APIs. */
export function giftCardBase(topupsBase: string): string {
  const url = new URL(topupsBase);
  if (!url.hostname.startsWith("topups")) return topupsBase;
  url.hostname = `giftcards${url.hostname.slice("topups".length)}`;
  return url.toString().replace(/\/$/, "");
}

/**
 * The client keeps its tokens, by API base (the audience), for its life: Reloadly issues them for a day or more
 * and asks clients to reuse them. The worker keeps one client per account and connects anew when the account is
 * edited.
 */
function reloadlyClient(account: SupplierAccount, clock: Clock): SupplierClient {
  const { clientId = "", clientSecret = "" } = account.credentials;
  const tokens = new Map<string, Token>();
  const topups: Api = { base: account.baseUrl, accept: TOPUPS_ACCEPT };
  const gifts: Api = { base: giftCardBase(account.baseUrl), accept: GIFTCARDS_ACCEPT };
  const usedTokens = new Set<string>();

  // Reloadly's messages go to the order's timeline: never let one carry our secret or a token back.
  const scrub = (text: string) =>
    [clientSecret, ...usedTokens].reduce((out, secret) => (secret ? out.split(secret).join("***") : out), text);
  const unclear = (message: string, cause?: unknown) => new SupplierUnclearError(scrub(message), { cause });

  async function send(url: string, init: RequestInit, what: string): Promise<Reply> {
    try {
      const response = await fetch(url, init);
      const text = await response.text();
      return { status: response.status, body: parseJson(text) };
    } catch (error) {
      if (init.signal?.aborted) throw error; // the caller's time-out, with its own reason
      throw unclear(`Reloadly did not answer ${what}: ${errorText(error)}`, error);
    }
  }

  async function token(api: Api, signal: AbortSignal): Promise<string> {
    const cached = tokens.get(api.base);
    if (cached && cached.expiresAt > clock.now().getTime()) return remember(cached.value);
    if (!clientId || !clientSecret) throw unclear(`Reloadly account ${account.id} has no clientId or clientSecret`);
    const body = {
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: "client_credentials",
      audience: api.base,
    };
    const reply = await send(
      `${account.authUrl || DEFAULT_AUTH_URL}/oauth/token`,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal },
      "POST /oauth/token",
    );
    const answer = asRecord(reply.body);
    const lifetimeMs = Number(answer?.expires_in) * 1000;
    if (reply.status !== 200 || typeof answer?.access_token !== "string" || !(lifetimeMs > 0)) {
      throw unclear(`Reloadly gave no token: ${describe(reply)}`);
    }
    const expiresAt = clock.now().getTime() + lifetimeMs - Math.min(TOKEN_MARGIN_MS, lifetimeMs / 2);
    tokens.set(api.base, { value: answer.access_token, expiresAt });
    return remember(answer.access_token);
  }

  function remember(value: string): string {
    usedTokens.add(value);
    return value;
  }

  /**
   * One API call. Reloadly checks the token before doing anything, so a 401 placed nothing: the token is dropped
   * and the call made once more with a new one (a revoked or early-expired token costs no worker round).
   */
  async function call(api: Api, method: string, path: string, signal: AbortSignal, payload?: Json): Promise<Reply> {
    const what = `${method} ${path.split("?")[0]}`;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${await token(api, signal)}`,
        Accept: api.accept,
      };
      if (payload) headers["Content-Type"] = "application/json";
      const body = payload ? JSON.stringify(payload) : undefined;
      const reply = await send(`${api.base}${path}`, { method, headers, body, signal }, what);
      if (reply.status !== 401) return reply;
      tokens.delete(api.base);
      if (attempt === 2) throw unclear(`Reloadly refused our token for ${what}: ${describe(reply)}`);
    }
  }

  async function read(api: Api, path: string, signal: AbortSignal): Promise<unknown> {
    const reply = await call(api, "GET", path, signal);
    if (reply.status !== 200 || reply.body === undefined) {
      throw unclear(`Reloadly answered GET ${path.split("?")[0]} with ${describe(reply)}`);
    }
    return reply.body;
  }

  /** The answer to POST /topups or /orders: a transaction, a refusal, a duplicate reference, or "don't know". */
  async function placed(reply: Reply, request: SupplierRequest, what: string): Promise<SupplierAnswer> {
    const error = reloadlyError(reply.body);
    if (reply.status >= 200 && reply.status < 300) return answer(request, need(reply.body, what));
    if (error?.errorCode === DUPLICATE_REFERENCE) {
      const found = await lookup(request);
      if (found.state !== "notFound") return found;
      throw unclear(`Reloadly says reference ${request.reference} was already used but does not list it yet`);
    }
    // A 4xx in Reloadly's own error shape is a refusal: nothing was placed. Auth, time-out and rate limits are not.
    if (error && reply.status >= 400 && reply.status < 500 && ![401, 403, 408, 429].includes(reply.status)) {
      return {
        state: "failed",
        reason: scrub(`Reloadly: ${error.message} (${error.errorCode ?? `HTTP ${reply.status}`})`),
        code: refusalCodeOf(error.errorCode),
      };
    }
    throw unclear(`Reloadly answered ${what} with ${describe(reply)}`);
  }

  /** A Reloadly transaction (top-up or gift card order) as our answer; gift cards fetch their codes. */
  async function answer(request: SupplierRequest, tx: Json, knownId?: string): Promise<SupplierAnswer> {
    const transactionId = idText(tx.transactionId) ?? knownId;
    if (!transactionId) throw unclear("Reloadly answered a transaction without transactionId");
    switch (tx.status) {
      case "SUCCESSFUL":
        if (request.productType !== ProductType.giftCard) return { state: "success", transactionId, ...topupCost(tx) };
        return giftSuccess(transactionId, tx, request.signal);
      case "PENDING":
      case "PROCESSING":
        return { state: "pending", transactionId };
      case "FAILED":
      case "REFUNDED":
        return { state: "failed", transactionId, reason: `Reloadly: transaction ${transactionId} ${tx.status}` };
      default:
        throw unclear(`Reloadly answered transaction ${transactionId} with status ${JSON.stringify(tx.status)}`);
    }
  }

  async function giftSuccess(transactionId: string, tx: Json, signal: AbortSignal): Promise<SupplierAnswer> {
    const body = await read(gifts, `/orders/transactions/${encodeURIComponent(transactionId)}/cards`, signal);
    const cards = (Array.isArray(body) ? body : [body]).map((card) => giftCard(asRecord(card), transactionId));
    // Reloadly may list an order before its codes exist: ask again later rather than deliver nothing.
    if (cards.length === 0) return { state: "pending", transactionId };
    const cost = typeof tx.currencyCode === "string" ? decimal(tx.amount) : undefined;
    return {
      state: "success",
      transactionId,
      cards,
      ...(cost ? { cost, costCurrency: tx.currencyCode as string } : {}),
    };
  }

  function giftCard(card: Json | undefined, transactionId: string): GiftCard {
    const serial = idText(card?.cardNumber) ?? idText(card?.redemptionUrl);
    if (!serial) throw unclear(`Reloadly answered a card of transaction ${transactionId} without cardNumber`);
    return { serial, pin: idText(card?.pinCode) ?? "", expiresAt: null };
  }

  function submitBody(request: SupplierRequest): { api: Api; path: string; body: Json } | string {
    const amount = Number(request.faceValue);
    if (!/^\d+$/.test(request.supplierProduct))
      return `Reloadly product id is not a number: ${request.supplierProduct}`;
    if (!(amount > 0)) return `Reloadly needs a positive face value, got ${request.faceValue}`;
    const common = { customIdentifier: request.reference };
    if (request.productType === ProductType.giftCard) {
      const { senderName = DEFAULT_SENDER_NAME, recipientEmail } = request.inputs;
      const body = {
        ...common,
        productId: Number(request.supplierProduct),
        quantity: request.quantity,
        unitPrice: amount,
      };
      return {
        api: gifts,
        path: "/orders",
        body: { ...body, senderName, ...(recipientEmail ? { recipientEmail } : {}) },
      };
    }
    if (request.productType !== ProductType.topup) return "Reloadly sells no login top-ups";
    if (request.quantity !== 1) return `Reloadly top-ups are single, quantity ${request.quantity} cannot be sent`;
    const number = request.rechargeAccount.replace(/[\s()-]/g, "").replace(/^(\+|00)/, "");
    if (!/^\d{6,15}$/.test(number)) return `Recharge account is not an international phone number: ${number}`;
    // Reloadly checks the number against an ISO country; the dialling code alone is ambiguous (+1, +7).
    const countryCode = request.inputs.countryCode?.trim().toUpperCase() ?? "";
    if (!/^[A-Z]{2}$/.test(countryCode)) return "Reloadly needs the recipient's country: no countryCode input (ISO 2)";
    const body = { operatorId: Number(request.supplierProduct), amount, useLocalAmount: false };
    return { api: topups, path: "/topups", body: { ...body, ...common, recipientPhone: { countryCode, number } } };
  }

  async function lookup(request: SupplierRequest): Promise<LookupAnswer> {
    const reference = encodeURIComponent(request.reference);
    const body =
      request.productType === ProductType.giftCard
        ? await read(gifts, `/reports/transactions?customIdentifier=${reference}`, request.signal)
        : await read(
            topups,
            `/topups/reports/transactions?customIdentifier=${reference}&page=1&size=20`,
            request.signal,
          );
    // The search is by substring and case-insensitive: keep exact matches. Two would mean two placements; the
    // one that delivered is the truth about this reference.
    const matches = rowsOf(body).filter((row) => row.customIdentifier === request.reference);
    const best = matches.find((row) => row.status === "SUCCESSFUL") ?? matches.find(isPending) ?? matches[0];
    return best ? answer(request, best) : { state: "notFound" };
  }

  return {
    async submit(request) {
      const plan = submitBody(request);
      if (typeof plan === "string") return { state: "failed", reason: plan };
      const reply = await call(plan.api, "POST", plan.path, request.signal, plan.body);
      return placed(reply, request, `POST ${plan.path}`);
    },
    async query(request) {
      const id = encodeURIComponent(request.transactionId);
      if (request.productType === ProductType.giftCard) {
        const body = await read(gifts, `/reports/transactions/${id}`, request.signal);
        return answer(request, need(Array.isArray(body) ? body[0] : body, "GET /reports/transactions"));
      }
      // Documented as the transaction itself; the sandbox has been seen wrapping it in {status, transaction}.
      const body = need(await read(topups, `/topups/${id}/status`, request.signal), "GET /topups/status");
      return answer(request, asRecord(body.transaction) ?? body, request.transactionId);
    },
    lookup,
    async balance(signal) {
      const body = need(await read(topups, "/accounts/balance", signal), "GET /accounts/balance");
      const amount = decimal(body.balance);
      if (!amount || typeof body.currencyCode !== "string") throw unclear("Reloadly answered a balance without amount");
      return { amount, currency: body.currencyCode };
    },
  };

  function need(body: unknown, what: string): Json {
    const record = asRecord(body);
    if (!record) throw unclear(`Reloadly answered ${what} with a body we cannot read`);
    return record;
  }
}

/** What the account was charged: `balanceInfo.cost`, else the balance's drop (cost came later to the API). */
function topupCost(tx: Json): { cost?: string; costCurrency?: string } {
  const info = asRecord(tx.balanceInfo);
  if (!info || typeof info.currencyCode !== "string") return {};
  const old = decimal(info.oldBalance);
  const next = decimal(info.newBalance);
  const cost = decimal(info.cost) ?? (old && next ? new Big(old).minus(next).toString() : undefined);
  return cost ? { cost, costCurrency: info.currencyCode } : {};
}

/**
 * Reloadly's error codes as our refusal classes: its codes name what is wrong (INVALID_RECIPIENT_PHONE,
 * COULD_NOT_AUTO_DETECT_OPERATOR, OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE, INVALID_AMOUNT_FOR_OPERATOR,
 * PRODUCT_NOT_FOUND, INSUFFICIENT_BALANCE...), so a word of the code is enough.
 */
function refusalCodeOf(errorCode: string | null): RefusalCode {
  const code = errorCode ?? "";
  if (/PHONE|RECIPIENT|AUTO_DETECT/.test(code)) return "ACCOUNT_INVALID";
  if (/OPERATOR|AMOUNT|PRODUCT|COUNTRY/.test(code)) return "PRODUCT_UNAVAILABLE";
  if (code === "INSUFFICIENT_BALANCE") return "SUPPLIER_UNAVAILABLE";
  return "SUPPLIER_REFUSED";
}

/**
 * Reloadly's error body: {timeStamp, message, path, errorCode, infoLink, details}; Spring's own 404/500 lack
 * errorCode.
 */
function reloadlyError(body: unknown): { message: string; errorCode: string | null } | null {
  const record = asRecord(body);
  if (typeof record?.message !== "string" || !("errorCode" in record)) return null;
  return { message: record.message, errorCode: typeof record.errorCode === "string" ? record.errorCode : null };
}

function describe(reply: Reply): string {
  const error = reloadlyError(reply.body);
  return error ? `HTTP ${reply.status} ${error.errorCode ?? ""}: ${error.message}` : `HTTP ${reply.status}`;
}

/** Card numbers and PINs are documented as JSON integers: quote them before they lose digits past 2^53. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/("(?:cardNumber|pinCode)"\s*:\s*)(-?\d[\d.eE+-]*)/g, '$1"$2"'));
  } catch {
    return undefined;
  }
}

function isPending(row: Json): boolean {
  return row.status === "PROCESSING" || row.status === "PENDING";
}

function rowsOf(body: unknown): Json[] {
  const rows = Array.isArray(body) ? body : asRecord(body)?.content;
  return Array.isArray(rows) ? rows.map(asRecord).filter((row): row is Json => row !== undefined) : [];
}

function asRecord(value: unknown): Json | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function idText(value: unknown): string | undefined {
  return (typeof value === "string" && value !== "") || typeof value === "number" ? String(value) : undefined;
}

function decimal(value: unknown): string | undefined {
  try {
    return value === null || value === undefined || value === "" ? undefined : new Big(String(value)).toString();
  } catch {
    return undefined;
  }
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}
