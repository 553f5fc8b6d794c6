import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from "@fastify/swagger";
import type { FastifySchema } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import * as contracts from "#contracts";
import { type CallDeclaration, OPENAPI_BASE, PRODUCT_NAME } from "#contracts";
import { STEP_UP_HEADER } from "./auth";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The declaration a route serves (serve.ts): the API document names and describes the call from it. */
    call?: CallDeclaration;
  }
}

/**
 * The portal's own API document (/portal/docs): every operation named, summarised and given its failures from
 * its call declaration, so a new call is documented the moment it is declared and served.
 */

const isCall = (value: unknown): value is CallDeclaration =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "access" in value;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const GROUP_SUFFIX = "Calls";

/**
 * Each declaration's path of names in the contracts: its exported group (`apiSettingsCalls`, without `Calls`),
 * then its key, through a nested group (`catalogCalls.categories.list`). A call listed again under a longer path
 * (a group that re-lists calls declared in another) keeps its shortest one; a resource's `calls` are not a group.
 */
function nameCalls(exported: Record<string, unknown>): WeakMap<CallDeclaration, readonly string[]> {
  const names = new WeakMap<CallDeclaration, readonly string[]>();
  const visit = (path: readonly string[], value: unknown) => {
    if (isCall(value)) {
      const known = names.get(value);
      if (!known || path.length < known.length) names.set(value, path);
    } else if (isPlainObject(value) && path.length < 3) {
      for (const [key, inner] of Object.entries(value)) visit([...path, key], inner);
    }
  };
  for (const [name, value] of Object.entries(exported))
    if (name.endsWith(GROUP_SUFFIX)) visit([name.slice(0, -GROUP_SUFFIX.length)], value);
  return names;
}

const callNames = nameCalls(contracts);

/** Words the summaries spell as they are spoken. */
const SPELLED: Record<string, string> = { api: "API", mfa: "MFA", sku: "SKU", skus: "SKUs", id: "ID", url: "URL" };
const wordsOf = (name: string) =>
  (name.match(/[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])/g) ?? [name]).map((w) => SPELLED[w.toLowerCase()] ?? w.toLowerCase());
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A call's `operationId` and `summary`: `apiSettings.rotateSecret`, "API settings: rotate secret". */
export function describeCall(call: CallDeclaration): { operationId: string; summary: string } {
  const path = callNames.get(call);
  if (!path) {
    // Not in an exported `…Calls` group: still a valid document; the portal document test names the call.
    const operationId = `${call.method.toLowerCase()}${call.path.replace(/[^\w]+/g, "_")}`;
    return { operationId, summary: `${call.method} ${call.path}` };
  }
  const area = path.slice(0, -1).flatMap(wordsOf).join(" ");
  const action = wordsOf(path.at(-1) ?? "").join(" ");
  return { operationId: path.join("."), summary: capitalized(`${area}: ${action}`) };
}

const FAILURE_REF = { $ref: "#/components/schemas/Failure" };
const failureAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: FAILURE_REF } },
});

/** The failures every call of its kind can answer (the guards' and the validation's; a call's own come on top). */
function failuresOf(call: CallDeclaration): Record<string, string> {
  const takesInput = Boolean(call.params || call.query || call.body);
  if (call.access === "signature")
    return {
      ...(takesInput && { 400: "The request is not valid (`INVALID_REQUEST`); `data.errors` names the fields." }),
      401: "The signing headers are missing or do not verify; `data.errorCode` says which check failed.",
      403: "The caller's address is not on the app's list, or the merchant is disabled.",
      429: "Too many requests for the app; `Retry-After` says when to try again.",
    };
  const answers: Record<string, string> = {};
  if (takesInput || call.stepUp)
    answers[400] = call.stepUp
      ? "The request is not valid (`data.errors` names the fields), or the `X-MFA-Code` is wrong or used."
      : "The request is not valid: `data.errors` names each field and what is wrong with it.";
  if (call.access === "public") return answers;
  answers[401] = "Not signed in, or the session has ended.";
  const refusals = [
    ...(call.beforeMfa ? [] : ["MFA is not bound yet (`data.errorCode` `MFA_REQUIRED`)"]),
    ...(typeof call.access === "object" ? ["the caller's role lacks the permission"] : []),
    ...(call.stepUp ? ["no `X-MFA-Code` was sent (`STEP_UP_REQUIRED`)"] : []),
  ];
  if (refusals.length > 0) answers[403] = `${capitalized(refusals.join("; or "))}.`;
  return answers;
}

/** A call without a declared answer sends a file or a page of its own, not an envelope (`type: null`: no body schema). */
const FILE_ANSWER = { type: "null", description: "The file or page itself, not an envelope." };

const STEP_UP_PARAMETER = {
  type: "object",
  required: [STEP_UP_HEADER],
  properties: {
    [STEP_UP_HEADER]: {
      type: "string",
      description: "The caller's current MFA code: this call changes who has access.",
    },
  },
};

/** Zod's schemas converted (fastify-type-provider-zod), then what the declaration says about the call. */
const transform: SwaggerTransform = (input) => {
  const converted = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const call = input.route.config?.call;
  if (!call || (converted.schema as { hide?: boolean }).hide) return converted;
  const schema = converted.schema as FastifySchema & Record<string, unknown>;
  const failures = Object.entries(failuresOf(call)).map(([status, text]) => [status, failureAnswer(text)]);
  return {
    url: converted.url,
    schema: {
      ...schema,
      ...describeCall(call),
      ...(call.access === "public" && { security: [] }),
      ...(call.stepUp && { headers: STEP_UP_PARAMETER }),
      response: {
        ...(call.answer ? (schema.response as object) : { 200: FILE_ANSWER }),
        ...Object.fromEntries(failures),
      },
    },
  };
};

type Json = Record<string, unknown>;

/** The component schemas a document refers to, directly or through other components. */
function referencedSchemas(document: Json): Set<string> {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Json;
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (typeof value === "object" && value !== null)
      for (const [key, inner] of Object.entries(value)) {
        const name = key === "$ref" && typeof inner === "string" && /^#\/components\/schemas\/(.+)$/.exec(inner)?.[1];
        if (name && !found.has(name)) {
          found.add(name);
          walk(schemas[name]);
        } else walk(inner);
      }
  };
  walk({ ...document, components: { ...(document.components as Json), schemas: {} } });
  return found;
}

/**
 * Named zod schemas as components (a recursive one, like the menus' `MenuEntry`, can only be referred to), without
 * the input/output twin a route never uses.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as Json;
  const components = document.components as Json;
  const used = referencedSchemas(document);
  const schemas = Object.entries((components.schemas ?? {}) as Json).filter(([name]) => used.has(name));
  return { ...document, components: { ...components, schemas: Object.fromEntries(schemas) } } as ReturnType<
    typeof jsonSchemaTransformObject
  >;
};

/** @fastify/swagger's options for the portal's document; it lists the routes served from declarations. */
export const portalDocumentOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: `${PRODUCT_NAME} API`,
      version: "1",
      description: `The browser's API. Every answer is \`{code, message, data}\`. The Open API (\`${OPENAPI_BASE}\`) has its own document at \`${OPENAPI_BASE}/openapi.json\`.`,
    },
    // The document is served by the server it describes; its paths carry the API's prefix.
    servers: [{ url: "/", description: "This server" }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        // The Open API's four headers (docs/open-api.md); X-App-Id stands for all of them here.
        openApiSignature: { type: "apiKey", in: "header", name: "X-App-Id" },
      },
      schemas: {
        Failure: {
          type: "object",
          description: "A failed call's envelope: `code` is the HTTP status.",
          required: ["code", "message", "data"],
          properties: {
            code: { type: "integer" },
            message: { type: "string", description: "In the language of `Accept-Language` (zh-CN unless en-US)." },
            data: {
              type: "object",
              nullable: true,
              properties: {
                errors: {
                  type: "object",
                  description: "Each field that failed its rule, with what is wrong with it.",
                  additionalProperties: { type: "string" },
                },
                errorCode: { type: "string", description: "A stable name programs branch on." },
                errorDocs: { type: "string", description: "Where the Open API's error code is explained." },
              },
            },
          },
        },
      },
    },
    security: [{ bearer: [] }],
  },
  transform,
  transformObject,
};
