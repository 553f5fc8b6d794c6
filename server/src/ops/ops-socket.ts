import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../app-deps";
import { DataDirLockedError } from "../db/connection";
import { operatorActor } from "../modules/audit/audit.service";
import { loadCommands, refusalMessage } from "./commands";

/**
 * The operator CLI beside a running server on the embedded database. PGlite is one session in one process: a
 * second process cannot open its folder, and a PostgreSQL-protocol bridge (pglite-socket) would let the CLI's
 * statements run inside the server's transactions. So the server that owns the database runs the command: the CLI
 * parses and checks it as always, sends its name and options over a Unix socket in the data folder (owner-only,
 * never TCP), and prints the lines that come back. Nothing else changes: the same commands, the same services.
 */
export const opsSocketPath = (dataDir: string) => path.join(dataDir, "ops.sock");

const request = z.object({
  name: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.boolean()])),
  /** Who runs the CLI (ops/commands.ts operatorName), for the audit log. */
  operator: z.string().trim().min(1).max(100),
});

/** One JSON object per line, each way. From the server: lines to print, then the outcome. */
type Reply = { line: string } | { refused: string } | { exit: number };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Serves the CLI's commands on the socket; resolves to the function that stops serving. */
export async function serveOperatorCommands(
  deps: AppDeps,
  socketPath: string,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const commands = await loadCommands();
  // Left by a server that crashed: this process holds the data folder's lock now, so it is nobody's.
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffered = "";
    socket.setEncoding("utf8");
    const send = (reply: Reply) => socket.write(`${JSON.stringify(reply)}\n`);
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf("\n");
      if (end < 0) return;
      socket.removeAllListeners("data");
      void run(buffered.slice(0, end)).then((exit) => socket.end(`${JSON.stringify({ exit })}\n`));
    });

    async function run(text: string): Promise<number> {
      const parsed = request.safeParse(parseJson(text));
      if (!parsed.success) {
        send({ refused: "The request is not a command." });
        return 1;
      }
      const command = commands[parsed.data.name];
      if (!command) {
        send({ refused: `The running server has no command ${parsed.data.name}: restart it after an update.` });
        return 1;
      }
      if (command.withoutDatabase) {
        send({ refused: `${parsed.data.name} runs without a database, never in a server: stop the server first.` });
        return 1;
      }
      // The command's name only: its options may carry a password or an account number.
      log.info({ command: parsed.data.name }, "operator command");
      try {
        await command.run(deps, parsed.data.values, (line) => send({ line }), operatorActor(parsed.data.operator));
        return 0;
      } catch (error) {
        const refused = refusalMessage(error);
        if (refused === null) log.error({ err: error, command: parsed.data.name }, "operator command failed");
        send({ refused: refused ?? "The command failed on the server; its log has the details." });
        return 1;
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) =>
      server.close(() => {
        rmSync(socketPath, { force: true });
        resolve();
      }),
    );
}

/** Runs a command on the server listening on `socketPath`; resolves to the CLI's exit code. */
export function runOnServer(
  socketPath: string,
  command: { name: string; values: Record<string, string | boolean | undefined>; operator: string },
  out: (line: string) => void,
  refused: (message: string) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    let exit = 1;
    // JSON drops the options not given (undefined), so the server reads the request its schema expects.
    const socket = net.connect(socketPath, () => socket.write(`${JSON.stringify(command)}\n`));
    socket.setEncoding("utf8");
    // Said as the locked folder is (a sentence, exit 1): a server holds it but does not answer.
    socket.on("error", (error) =>
      reject(new DataDirLockedError(`The server holding the data folder did not take the command (${error.message}).`)),
    );
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        const reply = JSON.parse(buffered.slice(0, end)) as Reply;
        buffered = buffered.slice(end + 1);
        if ("line" in reply) out(reply.line);
        else if ("refused" in reply) refused(reply.refused);
        else exit = reply.exit;
      }
    });
    socket.on("close", () => resolve(exit));
  });
}
