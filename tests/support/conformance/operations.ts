import fc from "fast-check";
import { dereference, type JsonSchema } from "./json-schema";
import { propertyOf, type RequestHints } from "./schema-arbitrary";

/** The methods a client may send; QUERY is the new safe method with a body (RFC draft, Node parses it). */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "QUERY"] as const;

export interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
}

export interface Answer {
  /** The JSON body's schema, when the document gives one. */
  schema?: JsonSchema;
  /** The `errorCode`s its description names, in backticks (as the document test reads them). */
  codes: string[];
}

export interface Operation {
  id: string;
  method: string;
  /** The document's path, e.g. `/orders/{merchantOrderNo}`. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  responses: Record<string, Answer>;
}

/** A request before it is written out: what a property generates and a mutation changes. */
export interface RequestCase {
  pathParams: Record<string, string>;
  query: [string, string][];
  /** A JSON body, or `undefined` for none. */
  body?: unknown;
}

export interface ServedDocument {
  /** The servers' first URL, `/openapi/v1`. */
  base: string;
  operations: Operation[];
  /** `components.schemas.Error`, the envelope of every refusal. */
  errorSchema: JsonSchema;
}

const CODE = /`([A-Z_]+)`/g;

/** Every operation of the served document, with its schemas resolved. */
export function readDocument(served: unknown): ServedDocument {
  const document = dereference(served) as JsonSchema;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, JsonSchema>))
    for (const method of HTTP_METHODS) {
      const operation = item[method.toLowerCase()] as JsonSchema | undefined;
      if (!operation) continue;
      const responses = Object.fromEntries(
        Object.entries(operation.responses as Record<string, JsonSchema>).map(([status, response]) => [
          status,
          {
            schema: response.content?.["application/json"]?.schema,
            codes: [...String(response.description ?? "").matchAll(CODE)].map((m) => m[1] as string),
          },
        ]),
      );
      operations.push({
        id: operation.operationId,
        method,
        path,
        parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])],
        body: operation.requestBody?.content?.["application/json"]?.schema,
        responses,
      });
    }
  return { base: document.servers[0].url, operations, errorSchema: document.components.schemas.Error };
}

/** A value as it is written in a path or a query string. */
export const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * Conforming requests of an operation: every required parameter, some optional ones, a body from its schema.
 * `overrides` replaces a parameter's values where the document cannot say what the server needs (a rule in
 * words, such as "at most 30 days back").
 */
export function requestArbitrary(
  operation: Operation,
  hints: RequestHints,
  overrides: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<RequestCase> {
  const valuesOf = (p: Parameter) => overrides[p.name] ?? propertyOf(p.name, p.schema, hints.parameters);
  const path = operation.parameters.filter((p) => p.in === "path");
  const query = operation.parameters.filter((p) => p.in === "query");
  const pathParams = fc.record(Object.fromEntries(path.map((p) => [p.name, valuesOf(p).map(asText)])));
  const queryModel = Object.fromEntries(query.map((p) => [p.name, valuesOf(p).map(asText)]));
  const queryArb = fc
    .record(queryModel, { requiredKeys: query.filter((p) => p.required).map((p) => p.name) })
    .map((q) => Object.entries(q) as [string, string][]);
  const body = operation.body ? propertyOf("", operation.body, hints.body) : fc.constant(undefined);
  return fc.record({ pathParams, query: queryArb, body });
}

/**
 * RFC 3986's unreserved characters only: `encodeURIComponent` leaves `'()*!` as they are, and the request line
 * would then be re-encoded on the way (URL parsing turns `'` into `%27`), so the signed path would not be the one
 * the server reads.
 */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The request line's path-with-query, exactly as sent and signed. */
export function urlOf(base: string, operation: Operation, request: RequestCase): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(request.pathParams[name] ?? ""));
  const query = request.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
  return `${base}${path}${query ? `?${query}` : ""}`;
}
