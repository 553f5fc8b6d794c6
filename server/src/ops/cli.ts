import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { createDeps } from "../app-deps";
import { ConfigError, loadConfig } from "../config";
import { DataDirLockedError, openDatabase } from "../db/connection";
import { databaseTarget } from "../db/target";
import { Failure } from "../lib/failure";
import { translator } from "../lib/i18n";
import { loadModules } from "../modules";
import type { Command, Commands } from "../modules/module";

/**
 * The operator CLI for the reseller's own staff: `npm run ops -- <command> [options]`. Each module brings its
 * commands (modules/<area>/<area>.commands.ts). It opens the same database the server uses (DATA_DIR or
 * DATABASE_URL); with the embedded database the server must be stopped first (one process per data folder).
 */
async function loadCommands(): Promise<Commands> {
  const commands: Commands = {};
  for (const module of await loadModules()) {
    for (const [name, command] of Object.entries(module.commands ?? {})) {
      if (commands[name]) throw new Error(`Two modules declare the command ${name}`);
      commands[name] = command;
    }
  }
  return commands;
}

/** Shared schemas carry message keys for the browser; the CLI speaks English. */
const english = (message: string) => (message.startsWith("validation.") ? translator("en-US")(message) : message);

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
  const missing = Object.entries(command.options).filter(([o, d]) => d.required && given[o] === undefined);
  if (missing.length) {
    console.error(`Missing ${missing.map(([o]) => `--${o}`).join(", ")}\n\n${commandHelp(command)}`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  try {
    await command.run(createDeps(database, config), given, (line) => console.log(line));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code || Number(process.exitCode ?? 0)),
  (error: unknown) => {
    if (error instanceof ZodError)
      console.error(
        [...new Set(error.issues.map((i) => `${i.path.join(".") || "input"}: ${english(i.message)}`))].join("\n"),
      );
    // A service's failure: its English sentence (one line per field when several are wrong).
    else if (error instanceof Failure) console.error(error.message);
    else if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    // Any option the argument parser refuses (unknown, missing value, `--amount -2.50`): its sentence, no stack.
    else if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS_"))
      console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
