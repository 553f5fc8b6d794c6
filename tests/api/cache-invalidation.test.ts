import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantPrices, merchants, sessions } from "../../server/src/db/schema";
import { sha256 } from "../../server/src/lib/crypto";
import { cacheInvalidation, topicCache } from "../../server/src/lib/invalidation";
import { bearerToken } from "../../server/src/plugins/auth";
import { call, closeTestApp, EN } from "../support/api-helpers";
import { eventually } from "../support/eventually";
import { openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const INFO = "/portal/merchant/api/logged/info";
const ORDER = "/portal/merchant/api/order";

/**
 * The process caches of sessions and order targets (issue 18): used while notices are heard, emptied by any
 * change of what they hold, whoever makes it (here straight in the database, as another process or psql would).
 * The time-to-live is far longer than the test: only the notices can make the app see a change.
 */
describe.each(engines)("caches emptied by the database's notices on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await startTestApp(engine, { config: { CACHE_TTL_MS: "3600000" } });
    shop = await openShop(t, { balance: "1000" });
  });
  afterAll(() => closeTestApp(t));

  const cachedSession = () => t.deps.caches.sessions.get(sha256(bearerToken(shop.token)!));
  const info = async () => (await call(t, "GET", INFO, { token: shop.token, lang: EN })).statusCode;
  const order = async (merchantOrderNo: string) =>
    (
      await call(t, "POST", ORDER, {
        token: shop.token,
        lang: EN,
        payload: { ...shop.topup, merchantOrderNo, inputs: { account: "13800138000" }, quantity: 1 },
      })
    ).json().data as { unitPrice: string };

  it("keeps a session it checked, and drops it when its merchant is disabled", async () => {
    expect(await info()).toBe(200);
    expect(cachedSession()?.caller.merchantId).toBe(shop.merchantId);
    // A session's own row written by nobody but the touch (last seen) keeps it cached.
    expect(await info()).toBe(200);
    await t.deps.db.update(merchants).set({ status: "disabled" }).where(eq(merchants.id, shop.merchantId));
    await eventually(() => cachedSession() === undefined);
    expect(await info()).toBe(401);
    await t.deps.db.update(merchants).set({ status: "enabled" }).where(eq(merchants.id, shop.merchantId));
    expect(await info()).toBe(200);
  });

  it("keeps an order's product and price, and drops them when a price changes", async () => {
    const key = `${shop.merchantId}:${shop.topup.productId}:${shop.topup.skuId}`;
    expect((await order("C-1")).unitPrice).toBe("10.0000");
    expect(t.deps.caches.targets.get(key)?.target.price).toBe("10.0000");
    await t.deps.db
      .update(merchantPrices)
      .set({ price: "8.0000" })
      .where(and(eq(merchantPrices.merchantId, shop.merchantId), eq(merchantPrices.skuId, shop.topup.skuId)));
    await eventually(() => t.deps.caches.targets.get(key) === undefined);
    expect((await order("C-2")).unitPrice).toBe("8.0000");
  });

  it("ends a revoked session at once, though it was cached", async () => {
    expect(await info()).toBe(200);
    await t.deps.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, sha256(bearerToken(shop.token)!)));
    await eventually(() => cachedSession() === undefined);
    expect(await info()).toBe(401);
  });
});

describe("a topic cache", () => {
  it("answers nothing while notices are not heard, and stores nothing read before a notice", async () => {
    const invalidation = cacheInvalidation();
    const cache = topicCache<{ v: number }>(invalidation, "prices", { max: 10, ttlMs: 60_000 });
    // Not listening yet: nothing is kept, nothing answered.
    cache.set("k", { v: 1 }, cache.stamp());
    expect(cache.get("k")).toBeUndefined();
    const t = await startTestApp("pglite");
    try {
      await invalidation.start(t.database);
      expect(invalidation.live).toBe(true);
      cache.set("k", { v: 1 }, cache.stamp());
      expect(cache.get("k")).toEqual({ v: 1 });
      // A read that began before a change and ends after its notice is not kept.
      const stamp = cache.stamp();
      await t.deps.db.update(merchants).set({ priceListId: null });
      expect(cache.get("k")).toBeUndefined();
      cache.set("k", { v: 2 }, stamp);
      expect(cache.get("k")).toBeUndefined();
      await invalidation.stop();
      expect(invalidation.live).toBe(false);
    } finally {
      await invalidation.stop();
      await t.close();
    }
  });
});
