import axios, { type AxiosAdapter, type AxiosRequestConfig, isAxiosError } from "axios";
import { PORTAL_BASE } from "#contracts";
import { decideResponse, decideTransportFailure, type Outcome, type PortalHttpError } from "../lib/http-outcome";

/** The browser's calls to the API go under this base path (spec §7). */
export const API_BASE = PORTAL_BASE;
export const REQUEST_TIMEOUT_MS = 300_000;
/** Where a step-up call carries the user's current MFA code (server/src/plugins/auth). */
export const STEP_UP_HEADER = "X-MFA-Code";

export interface HttpClientDeps {
  getToken: () => string | null;
  getLanguage: () => string;
  unknownText: () => string;
  showError: (text: string) => void;
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
  constructor(error: PortalHttpError) {
    super(error.message);
    this.name = "PortalError";
    this.statusCode = error.statusCode;
    if (error.errors) this.errors = error.errors;
  }
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

  function settle(outcome: Outcome): unknown {
    if (outcome.ok) return outcome.data;
    if (outcome.toast !== null) deps.showError(outcome.toast);
    if (outcome.sessionExpired) deps.onSessionExpired();
    throw new PortalError(outcome.error);
  }

  /** One round trip, decided but not yet carried out. */
  async function attempt(config: AxiosRequestConfig): Promise<Outcome> {
    const token = deps.getToken();
    const ctx = { hadToken: token !== null, unknownText: deps.unknownText() };
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
    return settle(outcome) as T;
  }

  return { instance, request };
}
