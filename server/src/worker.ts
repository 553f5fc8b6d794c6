import { ConfigError, loadConfig } from "./config";
import { createDeps } from "./create-deps";
import { openDatabase } from "./db/connection";
import { databaseTarget } from "./db/target";
import { createLogger } from "./lib/logger";
import { stopOnSignals } from "./lib/shutdown";
import { serveMetrics } from "./metrics/metrics-server";
import { loadModules } from "./modules";
import { startWorkers } from "./modules/workers";

/**
 * `npm run worker`: the background workers (fulfilment, callbacks and notifications, exports) on their own, for
 * production on PostgreSQL (run the server with RUN_WORKER=false and as many of these as needed; they share the
 * work through their tables).
 * The script gives node a 512 MB heap ceiling: without one, V8 sizes the heap for the machine's memory (4 GB
 * here) and lets garbage pile up; a million-row export peaked at 290 MB RSS with a ~50 MB live heap, and at
 * 190 MB with the ceiling, in the same time (`npm run bench -- export`).
 */
async function main() {
  // Checked before anything else: the embedded database's folder (and its key file) belong to the server.
  if (!process.env.DATABASE_URL?.trim()) {
    throw new ConfigError(
      "npm run worker needs DATABASE_URL (PostgreSQL). The embedded database (PGlite) allows one process per data " +
        "folder, and the server (`npm start`) already runs its fulfilment worker in-process.",
    );
  }
  const config = loadConfig();
  const log = createLogger(config, 2);
  const database = await openDatabase(databaseTarget(config), (err) => log.warn({ err }, "connection lost"));
  const deps = createDeps(database, config);
  // Its own metrics (fulfilment, suppliers, queues, pool, process) on a port apart from the server's; listening
  // first, so a port in use stops the worker before it takes any order.
  const metrics =
    config.WORKER_METRICS_PORT === undefined
      ? null
      : await serveMetrics(deps.metrics, {
          port: config.WORKER_METRICS_PORT,
          host: config.METRICS_HOST,
          variable: "WORKER_METRICS_PORT",
        });
  if (metrics) log.info(`metrics at ${metrics.url}`);
  const workers = startWorkers(loadModules(), deps, log);
  log.info(`workers started: ${workers.names.join(", ")}`);

  // SIGTERM/SIGINT: no new claims; the fulfilment, callback and export steps in hand finish before the database
  // goes; past SHUTDOWN_GRACE_MS, logged and exit 1 (the steps cut short are taken up again by any worker).
  stopOnSignals({
    log,
    graceMs: config.SHUTDOWN_GRACE_MS,
    stages: [
      [{ name: "workers", stop: workers.stop, running: workers.busy }],
      [metrics && { name: "metrics listener", stop: () => metrics.close() }],
      [{ name: "database", stop: () => database.close() }],
    ],
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `The fulfilment worker could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
