import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { DELIVERY_TIMEOUT_MS, storedMessage } from "#contracts";
import { isNonPublicAddress } from "../../lib/net-guard";

/**
 * The HTTP side of deliveries: one POST, success only for a 2xx status within the time limit. node:http/https
 * directly (no redirects are ever followed: a 3xx is an answer like any other non-2xx).
 *
 * SSRF guard (unless OUTBOUND_ALLOW_PRIVATE): a literal IP host is checked before anything is sent; a name is
 * resolved by our own `lookup`, handed to the socket, so the address checked is the address connected to (a
 * name that resolves to a public address when checked and a private one when connecting cannot slip through).
 */

export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** `status` is the HTTP status when an answer came (null: refused, timed out, blocked...). */
export type SendResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

export type Send = (request: OutboundRequest) => Promise<SendResult>;

/** What is kept of a response body: enough to see what the receiver said, never a whole page. */
const EXCERPT_BYTES = 200;

class BlockedAddressError extends Error {
  readonly code = "EBLOCKED";
}

const blocked = (address: string) => new BlockedAddressError(said("blockedAddress", { address }));

/**
 * Why a try failed, in our words: stored as a message key (contracts' storedMessage) so the delivery log reads
 * it in the reader's language. A receiver's own answer travels inside as a parameter, as it came.
 */
export function said(reason: string, params?: Record<string, string | number>): string {
  const key = `delivery.tryFailures.${reason}`;
  return storedMessage(params ? { key, params } : key);
}

/** dns.lookup that refuses a name when any of its addresses is not public. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const bad = addresses.find((a) => isNonPublicAddress(a.address));
    if (bad) return callback(blocked(bad.address), "", 0);
    if ((options as LookupOptions).all) return (callback as unknown as AllCallback)(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`host not found: ${hostname}`), { code: "ENOTFOUND" }), "", 0);
    callback(null, first.address, first.family);
  });
};
type AllCallback = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;

export interface SenderOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** A sender for the delivery worker, with the guard the configuration asks for. */
export function httpSender({ allowPrivate, timeoutMs = DELIVERY_TIMEOUT_MS }: SenderOptions): Send {
  // Sockets are reused between tries to the same receiver, but only within this sender: every socket in its
  // pools was opened through its own guard. (A pooled socket the receiver closes just as it is reused fails
  // that try; the schedule retries it like any other failure.)
  const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };
  return (request) => post(request, allowPrivate, timeoutMs, agents);
}

function post(
  { url, headers, body }: OutboundRequest,
  allowPrivate: boolean,
  timeoutMs: number,
  agents: { "http:": http.Agent; "https:": https.Agent },
) {
  return new Promise<SendResult>((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ ok: false, status: null, error: said("invalidUrl") });
    }
    if (target.protocol !== "http:" && target.protocol !== "https:")
      return resolve({ ok: false, status: null, error: said("unsupportedProtocol", { protocol: target.protocol }) });
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (!allowPrivate && isIP(host) !== 0 && isNonPublicAddress(host))
      return resolve({ ok: false, status: null, error: blocked(host).message });

    let settled = false;
    const settle = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    // Ends the exchange and drops its socket (never returned to the pool half-read).
    const abort = (result: SendResult) => {
      clearTimeout(timer);
      req.destroy();
      settle(result);
    };
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(target, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      agent: agents[target.protocol],
      ...(allowPrivate ? {} : { lookup: guardedLookup }),
    });
    const timer = setTimeout(
      () => abort({ ok: false, status: null, error: said("timedOut", { seconds: timeoutMs / 1000 }) }),
      timeoutMs,
    );
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) {
        // Success as soon as the status arrives; the body is drained so the socket can serve the next try
        // (one that never ends is cut at the time limit).
        settle({ ok: true, status });
        res.on("end", () => clearTimeout(timer));
        res.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const excerpt = Buffer.concat(chunks).toString("utf8").slice(0, EXCERPT_BYTES).replace(/\s+/g, " ").trim();
        abort({
          ok: false,
          status,
          error: excerpt ? said("httpStatusSaid", { status, excerpt }) : said("httpStatus", { status }),
        });
      };
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) done();
      });
      res.on("end", done);
      res.on("error", done);
    });
    req.on("error", (error) => abort({ ok: false, status: null, error: describeError(error, host) }));
    req.end(body);
  });
}

/** A short technical sentence for the delivery log (no stack, no headers). */
export function describeError(error: Error & { code?: string }, host: string): string {
  if (error instanceof BlockedAddressError) return error.message;
  switch (error.code) {
    case "ECONNREFUSED":
      return said("connectionRefused");
    case "ECONNRESET":
      return said("connectionReset");
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return said("hostNotFound", { host });
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return said("hostUnreachable");
    default:
      return (error.code ? `${error.code}: ${error.message}` : error.message).replace(/\s+/g, " ").slice(0, 200);
  }
}
