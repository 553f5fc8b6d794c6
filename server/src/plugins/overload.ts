import underPressure, { type FastifyUnderPressureOptions } from "@fastify/under-pressure";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OPENAPI_BASE, openApiErrorData, pickLanguage } from "#contracts";
import type { Config } from "../config";
import { translator } from "../lib/i18n";

/** Seconds a client is told to wait (Retry-After) when the server sheds load. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 10;

/**
 * Under overload (event loop stalled, memory past its ceiling) the server answers 503 at once, with Retry-After,
 * instead of queueing work it cannot finish: @fastify/under-pressure samples the process and refuses before any
 * route runs. Health is the exception: it answers, and says the server is overloaded.
 */
export async function registerOverloadGuard(app: FastifyInstance, config: Config) {
  await app.register(underPressure, {
    maxEventLoopDelay: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: config.OVERLOAD_MAX_HEAP_BYTES,
    maxRssBytes: config.OVERLOAD_MAX_RSS_BYTES,
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    // under-pressure sends what the handler returns, and lets the request through on undefined.
    pressureHandler: shed as unknown as FastifyUnderPressureOptions["pressureHandler"],
  });
}

function shed(request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.config.reportsOverload) return undefined;
  const t = translator(pickLanguage(request.headers["accept-language"]));
  const data = request.url.startsWith(`${OPENAPI_BASE}/`) ? openApiErrorData("OVERLOADED") : null;
  reply.code(503).header("retry-after", String(OVERLOAD_RETRY_AFTER_SECONDS)).type("application/json; charset=utf-8");
  return { code: 503, message: t("errors.overloaded"), data };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Answers even under overload, to say so (health). */
    reportsOverload?: boolean;
  }
}
