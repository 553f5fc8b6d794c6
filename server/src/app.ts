import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { OPENAPI_BASE, PORTAL_BASE } from "#contracts";
import type { AppDeps } from "./app-deps";
import { createLogger } from "./lib/logger";
import { fromProjectRoot } from "./lib/project-root";
import { instrumentHttp } from "./metrics/metrics-server";
import { loadModules } from "./modules";
import { portalDocumentOptions } from "./plugins/api-document";
import { registerAuthGuard } from "./plugins/auth";
import { frameworkError, portalNotFound, registerEnvelope, validatorCompiler } from "./plugins/envelope";
import { registerOverloadGuard } from "./plugins/overload";
import { pagePreloads, sendPage } from "./plugins/page-preloads";
import { noStore, registerSecurityHeaders } from "./plugins/security-headers";
import { registerStorageGuard } from "./plugins/storage-guard";

export interface BuildAppOptions {
  /** The process's container (create-deps.ts), shared with its workers. */
  deps: AppDeps;
  /** Folder of the built browser app; served at `/` when it exists. */
  webRoot?: string;
}

const defaultWebRoot = fromProjectRoot("dist");

/** What an incoming X-Request-Id may be to be kept: a proxy's id, not a log injection. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The whole HTTP server, built the same way by `main` and by the tests. */
export async function buildApp({ deps, webRoot = defaultWebRoot }: BuildAppOptions) {
  const { config } = deps;
  const modules = loadModules();

  const app = Fastify({
    ...(config.LOG_LEVEL === "silent"
      ? { logger: false }
      : { loggerInstance: createLogger(config) as FastifyBaseLogger }),
    // One line per request, when it is answered (below), rather than Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A proxy's request id is kept (its logs and ours then name the same request); any other is made here.
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    frameworkErrors: frameworkError,
    // Path parameters are judged by their call's schema (a 400 naming the field, signed on the Open API), not cut
    // off by the router at its default 100 characters; Node's 16 KiB header limit bounds the request line anyway.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A graceful stop (main.ts) serves a request that still arrives on an open connection, and closes that
    // connection after it, rather than answering Fastify's untranslated 503: the database closes only after.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // Every line logged while serving a request carries its id (request.log); this one says how it was answered.
  app.addHook("onResponse", async (request, reply) => {
    const status = reply.statusCode;
    const line = `${request.method} ${request.url} ${status} ${reply.elapsedTime.toFixed(0)} ms`;
    const fields = { req: { method: request.method, url: request.url }, res: { statusCode: status } };
    // A 503 says plainly why not now (overload, storage full, health's "degraded"): a warning. The error handler
    // logs the cause of one that has a cause worth an error (a full disk).
    if (status === 503) request.log.warn(fields, line);
    else if (status >= 500) request.log.error(fields, line);
    else request.log.info({ ...fields, responseTime: reply.elapsedTime }, line);
  });
  // Request durations by route pattern and status for Prometheus (served on METRICS_PORT, never here).
  instrumentHttp(app, deps.metrics);
  registerSecurityHeaders(app, config);
  await registerOverloadGuard(app, config);
  registerStorageGuard(app, deps);

  await app.register(fastifySwagger, portalDocumentOptions);
  await app.register(fastifySwaggerUi, { routePrefix: `${PORTAL_BASE}/docs` });

  await app.register(
    async (portal) => {
      registerEnvelope(portal);
      noStore(portal);
      registerAuthGuard(portal, deps);
      portal.setNotFoundHandler(portalNotFound);
      // The guard above serves both realms: each call's declared realm decides whose session it takes.
      for (const module of modules) {
        for (const routes of [module.portal, module.console])
          if (routes) await portal.register(async (scope) => routes(scope, deps));
      }
    },
    { prefix: PORTAL_BASE },
  );

  // Public files outside both APIs' scopes (the Open API's own document and reference page).
  for (const { root } of modules) if (root) await app.register(async (scope) => root(scope, deps));

  // Server-to-server: signed requests, signed answers, in the scope one module sets up (loadModules checks it).
  await app.register(
    async (openApi) => {
      noStore(openApi);
      for (const { openApiScope } of modules) if (openApiScope) await openApiScope(openApi, deps);
      for (const { openApi: routes } of modules) {
        if (routes) await openApi.register(async (scope) => routes(scope, deps));
      }
    },
    { prefix: OPENAPI_BASE },
  );

  await serveBrowserApp(app, webRoot);
  return app;
}

/**
 * The built browser app at `/`: hashed assets cached for good, `index.html` never, and every browser route
 * (a GET that is not a file) answered with `index.html` so deep links and reloads work.
 */
async function serveBrowserApp(app: FastifyInstance, webRoot: string) {
  const hasApp = existsSync(path.join(webRoot, "index.html"));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Brotli and gzip copies made once at build time (vite.config.ts), chosen by Accept-Encoding.
      preCompressed: true,
      // Cache-Control is ours (setHeaders), not `send`'s default `public, max-age=0`.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader(
          "cache-control",
          file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  // A page of the merchant portal: index.html naming the files its first screen needs (plugins/page-preloads.ts).
  const preloads = hasApp ? pagePreloads(webRoot) : undefined;
  app.setNotFoundHandler((request, reply) => {
    // HEAD too: uptime monitors check pages with it.
    const isPage =
      (request.method === "GET" || request.method === "HEAD") && !path.extname(request.url.split("?")[0] ?? "");
    if (hasApp && isPage) {
      reply.header("cache-control", "no-cache");
      const page = preloads?.(request.url.split("?")[0] ?? "/");
      return page ? sendPage(request, reply, page) : reply.sendFile("index.html");
    }
    const hint = hasApp ? "Not found" : "Not found (the browser app is not built: run `npm run build`)";
    return reply.code(404).type("text/plain; charset=utf-8").send(hint);
  });
}
