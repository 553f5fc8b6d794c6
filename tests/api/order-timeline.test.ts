import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedMessage } from "#contracts";
import { orderEvents, orders } from "../../server/src/db/schema";
import { failOrder } from "../../server/src/modules/order/order-outcome";
import { call, closeTestApp, EN, expectOk, type Lang, ZH } from "../support/api-helpers";
import { openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

interface Detail {
  failReason: string | null;
  timeline: { kind: string; detail: string; fundNo: string | null }[];
}

/** The order detail's timeline speaks the reader's language: our own sentences are stored as keys, money has two decimals. */
describe.each(engines)("an order's timeline (%s)", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let orderNo: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "100" });
    const res = await call(t, "POST", "/portal/merchant/api/order", {
      token: shop.token,
      payload: { productId: shop.topup.productId, skuId: shop.topup.skuId, inputs: { account: "13800000001" } },
    });
    orderNo = expectOk<{ orderNo: string }>(res).orderNo;
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    // What the worker writes when a supplier is silent, then the deadline's failure (and its refund).
    await t.deps.db.insert(orderEvents).values({
      orderId: row!.id,
      kind: "retry",
      detail: storedMessage({ key: "orderFailure.supplierTimeout", params: { supplier: "simulator", seconds: 10 } }),
      createdAt: t.clock.now(),
    });
    t.clock.advance(60_000);
    expect(await failOrder(t.deps.db, row!.id, t.clock.now(), "orderFailure.deadline", "DEADLINE_PASSED")).toBe(true);
  });
  afterAll(() => closeTestApp(t));

  const detail = async (lang: Lang) =>
    expectOk<Detail>(await call(t, "GET", `/portal/merchant/api/order/${orderNo}`, { token: shop.token, lang }), lang);

  it.each([
    [EN, "Supplier simulator did not answer within 10 s", "No final answer from the supplier before the deadline"],
    [ZH, "供应商 simulator 未在 10 秒内应答", "供应商在截止时间前未给出最终结果"],
  ] as const)("in %s", async (lang, retry, failed) => {
    const { timeline, failReason } = await detail(lang);
    expect(failReason).toBe(failed);
    const byKind = Object.fromEntries(timeline.map((e) => [e.kind, e.detail]));
    expect(byKind.retry).toBe(retry);
    expect(byKind.failed).toBe(failed);
    // Debit and refund as the lists show money: signed, two decimals, never the ledger's four; each names its
    // balance entry apart (the page labels and links it), the other steps none.
    expect(byKind.created).toMatch(/^-\d+\.\d{2} USD$/);
    expect(byKind.refunded).toMatch(/^\+\d+\.\d{2} USD$/);
    const entries = Object.fromEntries(timeline.map((e) => [e.kind, e.fundNo]));
    expect(entries).toEqual({
      created: expect.stringMatching(/^F\d+$/),
      retry: null,
      failed: null,
      refunded: expect.stringMatching(/^F\d+$/),
    });
    expect(timeline.map((e) => e.detail).join(" ")).not.toMatch(/orderFailure\.|\.\d{4}\b/);
  });
});
