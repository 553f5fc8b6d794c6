import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiEventPage } from "#contracts";
import { merchantApps, merchantEvents } from "../../server/src/db/schema";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
import { type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const DAY = 86_400_000;

/**
 * GET /openapi/v1/events (issue 17 §2): every event of the last 30 days a merchant was sent or would have been,
 * with the callbacks' event ids and data, cursor-paged — here for a merchant that had no callback URL at all.
 */
describe.each(engines)("the Open API event feed on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let client: OpenApiClient;
  const feed = async (query = "") => {
    const res = await openApiCall(t, client, { method: "GET", url: `/openapi/v1/events${query}` });
    return { status: res.statusCode, body: res.json() as { code: number; data: OpenApiEventPage } };
  };

  beforeAll(async () => {
    t = await startTestApp(engine, { config: { SIMULATOR_DELAY_MS: "0" } });
    shop = await openShop(t, { balance: "1000" });
    client = await openApiClient(t, shop.merchantId);
    await t.deps.db.update(merchantApps).set({ callbackUrl: "", notifyUrl: "" });
    for (const [i, account] of ["13800138001", "13800130000", "13800138003"].entries()) {
      const res = await openApiCall(t, client, {
        method: "POST",
        url: "/openapi/v1/orders",
        body: {
          productId: shop.topup.productId,
          skuId: shop.topup.skuId,
          merchantOrderNo: `EV-${i}`,
          inputs: { account },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    t.clock.advance(1_000);
    while ((await runFulfilmentOnce(t.deps)) > 0);
  });
  afterAll(() => closeTestApp(t));

  it("answers every event, unsent ones too, with the callbacks' ids and data, a page at a time", async () => {
    const first = await feed("?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.data.list).toHaveLength(2);
    const rest = await feed(`?limit=2&cursor=${first.body.data.nextCursor}`);
    expect(rest.body.data.nextCursor).toBeNull();
    const all = [...first.body.data.list, ...rest.body.data.list];
    // The three finished at the same moment (one worker round): in the order the worker wrote them.
    const byOrder = [...all].sort((a, b) =>
      String(a.data.merchantOrderNo).localeCompare(String(b.data.merchantOrderNo)),
    );
    expect(byOrder.map((e) => [e.type, e.data.merchantOrderNo, e.data.failCode, e.deliveryStatus])).toEqual([
      ["order.success", "EV-0", null, "unsent"],
      ["order.failed", "EV-1", "ACCOUNT_INVALID", "unsent"],
      ["order.success", "EV-2", null, "unsent"],
    ]);
    const stored = await t.deps.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, shop.merchantId));
    expect(all.map((e) => e.eventId).sort()).toEqual(stored.map((e) => e.eventId).sort());
    expect((await feed("?type=order.failed")).body.data.list.map((e) => e.data.merchantOrderNo)).toEqual(["EV-1"]);
  });

  it("reaches back 30 days, and keeps unsent events out of the delivery log", async () => {
    t.clock.advance(31 * DAY);
    expect((await feed()).body.data.list).toEqual([]);
    // Further back than the feed keeps is refused by name, not quietly cut to 30 days (open-api-methods.test).
    const tooFar = await feed("?since=2000-01-01T00:00:00Z");
    expect([tooFar.status, tooFar.body.data]).toMatchObject([
      400,
      { errorCode: "INVALID_REQUEST", errors: { since: expect.any(String) } },
    ]);
    const admin = await t.login(shop.merchant.users.admin.username);
    const log = expectOk<{ total: number }>(
      await call(t, "GET", "/portal/merchant/api/app/deliveries", { token: admin, lang: EN }),
      EN,
    );
    expect(log.total).toBe(0);
  });

  it("refuses a cursor it did not write, an unknown type and a limit out of range", async () => {
    for (const query of ["?cursor=abc", "?type=order.maybe", "?limit=500"]) {
      const res = await feed(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ data: { errorCode: "INVALID_REQUEST" } });
    }
  });
});
