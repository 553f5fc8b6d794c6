/**
 * `npm run bench -- memory`: the server's resident memory (RSS) after it has been ready and idle for a while
 * (`--idle=60`, seconds), and its peak, for the starts the README names:
 *   - `npm start` on the embedded database, first start (migrations and demo data) and a later one, with this
 *     release's shared buffers (EMBEDDED_SHARED_BUFFERS, 16MB) and with PGlite's own default (128MB);
 *   - the production start (`npm run start:prod`, plain node on dist-server/) on PostgreSQL, and the same entry
 *     run through tsx as production ran before the build existed.
 * Budgets (issue 33): embedded ≤ 350 MB, production on PostgreSQL ≤ 200 MB. Figures go to the README.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { printTable } from "./support/load";

const idleSeconds = Number(process.argv.find((a) => a.startsWith("--idle="))?.slice(7) ?? 60);
const ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = 18_991;

/** VmRSS and VmHWM (the peak) of a process, in MB, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

async function untilHealthy(child: ChildProcess, output: () => string) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/portal/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() - started > 180_000) throw new Error(`not healthy within 180 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `args` with node, waits until healthy and `idleSeconds` more, and reads its memory. */
async function measure(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (c) => (output += String(c)));
  try {
    await untilHealthy(child, () => output);
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    if (!child.pid) throw new Error("no pid");
    return memoryOf(child.pid);
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }
}

/** A package.json script run as it says (`NAME=value node <args>`): its node arguments and environment. */
function script(name: string): { args: string[]; env: Record<string, string> } {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  const words = (scripts[name] ?? "").split(/\s+/);
  const env = Object.fromEntries(words.filter((w) => /^\w+=/.test(w)).map((w) => w.split("=", 2) as [string, string]));
  return { args: words.slice(words.indexOf("node") + 1), env };
}

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mp-memory-"));
  dirs.push(dir);
  return dir;
};
const admin = new pg.Client({ connectionString: ADMIN_URL });
const database = `mp_bench_memory_${process.pid}`;

try {
  // Both starts run what `npm run build` makes; build it once here so no start pays for (or holds) a build.
  execFileSync(process.execPath, ["scripts/browser-build.mjs"], { stdio: "inherit" });
  execFileSync(process.execPath, ["scripts/server-build.mjs"], { stdio: "inherit" });

  const rows: (string | number)[][] = [];
  const row = (name: string, m: { rss: number; peak: number }, budget?: number) =>
    rows.push([
      name,
      m.rss.toFixed(0),
      m.peak.toFixed(0),
      budget ? `${budget} ${m.rss <= budget ? "within" : "OVER"}` : "",
    ]);

  const embedded = freshDir();
  const start = script("start").args;
  const dev = { DATABASE_URL: "", NODE_ENV: "development" };
  row("npm start, embedded, first start", await measure(start, { ...dev, DATA_DIR: embedded }), 350);
  const later = await measure(start, { ...dev, DATA_DIR: embedded });
  row("npm start, embedded, later start", later, 350);
  const pgliteDefault = await measure(start, { ...dev, DATA_DIR: embedded, EMBEDDED_SHARED_BUFFERS: "128MB" });
  row("  same, shared buffers 128MB (PGlite's default)", pgliteDefault);

  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const prod = script("start:prod");
  const production = {
    ...prod.env,
    DATABASE_URL: ADMIN_URL.replace(/\/[^/]*$/, `/${database}`),
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    DATA_DIR: freshDir(),
  };
  const built = await measure(prod.args, production);
  row("npm run start:prod, PostgreSQL", built, 200);
  const flags = prod.args.filter((a) => a.startsWith("--max-"));
  const throughTsx = await measure([...flags, "--import", "tsx", "server/src/main.ts"], production);
  row("  same entry through tsx (before the build)", throughTsx);

  console.log(`Resident memory ${idleSeconds} s after ready, idle (MB; Node ${process.versions.node})`);
  printTable(["start", "RSS", "peak", "budget"], rows);
  console.log(`  embedded, 16MB vs 128MB shared buffers: ${(later.rss / pgliteDefault.rss).toFixed(2)}x`);
  console.log(`  production, built vs tsx:               ${(built.rss / throughTsx.rss).toFixed(2)}x`);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
