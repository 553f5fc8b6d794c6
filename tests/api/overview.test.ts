import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Overview } from "#contracts";
import { queryRows } from "../../server/src/db/raw";
import { orders } from "../../server/src/db/schema";
import { approveDeposit } from "../../server/src/modules/deposit/deposit-review.service";
import { completeOrder, failOrder } from "../../server/src/modules/order/order-outcome";
import { call, closeTestApp, EN, expectFieldErrors, expectOk, ZH } from "../support/api-helpers";
import { submitDeposit } from "../support/funds-fixtures";
import { openShop, type Shop } from "../support/order-fixtures";
import { overviewByScan } from "../support/overview-scan";
import { startTestApp, TEST_OPERATOR, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const OVERVIEW = "/portal/merchant/api/overview";
const ORDER = "/portal/merchant/api/order";
const BATCH = "/portal/merchant/api/order/batch";
const HOUR = 3_600_000;
const ZONE = "Asia/Shanghai";

describe.each(engines)("overview (%s)", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  const tokens = { admin: "", operator: "", finance: "", other: "" };

  /** Sessions end after 30 idle minutes: the tests move the clock by hours, so they sign in again each time. */
  async function signIn() {
    tokens.admin = await t.login(shop.merchant.users.admin.username);
    tokens.operator = await t.login(shop.merchant.users.operator.username);
    tokens.finance = await t.login(shop.merchant.users.finance.username);
    tokens.other = await t.login(other.merchant.users.admin.username);
  }

  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "1000" });
    other = await openShop(t, { balance: "100" });
    await signIn();
  });
  afterAll(() => closeTestApp(t));

  const overview = async (token: string, query: string, lang: typeof EN | typeof ZH = EN) =>
    expectOk<Overview>(await call(t, "GET", `${OVERVIEW}?${query}`, { token, lang }), lang);
  const place = async (product: Shop["topup"], quantity: number, inputs: Record<string, string>) =>
    expectOk<{ orderNo: string }>(
      await call(t, "POST", ORDER, {
        token: tokens.operator,
        lang: EN,
        payload: { productId: product.productId, skuId: product.skuId, quantity, inputs },
      }),
      EN,
    );
  const idOf = async (orderNo: string) =>
    (await t.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo)))[0]!.id;

  it("answers the figures a scan of orders and the ledger gives, per local day", async () => {
    // 2026-11-21 10:00 UTC is 18:00 in Shanghai: these land on the 21st there.
    const first = [
      await place(shop.topup, 1, { account: "13800138001" }),
      await place(shop.topup, 1, { account: "13800138002" }),
      await place(shop.login, 1, { account: "player1", password: "secret", server: "asia" }),
    ];
    const batch = await call(t, "POST", BATCH, {
      token: tokens.operator,
      lang: EN,
      payload: {
        productId: shop.topup.productId,
        skuId: shop.topup.skuId,
        items: [1, 2, 3, 4].map((i) => ({ merchantOrderNo: `OV-${i}`, inputs: { account: `1380013900${i}` } })),
      },
    });
    expect(expectOk<{ successCount: number }>(batch, EN).successCount).toBe(4);
    // Seven hours later it is 01:00 on the 22nd in Shanghai (still the 21st in UTC).
    t.clock.advance(7 * HOUR);
    await signIn();
    const second = [await place(shop.gift, 2, { account: "13800138003" })];
    expect(await completeOrder(t.deps.db, await idOf(first[0]!.orderNo), t.clock.now(), null)).toBe(true);
    expect(await completeOrder(t.deps.db, await idOf(second[0]!.orderNo), t.clock.now(), null)).toBe(true);
    expect(
      await failOrder(
        t.deps.db,
        await idOf(first[2]!.orderNo),
        t.clock.now(),
        "orderFailure.rejected",
        "ACCOUNT_INVALID",
      ),
    ).toBe(true);
    const deposit = await submitDeposit(t, tokens.finance, shop.merchantId, { amount: "20.00", currency: "USD" });
    await approveDeposit(t.deps, TEST_OPERATOR, { depositNo: deposit.depositNo, settledCurrency: "USD", rate: "1" });

    const answer = await overview(tokens.admin, `from=2026-11-20&to=2026-11-22&tz=${ZONE}`);
    expect(answer).toEqual({
      from: "2026-11-20",
      to: "2026-11-22",
      ...(await overviewByScan(t.deps.db, shop.merchantId, "2026-11-20", "2026-11-22", ZONE)),
    });
    // What the scan says, written out: 6 top-ups (10.00), a login top-up (25.00, refunded), 2 gift cards (5.00).
    expect(answer.money.days.map((d) => [d.date, d.spend, d.deposits, d.depositCount])).toEqual([
      ["2026-11-20", "0.0000", "0.0000", 0],
      ["2026-11-21", "85.0000", "0.0000", 0],
      ["2026-11-22", "-15.0000", "20.0000", 1],
    ]);
    expect(answer.money).toMatchObject({ spend: "70.0000", deposits: "20.0000", depositCount: 1, currency: "USD" });
    expect(answer.orders).toMatchObject({ total: 8, byStatus: { processing: 5, success: 2, failed: 1 } });
    expect(answer.orders?.successRate).toBeCloseTo(2 / 3, 4);
    expect(answer.orders?.topProducts.map((p) => [p.name, p.count, p.amount])).toEqual([
      ["Test Mobile Top-up", 6, "60.0000"],
      ["Test Gift Card", 1, "10.0000"],
    ]);

    // Other zones cut the days elsewhere: UTC puts everything on the 21st, a fixed offset the same as Shanghai.
    const utc = await overview(tokens.operator, "from=2026-11-21&to=2026-11-21&tz=0");
    expect(utc.money.days).toEqual([{ date: "2026-11-21", spend: "70.0000", deposits: "20.0000", depositCount: 1 }]);
    const offset = await overview(tokens.operator, "from=2026-11-22&to=2026-11-22&tz=480");
    expect(offset.money.days).toEqual([
      { date: "2026-11-22", spend: "-15.0000", deposits: "20.0000", depositCount: 1 },
    ]);
    expect(offset.orders?.byStatus).toEqual({ processing: 0, success: 1, failed: 0 });
    // Chinese product names for a Chinese reader.
    const zh = await overview(tokens.admin, `from=2026-11-21&to=2026-11-22&tz=${ZONE}`, ZH);
    expect(zh.orders?.topProducts[0]?.name).toBe("测试话费直充");
  });

  it("gives finance the money part only", async () => {
    const query = `from=2026-11-20&to=2026-11-22&tz=${ZONE}`;
    const finance = await overview(tokens.finance, query);
    const admin = await overview(tokens.admin, query);
    expect(finance.orders).toBeNull();
    expect(finance.money).toEqual(admin.money);
  });

  it("shows a merchant nothing of another's", async () => {
    const answer = await overview(tokens.other, `from=2026-11-20&to=2026-11-22&tz=${ZONE}`);
    expect(answer).toEqual({
      from: "2026-11-20",
      to: "2026-11-22",
      ...(await overviewByScan(t.deps.db, other.merchantId, "2026-11-20", "2026-11-22", ZONE)),
    });
    expect(answer.money.spend).toBe("0.0000");
    expect(answer.orders).toMatchObject({ total: 0, successRate: null, topProducts: [] });
  });

  it("refuses a bad period or zone with a translated field error", async () => {
    const bad = (query: string, lang: typeof EN | typeof ZH = EN) =>
      call(t, "GET", `${OVERVIEW}?${query}`, { token: tokens.admin, lang });
    expectFieldErrors(await bad("from=2026-11-22&to=2026-11-21"), {
      to: "The start date must not be after the end date",
    });
    expectFieldErrors(await bad("from=2026-11-22&to=2026-11-21", ZH), { to: "开始日期不能晚于结束日期" });
    expectFieldErrors(await bad("from=2025-01-01&to=2026-01-02"), { to: "The period is at most 366 days" });
    expectFieldErrors(await bad("from=2025-01-01&to=2026-01-02", ZH), { to: "统计周期最长 366 天" });
    expectFieldErrors(await bad("from=2026-02-30&to=2026-03-01"), { from: "Not a valid date (YYYY-MM-DD)" });
    expectFieldErrors(await bad("from=2026-11-01&to=2026-11-02&tz=Mars/Olympus"), { tz: "Not a known time zone" });
    expectFieldErrors(await bad("from=2026-11-01&to=2026-11-02&tz=900", ZH), { tz: "无法识别的时区" });
    // The last day there is answers (its next day used to loop the server forever), and before 1970 is refused.
    expect((await overview(tokens.admin, "from=9999-12-31&to=9999-12-31")).money.days).toHaveLength(1);
    expectFieldErrors(await bad("from=1969-12-31&to=1970-01-01"), { from: "Not a valid date (YYYY-MM-DD)" });
    // A leap year's whole year is allowed.
    expect((await overview(tokens.admin, "from=2024-01-01&to=2024-12-31")).money.days).toHaveLength(366);
  });

  it("keeps the rollups equal to the orders and ledger after status changes and refunds", async () => {
    const rollup = () =>
      queryRows<{ hour: string; product_id: string; status: string; orders: string; amount: string }>(
        t.deps.db,
        sql`select hour::text, product_id::text, status, orders::text, amount::numeric(20,4)::text as amount
            from order_stats_hourly where merchant_id = ${shop.merchantId} and orders <> 0 order by 1, 2, 3`,
      );
    const scan = () =>
      queryRows<{ hour: string; product_id: string; status: string; orders: string; amount: string }>(
        t.deps.db,
        sql`select date_trunc('hour', created_at, 'UTC')::text as hour, product_id::text, status,
              count(*)::text as orders, sum(amount)::numeric(20,4)::text as amount
            from orders where merchant_id = ${shop.merchantId} group by 1, 2, 3 order by 1, 2, 3`,
      );
    const ledgerRollup = () =>
      queryRows<{ hour: string; kind: string; entries: string; amount: string }>(
        t.deps.db,
        sql`select hour::text, kind, entries::text, amount::numeric(20,4)::text as amount
            from ledger_stats_hourly where merchant_id = ${shop.merchantId} order by 1, 2`,
      );
    const ledgerScan = () =>
      queryRows<{ hour: string; kind: string; entries: string; amount: string }>(
        t.deps.db,
        sql`select date_trunc('hour', created_at, 'UTC')::text as hour,
              case when type = 'add' and deposit_id is not null then 'deposit' else type end as kind,
              count(*)::text as entries, sum(amount)::numeric(20,4)::text as amount
            from ledger_entries where merchant_id = ${shop.merchantId} group by 1, 2 order by 1, 2`,
      );
    expect(await rollup()).toEqual(await scan());
    // A worker's lease (no summed column changes) moves nothing; finishing and refunding move orders between rows.
    await t.deps.db.execute(
      sql`update orders set attempts = attempts + 1 where merchant_id = ${shop.merchantId} and status = 'processing'`,
    );
    expect(await rollup()).toEqual(await scan());
    t.clock.advance(HOUR);
    await signIn();
    const processing = await t.deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.merchantId, shop.merchantId), eq(orders.status, "processing")));
    const mine = processing.map((o) => o.id);
    for (const [i, id] of mine.entries()) {
      if (i % 2 === 0) await completeOrder(t.deps.db, id, t.clock.now(), null);
      else await failOrder(t.deps.db, id, t.clock.now(), "orderFailure.rejected", "ACCOUNT_INVALID");
    }
    // Final orders stay final: a second outcome changes nothing, in the rollups too.
    if (mine[0])
      expect(await failOrder(t.deps.db, mine[0], t.clock.now(), "orderFailure.rejected", "ACCOUNT_INVALID")).toBe(
        false,
      );
    expect(await rollup()).toEqual(await scan());
    expect(await ledgerRollup()).toEqual(await ledgerScan());
    const after = await overview(tokens.admin, `from=2026-11-20&to=2026-11-22&tz=${ZONE}`);
    expect(after).toEqual({
      from: "2026-11-20",
      to: "2026-11-22",
      ...(await overviewByScan(t.deps.db, shop.merchantId, "2026-11-20", "2026-11-22", ZONE)),
    });
    expect(after.orders?.byStatus.processing).toBe(0);
  });
});
