import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConsoleStatistics, consoleStatisticsCalls, STUCK_MINUTES } from "#contracts";
import { orders } from "../../server/src/db/schema";
import { completeOrder, failOrder } from "../../server/src/modules/order/order-outcome";
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

  const rowOf = async (orderNo: string) =>
    (await t.deps.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;

  it("sums orders by status, success rate and sales (successful orders only) by day, merchant and product", async () => {
    const placed = [await place(a, "13900000001"), await place(a, "13900000002"), await place(b, "13900000003")];
    await failOrder(t.deps.db, (await rowOf(placed[0]!.orderNo)).id, t.clock.now(), "test", "SUPPLIER_REFUSED");
    await completeOrder(t.deps.db, (await rowOf(placed[1]!.orderNo)).id, t.clock.now(), null);

    const day = t.clock.now().toISOString().slice(0, 10);
    const s = expectOk<ConsoleStatistics>(await stats(`from=${day}&to=${day}&tz=0`), EN);
    const sale = Number(placed[1]!.amount);
    expect(s.totals).toMatchObject({
      orders: 3,
      success: 1,
      failed: 1,
      processing: 1,
      successRate: 0.5,
      depositCount: 0,
      deposits: [],
      currencies: expect.arrayContaining(["USD"]),
    });
    // The Processing order of b is no sale yet; the failed one never is.
    expect(s.totals.sales).toEqual([{ currency: "USD", amount: sale.toFixed(4) }]);
    expect(s.days).toHaveLength(1);
    // The chart's day and the Orders card count the same orders, by the same statuses.
    const { date, orders: dayOrders, success, failed, processing } = s.days[0]!;
    expect({ date, dayOrders, success, failed, processing }).toEqual({
      date: day,
      dayOrders: s.totals.orders,
      success: s.totals.success,
      failed: s.totals.failed,
      processing: s.totals.processing,
    });
    expect(success + failed + processing).toBe(dayOrders);
    expect(s.merchants.map((m) => [m.merchantNo, m.orders, m.failed, m.processing, m.sales])).toEqual([
      [a.merchant.merchantNo, 2, 1, 0, sale.toFixed(4)],
      [b.merchant.merchantNo, 1, 0, 1, "0.0000"],
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

  it("counts the orders Processing longer than the stuck threshold, whenever they were placed", async () => {
    const day = () => t.clock.now().toISOString().slice(0, 10);
    const before = expectOk<ConsoleStatistics>(await stats(`from=${day()}&to=${day()}&tz=0`), EN).totals.stuck;
    await place(b, "13900000009");
    expect(expectOk<ConsoleStatistics>(await stats(`from=${day()}&to=${day()}&tz=0`), EN).totals.stuck).toBe(before);
    t.clock.advance((STUCK_MINUTES + 1) * 60_000);
    const later = expectOk<ConsoleStatistics>(await stats(`from=${day()}&to=${day()}&tz=0`), EN);
    // Every order still Processing is stuck now: the earlier test's and this one.
    expect(later.totals.stuck).toBe(before + 2);
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
