/**
 * `npm start` on an existing data folder: time from process start to the first successful `/portal/health`,
 * compared with the first start on an empty folder (migrations + demo seed). Prints medians and the ratio.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { median } from "./support/load";

const PORT = 18_990;
const RUNS = 5;

async function timeToHealthy(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/portal/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error("no healthy answer within 60 s");
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await stop(child);
  }
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(path.join(tmpdir(), "mp-bench-"));
  dirs.push(d);
  return d;
};

try {
  const firstStarts: number[] = [];
  const existing: number[] = [];
  for (let i = 0; i < 3; i++) firstStarts.push(await timeToHealthy(fresh()));
  const dir = fresh();
  await timeToHealthy(dir);
  for (let i = 0; i < RUNS; i++) existing.push(await timeToHealthy(dir));
  console.log(`npm start -> first healthy /portal/health (PGlite, browser app already built)`);
  console.log(
    `  existing data folder: median ${median(existing).toFixed(0)} ms over ${RUNS} runs [${existing.map((x) => x.toFixed(0)).join(", ")}]`,
  );
  console.log(
    `  empty data folder:    median ${median(firstStarts).toFixed(0)} ms over 3 runs [${firstStarts.map((x) => x.toFixed(0)).join(", ")}]`,
  );
  console.log(`  ratio empty/existing: ${(median(firstStarts) / median(existing)).toFixed(2)}x`);
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
