import { spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import * as tar from "tar";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/connection";
import { deposits, ledgerEntries, orders } from "../../server/src/db/schema";
import { totpCode } from "../../server/src/modules/auth/totp";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { DEMO_PASSWORD } from "../../server/src/modules/provisioning/demo-seed";
import { opsSocketPath, runOnServer } from "../../server/src/ops/ops-socket";
import { TINY_PNG } from "../support/funds-fixtures";
import { api, processingCount, type Shop, shopOf, signIn } from "../support/server-api";
import { type Server, sleep, startServer, stopServer } from "../support/server-process";
import { engines, scratchPostgres } from "../support/test-db";

/**
 * A backup is not a backup until it has been restored (ARCHITECTURE §8): the restore drill, with the built server
 * and the operator CLI as separate processes. A server takes orders while `npm run ops -- backup` archives its
 * embedded database and files; the archive goes into a new, empty data folder with the key copied beside it; a
 * server started there settles every order the archive holds, the ledger's invariants hold, and the proof of a
 * deposit is served.
 */

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The built operator CLI (`npm run ops`: dist-server/ops.js) on the data folder `dir`, without blocking. */
function ops(dir: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const child = spawn(process.execPath, ["--enable-source-maps", "dist-server/ops.js", ...args], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      DATABASE_URL: "",
      ENCRYPTION_KEY: "",
      NODE_ENV: "development",
      OPERATOR_NAME: "drill",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })));
}

/**
 * Signs in with the code an authenticator shows: the server decrypts the user's TOTP secret for it, so this works
 * only with the right key. The next step's code (accepted ±1 step) was never used, so it is not refused as reused.
 */
async function signInWithCode(server: Server, username: string, mfaKey: string): Promise<string> {
  const login = await api<{ tokenHead: string; token: string }>(server, "POST", "/merchant/api/login", undefined, {
    username,
    password: DEMO_PASSWORD,
    captcha: totpCode(mfaKey, new Date(Date.now() + 30_000)),
  });
  return `${login.tokenHead}${login.token}`;
}

/**
 * Places an order as a merchant's client does: a 503 (the server shedding load, which a busy shared machine can
 * bring on with or without a backup) is tried again with the same merchant order number, so never placed twice.
 */
async function placeOrder(server: Server, shop: Shop, merchantOrderNo: string, account: string): Promise<void> {
  const body = { productId: shop.productId, skuId: shop.skuId, merchantOrderNo, inputs: { account } };
  for (;;) {
    const res = await fetch(`${server.url}/portal/merchant/api/order`, {
      method: "POST",
      headers: { authorization: shop.token, "content-type": "application/json", "accept-language": "en-US" },
      body: JSON.stringify(body),
    });
    const envelope = (await res.json()) as { code: number; message: string };
    if (envelope.code === 200) return;
    if (envelope.code !== 503) throw new Error(`order ${merchantOrderNo}: ${res.status} ${envelope.message}`);
    await sleep(500);
  }
}

/** Every order settled (a bound on the wait, not a measurement: leases of orders claimed before the copy run out). */
async function waitUntilSettled(server: Server, shop: Shop) {
  for (let waited = 0; (await processingCount(server, shop)) > 0; waited += 250) {
    if (waited > 150_000) throw new Error("orders still Processing after 150 s");
    await sleep(250);
  }
}

/** What a folder holds, for "left as it was". */
const contents = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : null);
/** The demo merchant's balance (5,000 + the deposit below) pays for about 3,600 orders of 1.42 USD. */
const MAX_ORDERS = 2_000;
const accountOf = (n: number) => `1390000${String(n).padStart(4, "0")}${n % 5 === 0 ? "0000" : "8000"}`;

describe("backup and restore of the embedded database", () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const folder = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const track = (server: Server) => {
    cleanups.push(() => stopServer(server, "SIGKILL"));
    return server;
  };

  it("backs up a server taking orders; the restored copy settles every order, keeps the ledger and serves the proof", async () => {
    const source = folder("mp-backup-source-");
    const work = folder("mp-backup-work-");
    // Orders stay Processing at the supplier for 2 minutes, so the archive holds some in flight.
    const server = track(await startServer({ DATA_DIR: source, DATABASE_URL: "", SIMULATOR_DELAY_MS: "120000" }));

    // A deposit with its proof of payment, approved by the reseller's staff: the merchant's balance grows.
    const finance = await signIn(server, "finance@demo.test");
    const form = new FormData();
    form.append("file", new Blob([TINY_PNG], { type: "image/png" }), "transfer.png");
    const uploaded = (await (
      await fetch(`${server.url}/portal/merchant/api/upload/image`, {
        method: "POST",
        headers: { authorization: finance.token, "accept-language": "en-US" },
        body: form,
      })
    ).json()) as { data: { fileId: number } };
    const { fileId } = uploaded.data;
    const deposit = await api<{ depositNo: string }>(server, "POST", "/merchant/api/fund/deposit", finance.token, {
      amount: "250.00",
      currency: "USD",
      referenceNo: "TT-DRILL-1",
      paymentGateway: "SWIFT",
      transactionTime: new Date().toISOString(),
      proofFileId: fileId,
      companyName: "Demo Trading Co., Ltd.",
      bankAccount: "6222 0000 1111",
    });
    const approved = await ops(source, [
      "deposit:approve",
      "--deposit",
      deposit.depositNo,
      "--settled-currency",
      "USD",
      "--rate",
      "1",
    ]);
    expect(approved.status, approved.stderr).toBe(0);

    // A stream of orders (four clients, every fifth order for an account the simulator rejects) while the backup
    // runs, at most as many as the balance pays for.
    const operator = await signIn(server, "operator@demo.test");
    const shop = await shopOf(server, operator.token);
    const answered = new Set<string>();
    let next = 0;
    let placing = true;
    const stream = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (placing && next < MAX_ORDERS) {
          const n = next++;
          await placeOrder(server, shop, `drill-${n}`, accountOf(n));
          answered.add(`drill-${n}`);
          await sleep(50);
        }
      }),
    );
    // Held until the end (a failed order is reported there, not as an unhandled rejection meanwhile).
    stream.catch(() => {});
    while (answered.size < 20) await sleep(20);
    const beforeBackup = new Set(answered);
    const archive = path.join(work, "portal-backup.tar.gz");
    const backup = await ops(source, ["backup", "--out", archive]);
    const duringBackup = answered.size - beforeBackup.size;
    placing = false;
    await stream;
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written: ${archive}`);
    expect(backup.stdout).toMatch(/key: NOT in the archive\. Restoring needs the key with fingerprint [0-9a-f]{16}/);
    expect(backup.stdout).toContain("Keep the encryption key apart from the backups");
    // The orders kept coming while the archive was written (the server was not stopped).
    expect(duringBackup).toBeGreaterThan(0);

    // The archive: the database, the proof, its manifest last; never the key unless asked for.
    const names: string[] = [];
    await tar.t({ file: archive, onReadEntry: (e) => void names.push(e.path) });
    expect(names.at(-1)).toBe("manifest.json");
    expect(names).toContain("pgdata/PG_VERSION");
    expect(names.filter((n) => n.startsWith("files/"))).toHaveLength(1);
    expect(names).not.toContain("secrets.json");

    // A server never runs a restore, even when asked over its socket directly.
    const refusals: string[] = [];
    const remote = await runOnServer(
      opsSocketPath(source),
      { name: "restore", values: { archive }, operator: "drill" },
      () => {},
      (message) => refusals.push(message),
    );
    expect(remote).toBe(1);
    expect(refusals.join()).toContain("never in a server");

    // Restore into a new, empty folder, then copy the key there as the output says.
    const target = path.join(folder("mp-backup-target-"), "data");
    const restored = await ops(target, ["restore", "--archive", archive]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("every checksum matches");
    expect(restored.stdout).toContain(`copy the secrets.json kept apart to ${target}/secrets.json`);
    expect(contents(target)).toEqual(["files", "pgdata"]);
    // Without the key the server refuses the folder rather than make a new key that reads none of its secrets.
    await expect(startServer({ DATA_DIR: target, DATABASE_URL: "", ENCRYPTION_KEY: "" })).rejects.toThrow(
      /pgdata holds a database but .*secrets\.json is missing/,
    );
    expect(contents(target)).toEqual(["files", "pgdata"]);
    copyFileSync(path.join(source, "secrets.json"), path.join(target, "secrets.json"));

    // The archive as restored: a consistent moment of the stream, some orders still in flight, the ledger whole.
    let database = await openDatabase({ kind: "pglite", dir: target }, () => {});
    let rows = await database.db.select().from(orders);
    const inArchive = new Set(rows.map((o) => o.merchantOrderNo));
    for (const no of beforeBackup) expect(inArchive.has(no), no).toBe(true);
    for (const no of inArchive) expect(answered.has(no), no).toBe(true);
    expect(rows.filter((o) => o.status === "processing").length).toBeGreaterThan(0);
    const [restoredDeposit] = await database.db
      .select()
      .from(deposits)
      .where(eq(deposits.depositNo, deposit.depositNo));
    expect(restoredDeposit?.status).toBe("success");
    expect(await ledgerViolations(database.db)).toEqual([]);
    await database.close();

    // A server on the restored folder: signs in with the codes bound before (the key reads the secrets) and
    // settles every order the archive holds.
    const copy = track(await startServer({ DATA_DIR: target, DATABASE_URL: "", SIMULATOR_DELAY_MS: "0" }));
    const copyShop = await shopOf(copy, await signInWithCode(copy, "operator@demo.test", operator.mfaKey));
    await waitUntilSettled(copy, copyShop);
    const check = await ops(target, ["ledger:check"]);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain("The ledger holds.");
    const financeToken = await signInWithCode(copy, "finance@demo.test", finance.mfaKey);
    const proof = await fetch(`${copy.url}/portal/merchant/api/upload/file/${fileId}`, {
      headers: { authorization: financeToken },
    });
    expect(proof.status).toBe(200);
    expect(proof.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await proof.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect(await stopServer(copy, "SIGTERM")).toBe(0);

    // Read with the server stopped: every order final, one Deduct each, a Refund for each failed one.
    database = await openDatabase({ kind: "pglite", dir: target }, () => {});
    try {
      rows = await database.db.select().from(orders).orderBy(asc(orders.id));
      const entries = await database.db.select().from(ledgerEntries);
      expect(rows.map((o) => o.merchantOrderNo).sort()).toEqual([...inArchive].sort());
      for (const order of rows) {
        const rejected = order.rechargeAccount.endsWith("0000");
        expect({ no: order.merchantOrderNo, status: order.status }).toEqual({
          no: order.merchantOrderNo,
          status: rejected ? "failed" : "success",
        });
        const types = entries.filter((e) => e.orderId === order.id).map((e) => e.type);
        expect(types.sort()).toEqual(rejected ? ["deduct", "refund"] : ["deduct"]);
      }
      expect(entries.filter((e) => e.depositId === restoredDeposit!.id).map((e) => e.type)).toEqual(["add"]);
      expect(await ledgerViolations(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(await stopServer(server, "SIGTERM")).toBe(0);
  }, 400_000);

  it("refuses a folder that is not empty, a damaged or altered archive, a newer schema and a wrong key", async () => {
    // The CLI opens a stopped data folder itself; --include-key puts secrets.json in, with a warning.
    const source = folder("mp-backup-cli-");
    const work = folder("mp-backup-files-");
    const archive = path.join(work, "with-key.tar.gz");
    const made = await ops(source, ["backup", "--out", archive, "--include-key"]);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain("WARNING: this archive holds the encryption key (secrets.json");
    // Never over an existing file, never inside the data folder.
    expect((await ops(source, ["backup", "--out", archive])).stderr).toContain("already exists");
    const inside = await ops(source, ["backup", "--out", path.join(source, "b.tar.gz")]);
    expect(inside.status).toBe(1);
    expect(inside.stderr).toContain("Write the backup outside the data folder");

    // A folder that holds anything but a key is refused, and left as it was.
    const before = contents(source);
    const notEmpty = await ops(source, ["restore", "--archive", archive]);
    expect(notEmpty.status).toBe(1);
    expect(notEmpty.stderr).toMatch(/The data folder .* is not empty \(.*pgdata/);
    expect(notEmpty.stderr).not.toMatch(/\n\s+at /);
    expect(contents(source)).toEqual(before);

    // Refused archives leave the (empty) target as it was: no database, no staging folder.
    const refusedInto = async (file: string, env: Record<string, string> = {}) => {
      const target = folder("mp-backup-refused-");
      const ran = await ops(target, ["restore", "--archive", file], env);
      expect(ran.status, ran.stdout).toBe(1);
      expect(ran.stderr).not.toMatch(/\n\s+at /);
      expect(contents(target)).toEqual([]);
      return ran.stderr;
    };

    // Bytes flipped in the compressed stream.
    const damaged = path.join(work, "damaged.tar.gz");
    const bytes = readFileSync(archive);
    for (let i = 0; i < 64; i++) bytes[Math.floor(bytes.length / 2) + i]! ^= 0xff;
    writeFileSync(damaged, bytes);
    expect(await refusedInto(damaged)).toMatch(/cannot be read|does not match its manifest/);

    // The same archive repacked with one database file altered (same size) or a manifest from a newer release.
    const unpacked = path.join(work, "unpacked");
    mkdirSync(unpacked);
    await tar.x({ file: archive, cwd: unpacked });
    const repack = async (name: string) => {
      const file = path.join(work, name);
      await tar.c({ file, gzip: true, cwd: unpacked }, readdirSync(unpacked));
      return file;
    };
    const versionFile = path.join(unpacked, "pgdata", "PG_VERSION");
    const version = readFileSync(versionFile, "utf8");
    writeFileSync(
      versionFile,
      version.replace(/\d/, (d) => String((Number(d) + 1) % 10)),
    );
    expect(await refusedInto(await repack("altered.tar.gz"))).toContain("pgdata/PG_VERSION: checksum differs");
    writeFileSync(versionFile, version);

    const manifestFile = path.join(unpacked, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    writeFileSync(
      manifestFile,
      JSON.stringify({ ...manifest, schema: { migration: "9999_future", appliedAt: manifest.schema.appliedAt + 1e9 } }),
    );
    expect(await refusedInto(await repack("newer.tar.gz"))).toContain("newer than this release");
    writeFileSync(manifestFile, JSON.stringify(manifest));

    // The key the server would run with must be the backup's.
    const otherKey = Buffer.alloc(32, 7).toString("base64");
    expect(await refusedInto(archive, { ENCRYPTION_KEY: otherKey })).toContain(
      `ENCRYPTION_KEY is not the key this backup was made with`,
    );
    expect(await refusedInto(archive, { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres" })).toContain(
      "DATABASE_URL is set",
    );

    // The untouched archive restores, its key with it.
    const target = path.join(folder("mp-backup-restored-"), "data");
    const restored = await ops(target, ["restore", "--archive", archive]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/key: the archive's matches the backup's \(fingerprint [0-9a-f]{16}\)/);
    expect(contents(target)).toEqual(["pgdata", "secrets.json"]);
    expect(readFileSync(path.join(target, "secrets.json"), "utf8")).toBe(
      readFileSync(path.join(source, "secrets.json"), "utf8"),
    );
  }, 300_000);

  it.runIf(engines.includes("postgres"))(
    "refuses to back up PostgreSQL, naming the README's procedure",
    async () => {
      const database = await scratchPostgres("mp_backup");
      cleanups.push(database.drop);
      const dir = folder("mp-backup-pg-");
      const ran = await ops(dir, ["backup", "--out", path.join(folder("mp-backup-pg-out-"), "b.tar.gz")], {
        DATABASE_URL: database.url,
      });
      expect(ran.status).toBe(1);
      expect(ran.stderr).toContain("This installation runs on PostgreSQL (DATABASE_URL)");
      expect(ran.stderr).toContain("pg_dump -Fc and pg_restore");
      expect(ran.stderr).toContain("README.md, section Backups");
      expect(ran.stderr).not.toMatch(/\n\s+at /);
    },
    120_000,
  );
});
