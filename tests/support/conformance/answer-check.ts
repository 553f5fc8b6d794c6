import type { OpenApiClient } from "../open-api";
import type { FailureReport } from "./failure-report";
import { type JsonSchema, validate } from "./json-schema";
import type { Mutation } from "./mutations";
import type { Answer, Operation, ServedDocument } from "./operations";
import { type Exchange, isSignedAnswer } from "./signed-exchange";

/** What every check needs: where failures go, who asked, what the document says. */
export interface CheckContext {
  report: FailureReport;
  client: OpenApiClient;
  document: ServedDocument;
}

/** The refusal the server means by "your input is malformed"; a conforming request must never get it. */
const MALFORMED = "INVALID_REQUEST";

const answerFor = (operation: Operation, status: number): Answer | undefined =>
  operation.responses[String(status)] ??
  operation.responses[`${Math.floor(status / 100)}XX`] ??
  operation.responses.default;

// biome-ignore lint/suspicious/noExplicitAny: a parsed answer, read field by field
type Envelope = { code?: unknown; message?: unknown; data?: any } | undefined;

function parsed(exchange: Exchange): Envelope {
  try {
    return JSON.parse(exchange.body);
  } catch {
    return undefined;
  }
}

/**
 * The checks of every answer to our (known) AppID: no 5xx, signed over the bytes received, and JSON valid under
 * the schema the document gives for this status (the error envelope for a status it does not list). Answers the
 * parsed envelope for the caller's own checks.
 */
export function checkAnswer(ctx: CheckContext, operation: string, schemaFor: Answer | undefined, e: Exchange) {
  const { report } = ctx;
  if (e.status >= 500) report.add("serverError", operation, `${e.status}`, e);
  if (!isSignedAnswer(ctx.client, e))
    report.add("unsigned", operation, `${e.method} answered ${e.status} without a valid signature`, e);
  if (e.method === "HEAD") return parsed(e);
  const envelope = parsed(e);
  const schema = schemaFor?.schema ?? (e.status >= 400 ? ctx.document.errorSchema : undefined);
  if (envelope === undefined) report.add("offSchema", operation, `${e.status}: the body is not JSON`, e);
  else if (schema) {
    const result = validate(schema, envelope);
    if (!result.valid) report.add("offSchema", operation, `${e.status}: ${result.errors}`, e);
  }
  return envelope;
}

/**
 * A request the document allows: answered 2xx, or refused for a business reason the document names here.
 * Answers how the server took it: done (2xx), refused for a business reason, or unusable (malformed, or a 5xx).
 */
export function checkConforming(ctx: CheckContext, operation: Operation, e: Exchange): "done" | "refused" | "unusable" {
  const answer = answerFor(operation, e.status);
  const envelope = checkAnswer(ctx, operation.id, answer, e);
  ctx.report.answered(operation.id, e.status, e.status >= 300 ? envelope?.data?.errorCode : undefined);
  if (e.status < 300) return "done";
  if (e.status >= 500) return "unusable";
  const code = envelope?.data?.errorCode;
  if (code === MALFORMED) {
    const errors = Object.entries((envelope?.data?.errors ?? {}) as Record<string, unknown>);
    if (errors.length === 0) ctx.report.add("refusedAsMalformed", operation.id, `${MALFORMED}, no field named`, e);
    // One group per field and what was said of it: a generated key (`inputs.x7`) stands for all (`inputs.*`).
    for (const [field, said] of errors) {
      const declared = declaredFields(operation);
      const parent = declared.has(field) ? undefined : [...declared].find((name) => field.startsWith(`${name}.`));
      const key = parent === undefined ? field : field.slice(parent.length + 1);
      const name = parent === undefined ? field : `${parent}.*`;
      const words = parent === undefined ? String(said) : String(said).replaceAll(`"${key}"`, '"*"');
      ctx.report.add("refusedAsMalformed", operation.id, `refused ${MALFORMED}, \`${name}\`: ${words}`, e);
    }
    return "unusable";
  }
  if (!answer) ctx.report.add("undocumentedRefusal", operation.id, `status ${e.status} is not documented`, e);
  else if (!answer.codes.includes(String(code)))
    ctx.report.add("undocumentedRefusal", operation.id, `${e.status} ${code} is not named for ${e.status}`, e);
  return "refused";
}

/** The fields an operation declares: its parameters, and its body's properties at any depth (dotted). */
function declaredFields(operation: Operation): Set<string> {
  const names = new Set(operation.parameters.map((p) => p.name));
  const walk = (schema: JsonSchema | undefined, prefix: string) => {
    for (const [name, property] of Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>)) {
      names.add(`${prefix}${name}`);
      walk(property, `${prefix}${name}.`);
    }
  };
  walk(operation.body, "");
  return names;
}

/** A request that breaks one constraint: a 4xx naming the field, in words that say what is wrong. */
export function checkNonConforming(
  ctx: CheckContext,
  operation: Operation,
  mutation: Mutation,
  field: string,
  e: Exchange,
) {
  const envelope = checkAnswer(ctx, operation.id, answerFor(operation, e.status), e);
  const what = mutation.label;
  if (e.status < 400) {
    ctx.report.add("accepted", operation.id, `${what}: answered ${e.status}`, e);
    return;
  }
  if (e.status >= 500) return;
  // A business refusal (no such order, say) means the server looked past the broken constraint.
  if (envelope?.data?.errorCode !== MALFORMED) {
    const code = envelope?.data?.errorCode ?? "no errorCode";
    ctx.report.add("accepted", operation.id, `${what}: not checked, answered ${e.status} ${code}`, e);
    return;
  }
  const errors = (envelope?.data?.errors ?? {}) as Record<string, unknown>;
  const message = String(envelope?.message ?? "");
  const named = Object.keys(errors).filter((key) => key === field || key.startsWith(`${field}.`));
  if (named.length === 0 && !message.includes(field)) {
    ctx.report.add("wrongMessage", operation.id, `${what}: the answer does not name \`${field}\``, e);
    return;
  }
  const said = named.map((key) => String(errors[key])).join(" ") || message;
  if (mutation.mustSay && !mutation.mustSay.test.test(said))
    ctx.report.add("wrongMessage", operation.id, `${what}: "${said}" does not say ${mutation.mustSay.words}`, e);
}

/**
 * A method the document does not give this path: 405, with `Allow` listing the documented ones, signed.
 * Grouped by method: one line says which paths answer it wrongly.
 */
export function checkUndocumentedMethod(ctx: CheckContext, path: string, documented: string[], e: Exchange) {
  const label = `${e.method} (undocumented)`;
  checkAnswer(ctx, label, undefined, e);
  if (e.status !== 405) {
    ctx.report.add("wrongMethodStatus", label, `answered ${e.status}, not 405`, e);
    return;
  }
  const allow = String(e.headers.allow ?? "")
    .split(",")
    .map((m) => m.trim().toUpperCase())
    .filter(Boolean);
  if (allow.length === 0) ctx.report.add("wrongMethodStatus", label, "405 without an Allow header", e);
  else if (!documented.every((m) => allow.includes(m)) || allow.includes(e.method))
    ctx.report.add("wrongMethodStatus", label, `${path}: Allow: ${allow.join(", ")}, documented ${documented}`, e);
}
