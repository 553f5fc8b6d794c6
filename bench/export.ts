/**
 * Order export (issue 6; CSV beside XLSX, issue 18): wall time, rows/s and peak RSS of the real export worker
 * (`runExportsOnce`, in a child process of its own, bench/support/export-child.ts) exporting 100,000 and
 * 1,000,000 orders of one merchant as XLSX and as CSV (the same rows, one child per file), the CSV / XLSX ratios,
 * and the order list's p99 (GET /portal/merchant/api/order/list through HTTP) without and with an export
 * running. Orders are filled in SQL (bench/support/export-fill.ts).
 * Targets (issue 6): under 60 s and under 300 MB RSS on PostgreSQL; peak RSS of 1M within 20% of 100k; list
 * p99 under 50 ms while an export runs. On PGlite the worker runs inside the server (one process per data
 * folder), so there the list-while-export figure is measured in one process, as deployed.
 * `BENCH_EXPORT_ROWS` (default "100000,1000000"), `BENCH_EXPORT_FORMATS` (default "xlsx,csv"),
 * `BENCH_LIST_CLIENTS` (default 4), `BENCH_DURATION_MS` (8,000) after `BENCH_WARMUP_MS` (1,000),
 * `BENCH_EXPORT_NODE_ARGS` (node flags for the worker process, e.g. to profile it).
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type ExportFormat, exportFormats } from "#contracts";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { createDeps } from "../server/src/create-deps";
import { type DatabaseTarget, openDatabase } from "../server/src/db/connection";
import { users } from "../server/src/db/schema";
import { systemActor } from "../server/src/modules/audit/audit.service";
import { newTotpSecret, totpCode } from "../server/src/modules/auth/totp";
import { createExportTask } from "../server/src/modules/export-task/export-task.service";
import { runExportsOnce } from "../server/src/modules/export-task/export-task.worker";
import { createMerchant, createUser } from "../server/src/modules/provisioning/provisioning.service";
import { type Engine, scratchPostgres } from "../tests/support/test-db";
import type { ExportChildResult } from "./support/export-child";
import { fillExportOrders } from "./support/export-fill";
import {
  baseUrl,
  benchTiming,
  httpLoad,
  int,
  type LoadStats,
  ms,
  onEachEngine,
  printTable,
  seconds,
} from "./support/load";

/** An order export as the browser asks for it: all orders, in a time zone (every time cell is converted). */
const ORDER_EXPORT = { type: "order", filters: {}, language: "en-US", timeZone: "Asia/Shanghai" } as const;
const SIZES = (process.env.BENCH_EXPORT_ROWS ?? "100000,1000000").split(",").map(Number);
const FORMATS = (process.env.BENCH_EXPORT_FORMATS ?? exportFormats.join(",")).split(",") as ExportFormat[];
for (const format of FORMATS)
  if (!exportFormats.includes(format))
    throw new Error(`BENCH_EXPORT_FORMATS: ${format} is not one of ${exportFormats}`);
const CLIENTS = Number(process.env.BENCH_LIST_CLIENTS ?? 4);
const TIMING = benchTiming({ warmupMs: 1_000, durationMs: 8_000 });
/**
 * On PostgreSQL exports run in `npm run worker`, so there the child gets that script's node flags (read from
 * package.json; its heap ceiling is what keeps the peak RSS well under 300 MB). On PGlite they run in the server
 * (`npm start`), which has none. BENCH_EXPORT_NODE_ARGS adds flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
 */
const childNodeArgs = (engine: Engine) => [
  ...(engine === "postgres" ? workerNodeFlags() : []),
  ...(process.env.BENCH_EXPORT_NODE_ARGS ?? "").split(" ").filter(Boolean),
];
const PASSWORD = "Passw0rd!bench";
const MFA_SECRET = newTotpSecret();
const mb = (x: number) => x.toFixed(0);

interface Target {
  merchantId: number;
  userId: number;
  username: string;
  rows: number;
}

/** The `--flags` of package.json's `worker` script (`tsx <node flags> server/src/worker.ts`). */
function workerNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "package.json"), "utf8"));
  const words: string[] = (pkg.scripts.worker as string).split(/\s+/);
  return words.filter((w) => w.startsWith("--"));
}

function runChild(
  engine: Engine,
  env: Record<string, string>,
  target: Target,
  format: ExportFormat = "xlsx",
): Promise<ExportChildResult> {
  const childEnv = {
    ...process.env,
    ...env,
    BENCH_EXPORT_MERCHANT: String(target.merchantId),
    BENCH_EXPORT_USER: String(target.userId),
    BENCH_EXPORT_FORMAT: format,
  };
  const script = path.join(import.meta.dirname, "support", "export-child.ts");
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [...childNodeArgs(engine), "--import", "tsx", script],
      { env: childEnv },
      (error, stdout, stderr) => {
        const line = stdout.split("\n").find((l) => l.startsWith("RESULT "));
        if (error || !line) reject(new Error(`export child failed: ${error?.message ?? ""}\n${stderr}${stdout}`));
        else resolve(JSON.parse(line.slice("RESULT ".length)) as ExportChildResult);
      },
    ),
  );
}

async function benchEngine(engine: Engine) {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), "mp-bench-export-"));
  const scratch = engine === "postgres" ? await scratchPostgres("mp_bench") : null;
  const target: DatabaseTarget = scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dir: dataDir };
  const env = {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    DATA_DIR: dataDir,
  };
  const config = loadConfig(env);
  const childEnv = { ...env, BENCH_EXPORT_TARGET: JSON.stringify(target) };
  try {
    let database = await openDatabase(target, () => {});
    let deps = createDeps(database, config);
    const targets: Target[] = [];
    for (const rows of SIZES) {
      const m = await createMerchant(deps, systemActor, { name: `Bench Export ${rows}` });
      const username = `admin.export${rows}@example.test`;
      const u = await createUser(deps, systemActor, {
        merchantNo: m.merchantNo,
        username,
        role: "admin",
        password: PASSWORD,
      });
      // MFA bound, as the server requires before any list.
      await deps.db
        .update(users)
        .set({ mfaSecret: deps.cipher.encrypt(MFA_SECRET) })
        .where(eq(users.id, u.id));
      targets.push({ merchantId: m.id, userId: u.id, username, rows });
    }
    const fillStart = performance.now();
    await fillExportOrders(deps, targets, new Date(), (n) =>
      process.stdout.write(`\r  ${engine}: filled ${int(n)} orders in ${seconds(fillStart)}   `),
    );
    process.stdout.write("\n");
    // PGlite: one process per data folder, so the parent lets go while a child exports.
    if (engine === "pglite") await database.close();

    const rows: (string | number)[][] = [];
    const results = new Map<string, ExportChildResult>();
    for (const t of targets) {
      for (const format of FORMATS) {
        const r = await runChild(engine, childEnv, t, format);
        if (r.status !== 2 || r.processed !== t.rows)
          throw new Error(`${format} export of ${t.rows} ended ${JSON.stringify(r)}`);
        results.set(`${t.rows} ${format}`, r);
        rows.push([
          int(t.rows),
          format,
          r.seconds.toFixed(1),
          int(t.rows / r.seconds),
          mb(r.baseRssMB),
          mb(r.peakRssMB),
          r.fileMB.toFixed(1),
        ]);
      }
    }
    console.log(`\n${engine}: order export through the worker, each run in a child process of its own`);
    printTable(["rows", "format", "wall s", "rows/s", "RSS before MB", "peak RSS MB", "file MB"], rows);
    for (const format of FORMATS) {
      const first = results.get(`${SIZES[0]} ${format}`);
      const last = results.get(`${SIZES.at(-1)} ${format}`);
      if (SIZES.length > 1 && first && last)
        console.log(
          `  ${format}: peak RSS ${int(SIZES.at(-1)!)} / ${int(SIZES[0]!)}: ${(last.peakRssMB / first.peakRssMB).toFixed(2)}`,
        );
    }
    if (FORMATS.includes("xlsx") && FORMATS.includes("csv"))
      for (const size of SIZES) {
        const xlsx = results.get(`${size} xlsx`)!;
        const csv = results.get(`${size} csv`)!;
        const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "-");
        console.log(
          `  csv / xlsx at ${int(size)} rows: wall ${ratio(csv.seconds, xlsx.seconds)}, ` +
            `peak RSS ${ratio(csv.peakRssMB, xlsx.peakRssMB)}, file ${ratio(csv.fileMB, xlsx.fileMB)}`,
        );
      }

    if (engine === "pglite") {
      database = await openDatabase(target, () => {});
      deps = createDeps(database, config);
    }
    const app = await buildApp({ deps, webRoot: "/nonexistent-web-root" });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const biggest = targets.at(-1)!;
      const login = await app.inject({
        method: "POST",
        url: "/portal/merchant/api/login",
        payload: { username: biggest.username, password: PASSWORD, captcha: totpCode(MFA_SECRET, new Date()) },
      });
      const token = `${login.json().data.tokenHead}${login.json().data.token}`;
      const list = () =>
        httpLoad(
          baseUrl(app.server),
          [
            {
              method: "GET",
              path: "/portal/merchant/api/order/list?pageNum=1&pageSize=20",
              headers: { authorization: token, "accept-language": "en-US" },
            },
          ],
          CLIENTS,
          TIMING,
        );
      const alone = await list();
      // The export starts first; the list load runs inside it (1M rows take longer than the load).
      let exportSeconds = 0;
      const exporting = (async () => {
        const t0 = performance.now();
        if (engine === "pglite") {
          await createExportTask(
            deps,
            {
              ...biggest,
              sessionId: 0,
              role: "admin",
              mfaBound: true,
              client: { ip: "127.0.0.1", userAgent: "bench" },
            },
            ORDER_EXPORT,
          );
          await runExportsOnce(deps);
        } else await runChild(engine, childEnv, biggest);
        exportSeconds = (performance.now() - t0) / 1000;
      })();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const during = await list();
      await exporting;
      const line = (label: string, s: LoadStats) => [label, int(s.perSec), ms(s.p50), ms(s.p99), ms(s.max), s.errors];
      console.log(
        `\n  order list (page 1 of ${int(biggest.rows)} orders), ${CLIENTS} clients, ${TIMING.durationMs / 1000} s`,
      );
      printTable(
        ["", "req/s", "p50 ms", "p99 ms", "max ms", "errors"],
        [line("no export", alone), line(`during a ${int(biggest.rows)}-row export`, during)],
      );
      const where = engine === "pglite" ? "in the server's process" : "in its own process";
      console.log(`  (the export, ${where}, took ${exportSeconds.toFixed(1)} s alongside the list load)`);
    } finally {
      await app.close();
      await database.close();
    }
    console.log(`  (${engine}: ${seconds(started)})`);
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachEngine(benchEngine);
