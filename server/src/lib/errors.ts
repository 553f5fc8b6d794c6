import type { MessageRef } from "#contracts";

/**
 * An expected failure with an HTTP status and a message key from `locales/` (namespace `errors` unless the key
 * names one). Services throw these; the envelope plugin translates and sends them. Anything else is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    /** Field errors as message keys (with parameters where needed), translated on the way out. */
    readonly fieldErrors?: Record<string, MessageRef>,
    readonly headers: Record<string, string> = {},
    /** A stable code callers branch on (`data.errorCode`), e.g. MFA_REQUIRED; the message is for people. */
    readonly errorCode?: string,
  ) {
    super(key);
  }
}

export const badRequest = (key: string, params?: Record<string, string | number>) => new AppError(400, key, params);
/** A failure that is also shown on one field of the form (e.g. a 409 beside the reference number already used). */
export const failureOnField = (
  status: number,
  field: string,
  key: string,
  params: Record<string, string | number> = {},
) => new AppError(status, key, params, { [field]: { key, params } });
export const fieldError = (field: string, key: string) => failureOnField(400, field, key);
export const fieldErrors = (errors: Record<string, MessageRef>) => new AppError(400, "validation.failed", {}, errors);
export const unauthenticated = () => new AppError(401, "errors.unauthenticated");
export const forbidden = (key = "errors.forbidden") => new AppError(403, key);
/** Until MFA is bound a session may only bind it (or leave): see plugins/auth. */
export const mfaRequired = () => new AppError(403, "errors.mfaRequired", {}, undefined, {}, "MFA_REQUIRED");
/** A call that changes who has access needs the caller's current code (`X-MFA-Code`). */
export const stepUpRequired = () => new AppError(403, "errors.stepUpRequired", {}, undefined, {}, "STEP_UP_REQUIRED");
export const notFound = (key = "errors.notFound") => new AppError(404, key);
export const conflict = (key: string, params?: Record<string, string | number>) => new AppError(409, key, params);
