import axios, { type AxiosAdapter, type AxiosRequestConfig, isAxiosError } from "axios";
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

export interface HttpClientDeps {
  getToken: () => string | null;
  getLanguage: () => string;
  unknownText: () => string;
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
  /** Tests replace the network. */
  adapter?: AxiosAdapter;
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

/** Every 401 shares one toast, however many calls it ended at once; other failures get one per call. */
const SESSION_TOAST_KEY = "session-expired";
function toastKeyOf(config: AxiosRequestConfig, outcome: Failure): string {
  if (outcome.sessionExpired) return SESSION_TOAST_KEY;
  return `${(config.method ?? "get").toUpperCase()} ${config.url ?? ""}`;
}

/**
 * One axios instance for every `/portal` call. Every answer, whatever its HTTP status, goes through the pure
 * decision in lib/http-outcome; this function only carries the decision out (toast, prompt, reject).
 */
export function createHttpClient(deps: HttpClientDeps) {
  const instance = axios.create({
    baseURL: API_BASE,
    timeout: REQUEST_TIMEOUT_MS,
    // The envelope, not the status, says whether a call worked.
    validateStatus: () => true,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  function settle(config: AxiosRequestConfig, outcome: Outcome): unknown {
    if (outcome.ok) return outcome.data;
    let key: string | null = null;
    if (outcome.toast !== null) {
      key = toastKeyOf(config, outcome);
      deps.showError(outcome.toast, key);
    }
    if (outcome.sessionExpired) deps.onSessionExpired();
    throw new PortalError(outcome.error, key);
  }

  /** One round trip, decided but not yet carried out. */
  async function attempt(config: AxiosRequestConfig): Promise<Outcome> {
    const token = deps.getToken();
    const ctx = { unknownText: deps.unknownText() };
    const headers: Record<string, string> = { "Accept-Language": deps.getLanguage() };
    // Only a signed-in browser sends Authorization (spec §6).
    if (token !== null) headers.Authorization = token;
    try {
      const response = await instance.request({ ...config, headers: { ...headers, ...(config.headers ?? {}) } });
      return decideResponse(response.status, response.data, ctx);
    } catch (error) {
      const facts = isAxiosError(error) ? { message: error.message, code: error.code } : { message: String(error) };
      return decideTransportFailure(facts, ctx);
    }
  }

  async function request<T>(config: AxiosRequestConfig): Promise<T> {
    let outcome = await attempt(config);
    // Calls that hand out or take away access need a current code: ask for it once here, for every such call.
    if (!outcome.ok && outcome.stepUp && deps.askStepUp) {
      const withCode = (code: string) =>
        attempt({ ...config, headers: { ...(config.headers as object), [STEP_UP_HEADER]: code } });
      outcome = (await deps.askStepUp(withCode)) ?? outcome;
    }
    return settle(config, outcome) as T;
  }

  return { instance, request };
}
