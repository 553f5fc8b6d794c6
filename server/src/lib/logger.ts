import { type Logger, type LoggerOptions, pino } from "pino";
import pretty from "pino-pretty";
import type { Config } from "../config";

type LogConfig = Pick<Config, "LOG_LEVEL" | "LOG_FORMAT">;

/**
 * One way to log for every process, at LOG_LEVEL, never with credentials or request bodies (a sign-in's password,
 * a deposit's bank account): JSON lines for log collectors, or one readable line each when the output is a
 * terminal (LOG_FORMAT=auto), so a newcomer's `npm start` is not a wall of JSON.
 */
export function logOptions(config: Pick<Config, "LOG_LEVEL">): LoggerOptions {
  return { level: config.LOG_LEVEL, redact: ["req.headers.authorization", "req.headers.cookie", "req.body"] };
}

/** A process's logger on stdout (the server) or stderr (the worker, as it always wrote). */
export function createLogger(config: LogConfig, fd: 1 | 2 = 1): Logger {
  const terminal = (fd === 1 ? process.stdout : process.stderr).isTTY === true;
  const readable = config.LOG_FORMAT === "pretty" || (config.LOG_FORMAT === "auto" && terminal);
  const destination = readable
    ? pretty({
        destination: fd,
        sync: true,
        colorize: terminal,
        singleLine: true,
        translateTime: "SYS:HH:MM:ss.l",
        // A request's line already says its method, address, status and time; its id stays.
        ignore: "pid,hostname,req,res,responseTime",
      })
    : pino.destination(fd);
  return pino(logOptions(config), destination);
}
