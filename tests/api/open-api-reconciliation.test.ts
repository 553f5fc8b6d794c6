import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiOrder, OpenApiOrderPage } from "#contracts";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { closeTestApp } from "../support/api-helpers";
import { type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * Reconciliation (issue 17): GET /openapi/v1/orders answers a merchant's orders in the order they last changed,
 * a page at a time, so a client that missed callbacks finds every order that changed since its last look.
 */
describe.each(engines)("Open API order reconciliation on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let client: OpenApiClient;
  let other: OpenApiClient;
  const placed: OpenApiOrder[] = [];

  const get = async (query: string) => {
    const res = await openApiCall(t, client, { method: "GET", url: `/openapi/v1/orders${query}` });
    return { status: res.statusCode, body: res.json() as { code: number; data: OpenApiOrderPage } & object };
  };
  /** Every page of a query, following `nextCursor` to the end. */
  const all = async (query: string) => {
    const seen: OpenApiOrderPage["list"] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await get(`${query}${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.list);
      cursor = page.body.data.nextCursor;
      pages++;
    } while (cursor);
    return { seen, pages };
  };

  beforeAll(async () => {
    t = await startTestApp(engine, { config: { SIMULATOR_DELAY_MS: "0" } });
    shop = await openShop(t, { balance: "1000" });
    client = await openApiClient(t, shop.merchantId);
    other = await openApiClient(t, (await openShop(t, { balance: "100" })).merchantId);
    // Five orders a second apart; the one to an account ending 0000 is refused by the simulator.
    for (const [i, account] of ["13800138001", "13800138002", "13800130000", "13800138004", "13800138005"].entries()) {
      const res = await openApiCall(t, client, {
        method: "POST",
        url: "/openapi/v1/orders",
        body: {
          productId: shop.topup.productId,
          skuId: shop.topup.skuId,
          merchantOrderNo: `REC-${i}`,
          inputs: { account },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      placed.push(res.json().data);
      t.clock.advance(1_000);
    }
  });
  afterAll(() => closeTestApp(t));

  it("pages through every order exactly once, oldest change first, each with the time it last changed", async () => {
    const { seen, pages } = await all("?limit=2");
    expect(pages).toBe(3);
    expect(seen.map((o) => o.merchantOrderNo)).toEqual(["REC-0", "REC-1", "REC-2", "REC-3", "REC-4"]);
    expect(seen.every((o) => o.status === "processing" && o.updateTime === o.createTime && o.cards === null)).toBe(
      true,
    );
    // Another merchant's client sees none of them.
    const res = await openApiCall(t, other, { method: "GET", url: "/openapi/v1/orders" });
    expect(res.json().data).toEqual({ list: [], nextCursor: null });
  });

  it("lists what changed since a moment: finished orders come after, with their new status and version", async () => {
    const since = t.clock.now().toISOString();
    t.clock.advance(1_000);
    await runFulfilmentOnce(t.deps);
    const { seen } = await all(`?limit=100&updatedFrom=${encodeURIComponent(since)}`);
    expect(seen).toHaveLength(5);
    expect(seen.map((o) => [o.merchantOrderNo, o.status])).toEqual([
      ["REC-0", "success"],
      ["REC-1", "success"],
      ["REC-2", "failed"],
      ["REC-3", "success"],
      ["REC-4", "success"],
    ]);
    expect(seen.every((o) => o.updateTime > since && o.version > 1)).toBe(true);
    const failed = await all("?status=failed&limit=100");
    // A program reads why from failCode; people read failReason.
    expect(failed.seen.map((o) => [o.merchantOrderNo, o.failCode, o.failReason !== null])).toEqual([
      ["REC-2", "ACCOUNT_INVALID", true],
    ]);
    expect(seen.filter((o) => o.status === "success").every((o) => o.failCode === null)).toBe(true);
    // Created in a window: [from, to).
    const window = await all(
      `?createdFrom=${encodeURIComponent(placed[1]!.createTime)}&createdTo=${encodeURIComponent(placed[3]!.createTime)}`,
    );
    expect(window.seen.map((o) => o.merchantOrderNo)).toEqual(["REC-1", "REC-2"]);
    expect((await all("?updatedFrom=2999-01-01T00:00:00Z")).seen).toEqual([]);
  });

  it("refuses a cursor it did not write and a limit out of range, naming the field", async () => {
    const forged = Buffer.from(JSON.stringify(["-200000-01-01T00:00:00.000Z", 1])).toString("base64url");
    for (const query of [
      `?cursor=${forged}`,
      "?cursor=not-a-cursor",
      "?limit=0",
      "?limit=101",
      "?status=lost",
      "?updatedFrom=yesterday",
    ]) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ data: { errorCode: "INVALID_REQUEST" } });
    }
  });
});
