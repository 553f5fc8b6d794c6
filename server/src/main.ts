import { rmSync } from "node:fs";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { createDeps } from "./create-deps";
import { DataDirLockedError, openDatabase } from "./db/connection";
import { databaseTarget } from "./db/target";
import { httpInFlight, stopOnSignals } from "./lib/shutdown";
import { serveMetrics } from "./metrics/metrics-server";
import { loadModules } from "./modules";
import {
  DEMO_PASSWORD,
  demoStaff,
  demoUsers,
  hasDemoStaff,
  hasDemoUsers,
  isEmpty,
  seedDemo,
  seedDemoStaff,
} from "./modules/provisioning/demo-seed";
import { startWorkers } from "./modules/workers";
import { opsSocketPath, serveOperatorCommands } from "./ops/ops-socket";

async function main() {
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  const deps = createDeps(database, config);
  // Sessions, prices and risk rules cached by this process, dropped when any process changes them.
  await deps.caches.invalidation.start(database);

  // A production database is never filled with demo data behind anyone's back (`npm run ops -- seed:demo`).
  const development = config.NODE_ENV !== "production";
  const seeded = development && (await isEmpty(deps)) ? await seedDemo(deps) : null;
  if (development) await seedDemoStaff(deps);

  const app = await buildApp({ deps });
  // Embedded (PGlite): always in-process, one process per data folder. PostgreSQL: in-process unless separate
  // `npm run worker` processes do it (RUN_WORKER=false).
  // Fulfilment, callbacks and notifications, export files, housekeeping: every module's workers.
  const workers = config.RUN_WORKER ? startWorkers(loadModules(), deps, app.log) : null;
  if (!workers && database.engine === "pglite") {
    app.log.warn("RUN_WORKER=false on the embedded database: no worker can run beside it, orders stay Processing");
  }

  // The operator CLI reaches the embedded database through this server while it holds it (ops/ops-socket.ts).
  const stopOperatorCommands =
    database.engine === "pglite"
      ? await serveOperatorCommands(deps, opsSocketPath(config.dataDir), app.log).catch((error: Error) => {
          app.log.warn(`The operator CLI cannot reach this server (${error.message}): stop it to run a command.`);
          return null;
        })
      : null;

  // Prometheus reads this process's metrics on a listener of its own, never the public port (metrics/).
  const metrics =
    config.METRICS_PORT === undefined
      ? null
      : await serveMetrics(deps.metrics, {
          port: config.METRICS_PORT,
          host: config.METRICS_HOST,
          variable: "METRICS_PORT",
        });

  // SIGTERM/SIGINT: no new connections, claims or operator commands; the requests, worker steps and commands in
  // hand finish before the database (and PGlite's folder lock) goes; past SHUTDOWN_GRACE_MS, logged and exit 1.
  const http = httpInFlight(app.server);
  stopOnSignals({
    log: app.log,
    graceMs: config.SHUTDOWN_GRACE_MS,
    stages: [
      [
        {
          name: "HTTP requests",
          stop: () => {
            http.closing();
            return app.close();
          },
          running: http.running,
        },
        workers && { name: "workers", stop: workers.stop, running: workers.busy },
        stopOperatorCommands && { name: "operator commands", stop: stopOperatorCommands },
      ],
      [metrics && { name: "metrics listener", stop: () => metrics.close() }],
      [{ name: "database", stop: () => database.close() }],
    ],
    onForcedExit: () => {
      if (database.engine === "pglite") rmSync(opsSocketPath(config.dataDir), { force: true });
    },
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
  const where =
    database.engine === "pglite" ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)";
  const lines = [
    "",
    `Merchant Portal is running at ${url}`,
    `  API documentation: ${url}/portal/docs`,
    `  Database: ${where}`,
  ];
  if (metrics) lines.push(`  Metrics (Prometheus): ${metrics.url}`);
  if (seeded) lines.push(`  Demo merchant ${seeded.merchantNo} created.`);
  if (await hasDemoUsers(deps)) {
    lines.push(`  Demo sign-ins, password ${DEMO_PASSWORD} (the first sign-in binds MFA with an authenticator app):`);
    for (const u of demoUsers) lines.push(`    ${u.role.padEnd(9)} ${u.username}`);
  }
  if (await hasDemoStaff(deps)) {
    lines.push(`  Console (the reseller's staff) at ${url}/console, same password, MFA bound at the first sign-in:`);
    lines.push(`    ${demoStaff.roles.join(" + ")}: ${demoStaff.username}`);
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    const { address, port } = error as NodeJS.ErrnoException & { address?: string; port?: number };
    process.stderr.write(
      `Port ${port} on ${address} is already in use: stop the other server, or set PORT to a free port.\n`,
    );
  } else {
    process.stderr.write(
      `Merchant Portal could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
