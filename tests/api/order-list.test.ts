import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_COUNT_CAP as ORDER_COUNT_CAP } from "../../server/src/db/paging";
import { orders } from "../../server/src/db/schema";
import { failOrder } from "../../server/src/modules/order/order-outcome";
import { call, closeTestApp, EN, expectFieldErrors, expectOk, type Lang, ZH } from "../support/api-helpers";
import { openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const LIST = "/portal/merchant/api/order/list";

interface Listed {
  total: number;
  totalCapped?: boolean;
  list: { orderNo: string; merchantOrderNo: string; status: string; productName: string }[];
}

describe.each(engines)("the order list (%s)", (engine) => {
  let t: TestApp;
  let shop: Shop;
  const placed: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "500" });
    const seeds = [
      ["L-1", shop.topup, { account: "13800000001" }],
      ["L-2", shop.login, { account: "hero", password: "pw", server: "asia" }],
      ["L-3", shop.topup, { account: "13800000003" }],
    ] as const;
    for (const [no, product, inputs] of seeds) {
      const res = await call(t, "POST", "/portal/merchant/api/order", {
        token: shop.token,
        payload: { productId: product.productId, skuId: product.skuId, merchantOrderNo: no, inputs },
      });
      placed[no] = expectOk<{ orderNo: string }>(res).orderNo;
      t.clock.advance(60_000);
    }
    const [failed] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, placed["L-3"]!));
    await failOrder(t.deps.db, failed!.id, t.clock.now(), "orderFailure.deadline", "DEADLINE_PASSED");
  });
  afterAll(() => closeTestApp(t));

  const list = async (query: string, lang: Lang = ZH) =>
    expectOk<Listed>(await call(t, "GET", `${LIST}?${query}`, { token: shop.token, lang }), lang);
  const numbers = (page: Listed) => page.list.map((o) => o.merchantOrderNo);

  it("says who placed each order: the operator's account, in the list and the detail", async () => {
    const operator = shop.merchant.users.operator.username;
    expect((await list("")).list.map((o) => (o as { placedBy?: string }).placedBy)).toEqual([
      operator,
      operator,
      operator,
    ]);
    const detail = await call(t, "GET", `/portal/merchant/api/order/${placed["L-1"]}`, { token: shop.token, lang: ZH });
    expect(expectOk<{ placedBy: string }>(detail).placedBy).toBe(operator);
  });

  it("lists newest first with the total", async () => {
    const page = await list("pageSize=2");
    expect(page.total).toBe(3);
    expect(page.totalCapped).toBeUndefined();
    expect(numbers(page)).toEqual(["L-3", "L-2"]);
    expect(numbers(await list("pageSize=2&pageNum=2"))).toEqual(["L-1"]);
  });

  it("filters by status, source, numbers, product name (either language) and time", async () => {
    expect(numbers(await list("status=failed"))).toEqual(["L-3"]);
    expect(numbers(await list("status=processing"))).toEqual(["L-2", "L-1"]);
    expect(numbers(await list("source=api"))).toEqual([]);
    expect(numbers(await list(`orderNo=${placed["L-2"]}`))).toEqual(["L-2"]);
    expect(numbers(await list("merchantOrderNo=L-1"))).toEqual(["L-1"]);
    expect(numbers(await list("productName=game"))).toEqual(["L-2"]);
    expect(numbers(await list(`productName=${encodeURIComponent("话费")}`))).toEqual(["L-3", "L-1"]);
    expect(numbers(await list("productName=100%25"))).toEqual([]);
    const start = new Date("2026-11-21T10:00:30Z").toISOString();
    const end = new Date("2026-11-21T10:01:30Z").toISOString();
    expect(numbers(await list(`startTime=${start}&endTime=${end}`))).toEqual(["L-2"]);
  });

  it("finds the orders of one recharge account (exact, after trimming), with the other filters", async () => {
    expect(numbers(await list("rechargeAccount=13800000003"))).toEqual(["L-3"]);
    expect(numbers(await list("rechargeAccount=%2013800000001%20"))).toEqual(["L-1"]);
    expect(numbers(await list("rechargeAccount=hero&status=processing"))).toEqual(["L-2"]);
    // Exact, not a prefix: a shorter number is another account.
    expect(numbers(await list("rechargeAccount=1380000000"))).toEqual([]);
    // The export takes the list's filters: its query schema accepts the account too.
    const exported = await call(t, "GET", "/portal/merchant/export/order/detail?rechargeAccount=13800000003", {
      token: shop.token,
    });
    expectOk<number>(exported);
  });

  it("sorts by the allowed columns, ties broken by order of placing, stable across pages", async () => {
    const all = (await list("pageSize=100")).list as unknown as { merchantOrderNo: string; amount: string }[];
    const byAmount = [...all].sort(
      (a, b) => Number(a.amount) - Number(b.amount) || a.merchantOrderNo.localeCompare(b.merchantOrderNo),
    );
    expect(numbers(await list("sort=amount"))).toEqual(byAmount.map((o) => o.merchantOrderNo));
    expect(numbers(await list("sort=-amount"))).toEqual(byAmount.reverse().map((o) => o.merchantOrderNo));
    expect(numbers(await list("sort=createTime"))).toEqual(["L-1", "L-2", "L-3"]);
    const pages = [1, 2, 3].map((n) => list(`sort=-amount,createTime&pageSize=1&pageNum=${n}`));
    const paged = (await Promise.all(pages)).flatMap(numbers);
    expect(paged).toEqual(numbers(await list("sort=-amount,createTime")));
  });

  it("refuses a sort by a field the list does not allow, or the same field twice (translated)", async () => {
    for (const sort of ["status", "-rechargeAccount", "amount,-amount"]) {
      const en = await call(t, "GET", `${LIST}?sort=${sort}`, { token: shop.token, lang: EN });
      expectFieldErrors(en, { sort: "This list cannot be sorted by that field" });
    }
    const zh = await call(t, "GET", `${LIST}?sort=productName`, { token: shop.token, lang: ZH });
    expectFieldErrors(zh, { sort: "此列表不能按该字段排序" });
  });

  it("shows the failure reason in the reader's language", async () => {
    const [en] = (await list("status=failed", EN)).list as unknown as { failReason: string }[];
    expect(en?.failReason).toBe("No final answer from the supplier before the deadline");
  });

  it("refuses bad filters with translated field errors", async () => {
    const res = await call(t, "GET", `${LIST}?status=lost&startTime=yesterday`, { token: shop.token, lang: EN });
    expectFieldErrors(res, { status: "This value has the wrong type", startTime: "Not a valid date and time" });
  });

  it("stops counting at the cap and says so", async () => {
    const big = await openShop(t, { balance: "0" });
    await t.deps.db.execute(sql`
      insert into orders (order_no, merchant_id, merchant_order_no, product_id, sku_id, product_name, product_type,
        spec, quantity, unit_price, amount, currency, inputs, status, source, supplier, deadline_at)
      select 'BULK' || g, ${big.merchantId}, 'BULK-' || g, ${big.topup.productId}, ${big.topup.skuId}, 'Bulk',
        1, '10 CNY', 1, 1, 1, 'USD', '{}'::jsonb, 'success', 'api', 'simulator', now()
      from generate_series(1, ${ORDER_COUNT_CAP + 5}) g`);
    const page = expectOk<Listed>(await call(t, "GET", `${LIST}?pageSize=5`, { token: big.token }));
    expect(page).toMatchObject({ total: ORDER_COUNT_CAP, totalCapped: true });
    expect(page.list).toHaveLength(5);
  });
});
