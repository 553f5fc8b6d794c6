import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { Health } from "#contracts";
import { type Server, sleep, startServer, stopServer } from "../support/server-process";
import { type Engine, engines, scratchPostgres } from "../support/test-db";

/**
 * Issue 33 §3: health checks every folder the server writes (the data folder where the embedded database lives,
 * uploaded files, export files) and the database, answers 503 "degraded" with a sentence naming the folder's role,
 * and logs no error of its own: the server's log (JSON lines at warn and above, as the process tests run it) has no
 * error line and no second answer (FST_ERR_REP_ALREADY_SENT) however often health answers 503.
 */

/** Mounting needs root (CI and this machine run the tests as root). */
const canMount = process.getuid?.() === 0;

interface Answer {
  status: number;
  body: { code: number; message: string; data: Health };
}

async function health(server: Server, lang: "en-US" | "zh-CN" = "en-US"): Promise<Answer> {
  const res = await fetch(`${server.url}/portal/health`, { headers: { "accept-language": lang } }).catch(
    (error: unknown) => {
      const { exitCode, signalCode } = server.child;
      throw new Error(
        `health did not answer (server exit ${exitCode ?? signalCode}):\n${server.output().slice(-3000)}`,
        {
          cause: error,
        },
      );
    },
  );
  healthRequests.add(res.headers.get("x-request-id") ?? "");
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

/** Health keeps a folder probe for 5 s: asks until the answer is the one expected (30 s at most). */
async function healthUntil(server: Server, status: number, lang: "en-US" | "zh-CN" = "en-US"): Promise<Answer> {
  for (let waited = 0; ; waited += 100) {
    const answer = await health(server, lang);
    if (answer.status === status) return answer;
    if (waited > 30_000) throw new Error(`health still answers ${JSON.stringify(answer)} after 30 s`);
    await sleep(100);
  }
}

/** The request ids of every health call the test made (each log line of a request carries its id). */
const healthRequests = new Set<string>();

/**
 * Error lines of health's own: at error level or above and of a health call (or about the folders it checks), and
 * any line about a second answer. Other parts may log errors meanwhile (workers whose rounds find the database
 * gone): those are theirs.
 */
function healthErrorLines(server: Server): string[] {
  return server
    .output()
    .split("\n")
    .filter(
      (line) =>
        line.includes("FST_ERR_REP_ALREADY_SENT") ||
        (/"level":(50|60)/.test(line) &&
          ([...healthRequests].some((id) => line.includes(id)) ||
            line.includes("/portal/health") ||
            line.includes("storage:"))),
    );
}

const folders = (engine: Engine, statuses: Record<string, "writable" | "unwritable">) =>
  (engine === "pglite" ? ["data", "files", "exports"] : ["files", "exports"]).map((role) => ({
    role,
    status: statuses[role] ?? "writable",
  }));

describe.each(engines)("health of the real server (%s)", (engine: Engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(): Promise<{ server: Server; dataDir: string; database: string | null }> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mp-health-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Sessions are not cached (CACHE_TTL_MS=0): nothing here signs in, and no notice can come late.
    const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "", CACHE_TTL_MS: "0" };
    let database: string | null = null;
    if (engine === "postgres") {
      const scratch = await scratchPostgres("mp_health");
      cleanups.push(scratch.drop);
      env.DATABASE_URL = scratch.url;
      database = new URL(scratch.url).pathname.slice(1);
    }
    const server = await startServer(env);
    cleanups.push(async () => void (await stopServer(server, "SIGKILL")));
    return { server, dataDir, database };
  }

  /** A read-only disk mounted on `dir` (made if missing), unmounted after the test or by the call answered. */
  function readOnlyDisk(dir: string): () => void {
    mkdirSync(dir, { recursive: true });
    execFileSync("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", dir]);
    let mounted = true;
    const unmount = () => {
      if (mounted) execFileSync("umount", [dir]);
      mounted = false;
    };
    cleanups.push(unmount);
    return unmount;
  }

  it.skipIf(!canMount)(
    "names the uploaded files' folder, then the exports folder, when it cannot be written",
    async () => {
      const { server, dataDir } = await start();
      const files = path.join(dataDir, "files");

      const release = readOnlyDisk(files);
      const down = await healthUntil(server, 503);
      expect(down.body).toEqual({
        code: 503,
        message: "The files folder (uploaded proofs of payment) cannot be written (full or read-only disk)",
        data: {
          status: "degraded",
          database: { engine, status: "up", latencyMs: expect.any(Number) },
          storage: { status: "unwritable", folders: folders(engine, { files: "unwritable", exports: "unwritable" }) },
          load: { status: "ok" },
        },
      });
      expect((await health(server, "zh-CN")).body.message).toBe("文件目录（上传的付款凭证）无法写入（磁盘已满或只读）");
      release();
      expect((await healthUntil(server, 200)).body.data.storage).toEqual({
        status: "writable",
        folders: folders(engine, {}),
      });

      readOnlyDisk(path.join(files, "exports"));
      const exportsDown = await healthUntil(server, 503, "zh-CN");
      expect(exportsDown.body).toMatchObject({
        code: 503,
        message: "导出目录（导出文件）无法写入（磁盘已满或只读）",
        data: { status: "degraded", storage: { folders: folders(engine, { exports: "unwritable" }) } },
      });

      // Asked again and again while degraded: never an error of its own, never a second answer.
      for (let i = 0; i < 5; i++) expect((await health(server)).status).toBe(503);
      expect(healthErrorLines(server)).toEqual([]);
      // What the operator needs is in the log as a warning, with the folder's path (never in the public answer).
      expect(server.output()).toContain(`"folder":"exports","path":"${path.join(files, "exports")}"`);
      expect(JSON.stringify(exportsDown.body)).not.toContain(dataDir);
      expect(await stopServer(server, "SIGTERM")).toBe(0);
    },
  );

  it.runIf(engine === "postgres")("says the database is down, and up again, without an error of its own", async () => {
    const { server, database } = await start();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`alter database ${database} allow_connections true`);
      await admin.end();
    });
    await admin.query(`alter database ${database} allow_connections false`);
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [database]);

    const down = await healthUntil(server, 503);
    expect(down.body).toMatchObject({
      code: 503,
      message: "The database is not available",
      data: { status: "degraded", database: { engine, status: "down", latencyMs: null } },
    });
    for (let i = 0; i < 5; i++) expect((await health(server)).status).toBe(503);

    await admin.query(`alter database ${database} allow_connections true`);
    expect((await healthUntil(server, 200)).body.data).toMatchObject({ status: "ok", database: { status: "up" } });
    expect(healthErrorLines(server)).toEqual([]);
    expect(await stopServer(server, "SIGTERM")).toBe(0);
  });
});
