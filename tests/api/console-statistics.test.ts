import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConsoleStatistics, consoleStatisticsCalls } from "#contracts";
import { orders } from "../../server/src/db/schema";
import { failOrder } from "../../server/src/modules/order/order-outcome";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
import { openShop, type Shop } from "../support/order-fixtures";
import { consoleUrl, staffLogin, staffMember } from "../support/staff";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const ORDER = "/portal/merchant/api/order";

/**
 * The reseller's statistics (issue 15): orders, success rate and sales over a period, by day, merchant and
 * product, from the same hourly rollups as the merchant overview.
 */
describe.each(engines)("the console's statistics on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let a: Shop;
  let b: Shop;

  beforeAll(async () => {
    t = await startTestApp(engine);
    token = await staffLogin(t, await staffMember(t, ["financeOfficer"]));
    [a, b] = [await openShop(t), await openShop(t)];
  });
  afterAll(() => closeTestApp(t));

  const place = async (s: Shop, account: string) => {
    const res = await call(t, "POST", ORDER, {
      token: s.token,
      payload: { productId: s.topup.productId, skuId: s.topup.skuId, inputs: { account } },
    });
    return expectOk<{ orderNo: string; amount: string }>(res);
  };
  const stats = async (query: string) =>
    call(t, "GET", `${consoleUrl(consoleStatisticsCalls.get)}?${query}`, { token, lang: EN });

  it("sums orders, success rate and sales by day, merchant and product", async () => {
    const placed = [await place(a, "13900000001"), await place(a, "13900000002"), await place(b, "13900000003")];
    const [first] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, placed[0]!.orderNo));
    await failOrder(t.deps.db, first!.id, t.clock.now(), "test", "SUPPLIER_REFUSED");

    const day = t.clock.now().toISOString().slice(0, 10);
    const s = expectOk<ConsoleStatistics>(await stats(`from=${day}&to=${day}&tz=0`), EN);
    const sale = Number(placed[1]!.amount);
    expect(s.totals).toMatchObject({ orders: 3, success: 0, failed: 1, successRate: 0, depositCount: 0, deposits: [] });
    expect(s.totals.sales).toEqual([{ currency: "USD", amount: (sale * 2).toFixed(4) }]);
    expect(s.days).toHaveLength(1);
    expect(s.days[0]).toMatchObject({ date: day, orders: 3, failed: 1 });
    expect(s.merchants.map((m) => [m.merchantNo, m.orders, m.failed, m.sales])).toEqual([
      [a.merchant.merchantNo, 2, 1, sale.toFixed(4)],
      [b.merchant.merchantNo, 1, 0, sale.toFixed(4)],
    ]);
    expect(s.products.map((p) => [p.productId, p.orders])).toEqual([
      [a.topup.productId, 2],
      [b.topup.productId, 1],
    ]);

    const onlyB = expectOk<ConsoleStatistics>(
      await stats(`from=${day}&to=${day}&merchantNo=${b.merchant.merchantNo}`),
      EN,
    );
    expect(onlyB.totals.orders).toBe(1);
    const week = expectOk<ConsoleStatistics>(await stats(`from=2026-11-15&to=${day}&tz=Asia/Shanghai`), EN);
    expect(week.days.map((d) => d.date)).toHaveLength(7);
    expect(week.days.reduce((n, d) => n + d.orders, 0)).toBe(3);
  });

  it("refuses a period in the wrong order, too long, or in an unknown zone, on its field", async () => {
    expect((await stats("from=2026-11-20&to=2026-11-01")).json()).toMatchObject({
      code: 400,
      data: { errors: { to: expect.any(String) } },
    });
    expect((await stats("from=2024-01-01&to=2026-11-01")).json()).toMatchObject({
      code: 400,
      data: { errors: { to: expect.any(String) } },
    });
    expect((await stats("from=2026-11-01&to=2026-11-02&tz=Mars/Olympus")).json()).toMatchObject({
      code: 400,
      data: { errors: { tz: expect.any(String) } },
    });
  });
});
