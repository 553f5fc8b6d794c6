/**
 * One export through the real worker (`runExportsOnce`), in a process of its own so its peak RSS is the
 * worker's: opens the database named by BENCH_EXPORT_TARGET (a DatabaseTarget as JSON), queues an order
 * export for BENCH_EXPORT_MERCHANT / BENCH_EXPORT_USER as BENCH_EXPORT_FORMAT (xlsx, the default, or csv), runs
 * it, and prints one `RESULT {json}` line.
 * Started by bench/export.ts.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type ExportFormat, exportFormats } from "#contracts";
import { loadConfig } from "../../server/src/config";
import { createDeps } from "../../server/src/create-deps";
import { openDatabase } from "../../server/src/db/connection";
import { exportTasks } from "../../server/src/db/schema";
import { createExportTask } from "../../server/src/modules/export-task/export-task.service";
import { runExportsOnce } from "../../server/src/modules/export-task/export-task.worker";

export interface ExportChildResult {
  status: number;
  processed: number;
  seconds: number;
  /** RSS with the database open and nothing exported yet. */
  baseRssMB: number;
  /** process.resourceUsage().maxRSS: the peak of the whole process. */
  peakRssMB: number;
  fileMB: number;
  error: string | null;
}

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is needed`);
  return value;
};

const MB = 2 ** 20;
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  ENCRYPTION_KEY: env("ENCRYPTION_KEY"),
  DATA_DIR: env("DATA_DIR"),
});
const database = await openDatabase(JSON.parse(env("BENCH_EXPORT_TARGET")), () => {});
const deps = createDeps(database, config);
const auth = {
  sessionId: 0,
  userId: Number(env("BENCH_EXPORT_USER")),
  merchantId: Number(env("BENCH_EXPORT_MERCHANT")),
  role: "admin" as const,
  mfaBound: true,
  client: { ip: "127.0.0.1", userAgent: "bench" },
  username: "bench",
};
const format = (process.env.BENCH_EXPORT_FORMAT ?? "xlsx") as ExportFormat;
if (!exportFormats.includes(format)) throw new Error(`BENCH_EXPORT_FORMAT is one of ${exportFormats.join(", ")}`);
const taskId = await createExportTask(deps, auth, {
  type: "order",
  format,
  filters: {},
  language: "zh-CN",
  timeZone: "Asia/Shanghai",
});
const baseRss = process.memoryUsage.rss();
const started = performance.now();
await runExportsOnce(deps);
const seconds = (performance.now() - started) / 1000;
const peakRss = process.resourceUsage().maxRSS * 1024;
const [task] = await deps.db.select().from(exportTasks).where(eq(exportTasks.id, taskId));
const file = task?.fileKey ? path.join(config.dataDir, "files", task.fileKey) : null;
const result: ExportChildResult = {
  status: task?.status ?? -1,
  processed: task?.processed ?? 0,
  seconds,
  baseRssMB: baseRss / MB,
  peakRssMB: peakRss / MB,
  fileMB: file ? statSync(file).size / MB : 0,
  error: task?.error ?? null,
};
if (task?.fileKey) await deps.storage.delete(task.fileKey);
await database.close();
console.log(`RESULT ${JSON.stringify(result)}`);
