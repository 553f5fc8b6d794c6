import { type LoggerOptions, pino } from "pino";
import type { Config } from "../config";

/**
 * One way to log for every process: JSON lines from pino, at LOG_LEVEL, never with credentials or request bodies
 * (a sign-in's password, a deposit's bank account). The server hands these options to Fastify; the worker makes
 * its own logger from them.
 */
export function logOptions(config: Pick<Config, "LOG_LEVEL">): LoggerOptions {
  return { level: config.LOG_LEVEL, redact: ["req.headers.authorization", "req.headers.cookie", "req.body"] };
}

/** A process's own logger (the worker's), on stderr as the worker always wrote. */
export const processLogger = (config: Pick<Config, "LOG_LEVEL">) => pino(logOptions(config), pino.destination(2));
