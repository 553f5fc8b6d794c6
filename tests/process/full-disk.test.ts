import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statfsSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ExportStatus, type Health } from "#contracts";
import { type DatabaseTarget, openDatabase } from "../../server/src/db/connection";
import { deposits, exportTasks, ledgerEntries, orders } from "../../server/src/db/schema";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { STORAGE_RESERVE_BYTES } from "../../server/src/plugins/storage-guard";
import { depositForm, TINY_PNG } from "../support/funds-fixtures";
import { demoShop, type Shop } from "../support/server-api";
import { type Server, sleep, startServer, stopServer } from "../support/server-process";
import { type Engine, engines, scratchPostgres } from "../support/test-db";

/**
 * Issue 33 §3, faults fail cleanly: with the data folder on a disk that fills up, every write (an order, an uploaded
 * proof, a deposit, an export) is answered with a translated 503 (507 for an upload the file system refused) that
 * says the storage is full, never a 500; nothing is half-written; once space returns everything works and the
 * balances are right. The disk is a small tmpfs of the test's own, filled by the test.
 */

const STORAGE_FULL = {
  "en-US": "The server's storage is full: nothing was saved. Please try again once space is freed",
  "zh-CN": "服务器存储空间已满，本次操作未保存任何内容，请在释放空间后重试",
} as const;
const storageFull = (lang: keyof typeof STORAGE_FULL) => ({
  code: 503,
  message: STORAGE_FULL[lang],
  data: { errorCode: "STORAGE_FULL" },
});
const FILES_UNWRITABLE = "The data folder cannot be written (full or read-only disk)";

/**
 * Sessions are not cached: on PostgreSQL the notice that drops a session's cached copy (MFA just bound) travels on
 * another connection and may come a moment after the answer (caches are tested on their own).
 */
const NO_CACHE = "0";

/** Mounting needs root (CI and this machine run the tests as root). */
const canMount = process.getuid?.() === 0;

interface Answer {
  status: number;
  body: { code: number; message: string; data: unknown };
  replayed: boolean;
}

/** A call of the portal that answers whatever came back (the shared `api` helper fails on anything but 200). */
async function call(
  server: Server,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; form?: FormData; lang?: "en-US" | "zh-CN" } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { "accept-language": options.lang ?? "en-US" };
  if (options.token) headers.authorization = options.token;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server.url}/portal${url}`, {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  return {
    status: res.status,
    body: (await res.json()) as Answer["body"],
    replayed: res.headers.get("idempotent-replayed") === "true",
  };
}

const order = (shop: Shop, merchantOrderNo: string) => ({
  productId: shop.productId,
  skuId: shop.skuId,
  merchantOrderNo,
  inputs: { account: "13800138000" },
});

function proofForm(salt: string): FormData {
  const form = new FormData();
  // Different bytes per upload (stored once per content): what follows the image's end is still a PNG's.
  form.append("file", new Blob([TINY_PNG, Buffer.from(salt)], { type: "image/png" }), "proof.png");
  return form;
}

const balanceOf = async (server: Server, shop: Shop) =>
  ((await call(server, "GET", "/merchant/api/merchant/info", { token: shop.token })).body.data as { balance: string })
    .balance;

/** Writes a file until the disk is full (or until only `leave` bytes are free); answers the file's path. */
function fill(dir: string, leave = 0): string {
  const file = path.join(dir, `filler-${Math.random().toString(16).slice(2)}`);
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    let left = leave === 0 ? Number.POSITIVE_INFINITY : freeOf(dir) - leave;
    for (let size = chunk.length; size >= 512 && left > 0; ) {
      try {
        left -= writeSync(fd, chunk, 0, Math.min(size, left));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
        size /= 2;
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

function freeOf(dir: string): number {
  const disk = statfsSync(dir);
  return disk.bavail * disk.bsize;
}

/** Files of the file storage (uploads and exports) under the data folder, temporary ones included. */
function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, "files");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let waited = 0; ; waited += 100) {
    const value = await read();
    if (done(value)) return value;
    if (waited > 30_000) throw new Error(`${what}: still ${JSON.stringify(value)} after 30 s`);
    await sleep(100);
  }
}

const health = (server: Server, lang: "en-US" | "zh-CN" = "en-US") => call(server, "GET", "/health", { lang });

const exportStatus = async (server: Server, shop: Shop, id: number) => {
  const page = (await call(server, "GET", "/merchant/export/list?pageSize=100", { token: shop.token })).body.data as {
    list: { id: number; status: number; error: string | null }[];
  };
  return page.list.find((task) => task.id === id);
};

describe.skipIf(!canMount)("a full disk under the data folder", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A tmpfs of `mb` megabytes mounted on a new folder, unmounted (and the folder removed) after the test. */
  function smallDisk(mb: number): string {
    const dir = mkdtempSync(path.join(tmpdir(), "mp-full-disk-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${mb}m`, "tmpfs", dir]);
    cleanups.push(() => {
      execFileSync("umount", [dir]);
      rmSync(dir, { recursive: true, force: true });
    });
    return dir;
  }
  const track = (server: Server) => {
    cleanups.push(async () => void (await stopServer(server, "SIGKILL")));
    return server;
  };

  it("answers every write 503 'storage full' on the embedded database, writes nothing, and recovers", async () => {
    // The embedded database (about 45 MB) and the reserve it keeps (64 MB) fit with room to spare.
    const dataDir = smallDisk(160);
    const server = track(await startServer({ DATA_DIR: dataDir, DATABASE_URL: "", SIMULATOR_DELAY_MS: "100" }));
    const shop = await demoShop(server, "admin@demo.test");
    const placed = await call(server, "POST", "/merchant/api/order", {
      token: shop.token,
      body: order(shop, "before"),
    });
    expect(placed.status).toBe(200);
    const proof = await call(server, "POST", "/merchant/api/upload/image", { token: shop.token, form: proofForm("a") });
    expect(proof.status).toBe(200);
    const proofId = (proof.body.data as { fileId: number }).fileId;
    const balance = await balanceOf(server, shop);
    const filesBefore = storedFiles(dataDir);

    // Below the reserve but not yet full: changes stop while the database still has room to finish what it does.
    const nearlyFull = fill(dataDir, STORAGE_RESERVE_BYTES / 2);
    const almost = await until(
      "health",
      () => health(server),
      (answer) => answer.status === 503,
    );
    expect(almost.body).toMatchObject({
      code: 503,
      message: "The data folder's disk is almost full: the server takes no changes until space is freed",
      data: {
        status: "degraded",
        storage: {
          status: "unwritable",
          folders: [
            { role: "data", status: "full" },
            { role: "files", status: "writable" },
            { role: "exports", status: "writable" },
          ],
        },
      },
    });
    const refused = await call(server, "POST", "/merchant/api/order", { token: shop.token, body: order(shop, "f-0") });
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 503, body: storageFull("en-US") });

    // Full to the last byte.
    const full = fill(dataDir);
    expect(freeOf(dataDir)).toBeLessThan(64 * 1024);
    for (const [i, lang] of (["en-US", "zh-CN"] as const).entries()) {
      const answers = [
        await call(server, "POST", "/merchant/api/order", { token: shop.token, body: order(shop, `f-${i + 1}`), lang }),
        await call(server, "POST", "/merchant/api/upload/image", { token: shop.token, form: proofForm("b"), lang }),
        await call(server, "POST", "/merchant/api/fund/deposit", {
          token: shop.token,
          body: depositForm(proofId, { referenceNo: `REF-FULL-${i}` }),
          lang,
        }),
        await call(server, "GET", "/merchant/export/order/detail?format=csv", { token: shop.token, lang }),
      ];
      for (const answer of answers)
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 503,
          body: storageFull(lang),
        });
    }
    const down = await until(
      "health",
      () => health(server, "zh-CN"),
      (answer) => (answer.body.data as Health).storage.folders[0]?.status === "unwritable",
    );
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      message: "数据目录无法写入（磁盘已满或只读）",
      data: {
        status: "degraded",
        database: { status: "up" },
        storage: {
          status: "unwritable",
          folders: [
            { role: "data", status: "unwritable" },
            { role: "files", status: "unwritable" },
            { role: "exports", status: "unwritable" },
          ],
        },
      },
    });
    // Reads go on, and nothing of the refused writes shows.
    expect(await balanceOf(server, shop)).toBe(balance);
    const listed = await call(server, "GET", "/merchant/api/order/list?merchantOrderNo=f-1", { token: shop.token });
    expect(listed.body.data).toMatchObject({ total: 0 });
    expect(storedFiles(dataDir)).toEqual(filesBefore);

    // Space returns: the same writes go through as new ones (none of them was kept, not even half).
    rmSync(full);
    rmSync(nearlyFull);
    for (const merchantOrderNo of ["f-0", "f-1", "f-2"]) {
      const again = await call(server, "POST", "/merchant/api/order", {
        token: shop.token,
        body: order(shop, merchantOrderNo),
      });
      expect({ status: again.status, replayed: again.replayed }).toEqual({ status: 200, replayed: false });
    }
    const upload = await call(server, "POST", "/merchant/api/upload/image", {
      token: shop.token,
      form: proofForm("b"),
    });
    expect(upload.status).toBe(200);
    for (const i of [0, 1]) {
      const recharge = await call(server, "POST", "/merchant/api/fund/deposit", {
        token: shop.token,
        body: depositForm((upload.body.data as { fileId: number }).fileId, { referenceNo: `REF-FULL-${i}` }),
      });
      expect(recharge.status).toBe(200);
    }
    const exported = await call(server, "GET", "/merchant/export/order/detail?format=csv", { token: shop.token });
    expect(exported.status).toBe(200);
    const task = await until(
      "the export",
      () => exportStatus(server, shop, exported.body.data as number),
      (t) => t?.status === ExportStatus.completed,
    );
    expect(task).toMatchObject({ error: null });
    expect(
      await until(
        "health",
        () => health(server),
        (a) => a.status === 200,
      ),
    ).toMatchObject({
      body: { data: { status: "ok", storage: { status: "writable" } } },
    });
    // The three orders placed once space returned were charged (1.42 each), nothing else.
    expect(await balanceOf(server, shop)).toBe((Number(balance) - 3 * 1.42).toFixed(4));
    expect(storedFiles(dataDir).filter((file) => file.endsWith(".tmp"))).toEqual([]);

    expect(await stopServer(server, "SIGTERM")).toBe(0);
    const database = await openDatabase({ kind: "pglite", dir: dataDir }, () => {});
    try {
      const rows = await database.db.select().from(orders);
      expect(rows.map((o) => o.merchantOrderNo).sort()).toEqual(["before", "f-0", "f-1", "f-2"]);
      const debits = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.type, "deduct"));
      expect(debits).toHaveLength(4);
      expect((await database.db.select().from(deposits)).map((d) => d.referenceNo).sort()).toEqual([
        "REF-FULL-0",
        "REF-FULL-1",
      ]);
      expect(await database.db.select().from(exportTasks)).toHaveLength(1);
      expect(await ledgerViolations(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.runIf(engines.includes("postgres"))(
    "on PostgreSQL, refuses an upload 507 and fails an export cleanly when the files folder's disk is full",
    async () => {
      const dataDir = smallDisk(8);
      const pg = await scratchPostgres("mp_full_disk");
      cleanups.push(pg.drop);
      const server = track(await startServer({ DATA_DIR: dataDir, DATABASE_URL: pg.url, CACHE_TTL_MS: NO_CACHE }));
      const shop = await demoShop(server, "admin@demo.test");
      const full = fill(dataDir);

      const upload = await call(server, "POST", "/merchant/api/upload/image", {
        token: shop.token,
        form: proofForm("c"),
      });
      expect({ status: upload.status, body: upload.body }).toEqual({
        status: 507,
        body: { code: 507, message: FILES_UNWRITABLE, data: null },
      });
      // The database has room: the export is queued, and its file cannot be written.
      const queued = await call(server, "GET", "/merchant/export/order/detail?format=csv", { token: shop.token });
      expect(queued.status).toBe(200);
      const failed = await until(
        "the export",
        () => exportStatus(server, shop, queued.body.data as number),
        (t) => t?.status === ExportStatus.exception,
      );
      expect(failed).toMatchObject({ error: "The export failed; please try again" });
      expect(storedFiles(dataDir)).toEqual([]);
      const down = await until(
        "health",
        () => health(server),
        (a) => a.status === 503,
      );
      expect(down.body).toMatchObject({
        message: "The files folder (uploaded proofs of payment) cannot be written (full or read-only disk)",
        data: { database: { engine: "postgres", status: "up" }, storage: { status: "unwritable" } },
      });

      rmSync(full);
      expect(
        (await call(server, "POST", "/merchant/api/upload/image", { token: shop.token, form: proofForm("c") })).status,
      ).toBe(200);
      const again = await call(server, "GET", "/merchant/export/order/detail?format=csv", { token: shop.token });
      await until(
        "the export",
        () => exportStatus(server, shop, again.body.data as number),
        (t) => t?.status === ExportStatus.completed,
      );
      expect(await stopServer(server, "SIGTERM")).toBe(0);
    },
  );
});

describe.each(engines)("a disk_full the database itself raises (%s)", (engine: Engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("answers 503 'storage full', never 500, and the order's statement writes nothing, debit included", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mp-disk-full-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "", CACHE_TTL_MS: NO_CACHE };
    let target: DatabaseTarget = { kind: "pglite", dir: dataDir };
    if (engine === "postgres") {
      const pg = await scratchPostgres("mp_disk_full");
      cleanups.push(pg.drop);
      env.DATABASE_URL = pg.url;
      target = { kind: "postgres", url: pg.url };
    }
    expect(await stopServer(await startServer(env), "SIGTERM")).toBe(0);
    // What PostgreSQL (and PGlite) raise when a table cannot grow, for orders numbered disk-full-…: a real
    // database error with the real SQLSTATE, where a test cannot fill the database server's own disk.
    const database = await openDatabase(target, () => {});
    try {
      await database.db.execute(sql`
        create function disk_full_standin() returns trigger language plpgsql as $$
        begin
          if new.merchant_order_no like 'disk-full-%' then
            raise exception 'could not extend file "base/5/16613": No space left on device'
              using errcode = 'disk_full', hint = 'Check free disk space.';
          end if;
          return new;
        end $$`);
      await database.db.execute(
        sql`create trigger disk_full_standin before insert on orders for each row execute function disk_full_standin()`,
      );
    } finally {
      await database.close();
    }

    const server = await startServer(env);
    cleanups.push(async () => void (await stopServer(server, "SIGKILL")));
    const shop = await demoShop(server, "admin@demo.test");
    const balance = await balanceOf(server, shop);
    for (const lang of ["en-US", "zh-CN"] as const) {
      const refused = await call(server, "POST", "/merchant/api/order", {
        token: shop.token,
        body: order(shop, `disk-full-${lang}`),
        lang,
      });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 503, body: storageFull(lang) });
    }
    expect(await balanceOf(server, shop)).toBe(balance);
    const placed = await call(server, "POST", "/merchant/api/order", {
      token: shop.token,
      body: order(shop, "fine-1"),
    });
    expect(placed.status).toBe(200);
    expect(await balanceOf(server, shop)).toBe((Number(balance) - 1.42).toFixed(4));
    expect(await stopServer(server, "SIGTERM")).toBe(0);
    expect(server.output()).not.toMatch(/"statusCode":500/);

    const check = await openDatabase(target, () => {});
    try {
      expect(await check.db.select().from(orders).where(like(orders.merchantOrderNo, "disk-full-%"))).toEqual([]);
      expect(await ledgerViolations(check.db)).toEqual([]);
    } finally {
      await check.close();
    }
  });
});
