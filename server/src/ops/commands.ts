import { userInfo } from "node:os";
import { ZodError } from "zod";
import { ConfigError } from "../config";
import { DataDirLockedError } from "../db/connection";
import { Failure } from "../lib/failure";
import { translator } from "../lib/i18n";
import { loadModules } from "../modules";
import type { Commands } from "../modules/module";

/** Who runs the CLI, as the audit log names them: OPERATOR_NAME when set, else the system account. */
export function operatorName(): string {
  const named = process.env.OPERATOR_NAME?.trim();
  if (named) return named;
  try {
    return userInfo().username;
  } catch {
    return "operator";
  }
}

/** Every module's operator commands, by name (modules/<area>/<area>.commands.ts). */
export async function loadCommands(): Promise<Commands> {
  const commands: Commands = {};
  for (const module of loadModules()) {
    for (const [name, command] of Object.entries(module.commands ?? {})) {
      if (commands[name]) throw new Error(`Two modules declare the command ${name}`);
      commands[name] = command;
    }
  }
  return commands;
}

/** Shared schemas carry message keys for the browser; the CLI speaks English. */
const english = (message: string) => (message.startsWith("validation.") ? translator("en-US")(message) : message);

/**
 * What the operator is told when a command is refused: the sentence of an expected failure (bad input, a service's
 * refusal, the configuration, a locked data folder, an option the parser refuses), never a stack. Null for anything
 * else, which is a defect and is reported as such.
 */
export function refusalMessage(error: unknown): string | null {
  if (error instanceof ZodError)
    return [...new Set(error.issues.map((i) => `${i.path.join(".") || "input"}: ${english(i.message)}`))].join("\n");
  // A service's failure: its English sentence (one line per field when several are wrong).
  if (error instanceof Failure || error instanceof ConfigError || error instanceof DataDirLockedError)
    return error.message;
  // Any option the argument parser refuses (unknown, missing value, `--amount -2.50`): its sentence.
  if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS_"))
    return error.message;
  return null;
}
