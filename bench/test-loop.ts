/**
 * `npm test` as a developer runs it (the embedded database: DATABASE_URL unset), `--runs=N` times (1 unless
 * said): the wall time of each run and its test counts, then the median. `--fresh` first forgets Vitest's record
 * of earlier runs (node_modules/.vite/vitest), which orders files by their last duration, as on a fresh clone.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { median } from "./support/load";

const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 1);
const fresh = process.argv.includes("--fresh");

interface Run {
  seconds: number;
  passed: number;
  skipped: number;
  failed: number;
  files: string;
}

/** One `npm test`; its summary lines are read for the counts ("Tests  1469 passed | 4 skipped (1473)"). */
function npmTest(): Promise<Run> {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn("npm", ["test", "--silent"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    output += String(chunk);
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      const seconds = (performance.now() - started) / 1000;
      // biome-ignore lint/suspicious/noControlCharactersInRegex: Vitest colours its summary.
      const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
      const tests = /^\s*Tests\s+(.*)$/m.exec(plain)?.[1] ?? "";
      const count = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(tests)?.[1] ?? 0);
      const files = /^\s*Test Files\s+(.*)$/m.exec(plain)?.[1]?.trim() ?? "?";
      const run = { seconds, passed: count("passed"), skipped: count("skipped"), failed: count("failed"), files };
      if (code !== 0) {
        console.error(plain.slice(-4000));
        return reject(new Error(`npm test exited with ${code} after ${seconds.toFixed(0)} s (${tests})`));
      }
      resolve(run);
    });
  });
}

const times: number[] = [];
for (let i = 1; i <= runs; i++) {
  if (fresh) rmSync("node_modules/.vite/vitest", { recursive: true, force: true });
  const run = await npmTest();
  times.push(run.seconds);
  console.log(
    `run ${i}/${runs}: ${run.seconds.toFixed(1)} s, ${run.passed} passed, ${run.skipped} skipped, ` +
      `${run.failed} failed (files: ${run.files})`,
  );
}
if (runs > 1) console.log(`median of ${runs}: ${median(times).toFixed(1)} s`);
