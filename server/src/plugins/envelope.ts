import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TFunction } from "i18next";
import { type ZodType, z } from "zod";
import {
  type Envelope,
  type FieldErrors,
  type Language,
  languages,
  type MessageRef,
  OPENAPI_BASE,
  openApiErrorData,
  pickLanguage,
  resolveParams,
  translateMessage,
} from "#contracts";
import { Failure } from "../lib/failure";
import { isMessageKey, translator } from "../lib/i18n";

declare module "fastify" {
  interface FastifyRequest {
    language: Language;
    t: TFunction;
  }
}

/** A success envelope in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, message: successWord[request.language], data };
}

/** Every success says the same word: looked up once per language, not on every answer. */
const successWord = Object.fromEntries(languages.map((l) => [l, translator(l)("errors.success")])) as Record<
  Language,
  string
>;

/** The `{ code, message, data }` body of a failure; the HTTP status equals `code`. */
export function failure(reply: FastifyReply, status: number, message: string, data: unknown = null) {
  return reply.code(status).type("application/json; charset=utf-8").send({ code: status, message, data });
}

/** C0 controls and DEL, except tab and line breaks: PostgreSQL refuses NUL in text and JSON, and none is typed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path of the first string (value or key) with a control character in it, or null. */
export function controlCharacterAt(data: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof data === "string") return CONTROL_CHARACTER.test(data) ? path : null;
  // Deeper than any contract goes: the schema refuses the shape anyway.
  if (typeof data !== "object" || data === null || depth > 32) return null;
  for (const [key, value] of Object.entries(data)) {
    if (CONTROL_CHARACTER.test(key)) return [...path, key.replace(CONTROL_CHARACTER, "?")];
    const found = controlCharacterAt(value, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The type provider's validator, plus `reportInput` so an issue says what it got: without it zod cannot tell a
 * missing field ("required") from one of the wrong type. Before the schema, one rule for every call: no control
 * characters in any text (body, query or path), named on the field that has one.
 */
export const validatorCompiler =
  ({ schema }: { schema: ZodType }) =>
  (data: unknown) => {
    const control = controlCharacterAt(data);
    if (control) {
      const instancePath = `/${control.join("/")}`;
      return {
        error: [
          {
            keyword: "control_character",
            instancePath,
            schemaPath: "#",
            message: "validation.controlCharacter",
            params: {},
          },
        ],
      };
    }
    const result = z.safeParse(schema, data, { reportInput: true });
    if (result.success) return { value: result.data };
    return {
      // An unknown field is named by its own path (zod reports the object that holds it, with its keys).
      error: result.error.issues.flatMap((issue) =>
        (issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path]).map(
          (path) => ({
            keyword: issue.code,
            instancePath: `/${path.join("/")}`,
            schemaPath: `#/${path.join("/")}/${issue.code}`,
            message: issue.message,
            params: issueParams(issue),
          }),
        ),
      ),
    };
  };

/** What a message may need of an issue: the input (missing or not), a size's limit, a refinement's own params. */
function issueParams(issue: z.core.$ZodIssue): Record<string, unknown> {
  const params: Record<string, unknown> = { input: issue.input };
  if (issue.code === "too_big")
    Object.assign(params, { max: issue.maximum, inclusive: issue.inclusive, origin: issue.origin });
  if (issue.code === "too_small")
    Object.assign(params, { min: issue.minimum, inclusive: issue.inclusive, origin: issue.origin });
  if (issue.code === "custom") Object.assign(params, issue.params);
  return params;
}

/**
 * Messages that say what type a schema takes: zod 4 gives a schema's own message (`z.string("validation.invalidType")`)
 * to every issue of it, a missing value and a number past its limit included, where they would mislead.
 */
const TYPE_MESSAGES = new Set(["validation.invalidType", "validation.number", "validation.integer"]);

const NUMBER_ORIGINS = new Set(["number", "int", "bigint"]);

/** A size outside its limit, said with the limit: "at most 100", "at most 64 characters". */
function sizeKey(keyword: "too_big" | "too_small", params: Record<string, unknown>): string {
  const big = keyword === "too_big";
  if (NUMBER_ORIGINS.has(String(params.origin))) {
    if (params.inclusive === false) return big ? "validation.below" : "validation.above";
    return big ? "validation.atMost" : "validation.atLeast";
  }
  if (params.origin === "string") return big ? "validation.maxLength" : "validation.minLength";
  return big ? "validation.tooLong" : "validation.tooShort";
}

/**
 * The message key of a schema issue: the schema's own (`validation.*`), except where a type's message would
 * mislead (a missing field, a number past its limit); otherwise one by the issue's kind.
 */
export function issueKey(keyword: string, message: string, params: Record<string, unknown>): string {
  const generic = TYPE_MESSAGES.has(message) || !(message.startsWith("validation.") || isMessageKey(message));
  if (!generic) return message;
  switch (keyword) {
    case "invalid_type":
      // Only a missing field has no input (the validator reports every input it was given).
      return params.input === undefined
        ? "validation.requiredField"
        : message.startsWith("validation.")
          ? message
          : "validation.invalidType";
    case "too_big":
    case "too_small":
      return sizeKey(keyword, params);
    case "unrecognized_keys":
    case "invalid_key":
      return "validation.unknownField";
    default:
      return message.startsWith("validation.") ? message : "validation.invalidType";
  }
}

function translateFields(t: TFunction, fields: Record<string, MessageRef>, language: Language): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [field, translateMessage(t, message, language)]),
  );
}

/** The envelope's sentence for field errors: the messages themselves, which is what a person needs to read. */
function summary(fields: FieldErrors): string {
  return [...new Set(Object.values(fields))].slice(0, 3).join("; ");
}

/** Every call's language and translator, from `Accept-Language`. */
export function registerLanguage(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    request.language = pickLanguage(request.headers["accept-language"]);
    request.t = translator(request.language);
  });
}

/**
 * One place decides how every failure of the `/portal` API looks: translated envelope, HTTP status = code,
 * field errors under `data.errors`, and no internals except in the log (with the request id).
 */
export function registerEnvelope(app: FastifyInstance) {
  registerLanguage(app);

  app.setErrorHandler((error: FastifyError | Failure, request, reply) => {
    const described = describeFailure(error, request);
    reply.headers(described.headers);
    return failure(reply, described.status, described.message, described.data);
  });
}

export interface DescribedFailure {
  status: number;
  message: string;
  data: { errors?: FieldErrors; errorCode?: string } | null;
  headers: Record<string, string>;
}

/**
 * What a failure looks like to the caller: status, translated sentence, field errors. Anything that is not an
 * expected failure is a 500 whose details go only to the log (with the request id).
 */
export function describeFailure(error: FastifyError | Failure, request: FastifyRequest): DescribedFailure {
  const language = request.language ?? pickLanguage(request.headers["accept-language"]);
  const t = request.t ?? translator(language);

  // A write the disk had no room for is the server's trouble, said plainly (503), wherever it was thrown.
  if (!(error instanceof Failure) && isStorageFull(error)) error = new Failure("storageFull", {}, { cause: error });

  if (error instanceof Failure) {
    const { status, message, code } = error.rule;
    // An expected failure of the server's own (a full disk): said plainly to the caller, in full in the log.
    if (status >= 500) request.log.error({ err: error.cause ?? error, reqId: request.id }, message);
    const fields = error.fields ? translateFields(t, error.fields, language) : undefined;
    const data = fields || code ? { ...(fields && { errors: fields }), ...(code && { errorCode: code }) } : null;
    const retryAfter = error.details.retryAfterSeconds;
    return {
      status,
      message: fields ? summary(fields) : t(message, resolveParams(t, error.params, language)),
      data,
      headers: retryAfter === undefined ? {} : { "retry-after": String(retryAfter) },
    };
  }

  if (Array.isArray(error.validation) && error.validation.length > 0) {
    const fields: FieldErrors = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || (error.validationContext ?? "body");
      // An input key no field has is named by itself, as the order's own checks name one (checkOrderInputs).
      const named = issue.keyword === "invalid_key" ? (field.split(".").pop() ?? field) : field;
      const { input: _, ...limits } = issue.params;
      fields[field] ??= t(issueKey(issue.keyword, issue.message ?? "", issue.params), { ...limits, field: named });
    }
    return { status: 400, message: summary(fields), data: { errors: fields }, headers: {} };
  }

  // Fastify's own 4xx (body parsing, content type, size); a response that fails its schema is a 500.
  if (typeof error.statusCode === "number" && error.statusCode < 500) {
    return { status: error.statusCode, message: t(clientErrorKey(error)), data: null, headers: {} };
  }

  request.log.error({ err: error, reqId: request.id }, "unexpected error");
  return { status: 500, message: t("errors.internal", { requestId: request.id }), data: null, headers: {} };
}

/** SQLSTATE disk_full: PostgreSQL's and PGlite's "could not extend file …: No space left on device". */
const DISK_FULL = "53100";

/**
 * Whether an error is a write the disk had no room for: the database's disk_full, or the file system's ENOSPC or
 * EDQUOT (quota), however deep Drizzle or a driver wrapped it (`cause`, or one of an AggregateError's).
 */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 8) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (code === DISK_FULL || code === "ENOSPC" || code === "EDQUOT") return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isStorageFull(inner, depth + 1))) return true;
  return isStorageFull(cause, depth + 1);
}

/** Fastify's own 4xx errors in our words: by status, plus the two ways a JSON body can be unreadable. */
function clientErrorKey(error: FastifyError): string {
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY")
    return "errors.badJson";
  if (error instanceof SyntaxError) return "errors.badJson";
  return statusKeys[error.statusCode ?? 400] ?? "errors.badRequest";
}

const statusKeys: Record<number, string> = {
  404: "errors.notFound",
  405: "errors.methodNotAllowed",
  413: "errors.payloadTooLarge",
  415: "errors.unsupportedMediaType",
  429: "errors.tooManyRequests",
};

/**
 * Errors Fastify raises before any route or hook runs (an address that is not valid percent-encoding): the
 * same translated envelope as every other failure, not Fastify's own English JSON.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const t = translator(pickLanguage(request.headers["accept-language"]));
  const key = error.code === "FST_ERR_BAD_URL" ? "errors.badUrl" : "errors.badRequest";
  // Open API clients branch on `data.errorCode`, even for an address no route could read.
  const data = request.url.startsWith(`${OPENAPI_BASE}/`) ? openApiErrorData("INVALID_REQUEST") : null;
  return failure(reply, 400, t(key), data);
}

/** Unknown `/portal` paths: a 404 envelope naming the call. */
export function portalNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split("?")[0] ?? "";
  return failure(reply, 404, request.t("errors.routeNotFound", { method: request.method, path }));
}
