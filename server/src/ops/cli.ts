import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { createDeps } from "../create-deps";
import { DataDirLockedError, openDatabase } from "../db/connection";
import { databaseTarget } from "../db/target";
import { operatorActor } from "../modules/audit/audit.service";
import type { Command, Commands } from "../modules/module";
import { loadCommands, operatorName, refusalMessage } from "./commands";
import { opsSocketPath, runOnServer } from "./ops-socket";

/**
 * The operator CLI for the reseller's own staff: `npm run ops -- <command> [options]`. Each module brings its
 * commands (modules/<area>/<area>.commands.ts). It opens the same database the server uses (DATA_DIR or
 * DATABASE_URL). The embedded database belongs to one process: while a server runs on it, that server runs the
 * command (ops-socket.ts), so nobody has to stop the portal to approve a deposit.
 */
function help(commands: Commands): string {
  const lines = ["Usage: npm run ops -- <command> [options]", "", "Commands:"];
  for (const [name, c] of Object.entries(commands)) lines.push(`  ${name.padEnd(16)} ${c.summary}`);
  lines.push("", "Run `npm run ops -- <command> --help` for a command's options.");
  lines.push("The database is the server's: DATABASE_URL, or the embedded one in DATA_DIR (default ./data).");
  return lines.join("\n");
}

function commandHelp(c: Command): string {
  const options = Object.entries(c.options).map(
    ([o, d]) => `  --${o.padEnd(16)} ${d.description}${d.required ? " (required)" : ""}`,
  );
  return [
    `Usage: npm run ops -- ${c.usage}`,
    "",
    c.summary,
    ...(options.length ? ["", "Options:", ...options] : []),
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const commands = await loadCommands();
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(help(commands));
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command: ${name}\n\n${help(commands)}`);
    return 1;
  }
  const { values } = parseArgs({
    args: rest,
    options: { ...command.options, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (values.help) {
    console.log(commandHelp(command));
    return 0;
  }
  const given = values as Record<string, string | boolean | undefined>;
  for (const [option, declared] of Object.entries(command.options)) {
    const value = given[option];
    if (declared.path && typeof value === "string") given[option] = path.resolve(value);
  }
  const missing = Object.entries(command.options).filter(([o, d]) => d.required && given[o] === undefined);
  if (missing.length) {
    console.error(`Missing ${missing.map(([o]) => `--${o}`).join(", ")}\n\n${commandHelp(command)}`);
    return 1;
  }
  // Before the configuration is read: outside production that writes a new DATA_DIR/secrets.json.
  if (command.withoutDatabase) {
    await command.withoutDatabase(given, (line) => console.log(line));
    return 0;
  }
  const config = loadConfig();
  const target = databaseTarget(config);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(target);
  } catch (error) {
    // A server holds the embedded database: it runs the command for us.
    const socket = target.kind === "pglite" && target.dir ? opsSocketPath(target.dir) : null;
    if (!(error instanceof DataDirLockedError) || !socket || !existsSync(socket)) throw error;
    return runOnServer(socket, { name, values: given, operator: operatorName() }, console.log, console.error);
  }
  try {
    await command.run(createDeps(database, config), given, (line) => console.log(line), operatorActor(operatorName()));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code || Number(process.exitCode ?? 0)),
  (error: unknown) => {
    console.error(refusalMessage(error) ?? error);
    process.exit(1);
  },
);
