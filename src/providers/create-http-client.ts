import { PORTAL_BASE } from "#contracts";
import {
  decideResponse,
  decideTransportFailure,
  type Failure,
  type Outcome,
  type PortalHttpError,
} from "../lib/http-outcome";

/** The browser's calls to the API go under this base path (spec §7). */
export const API_BASE = PORTAL_BASE;
export const REQUEST_TIMEOUT_MS = 300_000;
/** Where a step-up call carries the user's current MFA code (server/src/plugins/auth). */
export const STEP_UP_HEADER = "X-MFA-Code";

/** One call: the method (any case), the path below API_BASE, the query, the body and extra headers. */
export interface RequestConfig {
  method?: string;
  url: string;
  /** Flat values; undefined and null are left out, a date goes as ISO 8601, anything else as its text. */
  params?: object;
  /** JSON, unless FormData (an upload) or a string, which go as they are (with the caller's Content-Type). */
  data?: unknown;
  headers?: Record<string, string>;
}

export interface HttpClientDeps {
  getToken: () => string | null;
  getLanguage: () => string;
  unknownText: () => string;
  /** The sentence for a call that never got an answer: no connection, or none within REQUEST_TIMEOUT_MS. */
  transportText: (kind: "network" | "timeout") => string;
  /**
   * Shows an error toast under `key`: a toast with the same key replaces it, so a call that keeps failing (nine
   * wrong sign-ins), or a caller that says it in its own words, leaves one message on the screen.
   */
  showError: (text: string, key: string) => void;
  onSessionExpired: () => void;
  /**
   * Asks the user for their current MFA code for a step-up call; `send` repeats the call with it. Answers the
   * last outcome, or null when the user cancelled.
   */
  askStepUp?: (send: (code: string) => Promise<Outcome>) => Promise<Outcome | null>;
  /** After each answered call that may have changed data (any method but GET). */
  onChanged?: () => void;
  /** Tests replace the network. */
  fetch?: typeof fetch;
}

/** An error the UI can read: Refine's HttpError shape (message, statusCode, field `errors`). */
export class PortalError extends Error implements PortalHttpError {
  readonly statusCode: number;
  readonly errors?: Record<string, string>;
  /** The key of the toast already shown for this failure (null when none was): a caller's own words replace it. */
  readonly toastKey: string | null;
  constructor(error: PortalHttpError, toastKey: string | null = null) {
    super(error.message);
    this.name = "PortalError";
    this.statusCode = error.statusCode;
    if (error.errors) this.errors = error.errors;
    this.toastKey = toastKey;
  }
}

/** The address of a call: the API's base (unless the address is whole), the path, and the query's values. */
export function urlOf(config: Pick<RequestConfig, "url" | "params">): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(config.params ?? {}))
    if (value !== undefined && value !== null)
      query.append(name, value instanceof Date ? value.toISOString() : String(value));
  const search = query.toString();
  const base = /^https?:\/\//i.test(config.url) ? "" : API_BASE;
  return `${base}${config.url}${search ? `?${search}` : ""}`;
}

/** The body as fetch sends it, and the Content-Type it needs said (none for FormData: the browser says it). */
function bodyOf(data: unknown): { body?: BodyInit; contentType?: string } {
  if (data === undefined) return {};
  if (typeof data === "string" || data instanceof FormData) return { body: data };
  return { body: JSON.stringify(data), contentType: "application/json" };
}

/** The answer's body: JSON when it says so, else its text (a proxy's error page), which the decision rejects. */
async function bodyOfAnswer(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!/json/i.test(response.headers.get("Content-Type") ?? "")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * How long a request started ahead of the app (`startEarly`) waits to be taken: only the first screen takes one,
 * so an answer older than this is stale, not early.
 */
export const EARLY_ANSWER_MS = 15_000;
/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([204, 205, 304]);

/** Every 401 shares one toast, however many calls it ended at once; other failures get one per call. */
const SESSION_TOAST_KEY = "session-expired";
function toastKeyOf(config: RequestConfig, outcome: Failure): string {
  if (outcome.sessionExpired) return SESSION_TOAST_KEY;
  return `${(config.method ?? "get").toUpperCase()} ${config.url}`;
}

/**
 * The client for every `/portal` call, on the browser's fetch. Every answer, whatever its HTTP status, goes
 * through the pure decision in lib/http-outcome; this function only carries the decision out (toast, prompt,
 * reject).
 */
export function createHttpClient(deps: HttpClientDeps) {
  const send = deps.fetch ?? ((input, init) => fetch(input, init));
  /** GETs started ahead of the app, by address and session: each is taken by the first call for it, once. */
  const early = new Map<string, { response: Promise<Response>; startedAt: number }>();
  const earlyKey = (address: string) => `${deps.getToken() ?? ""} ${address}`;

  /**
   * Starts a GET the first screen will make (the top bar's balance, the list's first page) while the app's code
   * still loads, so its answer is there when the screen asks: the screen's calls then answer together, in one
   * commit, instead of each a render of its own as it arrives. A call never asked for is only a wasted read.
   */
  function startEarly(config: Pick<RequestConfig, "url" | "params">): void {
    const address = urlOf(config);
    const key = earlyKey(address);
    if (early.has(key)) return;
    // Read whole at once, so a read no one takes still ends (an unread body would hold the request open).
    const response = send(address, {
      method: "GET",
      headers: headersOf(config),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }).then(async (answer) => new Response(NO_BODY.has(answer.status) ? null : await answer.arrayBuffer(), answer));
    // A failure is the taker's to report (it then reports it as its own); one never taken is no one's.
    response.catch(() => undefined);
    early.set(key, { response, startedAt: Date.now() });
  }

  /** The early answer for a GET with no headers of its own, if one was started for it lately; taken once. */
  function takeEarly(method: string, config: RequestConfig, address: string): Promise<Response> | undefined {
    if (method !== "GET" || Object.keys(config.headers ?? {}).length > 0) return undefined;
    const key = earlyKey(address);
    const entry = early.get(key);
    early.delete(key);
    return entry && Date.now() - entry.startedAt <= EARLY_ANSWER_MS ? entry.response : undefined;
  }

  function settle(config: RequestConfig, outcome: Outcome): unknown {
    if (outcome.ok) return outcome.data;
    let key: string | null = null;
    if (outcome.toast !== null) {
      key = toastKeyOf(config, outcome);
      deps.showError(outcome.toast, key);
    }
    if (outcome.sessionExpired) deps.onSessionExpired();
    throw new PortalError(outcome.error, key);
  }

  /** The headers every call carries: the language, and Authorization only from a signed-in browser (spec §6). */
  function headersOf(config: RequestConfig, contentType?: string): Headers {
    const headers = new Headers({ "Accept-Language": deps.getLanguage() });
    const token = deps.getToken();
    if (token !== null) headers.set("Authorization", token);
    if (contentType) headers.set("Content-Type", contentType);
    for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
    return headers;
  }

  /** A call that got no answer, in the user's words: no connection, or none in time. */
  function transportFailure(error: unknown): { message: string; code: string } {
    return error instanceof DOMException && error.name === "TimeoutError"
      ? { message: deps.transportText("timeout"), code: "ECONNABORTED" }
      : { message: deps.transportText("network"), code: "ERR_NETWORK" };
  }

  /** One round trip, decided but not yet carried out. */
  async function attempt(config: RequestConfig): Promise<Outcome> {
    const ctx = { unknownText: deps.unknownText() };
    const method = (config.method ?? "get").toUpperCase();
    const { body, contentType } = bodyOf(config.data);
    const address = urlOf(config);
    let response: Response;
    try {
      response = await (takeEarly(method, config, address) ??
        send(address, {
          method,
          headers: headersOf(config, contentType),
          ...(body !== undefined && { body }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }));
    } catch (error) {
      return decideTransportFailure(transportFailure(error), ctx);
    }
    const outcome = decideResponse(response.status, await bodyOfAnswer(response).catch(() => null), ctx);
    if (method !== "GET") deps.onChanged?.();
    return outcome;
  }

  async function request<T>(config: RequestConfig): Promise<T> {
    let outcome = await attempt(config);
    // Calls that hand out or take away access need a current code: ask for it once here, for every such call.
    if (!outcome.ok && outcome.stepUp && deps.askStepUp) {
      const withCode = (code: string) => attempt({ ...config, headers: { ...config.headers, [STEP_UP_HEADER]: code } });
      outcome = (await deps.askStepUp(withCode)) ?? outcome;
    }
    return settle(config, outcome) as T;
  }

  /**
   * A file the API serves only with the Authorization header (an uploaded proof), as its raw answer: not through
   * `request`, whose envelope decision expects JSON. No answer at all rejects with a PortalError in the user's words.
   */
  async function fetchFile(url: string, options: { params?: object; signal?: AbortSignal } = {}): Promise<Response> {
    try {
      return await send(urlOf({ url, params: options.params }), {
        headers: headersOf({ url }),
        ...(options.signal && { signal: options.signal }),
      });
    } catch (error) {
      throw new PortalError({ message: transportFailure(error).message, statusCode: 0 });
    }
  }

  return { request, fetchFile, startEarly };
}
