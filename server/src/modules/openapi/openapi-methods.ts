import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { openApiCalls, openApiErrorData, openApiErrorStatus } from "#contracts";
import { failure } from "../../plugins/envelope";

declare module "fastify" {
  interface FastifyContextConfig {
    /** On the Open API's 405 routes: the methods the path does take (`Allow`). */
    openApiAllow?: string;
  }
}

/** The Open API's paths, each with the methods its calls declare: what the OpenAPI document lists, no more. */
export function documentedMethods(): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const call of Object.values(openApiCalls))
    byPath.set(call.path, [...(byPath.get(call.path) ?? []), call.method]);
  return byPath;
}

/**
 * Every other method on a documented path answers 405 with `Allow` (HEAD included: a HEAD answer cannot carry
 * the body its signature would cover), after the same authentication as a call, so it is signed like one.
 * Registered before the calls, so Fastify adds no HEAD route of its own beside their GET.
 */
export function registerMethodNotAllowed(scope: FastifyInstance) {
  for (const [path, methods] of documentedMethods()) {
    const others = scope.supportedMethods.filter((method) => !methods.includes(method));
    scope.route({
      method: others,
      url: path,
      config: { openApiAllow: methods.join(", ") },
      schema: { hide: true },
      handler: (request, reply) => methodNotAllowed(request, reply),
    });
  }
}

/** Whether the request is for one of the 405 routes above. */
export const isMethodNotAllowed = (request: FastifyRequest) => request.routeOptions.config.openApiAllow !== undefined;

/** 405 `METHOD_NOT_ALLOWED` naming the methods the path takes, in the header and in the message. */
export function methodNotAllowed(request: FastifyRequest, reply: FastifyReply) {
  const allow = request.routeOptions.config.openApiAllow ?? "";
  request.openApiErrorCode = "METHOD_NOT_ALLOWED";
  reply.header("allow", allow);
  const path = request.url.split("?")[0] ?? "";
  return failure(
    reply,
    openApiErrorStatus.METHOD_NOT_ALLOWED,
    request.t("errors.methodNotAllowedOn", { method: request.method, path, allow }),
    openApiErrorData("METHOD_NOT_ALLOWED"),
  );
}

/** 404 `NOT_FOUND`: no such call. */
export function callNotFound(request: FastifyRequest, reply: FastifyReply) {
  request.openApiErrorCode = "NOT_FOUND";
  const path = request.url.split("?")[0] ?? "";
  return failure(
    reply,
    openApiErrorStatus.NOT_FOUND,
    request.t("errors.routeNotFound", { method: request.method, path }),
    openApiErrorData("NOT_FOUND"),
  );
}
