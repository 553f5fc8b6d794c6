import { failures, SUCCESS_CODE } from "#contracts";

/**
 * The one place that decides what a `/portal` answer means for the caller and the user.
 * Pure: the http client turns a decision into a toast, a logged-out prompt and a rejected promise.
 */

/** Refine's HttpError shape: antd forms paint `errors` onto the fields of the same name. */
export interface PortalHttpError {
  message: string;
  statusCode: number;
  errors?: Record<string, string>;
}

export interface Failure {
  ok: false;
  error: PortalHttpError;
  /** Error text to show for 3 s, or null when nothing should be shown. */
  toast: string | null;
  /** The session is over: offer to sign in again. */
  sessionExpired: boolean;
  /** The call needs the user's current MFA code (step-up): ask for it and send the call again. */
  stepUp?: boolean;
}

export type Outcome = { ok: true; data: unknown } | Failure;

/** `data.errorCode` values the browser acts on (the contracts' failures table). */
export const ERROR_CODES = {
  mfaRequired: failures.mfaRequired.code,
  stepUpRequired: failures.stepUpRequired.code,
} as const;

export interface DecisionContext {
  /** Translated "unknown exception" text for failures without a message. */
  unknownText: string;
}

const UNAUTHENTICATED = 401;

function isEnvelope(body: unknown): body is { code: number; message?: unknown; data?: unknown } {
  return typeof body === "object" && body !== null && typeof (body as { code?: unknown }).code === "number";
}

/** `data.errors` of a validation failure, keeping only string messages. */
export function fieldErrorsOf(data: unknown): Record<string, string> | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const errors = (data as { errors?: unknown }).errors;
  if (typeof errors !== "object" || errors === null) return undefined;
  const entries = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string");
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function failure(error: PortalHttpError, sessionExpired: boolean): Failure {
  return { ok: false, error, toast: error.message, sessionExpired };
}

function errorCodeOf(data: unknown): unknown {
  return typeof data === "object" && data !== null ? (data as { errorCode?: unknown }).errorCode : undefined;
}

/** A response arrived: the envelope decides, whatever the HTTP status was. */
export function decideResponse(status: number, body: unknown, ctx: DecisionContext): Outcome {
  if (isEnvelope(body)) {
    if (body.code === SUCCESS_CODE) return { ok: true, data: body.data };
    const message = typeof body.message === "string" && body.message.trim() !== "" ? body.message : ctx.unknownText;
    const errors = fieldErrorsOf(body.data);
    // Any 401 means this tab is not signed in any more, token or not: another tab may have signed out and
    // taken the stored token with it. (A refused sign-in is a 400, never a 401.)
    const expired = body.code === UNAUTHENTICATED || status === UNAUTHENTICATED;
    const outcome = failure({ message, statusCode: body.code, ...(errors ? { errors } : {}) }, expired);
    const errorCode = errorCodeOf(body.data);
    // Unbound MFA: the shell's bind dialog is already up, so a toast would only repeat it.
    if (errorCode === ERROR_CODES.mfaRequired) return { ...outcome, toast: null };
    if (errorCode === ERROR_CODES.stepUpRequired) return { ...outcome, toast: null, stepUp: true };
    return outcome;
  }
  // No envelope (a proxy's error page, an HTML fallback): the status is all we know.
  const statusCode = status >= 200 && status < 300 ? 500 : status;
  return failure({ message: ctx.unknownText, statusCode }, status === UNAUTHENTICATED);
}

/** No response (network down, time-out, aborted): show the transport's own message. */
export function decideTransportFailure(err: { message?: string; code?: string }, ctx: DecisionContext): Outcome {
  const message = err.message?.trim() ? err.message : ctx.unknownText;
  const error: PortalHttpError = { message, statusCode: 0 };
  // A request we cancelled ourselves (e.g. a query that is no longer needed) is nobody's failure.
  if (err.code === "ERR_CANCELED") return { ok: false, error, toast: null, sessionExpired: false };
  return failure(error, false);
}
