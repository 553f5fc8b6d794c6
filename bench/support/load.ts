/**
 * Shared by the heavy benchmarks: closed-loop load (N clients, each sending its next request when the last one
 * answered), over HTTP from a worker thread (so the client's own work does not run on the server's event loop)
 * or in process (the raw SQL baselines), and the small table printer.
 */
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import pg from "pg";
import type { Engine } from "../../tests/support/test-db";

export interface LoadStats {
  /** Requests completed in the measured window. */
  n: number;
  perSec: number;
  p50: number;
  p99: number;
  max: number;
  /** Non-2xx answers or thrown errors, with one sample. */
  errors: number;
  sample?: string;
  /** The raw figures, so rounds can be pooled (`mergeStats`). */
  latencies: number[];
  seconds: number;
}

export interface HttpRequestSpec {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * PGlite always; PostgreSQL at DATABASE_URL, or at the local server when it answers (skipped with a note when
 * it does not). `BENCH_ENGINES=pglite` (or `postgres`) narrows it.
 */
export async function benchEngines(): Promise<Engine[]> {
  const wanted = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
  const engines = (["pglite", "postgres"] as const).filter((e) => wanted.includes(e));
  if (!engines.includes("postgres") || process.env.DATABASE_URL) return engines;
  const url = "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    process.env.DATABASE_URL = url;
    return engines;
  } catch {
    client.end().catch(() => {});
    console.log(`(no PostgreSQL at ${url} and no DATABASE_URL: PGlite only)`);
    return engines.filter((e) => e !== "postgres");
  }
}

/**
 * A bench's run: `bench` on each engine in turn, then `summarize` (the targets), then the total time. Answers
 * each engine's result.
 */
export async function onEachEngine<R>(
  bench: (engine: Engine) => Promise<R>,
  summarize?: (results: R[]) => void,
): Promise<R[]> {
  const total = performance.now();
  const results: R[] = [];
  for (const engine of await benchEngines()) results.push(await bench(engine));
  summarize?.(results);
  console.log(`\ntotal ${seconds(total)}`);
  return results;
}

export const baseUrl = (server: { address(): AddressInfo | string | null }) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

export function stats(latencies: number[], seconds: number, errors: number, sample?: string): LoadStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return {
    n: sorted.length,
    perSec: sorted.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? Number.NaN,
    errors,
    sample,
    latencies: sorted,
    seconds,
  };
}

/** Rounds of the same measurement as one: all latencies, total requests over total measured time. */
export function mergeStats(rounds: LoadStats[]): LoadStats {
  return stats(
    rounds.flatMap((r) => r.latencies),
    rounds.reduce((sum, r) => sum + r.seconds, 0),
    rounds.reduce((sum, r) => sum + r.errors, 0),
    rounds.find((r) => r.sample)?.sample,
  );
}

/** In-process closed loop: `concurrency` tasks call `fn` back to back; only calls started after warm-up count. */
export async function closedLoop(
  concurrency: number,
  { warmupMs, durationMs }: { warmupMs: number; durationMs: number },
  fn: (client: number) => Promise<unknown>,
): Promise<LoadStats> {
  const start = performance.now();
  const measureFrom = start + warmupMs;
  const end = measureFrom + durationMs;
  const latencies: number[] = [];
  let errors = 0;
  let sample: string | undefined;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await fn(client);
          if (t0 >= measureFrom) latencies.push(performance.now() - t0);
        } catch (error) {
          errors++;
          sample ??= String(error);
        }
      }
    }),
  );
  return stats(latencies, (performance.now() - measureFrom) / 1000, errors, sample);
}

/** The HTTP client, as plain CommonJS evaluated in a worker: keep-alive sockets, one per client. */
const workerSource = `
const http = require("node:http");
const { parentPort, workerData: w } = require("node:worker_threads");
const agent = new http.Agent({ keepAlive: true, maxSockets: w.concurrency });
const url = new URL(w.base);
function send(spec) {
  return new Promise((resolve, reject) => {
    const headers = { ...spec.headers };
    if (spec.body !== undefined) headers["content-length"] = Buffer.byteLength(spec.body);
    const req = http.request(
      { agent, host: url.hostname, port: url.port, method: spec.method, path: spec.path, headers },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(spec.body);
  });
}
(async () => {
  const start = performance.now();
  const measureFrom = start + w.warmupMs;
  const end = measureFrom + w.durationMs;
  const latencies = [];
  let errors = 0;
  let sample;
  let next = 0;
  await Promise.all(Array.from({ length: w.concurrency }, async () => {
    while (performance.now() < end) {
      const spec = w.requests[next++ % w.requests.length];
      const t0 = performance.now();
      try {
        const res = await send(spec);
        if (res.status < 200 || res.status >= 300) { errors++; sample ??= res.status + " " + res.body.slice(0, 300); continue; }
        if (t0 >= measureFrom) latencies.push(performance.now() - t0);
      } catch (error) {
        errors++;
        sample ??= String(error);
      }
    }
  }));
  agent.destroy();
  parentPort.postMessage({ latencies, seconds: (performance.now() - measureFrom) / 1000, errors, sample });
})();
`;

/** Closed-loop HTTP load from a worker thread; clients take the request specs in turn. */
export function httpLoad(
  base: string,
  requests: HttpRequestSpec[],
  concurrency: number,
  timing: { warmupMs: number; durationMs: number },
): Promise<LoadStats> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, { eval: true, workerData: { base, requests, concurrency, ...timing } });
    worker.once("message", (m: { latencies: number[]; seconds: number; errors: number; sample?: string }) =>
      resolve(stats(m.latencies, m.seconds, m.errors, m.sample)),
    );
    worker.once("error", reject);
  });
}

/** A fixed-width table: the first column left-aligned, the others right-aligned. */
export function printTable(header: string[], rows: (string | number)[][]) {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`  ${line(header)}`);
  console.log(`  ${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const r of cells.slice(1)) console.log(`  ${line(r)}`);
}

/** A bench's warm-up and measured time per run, BENCH_WARMUP_MS / BENCH_DURATION_MS overriding its defaults. */
export const benchTiming = (defaults: { warmupMs: number; durationMs: number }) => ({
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? defaults.warmupMs),
  durationMs: Number(process.env.BENCH_DURATION_MS ?? defaults.durationMs),
});

export const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "-");
export const int = (x: number) => Math.round(x).toLocaleString("en-US");
export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The middle value (the upper one of an even count), the figure the benches print for a few runs. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
