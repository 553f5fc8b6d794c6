import type { Clock } from "../../../lib/clock";
import { type SupplierAccount, SupplierUnclearError } from "../supplier";
import { asRecord, errorText, type Json, parseJson, reloadlyError } from "./reloadly-json";

/**
 * Talking to Reloadly (docs.reloadly.com; github.com/Reloadly/reloadly-api-documentation): two APIs on two hosts,
 * each with its own OAuth token (the audience is the API's base URL) and its own versioned Accept type. The
 * account's base URL is the top-ups API's; the gift-card API's is derived from it (`giftCardBase`).
 */
const TOPUPS_ACCEPT = "application/com.reloadly.topups-v1+json";
const GIFTCARDS_ACCEPT = "application/com.reloadly.giftcards-v1+json";
const DEFAULT_AUTH_URL = "https://auth.reloadly.com";
/** Renew a token this long before Reloadly's `expires_in` runs out, so none expires in flight. */
const TOKEN_MARGIN_MS = 60_000;
/** Reloadly's default and usual largest page. */
const PAGE_SIZE = 200;
/** A report or catalog longer than this is not one we can take in one sync: fail rather than loop for ever. */
const MAX_PAGES = 500;

export interface Api {
  base: string;
  accept: string;
}
export interface Reply {
  status: number;
  body: unknown;
}
interface Token {
  value: string;
  expiresAt: number;
}

/** topups(-sandbox).reloadly.com → giftcards(-sandbox).reloadly.com; a local stand-in serves both APIs. */
export function giftCardBase(topupsBase: string): string {
  const url = new URL(topupsBase);
  if (!url.hostname.startsWith("topups")) return topupsBase;
  url.hostname = `giftcards${url.hostname.slice("topups".length)}`;
  return url.toString().replace(/\/$/, "");
}

export function describe(reply: Reply): string {
  const error = reloadlyError(reply.body);
  return error ? `HTTP ${reply.status} ${error.errorCode ?? ""}: ${error.message}` : `HTTP ${reply.status}`;
}

export type ReloadlyApi = ReturnType<typeof reloadlyApi>;

/**
 * The connection keeps its tokens, by API base (the audience), for its life: Reloadly issues them for a day or
 * more and asks clients to reuse them. The worker keeps one client per account and connects anew when the
 * account is edited.
 */
export function reloadlyApi(account: SupplierAccount, clock: Clock) {
  const { clientId = "", clientSecret = "" } = account.credentials;
  const tokens = new Map<string, Token>();
  const topups: Api = { base: account.baseUrl, accept: TOPUPS_ACCEPT };
  const gifts: Api = { base: giftCardBase(account.baseUrl), accept: GIFTCARDS_ACCEPT };
  const usedTokens = new Set<string>();

  // Reloadly's messages go to the order's timeline: never let one carry our secret or a token back.
  const scrub = (message: string) =>
    [clientSecret, ...usedTokens].reduce((out, secret) => (secret ? out.split(secret).join("***") : out), message);
  const unclear = (message: string, cause?: unknown) => new SupplierUnclearError(scrub(message), { cause });

  async function send(url: string, init: RequestInit, what: string): Promise<Reply> {
    try {
      const response = await fetch(url, init);
      return { status: response.status, body: parseJson(await response.text()) };
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

  /**
   * Every row of a listing, page after page (`page` counts from 1; Reloadly answers Spring's page
   * {content, totalPages, last, number, ...}); a plain list is a whole answer.
   */
  async function everyPage(api: Api, path: string, query: Record<string, string>, signal: AbortSignal) {
    const rows: Json[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const search = new URLSearchParams({ ...query, page: String(page), size: String(PAGE_SIZE) });
      const body = await read(api, `${path}?${search}`, signal);
      if (Array.isArray(body)) return [...rows, ...body.map(asRecord).filter((row): row is Json => row !== undefined)];
      const answer = asRecord(body);
      if (!Array.isArray(answer?.content)) throw unclear(`Reloadly answered GET ${path} with a page we cannot read`);
      rows.push(...answer.content.map(asRecord).filter((row): row is Json => row !== undefined));
      const totalPages = Number(answer.totalPages);
      if (answer.last === true || answer.content.length === 0 || page >= totalPages) return rows;
    }
    throw unclear(`Reloadly listed more than ${MAX_PAGES} pages for GET ${path}`);
  }

  return { topups, gifts, scrub, unclear, call, read, everyPage };
}
