import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type Delivery,
  type DeliveryAttempt,
  eventDataByType,
  MAX_DELIVERY_ATTEMPTS,
  OPENAPI_HEADERS,
  OPENAPI_REVISION,
  RETRY_SCHEDULE_SECONDS,
  readStoredText,
} from "#contracts";
import { createDeps } from "../../server/src/create-deps";
import { ledgerEntries, merchantApps, merchantEvents, merchants, orders } from "../../server/src/db/schema";
import { translator } from "../../server/src/lib/i18n";
import { ensureApp } from "../../server/src/modules/api-settings/api-settings.repository";
import {
  claimDueDeliveries,
  DELIVERIES,
  runDeliveriesOnce,
  startDeliveryWorker,
} from "../../server/src/modules/delivery/delivery.worker";
import { approveDeposit } from "../../server/src/modules/deposit/deposit-review.service";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { placeOrder } from "../../server/src/modules/order/place-order";
import { call, closeTestApp, EN, expectFailure, expectFieldErrors, expectOk, ZH } from "../support/api-helpers";
import { type Receiver, receiver } from "../support/callback-receiver";
import { submitDeposit } from "../support/funds-fixtures";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, TEST_OPERATOR, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/** Each event's data has exactly the fields `eventDataByType` (the OpenAPI document's webhooks) declares. */
function expectDeclared(bodies: unknown[]) {
  for (const body of bodies) {
    const { type, data } = body as { type: keyof typeof eventDataByType; data: unknown };
    expect(eventDataByType[type].strict().safeParse(data).error, type).toBeUndefined();
  }
}

const LIST = "/portal/merchant/api/app/deliveries";
const resendUrl = (id: number) => `${LIST}/${id}/resend`;
const SECOND = 1000;

describe.each(engines)("callbacks and notifications (%s)", (engine) => {
  let t: TestApp;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    t = await startTestApp(engine, { config: { OUTBOUND_ALLOW_PRIVATE: "true", SIMULATOR_DELAY_MS: "0" } });
  });
  afterAll(() => closeTestApp(t));
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  /** A funded shop with an API application whose callback and notification URLs point at a new receiver. */
  async function apiShop(options: { status?: (n: number) => number; balance?: string } = {}) {
    const shop = await openShop(t, { balance: options.balance ?? "1000" });
    const created = await ensureApp(t.deps, shop.merchantId);
    const r = await receiver(created.platformPublicKey, options.status);
    receivers.push(r);
    const [app] = await t.deps.db
      .update(merchantApps)
      .set({ callbackUrl: r.url(), notifyUrl: r.url("/hooks/account") })
      .where(eq(merchantApps.merchantId, shop.merchantId))
      .returning();
    return { shop, app: app!, r };
  }

  let counter = 0;
  async function order(
    shop: Shop,
    account = "13800138000",
    source: "api" | "manual" = "api",
    which: "topup" | "gift" = "topup",
  ) {
    counter += 1;
    const { row } = await placeOrder(
      t.deps,
      { merchantId: shop.merchantId, userId: null, source },
      { ...shop[which], quantity: which === "gift" ? 2 : 1, inputs: { account }, merchantOrderNo: `M-${counter}` },
    );
    return row;
  }
  const finish = async () => {
    while ((await runFulfilmentOnce(t.deps)) > 0);
  };
  const events = (merchantId: number) =>
    t.deps.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, merchantId)).orderBy(merchantEvents.id);
  const english = translator("en-US");
  /** The one event of a merchant, its last error read as the English delivery log shows it (stored as a key). */
  const only = async (merchantId: number) => {
    const rows = await events(merchantId);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    return { ...row, lastError: row.lastError === null ? null : readStoredText(english, row.lastError) };
  };
  const deliver = (deps = t.deps) => runDeliveriesOnce(deps);

  it("sends a signed order.success callback on the first try, without card codes", async () => {
    const { shop, app, r } = await apiShop();
    const placed = await order(shop, "13800138000", "api", "gift");
    await finish();
    expect(await deliver()).toBe(1);
    const [got] = r.received;
    expect(got).toMatchObject({ url: "/hooks/orders?from=portal", signed: true });
    const row = await only(shop.merchantId);
    expect(got!.headers).toMatchObject({
      "content-type": "application/json",
      [OPENAPI_HEADERS.appId]: app.appId,
      [OPENAPI_HEADERS.timestamp]: String(t.clock.now().getTime()),
      [OPENAPI_HEADERS.keySerial]: "1",
      [OPENAPI_HEADERS.eventId]: row.eventId,
      [OPENAPI_HEADERS.apiVersion]: OPENAPI_REVISION,
    });
    expect(JSON.parse(got!.body)).toEqual({
      eventId: row.eventId,
      type: "order.success",
      createTime: t.clock.now().toISOString(),
      data: {
        orderNo: placed.orderNo,
        merchantOrderNo: placed.merchantOrderNo,
        status: "success",
        productId: shop.gift.productId,
        productCode: shop.gift.code,
        skuId: shop.gift.skuId,
        skuCode: "A",
        spec: "5 USD",
        quantity: 2,
        unitPrice: "5.0000",
        amount: "10.0000",
        currency: placed.currency,
        failReason: null,
        failCode: null,
        completeTime: t.clock.now().toISOString(),
        version: 2,
      },
    });
    expectDeclared([JSON.parse(got!.body)]);
    const [stored] = await t.deps.db.select().from(orders).where(eq(orders.id, placed.id));
    expect([stored!.version, stored!.resultSealed !== null]).toEqual([2, true]);
    expect(row).toMatchObject({
      channel: "callback",
      status: "delivered",
      attempts: 1,
      lastStatus: 200,
      lastError: null,
    });
    expect(row.deliveredAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(row.lastUrl).toBe(r.url());
    expect(await deliver()).toBe(0);

    // A delivered event the receiver lost can be sent again: the same event, body and id, tried at once, and
    // outside the schedule (its count of automatic tries stays 1).
    const admin = await t.login(shop.merchant.users.admin.username);
    expectOk(await call(t, "POST", resendUrl(row.id), { token: admin, lang: EN }), EN);
    expect(await deliver()).toBe(0);
    expect(r.received.map((x) => [x.signed, x.body])).toEqual([
      [true, got!.body],
      [true, got!.body],
    ]);
    expect(await only(shop.merchantId)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("retries on the schedule and delivers on the 4th try, same event and body each time", async () => {
    const { shop, r } = await apiShop({ status: (n) => (n <= 3 ? 500 : 200) });
    await order(shop);
    await finish();
    expect(await deliver()).toBe(1);
    let row = await only(shop.merchantId);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatus: 500,
      lastError: "HTTP 500: receiver says no",
    });
    for (const wait of RETRY_SCHEDULE_SECONDS.slice(0, 3)) {
      t.clock.advance((wait - 1) * SECOND);
      expect(await deliver()).toBe(0);
      t.clock.advance(SECOND);
      expect(await deliver()).toBe(1);
    }
    row = await only(shop.merchantId);
    expect(row).toMatchObject({ status: "delivered", attempts: 4, lastStatus: 200, lastError: null });
    expect(r.received.map((x) => x.signed)).toEqual([true, true, true, true]);
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
    expect(new Set(r.received.map((x) => x.headers[OPENAPI_HEADERS.nonce])).size).toBe(4);
  });

  it("fails after the last try when the receiver is down for good; a resend delivers it", async () => {
    const { shop, r } = await apiShop();
    await r.close();
    await order(shop);
    await finish();
    for (let n = 1; n <= MAX_DELIVERY_ATTEMPTS; n++) {
      expect(await deliver()).toBe(1);
      const row = await only(shop.merchantId);
      expect(row).toMatchObject({ attempts: n, lastStatus: null, lastError: "connection refused" });
      expect(row.status).toBe(n < MAX_DELIVERY_ATTEMPTS ? "pending" : "failed");
      t.clock.advance((RETRY_SCHEDULE_SECONDS[n - 1] ?? 86_400) * SECOND);
    }
    expect(await deliver()).toBe(0);
    const failed = await only(shop.merchantId);
    expect(failed.nextAttemptAt).toBeNull();

    const fixed = await receiver("");
    receivers.push(fixed);
    await t.deps.db
      .update(merchantApps)
      .set({ callbackUrl: fixed.url() })
      .where(eq(merchantApps.merchantId, shop.merchantId));
    const admin = await t.login(shop.merchant.users.admin.username);
    const resent = expectOk<Delivery>(await call(t, "POST", resendUrl(failed.id), { token: admin, lang: EN }), EN);
    expect(resent).toMatchObject({
      status: "delivered",
      attempts: MAX_DELIVERY_ATTEMPTS,
      nextAttemptTime: null,
      deliveredTime: t.clock.now().toISOString(),
    });
    expect(await deliver()).toBe(0);
    expect(fixed.bodies().map((b) => b.eventId)).toEqual([failed.eventId]);
    expect(await only(shop.merchantId)).toMatchObject({ status: "delivered", attempts: MAX_DELIVERY_ATTEMPTS });
  });

  it("delivers exactly once after a crash between the state change and the delivery", async () => {
    const { shop, r } = await apiShop();
    await order(shop);
    await finish();
    // A worker claims the callback and dies before sending: the row waits out the lease, then goes.
    expect(await claimDueDeliveries(t.deps, 10)).toHaveLength(1);
    const restarted = createDeps(t.database, t.deps.config, t.clock);
    expect(await deliver(restarted)).toBe(0);
    t.clock.advance(DELIVERIES.leaseMs);
    expect(await deliver(restarted)).toBe(1);
    expect(await deliver(restarted)).toBe(0);
    expect(r.received).toHaveLength(1);
    expect(await only(shop.merchantId)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("is delivered by the worker as the server runs it, which stops cleanly", async () => {
    const { shop, r } = await apiShop();
    await order(shop);
    await finish();
    const worker = startDeliveryWorker(t.deps, { pollMs: 10, log: { error: (_d, message) => expect.fail(message) } });
    await vi.waitFor(() => expect(r.received).toHaveLength(1), { timeout: 5_000 });
    await worker.stop();
    expect(await only(shop.merchantId)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("sends order.failed with the reason once the refund is done", async () => {
    const { shop, r } = await apiShop({ balance: "100" });
    const placed = await order(shop, "13800130000");
    await finish();
    expect(await balanceOf(t, shop.merchantId)).toBe("100.0000");
    const refunds = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, placed.id));
    expect(refunds.map((e) => [e.type, e.amount])).toEqual([
      ["deduct", "-10.0000"],
      ["refund", "10.0000"],
    ]);
    expect(await deliver()).toBe(1);
    expect(r.bodies()[0]).toMatchObject({
      type: "order.failed",
      data: {
        orderNo: placed.orderNo,
        status: "failed",
        failReason: "Recharge account rejected by the supplier (simulator rule: ends in 0000)",
        failCode: "ACCOUNT_INVALID",
        version: 2,
      },
    });
    expectDeclared(r.bodies());
  });

  it("sends nothing for portal orders, or without a callback or notification URL (the event is kept, unsent)", async () => {
    const { shop } = await apiShop();
    await order(shop, "13800138000", "manual");
    const other = await apiShop();
    await t.deps.db
      .update(merchantApps)
      .set({ callbackUrl: "" })
      .where(eq(merchantApps.merchantId, other.shop.merchantId));
    await order(other.shop);
    await finish();
    // No notification URL: a deposit decision writes no notification either.
    await t.deps.db.update(merchantApps).set({ notifyUrl: "" }).where(eq(merchantApps.merchantId, shop.merchantId));
    const finance = await t.login(shop.merchant.users.finance.username);
    const deposit = await submitDeposit(t, finance, shop.merchantId);
    await approveDeposit(t.deps, TEST_OPERATOR, { depositNo: deposit.depositNo, settledCurrency: "USD", rate: "1" });
    // Nothing to send to: the events are kept `unsent` (GET /openapi/v1/events lists them), and never tried.
    expect(await deliver()).toBe(0);
    expect((await events(shop.merchantId)).map((e) => [e.type, e.status, e.attempts])).toEqual([
      ["deposit.status", "unsent", 0],
    ]);
    expect((await events(other.shop.merchantId)).map((e) => [e.type, e.status, e.attempts])).toEqual([
      ["order.success", "unsent", 0],
    ]);
    const [done] = await t.deps.db.select().from(orders).where(eq(orders.merchantId, other.shop.merchantId));
    expect([done!.status, done!.version]).toEqual(["success", 2]);
  });

  it("refuses private addresses unless allowed, without connecting", async () => {
    const guarded = createDeps(t.database, { ...t.deps.config, OUTBOUND_ALLOW_PRIVATE: false }, t.clock);
    const { shop, r } = await apiShop();
    await order(shop);
    await finish();
    expect(await deliver(guarded)).toBe(1);
    let row = await only(shop.merchantId);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatus: null,
      lastError: "blocked: private address 127.0.0.1",
    });
    // A name is checked after DNS, on the address the socket would use.
    const port = new URL(r.url()).port;
    await t.deps.db
      .update(merchantApps)
      .set({ callbackUrl: `http://localhost:${port}/cb` })
      .where(eq(merchantApps.merchantId, shop.merchantId));
    t.clock.advance(RETRY_SCHEDULE_SECONDS[0] * SECOND);
    expect(await deliver(guarded)).toBe(1);
    row = await only(shop.merchantId);
    expect(row.lastError).toMatch(/^blocked: private address (127\.0\.0\.1|::1)$/);
    expect(r.received).toEqual([]);
  });

  it("lists deliveries newest first with filters, for admins of the merchant only; resends its own", async () => {
    const { shop, r } = await apiShop({ status: () => 503 });
    const first = await order(shop);
    await finish();
    await order(shop, "13800130000");
    await finish();
    await deliver();
    const admin = await t.login(shop.merchant.users.admin.username);
    const page = expectOk<{ total: number; list: Delivery[] }>(
      await call(t, "GET", `${LIST}?pageNum=1&pageSize=10`, { token: admin, lang: EN }),
      EN,
    );
    expect(page.total).toBe(2);
    expect(page.list.map((d) => d.type)).toEqual(["order.failed", "order.success"]);
    expect(page.list[1]).toMatchObject({
      orderNo: first.orderNo,
      merchantOrderNo: first.merchantOrderNo,
      channel: "callback",
      url: r.url(),
      status: "pending",
      attempts: 1,
      maxAttempts: MAX_DELIVERY_ATTEMPTS,
      lastStatus: 503,
      lastError: "HTTP 503: receiver says no",
      lastAttemptTime: t.clock.now().toISOString(),
      nextAttemptTime: new Date(t.clock.now().getTime() + 15 * SECOND).toISOString(),
      deliveredTime: null,
    });
    const filtered = expectOk<{ list: Delivery[] }>(
      await call(t, "GET", `${LIST}?pageNum=1&pageSize=10&orderNo=${first.orderNo}&channel=callback&status=pending`, {
        token: admin,
        lang: EN,
      }),
      EN,
    );
    expect(filtered.list.map((d) => d.orderNo)).toEqual([first.orderNo]);
    const none = expectOk<{ total: number }>(
      await call(t, "GET", `${LIST}?pageNum=1&pageSize=10&status=delivered`, { token: admin, lang: EN }),
      EN,
    );
    expect(none.total).toBe(0);
    expectFieldErrors(await call(t, "GET", `${LIST}?pageNum=1&pageSize=10&status=sent`, { token: admin, lang: EN }), {
      status: "This value has the wrong type",
    });

    const operator = await t.login(shop.merchant.users.operator.username);
    expectFailure(
      await call(t, "GET", `${LIST}?pageNum=1&pageSize=10`, { token: operator, lang: EN }),
      403,
      "You do not have permission to do this",
    );
    expectFailure(
      await call(t, "POST", resendUrl(page.list[0]!.id), { token: operator, lang: EN }),
      403,
      "You do not have permission to do this",
    );

    const stranger = await t.merchant();
    const theirs = await t.login(stranger.users.admin.username);
    expect(
      expectOk<{ total: number }>(await call(t, "GET", `${LIST}?pageNum=1&pageSize=10`, { token: theirs }), ZH).total,
    ).toBe(0);
    expectFailure(
      await call(t, "POST", resendUrl(page.list[0]!.id), { token: theirs, lang: EN }),
      404,
      "No such delivery",
    );
    expectFailure(
      await call(t, "POST", resendUrl(page.list[0]!.id), { token: theirs, lang: ZH }),
      404,
      "投递记录不存在",
    );

    // Resending a pending one tries it now (the receiver still says 503); its schedule is untouched.
    const resent = expectOk<Delivery>(await call(t, "POST", resendUrl(page.list[1]!.id), { token: admin }), ZH);
    expect(resent).toMatchObject({ status: "pending", attempts: 1, nextAttemptTime: page.list[1]!.nextAttemptTime });
    expect(await deliver()).toBe(0);
  });

  it("keeps every try in the delivery log; a failed Resend is an extra try that never uses up the schedule", async () => {
    const { shop, r } = await apiShop({ status: (n) => (n <= 2 ? 500 : 200) });
    await order(shop);
    await finish();
    expect(await deliver()).toBe(1);
    const before = await only(shop.merchantId);
    const admin = await t.login(shop.merchant.users.admin.username);
    // The receiver is still broken: the manual try fails, and the schedule is exactly as it was.
    const failedResend = expectOk<Delivery>(
      await call(t, "POST", resendUrl(before.id), { token: admin, lang: EN }),
      EN,
    );
    expect(failedResend).toMatchObject({ status: "pending", attempts: 1, lastStatus: 500 });
    expect(await only(shop.merchantId)).toMatchObject({ attempts: 1, nextAttemptAt: before.nextAttemptAt });
    // The automatic second try is still due on time (15 s after the first), and delivers.
    t.clock.advance(RETRY_SCHEDULE_SECONDS[0]! * SECOND);
    await deliver(); // (other tests' retries may be due too)
    expect(await only(shop.merchantId)).toMatchObject({ status: "delivered", attempts: 2 });

    const log = expectOk<DeliveryAttempt[]>(
      await call(t, "GET", `${LIST}/${before.id}/attempts`, { token: admin, lang: EN }),
      EN,
    );
    expect(log.map(({ manual, httpStatus, error, url }) => ({ manual, httpStatus, error, url }))).toEqual([
      { manual: false, httpStatus: 500, error: "HTTP 500: receiver says no", url: r.url() },
      { manual: true, httpStatus: 500, error: "HTTP 500: receiver says no", url: r.url() },
      { manual: false, httpStatus: 200, error: null, url: r.url() },
    ]);
    // Our words in the reader's language; the receiver's own answer inside them as it came.
    const logZh = expectOk<DeliveryAttempt[]>(
      await call(t, "GET", `${LIST}/${before.id}/attempts`, { token: admin, lang: ZH }),
      ZH,
    );
    expect(logZh.map((a) => a.error)).toEqual(["HTTP 500：receiver says no", "HTTP 500：receiver says no", null]);
    for (const attempt of log) {
      expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
      expect(Date.parse(attempt.time)).not.toBeNaN();
    }
    // Another merchant's admin cannot read it.
    const stranger = await t.login((await t.merchant()).users.admin.username);
    expect((await call(t, "GET", `${LIST}/${before.id}/attempts`, { token: stranger })).statusCode).toBe(404);
  });

  it("notifies the notification URL of a deposit decision and of a low balance, once", async () => {
    const { shop, r } = await apiShop({ balance: "0" });
    const finance = await t.login(shop.merchant.users.finance.username);
    const deposit = await submitDeposit(t, finance, shop.merchantId, { amount: "100.00", currency: "USD" });
    await approveDeposit(t.deps, TEST_OPERATOR, { depositNo: deposit.depositNo, settledCurrency: "USD", rate: "1" });
    await t.deps.db.update(merchants).set({ lowBalanceThreshold: "95" }).where(eq(merchants.id, shop.merchantId));
    await order(shop);
    await order(shop, "13800138001", "manual");
    await finish();
    while ((await deliver()) > 0);
    const account = r.received.filter((x) => x.url === "/hooks/account");
    expect(account.map((x) => x.signed)).toEqual([true, true]);
    expect(account.map((x) => JSON.parse(x.body))).toMatchObject([
      { type: "deposit.status", data: { depositNo: deposit.depositNo, status: "success", settledAmount: "100.0000" } },
      { type: "balance.low", data: { merchantNo: shop.merchant.merchantNo, balance: "90.0000", threshold: "95.0000" } },
    ]);
    // What we send is what the OpenAPI document's webhooks declare, field for field.
    expectDeclared(account.map((x) => JSON.parse(x.body)));
    expect((await events(shop.merchantId)).map((e) => [e.channel, e.type, e.status])).toEqual([
      ["notification", "deposit.status", "delivered"],
      ["notification", "balance.low", "delivered"],
      ["callback", "order.success", "delivered"],
    ]);
  });
});
