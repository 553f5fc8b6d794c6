import { buildApp } from "./app";
import { createDeps } from "./app-deps";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError, openDatabase } from "./db/connection";
import { databaseTarget } from "./db/target";
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
  const workers = config.RUN_WORKER ? startWorkers(await loadModules(), deps, app.log) : null;
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Orders in hand reach their next state before the database goes away.
    await workers?.stop();
    await stopOperatorCommands?.();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

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
