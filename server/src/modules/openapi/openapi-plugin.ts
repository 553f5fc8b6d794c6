import { randomBytes } from "node:crypto";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { OPENAPI_HEADERS, OPENAPI_REVISION, openApiCodeOf, openApiErrorData, openApiErrorStatus } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { Failure, fail, invalid } from "../../lib/failure";
import { closeRedis, connectRedis } from "../../lib/redis";
import { signingBytes } from "../../lib/signing";
import { describeFailure, failure, registerLanguage } from "../../plugins/envelope";
import type { PlatformSigner } from "../api-settings/api-settings.repository";
import { authenticateOpenApi, identifyOpenApiApp, type OpenApiCaller, signatureHeaders } from "./openapi-auth";
import { callNotFound, isMethodNotAllowed, methodNotAllowed, registerMethodNotAllowed } from "./openapi-methods";
import { openApiAuthThrottle, sharedAuthThrottle } from "./openapi-throttle";
import { requestLog } from "./request-log";

declare module "fastify" {
  interface FastifyRequest {
    /** Set on every Open API call that reaches its handler. */
    openApi: OpenApiCaller | null;
    /** The platform key of the calling AppID, once known: it signs the answer. */
    openApiSigner: PlatformSigner | null;
    /** The body's bytes exactly as received: the signature covers them, not a re-serialisation. */
    rawBody: Buffer | null;
    /** The merchant of the request's AppID once known (even when refused): whose request log it goes to. */
    openApiMerchantId: number | null;
    /** The refusal's `errorCode`, for the request log. */
    openApiErrorCode: string | null;
  }
}

/** The Open API caller; only reachable after the signature hook ran. */
export function openApiCaller(request: { openApi: OpenApiCaller | null }): OpenApiCaller {
  if (!request.openApi) throw fail("missingHeaders");
  return request.openApi;
}

/** A failed authentication (not a bad body or a throttle): what the failed-authentication counters count. */
const isRefusal = (error: unknown) =>
  error instanceof Failure && (error.rule.status === 401 || error.rule.status === 403);

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Errors Fastify raises while reading a request, before our authentication ran (a body too large to read, a
 * QUERY without a content type...): the caller is checked as far as the headers go and hears about the request
 * only if those pass, signed.
 */
const isReadingError = (error: FastifyError) =>
  error.code === "FST_ERR_ROUTE_MISSING_CONTENT_TYPE" ||
  (typeof error.code === "string" && error.code.startsWith("FST_ERR_CTP_"));

/** A parameter given twice (`?status=a&status=b`) where each takes one value: refused by name, not misread. */
function refuseRepeatedParameters(query: unknown) {
  if (typeof query !== "object" || query === null) return;
  const repeated = Object.entries(query).filter(([, value]) => Array.isArray(value));
  if (repeated.length > 0)
    throw invalid(
      Object.fromEntries(repeated.map(([name]) => [name, { key: "validation.repeated", params: { field: name } }])),
    );
}

/** The authenticated request's body as JSON: 415 for another type, 400 for bytes that are not JSON. */
function parsedBody(request: FastifyRequest): unknown {
  const raw = request.rawBody;
  if (!raw || raw.length === 0) return undefined;
  if (!JSON_TYPE.test(request.headers["content-type"] ?? "")) throw fail("unsupportedMediaType");
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw fail("badJson");
  }
}

/**
 * The `/openapi/v1` scope: JSON bodies kept raw for the signature, every request authenticated by its signature
 * (before validation, so strangers learn nothing about the schema), a rate limit per AppID, failures in the
 * portal's envelope plus `data.errorCode`, and every answer to a known AppID signed with its platform key.
 */
export async function registerOpenApi(scope: FastifyInstance, deps: AppDeps) {
  scope.decorateRequest("openApi", null);
  scope.decorateRequest("openApiSigner", null);
  scope.decorateRequest("rawBody", null);
  scope.decorateRequest("openApiMerchantId", null);
  scope.decorateRequest("openApiErrorCode", null);
  registerLanguage(scope);

  // What each known AppID asked and got, for its developers (API Settings): written after the answer was sent.
  const log = requestLog(deps, scope.log);
  scope.addHook("onResponse", async (request, reply) => {
    if (request.openApiMerchantId === null) return;
    log.record({
      merchantId: request.openApiMerchantId,
      appId: signatureHeaders(request).appId,
      createdAt: deps.clock.now(),
      method: request.method,
      path: request.url,
      status: reply.statusCode,
      errorCode: request.openApiErrorCode,
      latencyMs: Math.round(reply.elapsedTime),
      requestId: String(request.id),
    });
  });
  scope.addHook("onClose", () => log.close());

  // Every body is kept as bytes, whatever its type: the signature over them is checked first, and only an
  // authenticated caller hears that the body is not JSON (400) or not of a type we take (415).
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "buffer" }, (request, body: Buffer, done) => {
    request.rawBody = body;
    done(null, undefined);
  });

  // With REDIS_URL every API process counts in the same place (lib/redis.ts); the Open API is the client's only
  // user, so it connects the client as the server starts and closes it with the server (`app.close()`).
  const redis = deps.redis;
  if (redis) {
    await connectRedis(
      redis,
      scope.log,
      "the Open API rate limit is not applied, failed authentications are counted in each process",
    );
    scope.addHook("onClose", () => closeRedis(redis));
  }
  const now = () => deps.clock.now().getTime();
  const throttle = redis
    ? sharedAuthThrottle(redis, `${deps.config.REDIS_KEY_PREFIX}openapi-auth:`, now, scope.log)
    : openApiAuthThrottle(now);
  const setSigner = (request: FastifyRequest) => (signer: PlatformSigner, merchantId: number) => {
    request.openApiSigner = signer;
    request.openApiMerchantId = merchantId;
  };

  scope.addHook("preValidation", async (request) => {
    const { appId } = signatureHeaders(request);
    await throttle.check(appId, request.ip);
    try {
      request.openApi = await authenticateOpenApi(
        deps,
        request,
        request.rawBody ?? Buffer.alloc(0),
        setSigner(request),
      );
    } catch (error) {
      if (isRefusal(error)) await throttle.failed(appId, request.ip);
      throw error;
    }
    throttle.succeeded(appId, request.ip);
    // A method the path does not take is answered 405 whatever its body or query.
    if (isMethodNotAllowed(request)) return;
    request.body = parsedBody(request);
    refuseRepeatedParameters(request.query);
  });

  await scope.register(fastifyRateLimit, {
    // After the signature check: only proven requests count, so nobody can spend a merchant's allowance.
    hook: "preHandler",
    max: deps.config.OPENAPI_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => request.openApi?.appId ?? request.ip,
    errorResponseBuilder: (_request, context) => fail("rateLimited", { seconds: Math.ceil(context.ttl / 1000) }),
    // With REDIS_URL one count per AppID for all processes. Should Redis fail to answer, the request goes
    // through uncounted (`skipOnError`; the outage is logged by lib/redis.ts, and the overload guard still sheds
    // load): this limit shares capacity between merchants, it protects no secret, and a merchant expects its
    // signed orders to go on while our Redis is down, neither refused (429) nor failed (500). Failed
    // authentications, which do protect, fall back to counting in this process instead (openapi-throttle.ts).
    ...(redis && { redis, nameSpace: `${deps.config.REDIS_KEY_PREFIX}openapi-rl:`, skipOnError: true }),
  });

  // A HEAD answer carries no body: sign the empty one the client receives, not the one that is never sent.
  scope.addHook("onSend", async (request, _reply, payload) => (request.method === "HEAD" ? "" : payload));

  scope.addHook("onSend", async (request, reply, payload) => {
    reply.header(OPENAPI_HEADERS.apiVersion, OPENAPI_REVISION);
    const signer = request.openApiSigner;
    if (!signer || (typeof payload !== "string" && !Buffer.isBuffer(payload))) return payload;
    const timestamp = String(deps.clock.now().getTime());
    const nonce = randomBytes(16).toString("hex");
    const signed = signingBytes({ method: request.method, pathWithQuery: request.url, timestamp, nonce }, payload);
    reply.header(OPENAPI_HEADERS.timestamp, timestamp);
    reply.header(OPENAPI_HEADERS.nonce, nonce);
    reply.header(OPENAPI_HEADERS.keySerial, String(signer.serial));
    reply.header(OPENAPI_HEADERS.signature, signer.sign(signed));
    // During a rotation's overlap the previous key signs too: a client that trusts only it still verifies us.
    if (signer.previous) {
      reply.header(OPENAPI_HEADERS.previousKeySerial, String(signer.previous.serial));
      reply.header(OPENAPI_HEADERS.previousSignature, signer.previous.sign(signed));
    }
    return payload;
  });

  scope.setErrorHandler(async (error: FastifyError, request, reply) => {
    // A request Fastify could not read (a body too large to read cannot be signature-checked): the caller is
    // checked as far as the headers go (AppID, address, time) and hears about the request only if those pass;
    // the answer is signed. A method the path does not take, or a path there is not, is that whatever the body.
    if (isReadingError(error) && !request.openApi) {
      const { appId } = signatureHeaders(request);
      try {
        await throttle.check(appId, request.ip);
        await identifyOpenApiApp(deps, request, setSigner(request));
        if (isMethodNotAllowed(request)) return methodNotAllowed(request, reply);
        if (request.is404) return callNotFound(request, reply);
      } catch (refusal) {
        if (isRefusal(refusal)) await throttle.failed(appId, request.ip);
        error = refusal as FastifyError;
      }
    }
    const described = describeFailure(error, request);
    reply.headers(described.headers);
    const errorCode = openApiCodeOf(described.status, error instanceof Failure ? error.rule : undefined);
    request.openApiErrorCode = errorCode;
    // One status per code: the code's own (the described one, but for a status no code stands for).
    return failure(reply, openApiErrorStatus[errorCode], described.message, {
      ...described.data,
      ...openApiErrorData(errorCode),
    });
  });

  scope.setNotFoundHandler(callNotFound);
  registerMethodNotAllowed(scope);
}
