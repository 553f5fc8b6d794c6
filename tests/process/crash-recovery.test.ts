import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseTarget, openDatabase } from "../../server/src/db/connection";
import { ledgerEntries, orders } from "../../server/src/db/schema";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { SIMULATOR_RULES } from "../../server/src/modules/supplier/adapters/simulator";
import { api, demoShop, processingCount, type Shop, waitUntilNoneProcessing } from "../support/server-api";
import { type Server, sleep, spawnEntry, startServer, stopServer } from "../support/server-process";
import { type Engine, engines, scratchPostgres } from "../support/test-db";

/**
 * Crash safety with the real server process: orders placed over HTTP, the server killed (SIGKILL) while they are
 * Processing, started again on the same data -> every order reaches a final state, nothing is charged or refunded
 * twice, the ledger's invariants hold.
 */

const ORDERS = 20;

/** Orders through HTTP, all at once; every fourth for an account the simulator rejects, two with a retry. */
async function placeOrders(server: Server, shop: Shop, count: number): Promise<string[]> {
  const accounts = Array.from({ length: count }, (_, i) => {
    const stem = `1380013${String(i).padStart(2, "0")}`;
    return i % 4 === 0 ? `${stem}0000` : i % 9 === 1 ? `${stem}5555` : `${stem}8000`;
  });
  const placed = await Promise.all(
    accounts.map((account, i) =>
      api<{ status: string }>(server, "POST", "/merchant/api/order", shop.token, {
        productId: shop.productId,
        skuId: shop.skuId,
        merchantOrderNo: `crash-${i}`,
        inputs: { account },
      }),
    ),
  );
  expect(placed.map((o) => o.status)).toEqual(accounts.map(() => "processing"));
  return accounts;
}

/** Orders a fulfilment worker has claimed at least once (read beside the running server: PostgreSQL only). */
async function claimedCount(target: DatabaseTarget): Promise<number> {
  const database = await openDatabase(target, () => {});
  try {
    return (await database.db.select().from(orders)).filter((o) => o.attempts > 0).length;
  } finally {
    await database.close();
  }
}

/** Read with the server stopped: every order final, one Deduct each, one Refund per Failed one, invariants. */
async function expectAllSettled(target: DatabaseTarget, accounts: string[]) {
  const database = await openDatabase(target, () => {});
  try {
    const rows = await database.db.select().from(orders).orderBy(asc(orders.id));
    const entries = await database.db.select().from(ledgerEntries);
    expect(rows.map((o) => o.merchantOrderNo).sort()).toEqual(accounts.map((_, i) => `crash-${i}`).sort());
    for (const order of rows) {
      const account = order.rechargeAccount;
      const rejected = account.endsWith("0000");
      expect({ account, status: order.status, reason: order.failReason }).toEqual({
        account,
        status: rejected ? "failed" : "success",
        reason: rejected ? SIMULATOR_RULES.rejectReason : null,
      });
      const types = entries.filter((e) => e.orderId === order.id).map((e) => e.type);
      expect(types.sort()).toEqual(rejected ? ["deduct", "refund"] : ["deduct"]);
    }
    expect(await ledgerViolations(database.db)).toEqual([]);
  } finally {
    await database.close();
  }
}

describe.each(engines)("crash recovery of the real server (%s)", (engine: Engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A temp data folder (PGlite's database, or just the key file) and, for PostgreSQL, a fresh database. */
  async function prepare() {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mp-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Orders stay Processing at the supplier for 4 s: placing 20 of them over HTTP takes well under that, so the
    // SIGKILL below lands while they are in flight even on a slow machine.
    const env: Record<string, string> = { DATA_DIR: dataDir, SIMULATOR_DELAY_MS: "4000", DATABASE_URL: "" };
    if (engine === "pglite") return { env, target: { kind: "pglite", dir: dataDir } as DatabaseTarget };
    const database = await scratchPostgres("mp_crash");
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
    return { env, target: { kind: "postgres", url: database.url } as DatabaseTarget };
  }
  const track = (child: Server) => {
    cleanups.push(async () => void (await stopServer(child, "SIGKILL")));
    return child;
  };

  it("finishes every order after a SIGKILL while orders are Processing, charging nothing twice", async () => {
    const { env, target } = await prepare();
    let server = track(await startServer(env));
    const shop = await demoShop(server);
    const accounts = await placeOrders(server, shop, ORDERS);
    expect(await processingCount(server, shop)).toBeGreaterThanOrEqual(5);

    await stopServer(server, "SIGKILL");
    server = track(await startServer(env));
    await waitUntilNoneProcessing(server, shop);
    // A graceful stop: the worker lets go first, then the database closes (and PGlite's folder lock goes).
    expect(await stopServer(server, "SIGTERM")).toBe(0);
    await expectAllSettled(target, accounts);
  }, 180_000);

  it.runIf(engine === "postgres")(
    "`npm run worker` fulfils what a server with RUN_WORKER=false takes, and stops gracefully",
    async () => {
      const { env, target } = await prepare();
      const server = track(await startServer({ ...env, RUN_WORKER: "false" }));
      const shop = await demoShop(server);
      const accounts = await placeOrders(server, shop, 8);
      // Proof that this server runs no worker: after four of a worker's poll intervals no order was ever claimed
      // (a claim counts an attempt at once, whatever the supplier then answers).
      await sleep(4 * 500);
      expect(await claimedCount(target)).toBe(0);
      expect(await processingCount(server, shop)).toBe(8);

      const worker = track(spawnEntry("worker", env));
      await waitUntilNoneProcessing(server, shop);
      expect(await stopServer(worker, "SIGTERM")).toBe(0);
      expect(await stopServer(server, "SIGTERM")).toBe(0);
      await expectAllSettled(target, accounts);
    },
    180_000,
  );
});
