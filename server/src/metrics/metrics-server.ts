import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { OPENAPI_BASE, PORTAL_BASE } from "#contracts";
import { ConfigError } from "../config";
import type { Metrics } from "./metrics";

/**
 * Metrics are never public: they name routes, suppliers and volumes. They are served by a listener of their own
 * (METRICS_PORT for the server, WORKER_METRICS_PORT for `npm run worker`) bound to METRICS_HOST, loopback by
 * default, for a Prometheus or agent on the same machine; the public port answers `/metrics` with 404.
 */
export interface MetricsListener {
  /** `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

export interface MetricsListenOptions {
  port: number;
  host: string;
  /** The variable that chose the port, named when it cannot be used. */
  variable: string;
}

export async function serveMetrics(metrics: Metrics, { port, host, variable }: MetricsListenOptions) {
  metrics.collectProcessMetrics();
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { "content-type": metrics.registry.contentType, "cache-control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        response.end(`Metrics could not be collected: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new ConfigError(`${variable}: port ${port} on ${host} is already in use; choose a free port for metrics.`)
          : error,
      ),
    );
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  } satisfies MetricsListener;
}

/**
 * A request's route as a label: the API's route patterns as declared; the browser app's built files (a route each,
 * named after their content hash, so new ones with every build) together as `static`; `unmatched` when none.
 */
export function routeLabel(url: string | undefined): string {
  if (url === undefined) return "unmatched";
  const api = [`${PORTAL_BASE}/`, `${OPENAPI_BASE}/`].some((base) => url.startsWith(base));
  return api || url === "/metrics" ? url : "static";
}

/**
 * The public server's part: each answered request timed by route pattern and status, and `/metrics` refused
 * (404) rather than falling through to the browser app's pages.
 */
export function instrumentHttp(app: FastifyInstance, metrics: Metrics) {
  app.addHook("onResponse", async (request, reply) => {
    metrics.request(request.method, routeLabel(request.routeOptions.url), reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get("/metrics", { schema: { hide: true } }, (_request, reply) =>
    reply.code(404).type("text/plain; charset=utf-8").send("Not found"),
  );
}
