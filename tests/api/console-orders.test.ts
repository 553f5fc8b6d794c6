import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConsoleOrder, type ConsoleOrderDetail, consoleOrderCalls, type Page } from "#contracts";
import { orders } from "../../server/src/db/schema";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { call, closeTestApp, EN, expectFailure, expectFieldErrors, expectOk } from "../support/api-helpers";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { consoleUrl, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const ORDER = "/portal/merchant/api/order";

/**
 * Every merchant's orders in the console (issue 15): customer service finds an order by its number, its
 * merchant or its recharge account, opens its timeline, asks the supplier again, or fails a stuck one with a
 * reason, which refunds it in the same statement as any failure; the merchant sees it refunded. Each is audited.
 */
describe.each(engines)("the console's orders on %s", (engine) => {
  let t: TestApp;
  let service: TestStaff;
  let token: string;
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    t = await startTestApp(engine);
    service = await staffMember(t, ["customerService"]);
    token = await staffLogin(t, service);
    [shop, other] = [await openShop(t), await openShop(t)];
  });
  afterAll(() => closeTestApp(t));

  const place = async (s: Shop, account: string) => {
    const res = await call(t, "POST", ORDER, {
      token: s.token,
      payload: { productId: s.topup.productId, skuId: s.topup.skuId, inputs: { account } },
    });
    return expectOk<{ orderNo: string }>(res).orderNo;
  };
  const asService = (method: "GET" | "POST", url: string, payload?: object) =>
    call(t, method, url, { token, lang: EN, ...(payload && { payload }) });

  it("finds orders across merchants by number, merchant and recharge account, and opens one's timeline", async () => {
    const mine = await place(shop, "13800000001");
    const theirs = await place(other, "13800000002");
    const all = expectOk<Page<ConsoleOrder>>(await asService("GET", consoleUrl(consoleOrderCalls.list)), EN);
    expect(all.list.map((o) => o.orderNo)).toEqual(expect.arrayContaining([mine, theirs]));

    const byMerchant = expectOk<Page<ConsoleOrder>>(
      await asService("GET", `${consoleUrl(consoleOrderCalls.list)}?merchantNo=${other.merchant.merchantNo}`),
      EN,
    );
    expect(byMerchant.list.map((o) => [o.orderNo, o.merchantNo])).toEqual([[theirs, other.merchant.merchantNo]]);
    const byAccount = expectOk<Page<ConsoleOrder>>(
      await asService("GET", `${consoleUrl(consoleOrderCalls.list)}?rechargeAccount=13800000001`),
      EN,
    );
    expect(byAccount.list.map((o) => o.orderNo)).toEqual([mine]);

    const detail = expectOk<ConsoleOrderDetail>(
      await asService("GET", consoleUrl(consoleOrderCalls.one, { orderNo: mine })),
      EN,
    );
    expect(detail).toMatchObject({ orderNo: mine, status: "processing", merchantNo: shop.merchant.merchantNo });
    expect(detail.timeline.map((e) => e.kind)).toEqual(["created"]);
    expect((await asService("GET", consoleUrl(consoleOrderCalls.one, { orderNo: "P000" }))).json().code).toBe(404);
  });

  it("finds stuck orders (Processing longer than a choice of minutes) with their deadline, supplier and margin", async () => {
    const stuckShop = await openShop(t);
    const list = async (query: string) =>
      expectOk<Page<ConsoleOrder>>(
        await asService(
          "GET",
          `${consoleUrl(consoleOrderCalls.list)}?merchantNo=${stuckShop.merchant.merchantNo}&${query}`,
        ),
        EN,
      ).list;
    const old = await place(stuckShop, "13800000011");
    t.clock.advance(16 * 60_000);
    const fresh = await place(stuckShop, "13800000012");
    expect((await list("processingOver=15")).map((o) => o.orderNo)).toEqual([old]);
    expect((await list("processingOver=5")).map((o) => o.orderNo)).toEqual([old]);
    expect((await list("")).map((o) => o.orderNo)).toEqual([fresh, old]);
    const [listed] = await list("processingOver=15");
    expect(Date.parse(listed!.deadlineAt)).toBeGreaterThan(Date.parse(listed!.createTime));
    expect(listed).toMatchObject({ supplierName: null, margin: null });
    // A choice not offered is refused on its field, translated; nothing listed.
    expectFieldErrors(await asService("GET", `${consoleUrl(consoleOrderCalls.list)}?processingOver=7`), {
      processingOver: "Please choose one of the options",
    });

    // Once a supplier took it: its name; once it charged: the margin the drawer shows too.
    await runFulfilmentOnce(t.deps);
    t.clock.advance(t.deps.config.SIMULATOR_DELAY_MS + 1_000);
    await runFulfilmentOnce(t.deps);
    const done = (await list("")).find((o) => o.orderNo === fresh)!;
    expect(done.supplierName).toEqual(expect.any(String));
    const detail = expectOk<ConsoleOrderDetail>(
      await asService("GET", consoleUrl(consoleOrderCalls.one, { orderNo: fresh })),
      EN,
    );
    expect(done.margin).toBe(detail.margin);
  });

  it("asks the supplier again now, and fails a stuck order with a reason: refunded, and the merchant sees it", async () => {
    const orderNo = await place(shop, "13800000003");
    const before = await balanceOf(t, shop.merchantId);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    await t.deps.db
      .update(orders)
      .set({ nextRunAt: new Date("2030-01-01T00:00:00Z") })
      .where(eq(orders.id, row!.id));

    const requeried = expectOk<ConsoleOrderDetail>(
      await asService("POST", consoleUrl(consoleOrderCalls.requery, { orderNo })),
      EN,
    );
    expect(requeried.timeline.map((e) => e.kind)).toEqual(["created", "requeried"]);
    const [due] = await t.deps.db.select().from(orders).where(eq(orders.id, row!.id));
    expect(due?.nextRunAt?.getTime()).toBe(t.clock.now().getTime());

    const failed = expectOk<ConsoleOrderDetail>(
      await asService("POST", consoleUrl(consoleOrderCalls.fail, { orderNo }), {
        reason: "Supplier confirmed it never arrived",
      }),
      EN,
    );
    expect(failed.status).toBe("failed");
    expect(failed.timeline.map((e) => e.kind)).toEqual(["created", "requeried", "failed", "refunded"]);
    expect(Number(await balanceOf(t, shop.merchantId)) - Number(before)).toBeCloseTo(Number(row!.amount), 4);

    // The merchant's own view says Failed with the reason.
    const seen = expectOk<{ status: string; failReason: string; failCode: string }>(
      await call(t, "GET", `${ORDER}/${orderNo}`, { token: shop.token, lang: EN }),
      EN,
    );
    expect(seen).toMatchObject({
      status: "failed",
      failReason: "Supplier confirmed it never arrived",
      failCode: "FAILED_BY_RESELLER",
    });

    expectFailure(
      await asService("POST", consoleUrl(consoleOrderCalls.fail, { orderNo }), { reason: "again" }),
      409,
      "This order is no longer Processing: it has already succeeded or failed",
      null,
    );
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, orderNo));
    expect(audit.map((e) => [e.action, e.actorKind, e.actorName])).toEqual([
      ["order.requeried", "staff", service.username],
      ["order.failed", "staff", service.username],
    ]);
  });
});
