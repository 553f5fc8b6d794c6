import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILURE_SPIKE, type Notification, UNREAD_COUNT_CAP } from "#contracts";
import { merchants, orders } from "../../server/src/db/schema";
import { adjustBalance, approveDeposit, rejectDeposit } from "../../server/src/modules/deposit/deposit-review.service";
import { failOrder } from "../../server/src/modules/order/order-outcome";
import { housekeeping, NOTIFICATION_RETENTION_MS } from "../../server/src/modules/system/housekeeping";
import { call, closeTestApp, EN, expectFailure, expectOk, type Lang, ZH } from "../support/api-helpers";
import { exportNow } from "../support/export-fixtures";
import { submitDeposit } from "../support/funds-fixtures";
import { openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, TEST_OPERATOR, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const LIST = "/portal/merchant/api/notification/list";
const UNREAD = "/portal/merchant/api/notification/unread";
const READ_ALL = "/portal/merchant/api/notification/read-all";
const readOne = (id: number) => `/portal/merchant/api/notification/${id}/read`;

interface Staff {
  shop: Shop;
  admin: string;
  operator: string;
  finance: string;
}

describe.each(engines)("notifications (%s)", (engine) => {
  let t: TestApp;
  let a: Staff;
  let b: Staff;

  /** Signs the shop's three users in (again, after the clock moved past their sessions). */
  async function signedIn(shop: Shop): Promise<Staff> {
    const operator = await t.login(shop.merchant.users.operator.username);
    return {
      shop: { ...shop, token: operator },
      admin: await t.login(shop.merchant.users.admin.username),
      operator,
      finance: await t.login(shop.merchant.users.finance.username),
    };
  }
  const staff = async () => signedIn(await openShop(t, { balance: "500" }));

  beforeAll(async () => {
    t = await startTestApp(engine);
    a = await staff();
    b = await staff();
  });
  afterAll(() => closeTestApp(t));

  const bell = async (token: string, lang: Lang = EN) =>
    expectOk<{ list: Notification[] }>(await call(t, "GET", LIST, { token, lang }), lang).list;
  const texts = async (token: string, lang: Lang = EN) => (await bell(token, lang)).map((n) => n.text);
  const unread = async (token: string) => expectOk<{ count: number }>(await call(t, "GET", UNREAD, { token })).count;

  let orderSeq = 0;
  async function placeAndFail(s: Shop) {
    orderSeq += 1;
    const res = await call(t, "POST", "/portal/merchant/api/order", {
      token: s.token,
      payload: {
        productId: s.topup.productId,
        skuId: s.topup.skuId,
        merchantOrderNo: `N-${orderSeq}`,
        inputs: { account: "13800000000" },
      },
    });
    const { orderNo } = expectOk<{ orderNo: string }>(res);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    t.clock.advance(1_000);
    expect(await failOrder(t.deps.db, row!.id, t.clock.now(), "orderFailure.rejected", "ACCOUNT_INVALID")).toBe(true);
  }

  it("tells only the user who asked that their export is ready, with the task to open", async () => {
    const id = await exportNow(t, a.operator, "order");
    const [mine] = await bell(a.operator);
    expect(mine).toMatchObject({ kind: "exportReady", target: String(id), read: false });
    expect(mine!.text).toBe("Your order export is ready to download.");
    expect(await texts(a.operator, ZH)).toEqual(["您的订单导出已完成，可以下载。"]);
    expect(await bell(a.admin)).toEqual([]);
    expect(await bell(a.finance)).toEqual([]);
    expect(await unread(a.operator)).toBe(1);
  });

  it("tells who may recharge (admin, finance) that a deposit was approved or rejected", async () => {
    const approved = await submitDeposit(t, a.finance, a.shop.merchantId, { amount: "20", currency: "USD" });
    await approveDeposit(t.deps, TEST_OPERATOR, { depositNo: approved.depositNo, settledCurrency: "USD", rate: "1" });
    const rejected = await submitDeposit(t, a.finance, a.shop.merchantId, { amount: "7.5", currency: "EUR" });
    await rejectDeposit(t.deps, TEST_OPERATOR, { depositNo: rejected.depositNo, reason: "not received" });
    const expected = [
      `Deposit ${rejected.depositNo} of 7.50 EUR was rejected.`,
      `Deposit ${approved.depositNo} of 20.00 USD was approved and credited.`,
    ];
    expect(await texts(a.finance)).toEqual(expected);
    expect(await texts(a.admin)).toEqual(expected);
    expect((await bell(a.admin))[0]).toMatchObject({ kind: "deposit", target: rejected.depositNo });
    expect(await texts(a.admin, ZH)).toContain(`充值记录 ${rejected.depositNo}（7.50 EUR）已被拒绝。`);
    // The operator may not recharge: their bell still holds only their export.
    expect((await bell(a.operator)).map((n) => n.kind)).toEqual(["exportReady"]);
  });

  it("tells admin and finance once when the balance falls below the threshold", async () => {
    await t.deps.db.update(merchants).set({ lowBalanceThreshold: "450" }).where(eq(merchants.id, a.shop.merchantId));
    const merchantNo = a.shop.merchant.merchantNo;
    await adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type: "reduce", amount: "40", remark: "fee" }); // 480: above
    await adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type: "reduce", amount: "40", remark: "fee" }); // 440: crosses
    await adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type: "reduce", amount: "10", remark: "fee" }); // 430: still below
    const sentence = "Your balance 440.00 USD fell below your low-balance threshold of 450.00 USD.";
    expect((await texts(a.finance)).filter((text) => text.startsWith("Your balance"))).toEqual([sentence]);
    expect(await texts(a.admin)).toContain(sentence);
    expect(await texts(a.operator)).not.toContain(sentence);
  });

  it("writes the amounts with the decimals of the merchant's currency (JPY has none)", async () => {
    const yen = await staff();
    await t.deps.db
      .update(merchants)
      .set({ currency: "JPY", lowBalanceThreshold: "450" })
      .where(eq(merchants.id, yen.shop.merchantId));
    await adjustBalance(t.deps, TEST_OPERATOR, {
      merchantNo: yen.shop.merchant.merchantNo,
      type: "reduce",
      amount: "60",
      remark: "fee",
    });
    expect(await texts(yen.finance)).toContain(
      "Your balance 440 JPY fell below your low-balance threshold of 450 JPY.",
    );
  });

  it("tells admin and operators of a failure spike, at most once an hour", async () => {
    for (let i = 1; i < FAILURE_SPIKE.failed; i += 1) await placeAndFail(b.shop);
    expect((await bell(b.admin)).filter((n) => n.kind === "failureSpike")).toEqual([]);
    await placeAndFail(b.shop);
    const sentence = "Many orders are failing: 5 of your last 10 orders placed within 10 minutes failed.";
    expect(await texts(b.operator)).toEqual([sentence]);
    expect(await texts(b.admin)).toEqual([sentence]);
    expect(await bell(b.finance)).toEqual([]);
    for (let i = 0; i < 3; i += 1) await placeAndFail(b.shop);
    expect(await texts(b.operator)).toEqual([sentence]);
    t.clock.advance(61 * 60_000);
    a = await signedIn(a.shop);
    b = await signedIn(b.shop);
    for (let i = 0; i < FAILURE_SPIKE.failed; i += 1) await placeAndFail(b.shop);
    expect(await texts(b.operator)).toEqual([sentence, sentence]);
  });

  it("keeps each merchant's notifications to itself", async () => {
    const [ofA] = await bell(a.admin);
    expect((await bell(b.admin)).map((n) => n.kind)).not.toContain("deposit");
    expectFailure(await call(t, "PUT", readOne(ofA!.id), { token: b.admin, lang: EN }), 404, "No such notification");
    // Another user's export is not theirs to mark either, even within the merchant.
    const [exportReady] = await bell(a.operator);
    expectFailure(
      await call(t, "PUT", readOne(exportReady!.id), { token: a.admin, lang: EN }),
      404,
      "No such notification",
    );
    expect(await unread(a.operator)).toBe(1);
  });

  it("marks one read for its reader only, and then all", async () => {
    const before = await unread(a.finance);
    expect(before).toBe(3);
    const [newest] = await bell(a.finance);
    expectOk(await call(t, "PUT", readOne(newest!.id), { token: a.finance }));
    expect(await unread(a.finance)).toBe(before - 1);
    expect((await bell(a.finance))[0]).toMatchObject({ id: newest!.id, read: true });
    // The admin reads the same merchant-wide notification separately.
    expect((await bell(a.admin))[0]).toMatchObject({ id: newest!.id, read: false });
    expectOk(await call(t, "PUT", READ_ALL, { token: a.finance }));
    expect(await unread(a.finance)).toBe(0);
    expect((await bell(a.finance)).every((n) => n.read)).toBe(true);
    expect(await unread(a.admin)).toBe(3);
  });

  it("counts unread ones up to the cap, among the newest", async () => {
    const c = await staff();
    await t.deps.db.execute(
      sql`insert into notifications (merchant_id, kind, message)
        select ${c.shop.merchantId}, 'deposit', 'x' from generate_series(1, ${UNREAD_COUNT_CAP + 5})`,
    );
    const answer = async (token: string) =>
      expectOk<{ count: number; capped: boolean }>(await call(t, "GET", UNREAD, { token }));
    expect(await answer(c.finance)).toEqual({ count: UNREAD_COUNT_CAP, capped: true });
    expectOk(await call(t, "PUT", READ_ALL, { token: c.finance }));
    expect(await answer(c.finance)).toEqual({ count: 0, capped: false });
  });

  it("forgets notifications after 90 days (housekeeping)", async () => {
    expect((await bell(b.operator)).length).toBeGreaterThan(0);
    t.clock.advance(NOTIFICATION_RETENTION_MS + 60_000);
    await housekeeping(t.deps);
    b = await signedIn(b.shop);
    expect(await bell(b.operator)).toEqual([]);
    expect(await unread(b.operator)).toBe(0);
  });
});
