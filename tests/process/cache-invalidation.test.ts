import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/connection";
import { merchantPrices, users } from "../../server/src/db/schema";
import { eventually } from "../support/eventually";
import { api, demoShop } from "../support/server-api";
import { type Server, startServer, stopServer } from "../support/server-process";
import { scratchPostgres } from "../support/test-db";

/**
 * Several API processes on one PostgreSQL (issue 18): each caches sessions and order targets, and a change made
 * through any of them, or behind their backs, reaches the others by NOTIFY. Their cache time-to-live is set far
 * longer than the test, so only the notice can make them see it.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))("caches across processes on PostgreSQL", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function twoServers() {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mp-cache-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await scratchPostgres("mp_cache");
    cleanups.push(database.drop);
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, CACHE_TTL_MS: "3600000", RUN_WORKER: "false" };
    const track = (server: Server) => {
      cleanups.push(async () => void (await stopServer(server, "SIGKILL")));
      return server;
    };
    // The first seeds the demo; the second starts on the seeded database.
    const a = track(await startServer(env));
    const b = track(await startServer(env));
    const direct = await openDatabase({ kind: "postgres", url: database.url }, () => {});
    cleanups.push(() => direct.close());
    return { a, b, db: direct.db };
  }

  const status = async (server: Server, token: string) =>
    (await fetch(`${server.url}/portal/merchant/api/logged/info`, { headers: { authorization: token } })).status;

  it("a session signed out on one process is refused by the other, which had it cached", async () => {
    const { a, b, db } = await twoServers();
    const shop = await demoShop(a);
    expect(await status(b, shop.token)).toBe(200);
    expect(await status(b, shop.token)).toBe(200);
    await api(a, "POST", "/merchant/api/logout", shop.token);
    const tookMs = await eventually(async () => (await status(b, shop.token)) === 401);
    console.log(`  signed out on A, refused by B after ${tookMs.toFixed(1)} ms`);

    // A user disabled behind both processes' backs (psql, the operator CLI) is refused by both.
    const again = await demoShop(b, "admin@demo.test");
    expect(await status(a, again.token)).toBe(200);
    await db.update(users).set({ enabled: false }).where(eq(users.username, "admin@demo.test"));
    await eventually(async () => (await status(a, again.token)) === 401 && (await status(b, again.token)) === 401);
  }, 120_000);

  it("a price changed behind the processes' backs is what the next order costs on each", async () => {
    const { a, b, db } = await twoServers();
    const shop = await demoShop(a);
    const order = (server: Server, merchantOrderNo: string) =>
      api<{ unitPrice: string }>(server, "POST", "/merchant/api/order", shop.token, {
        productId: shop.productId,
        skuId: shop.skuId,
        merchantOrderNo,
        inputs: { account: "13800138000" },
      });
    const before = (await order(b, "cache-1")).unitPrice;
    await order(a, "cache-2");
    await db
      .insert(merchantPrices)
      .values({ merchantId: await demoMerchantId(db), skuId: shop.skuId, price: "0.5000" })
      .onConflictDoUpdate({ target: [merchantPrices.merchantId, merchantPrices.skuId], set: { price: "0.5000" } });
    let n = 3;
    expect(before).not.toBe("0.5000");
    await eventually(async () => (await order(b, `cache-${n++}`)).unitPrice === "0.5000");
    await eventually(async () => (await order(a, `cache-${n++}`)).unitPrice === "0.5000");
  }, 120_000);
});

async function demoMerchantId(db: Awaited<ReturnType<typeof openDatabase>>["db"]): Promise<number> {
  const [row] = await db
    .select({ merchantId: users.merchantId })
    .from(users)
    .where(eq(users.username, "operator@demo.test"));
  return row!.merchantId;
}
