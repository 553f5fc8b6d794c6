import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/**
 * The product's entries as separate processes, for the process tests: the built JavaScript in dist-server/ that
 * `npm run start:prod` and `npm run worker:prod` run (built once per run: server-build-setup.ts).
 */

export interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** A TCP port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A built entry (dist-server/main.js, worker.js) run with plain node, its output collected. */
export function spawnEntry(entry: "main" | "worker", env: Record<string, string>, port = 0): Server {
  const child = spawn(process.execPath, ["--enable-source-maps", `dist-server/${entry}.js`], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

/** The built server, without the browser build, on a free port; answers once `/portal/health` does. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const server = spawnEntry("main", env, await freePort());
  const started = Date.now();
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
    const ok = await fetch(`${server.url}/portal/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return server;
    if (Date.now() - started > 60_000) throw new Error(`the server did not become healthy:\n${server.output()}`);
    await sleep(50);
  }
}

export function stopServer(server: Server, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve(server.child.exitCode);
    server.child.once("exit", (code) => resolve(code));
    server.child.kill(signal);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
