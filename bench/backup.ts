/**
 * Backup and restore of the embedded database (issue 33 §2): for the demo data and for the demo merchant with
 * 100,000 more orders (filled in SQL, bench/support/export-fill.ts), the time of `backup` (the function the server
 * runs for `npm run ops -- backup`), how long statements waited for the database copy, the event loop's longest
 * delay meanwhile, the database folder's size, what of it was copied (recycled WAL segments are not) and the
 * archive's size, the time of `restore` (unpack and check every
 * checksum, as `npm run ops -- restore` does) and of the restored database's first start (recovery and the
 * migrations check). Medians of `BENCH_BACKUP_ROUNDS` (3) rounds; `BENCH_BACKUP_ORDERS` sets the second size.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { count, eq } from "drizzle-orm";
import { loadConfig } from "../server/src/config";
import { createDeps } from "../server/src/create-deps";
import { openDatabase } from "../server/src/db/connection";
import { merchants, orders } from "../server/src/db/schema";
import { createBackup } from "../server/src/modules/backup/backup.service";
import { restoreBackup } from "../server/src/modules/backup/restore.service";
import { seedDemo } from "../server/src/modules/provisioning/demo-seed";
import { fillExportOrders } from "./support/export-fill";
import { int, median, printTable } from "./support/load";

const ROUNDS = Number(process.env.BENCH_BACKUP_ROUNDS ?? 3);
const MORE_ORDERS = Number(process.env.BENCH_BACKUP_ORDERS ?? 100_000);
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const s = (ms: number) => (ms / 1000).toFixed(2);

const folderBytes = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + statSync(path.join(e.parentPath, e.name)).size, 0);

async function measure(label: string, extraOrders: number): Promise<(string | number)[]> {
  const root = mkdtempSync(path.join(tmpdir(), "mp-bench-backup-"));
  try {
    const dataDir = path.join(root, "data");
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "development", LOG_LEVEL: "silent" });
    let database = await openDatabase({ kind: "pglite", dir: dataDir });
    const deps = createDeps(database, config);
    const demo = await seedDemo(deps);
    if (extraOrders > 0) {
      const started = performance.now();
      const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.merchantNo, demo.merchantNo));
      await fillExportOrders(deps, [{ merchantId: merchant!.id, rows: extraOrders }], new Date(), () => {});
      console.log(`  (${label}: ${int(extraOrders)} orders filled in ${s(performance.now() - started)} s)`);
    }
    const [placed] = await database.db.select({ n: count() }).from(orders);
    const folder = folderBytes(path.join(dataDir, "pgdata"));

    const backups: { ms: number; paused: number; loopMax: number; copied: number; bytes: number; file: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const file = path.join(root, `backup-${round}.tar.gz`);
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const started = performance.now();
      const made = await createBackup(deps, { out: file, includeKey: false });
      const took = performance.now() - started;
      loop.disable();
      const copied = made.manifest.parts.database.bytes;
      backups.push({ ms: took, paused: made.pausedMs, loopMax: loop.max / 1e6, copied, bytes: made.bytes, file });
    }
    await database.close();

    const restores: number[] = [];
    const starts: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const target = path.join(root, `restored-${round}`);
      let started = performance.now();
      await restoreBackup({ archive: backups[round]!.file, dataDir: target, keys: [] });
      restores.push(performance.now() - started);
      started = performance.now();
      database = await openDatabase({ kind: "pglite", dir: target });
      starts.push(performance.now() - started);
      const [restored] = await database.db.select({ n: count() }).from(orders);
      await database.close();
      if (restored?.n !== placed?.n) throw new Error(`restored ${restored?.n} orders of ${placed?.n}`);
      rmSync(target, { recursive: true, force: true });
    }
    return [
      label,
      int(Number(placed?.n ?? 0)),
      mb(folder),
      mb(median(backups.map((b) => b.copied))),
      mb(median(backups.map((b) => b.bytes))),
      s(median(backups.map((b) => b.ms))),
      median(backups.map((b) => b.paused)).toFixed(0),
      median(backups.map((b) => b.loopMax)).toFixed(0),
      s(median(restores)),
      s(median(starts)),
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const rows = [await measure("demo data", 0), await measure(`+ ${int(MORE_ORDERS)} orders`, MORE_ORDERS)];
console.log(`\nBackup and restore of the embedded database, median of ${ROUNDS} rounds:`);
printTable(
  [
    "database",
    "orders",
    "pgdata MB",
    "copied MB",
    "archive MB",
    "backup s",
    "statements waited ms",
    "event loop max ms",
    "restore s",
    "first start s",
  ],
  rows,
);
