import { z } from "zod";
import {
  type CallDeclaration,
  eventDataByType,
  OPENAPI_BASE,
  OPENAPI_REFERENCE_PATH,
  OPENAPI_REVISION,
  type OpenApiErrorCode,
  openApiCalls,
  openApiErrorCodes,
  openApiErrorDocs,
  openApiErrorStatus,
  PRODUCT_NAME,
} from "#contracts";
import { openApiExamples } from "./openapi-examples";

/**
 * The Open API as an OpenAPI 3.1 document (`GET /openapi/v1/openapi.json`), generated from the same call
 * declarations the server routes and validates with, so it cannot drift from what the server does. The portal's
 * own API has its document at /portal/docs; this one is only what a merchant's servers call, with the signing
 * headers, every answer and error, the callbacks (webhooks) and examples. docs/open-api.md explains it in words.
 */
type Json = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the `$schema` line. */
function schemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return json;
}

/** An object schema's properties, `allOf` parts merged (a query built with `.and`). */
function propertiesOf(json: Json): { properties: Record<string, Json>; required: string[] } {
  const parts = (json.allOf as Json[] | undefined) ?? [json];
  return {
    properties: Object.assign({}, ...parts.map((p) => (p.properties as Record<string, Json>) ?? {})),
    required: parts.flatMap((p) => (p.required as string[]) ?? []),
  };
}

function parameters(call: CallDeclaration): Json[] {
  const list: Json[] = [];
  for (const [where, schema] of [
    ["path", call.params],
    ["query", call.query],
  ] as const) {
    if (!schema) continue;
    const { properties, required } = propertiesOf(schemaOf(schema, "input"));
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property;
      list.push({
        name,
        in: where,
        required: where === "path" || required.includes(name),
        schema: rest,
        ...(typeof description === "string" && { description }),
      });
    }
  }
  return list;
}

const signedAnswerHeaders = {
  "X-Signature": {
    description: "Base64 SHA256withRSA by the platform key over the answer (docs: Verifying our answers)",
  },
  "X-Key-Serial": { description: "Which platform key signed it" },
  "X-Previous-Key-Serial": { description: "During the 24 h after a platform-key rotation: the previous key's serial" },
  "X-Previous-Signature": {
    description: "During the 24 h after a platform-key rotation: the previous key's signature over the same string",
  },
  "X-Timestamp": { description: "When it was signed (ms since 1970)" },
  "X-Nonce": { description: "Random, part of the signed string" },
  "X-Api-Version": { description: `The API revision that answered (${OPENAPI_REVISION})` },
  "X-Request-Id": { description: "Quote it to support" },
};
const headers = Object.fromEntries(
  Object.entries(signedAnswerHeaders).map(([name, h]) => [name, { ...h, schema: { type: "string" } }]),
);

/**
 * The error codes each call can answer (docs: Errors): those of every signed call, and those of some calls only
 * (the contracts do not say which failures a call can raise, so this list does). Each code goes under its one
 * status (`openApiErrorStatus`), with what that status means.
 */
const commonCodes: OpenApiErrorCode[] = [
  "INVALID_REQUEST",
  "MISSING_HEADERS",
  "UNKNOWN_APP_ID",
  "TIMESTAMP_EXPIRED",
  "INVALID_SIGNATURE",
  "NONCE_REUSED",
  "KEY_NOT_CONFIGURED",
  "IP_NOT_ALLOWED",
  "MERCHANT_DISABLED",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "OVERLOADED",
];
const callCodes: Partial<Record<keyof typeof openApiCalls, OpenApiErrorCode[]>> = {
  placeOrder: [
    "PRODUCT_NOT_FOUND",
    "ORDER_CONFLICT",
    "PRODUCT_UNAVAILABLE",
    "PAYLOAD_TOO_LARGE",
    "UNSUPPORTED_MEDIA_TYPE",
    "INSUFFICIENT_BALANCE",
    "ACCOUNT_BLOCKED",
    "DAILY_LIMIT_EXCEEDED",
    "VELOCITY_LIMIT_EXCEEDED",
    "NEW_MERCHANT_RESTRICTED",
  ],
  orderByMerchantOrderNo: ["NOT_FOUND"],
  orderByOrderNo: ["NOT_FOUND"],
};
const statusWords: Record<number, string> = {
  400: "Invalid input (`data.errors` names each field)",
  401: "Authentication failed",
  403: "Refused",
  404: "Not found (of yours)",
  409: "Conflict: the merchant order number was used with other content, or the product is off sale for you",
  413: "The body is over 1 MiB",
  415: "The body is not `application/json`",
  422: "Not placed, nothing written",
  429: "Too many requests, see `Retry-After`",
  500: "Our fault; retry with the same merchant order number",
  503: "Shedding load (unsigned), see `Retry-After`",
};

/** A call's error answers: by status, each described with the codes it carries there. */
function errorAnswers(name: keyof typeof openApiCalls): Record<string, string> {
  const byStatus = new Map<number, OpenApiErrorCode[]>();
  for (const code of [...commonCodes, ...(callCodes[name] ?? [])]) {
    const status = openApiErrorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        `${statusWords[status]} (${codes.map((c) => `\`${c}\``).join(", ")})`,
      ]),
  );
}

const envelope = (data: Json) => ({
  type: "object",
  required: ["code", "message", "data"],
  properties: { code: { type: "integer", const: 200 }, message: { type: "string" }, data },
});

function operation(name: keyof typeof openApiCalls, call: CallDeclaration): Json {
  const example = openApiExamples[name];
  const errors = errorAnswers(name);
  return {
    operationId: name,
    summary: example.summary,
    description: example.description,
    tags: ["open-api"],
    parameters: parameters(call),
    ...(call.body && {
      requestBody: {
        required: true,
        content: { "application/json": { schema: schemaOf(call.body, "input"), example: example.request } },
      },
    }),
    responses: {
      "200": {
        description: "Done; signed",
        headers,
        content: {
          "application/json": {
            schema: envelope(call.answer ? schemaOf(call.answer, "output") : {}),
            example: { code: 200, message: "Operation successful", data: example.answer },
          },
        },
      },
      ...Object.fromEntries(
        Object.entries(errors).map(([status, description]) => [
          status,
          { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        ]),
      ),
    },
  };
}

/** A callback or notification we POST to the merchant's URL, as an OpenAPI 3.1 webhook. */
function webhook(type: keyof typeof eventDataByType): Json {
  return {
    post: {
      operationId: `event-${type}`,
      summary: `The ${type} event`,
      description: "Signed like our answers (X-Signature over the request); answer any 2xx within 10 s once stored.",
      tags: ["callbacks"],
      security: [],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["eventId", "type", "createTime", "data"],
              properties: {
                eventId: { type: "string", description: "The same on every try: de-duplicate by it" },
                type: { type: "string", const: type },
                createTime: { type: "string", format: "date-time" },
                data: schemaOf(eventDataByType[type], "output"),
              },
            },
          },
        },
      },
      responses: { "200": { description: "Stored (any 2xx)" } },
    },
  };
}

const signatureScheme = (name: string, description: string) => ({ type: "apiKey", in: "header", name, description });

export function openApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, call] of Object.entries(openApiCalls) as [keyof typeof openApiCalls, CallDeclaration][]) {
    const path = call.path.replace(/:(\w+)/g, "{$1}");
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operation(name, call) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} Open API`,
      version: OPENAPI_REVISION,
      description:
        "Place and follow orders from your servers. Every request is signed with the four headers below, every answer " +
        `is signed back, and final order states are pushed to your callback URL. The guide: ${OPENAPI_REFERENCE_PATH}. ` +
        "A query parameter or body field a call does not list, or one given twice, is refused (400 `INVALID_REQUEST` " +
        "naming it). Any method a path does not list here (HEAD and OPTIONS included) answers " +
        `${openApiErrorStatus.METHOD_NOT_ALLOWED} \`METHOD_NOT_ALLOWED\` with \`Allow\`, signed like any answer.`,
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: OPENAPI_BASE, description: "This server" }],
    tags: [
      { name: "open-api", description: "Calls your servers make" },
      { name: "callbacks", description: "What we POST to your callback and notification URLs" },
    ],
    security: [{ appId: [], timestamp: [], nonce: [], signature: [] }],
    paths,
    webhooks: Object.fromEntries(
      (Object.keys(eventDataByType) as (keyof typeof eventDataByType)[]).map((type) => [type, webhook(type)]),
    ),
    components: {
      securitySchemes: {
        appId: signatureScheme("X-App-Id", "Your AppID (API Settings)"),
        timestamp: signatureScheme("X-Timestamp", "Milliseconds since 1970, within 5 minutes of our clock"),
        nonce: signatureScheme("X-Nonce", "8–64 of A-Za-z0-9_-, new for every request"),
        signature: signatureScheme(
          "X-Signature",
          "Base64 of the signature, HMAC-SHA256 keyed with your secret or SHA256withRSA (RSASSA-PKCS1-v1_5) with " +
            'your private key, over the UTF-8 string "METHOD\\npath?query\\nX-Timestamp\\nX-Nonce\\nbody\\n" ' +
            "(the path and query exactly as sent, the body's exact bytes; no body: an empty line)",
        ),
      },
      schemas: {
        Error: {
          type: "object",
          required: ["code", "message", "data"],
          properties: {
            code: { type: "integer", description: "The HTTP status" },
            message: { type: "string", description: "What went wrong, in your Accept-Language" },
            data: {
              type: ["object", "null"],
              required: ["errorCode", "errorDocs"],
              properties: {
                errorCode: {
                  type: "string",
                  enum: [...openApiErrorCodes],
                  description:
                    "Why, for your program: one HTTP status per code; treat a code you do not know by the status",
                },
                errorDocs: {
                  type: "string",
                  format: "uri-reference",
                  description: `The code's entry in the reference's Errors table, a path on this server (${OPENAPI_REFERENCE_PATH})`,
                  examples: [openApiErrorDocs("INSUFFICIENT_BALANCE")],
                },
                errors: { type: "object", additionalProperties: { type: "string" }, description: "Per field" },
              },
            },
          },
        },
      },
    },
  };
}
