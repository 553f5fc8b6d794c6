import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiApp,
  consoleOrderQuery,
  type Delivery,
  OPENAPI_HEADERS,
  readStoredText,
  SANDBOX_BALANCE,
  type SandboxBalance,
} from "#contracts";
import { ledgerEntries, merchantApps, merchantPrices, merchants, orders } from "../../server/src/db/schema";
import { translator } from "../../server/src/lib/i18n";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { listConsoleMerchants } from "../../server/src/modules/console-merchants/console-merchants.service";
import { listConsoleOrders } from "../../server/src/modules/console-orders/console-orders.service";
import { runDeliveriesOnce } from "../../server/src/modules/delivery/delivery.worker";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { fulfilmentAttempts, skuRoutes, supplierAccounts } from "../../server/src/modules/supplier/supplier.schema";
import { call, closeTestApp, EN, expectFailure, expectOk, ZH } from "../support/api-helpers";
import { type Receiver, receiver } from "../support/callback-receiver";
import { type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const APP = "/portal/merchant/api/app";
const SANDBOX = "?environment=sandbox";

/**
 * The sandbox (issue 17 §1): each merchant's second application, with its own AppID, keys, callback URL and play
 * balance, whose orders run on the simulator only and deliver real signed callbacks, never touching the live
 * balance, ledger or suppliers.
 */
describe.each(engines)("the Open API sandbox on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let admin: string;
  let sandboxApp: ApiApp;
  let sandboxId: number;
  let sandbox: OpenApiClient;
  let live: OpenApiClient;
  const receivers: Receiver[] = [];

  const portal = (method: "GET" | "POST" | "PUT", url: string, payload?: object, lang = EN) =>
    call(t, method, url, { token: admin, lang, payload });
  const placeWith = (client: OpenApiClient, merchantOrderNo: string, account = "13800138000") =>
    openApiCall(t, client, {
      method: "POST",
      url: "/openapi/v1/orders",
      body: { productId: shop.topup.productId, skuId: shop.topup.skuId, merchantOrderNo, inputs: { account } },
    });
  const finish = async () => {
    t.clock.advance(1_000);
    while ((await runFulfilmentOnce(t.deps)) > 0);
    while ((await runDeliveriesOnce(t.deps)) > 0);
  };
  /** Both addresses at `url`, saved through API Settings as an admin would. */
  const saveCallbackUrl = async (environment: "live" | "sandbox", url: string) => {
    const app = expectOk<ApiApp>(await portal("GET", `${APP}?environment=${environment}`), EN);
    expectOk(
      await portal("PUT", `${APP}?environment=${environment}`, {
        keyType: app.keyType,
        merchantPublicKey: app.merchantPublicKey,
        callbackUrl: url,
        notifyUrl: url,
        ipWhitelist: app.ipWhitelist,
        lowBalanceThreshold: app.lowBalanceThreshold,
      }),
      EN,
    );
  };

  beforeAll(async () => {
    t = await startTestApp(engine, { config: { OUTBOUND_ALLOW_PRIVATE: "true", SIMULATOR_DELAY_MS: "0" } });
    shop = await openShop(t, { balance: "1000" });
    admin = await t.login(shop.merchant.users.admin.username);
    live = await openApiClient(t, shop.merchantId);
    sandboxApp = expectOk<ApiApp>(await portal("GET", `${APP}${SANDBOX}`), EN);
    const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.sandboxOf, shop.merchantId));
    sandboxId = row!.id;
    sandbox = await openApiClient(t, sandboxId);
  });
  afterAll(() => closeTestApp(t));
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  it("is an application of its own with a play balance, created once, and no merchant of the console's", async () => {
    expect(sandboxApp.appId).not.toBe(live.appId);
    expect(sandboxApp.platformPublicKey).not.toBe(live.platformPublicKey);
    expect(sandboxApp.merchantNo).toBe(`${shop.merchant.merchantNo}-SANDBOX`);
    expect(expectOk<ApiApp>(await portal("GET", `${APP}${SANDBOX}`), EN).appId).toBe(sandboxApp.appId);
    expect(expectOk<ApiApp>(await portal("GET", APP), EN).appId).toBe(live.appId);
    expect(expectOk<SandboxBalance>(await portal("GET", `${APP}/sandbox/balance`), EN)).toEqual({
      balance: SANDBOX_BALANCE,
      currency: "USD",
      resetTo: SANDBOX_BALANCE,
    });
    const listed = await listConsoleMerchants(t.deps, { pageNum: 1, pageSize: 100, keyword: shop.merchant.merchantNo });
    expect(listed.list.map((m) => m.merchantNo)).toEqual([shop.merchant.merchantNo]);
    // An unknown environment is a field error, not a live application by default.
    expect((await portal("GET", `${APP}?environment=staging`)).statusCode).toBe(400);
  });

  it("runs orders on the sandbox simulator against the play balance, with real signed callbacks", async () => {
    // Even a SKU routed to another supplier goes to the sandbox simulator from the sandbox.
    const [other] = await t.deps.db
      .insert(supplierAccounts)
      .values({ code: `OTHER-${engine}`, name: "Other", kind: "simulator", baseUrl: "simulator:" })
      .returning();
    await t.deps.db.insert(skuRoutes).values({
      skuId: shop.topup.skuId,
      position: 1,
      supplierId: other!.id,
      supplierProduct: "X",
      cost: "9",
      costCurrency: "USD",
    });
    const hooks = await receiver(sandboxApp.platformPublicKey);
    receivers.push(hooks);
    await saveCallbackUrl("sandbox", hooks.url());

    const ok = await placeWith(sandbox, "SBX-1");
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await placeWith(sandbox, "SBX-2", "13800130000")).statusCode).toBe(200);
    expect(await balanceOf(t, sandboxId)).toBe("9980.0000");
    expect(await balanceOf(t, shop.merchantId)).toBe("1000.0000");
    await finish();

    const attempts = await t.deps.db
      .select({ code: supplierAccounts.code })
      .from(fulfilmentAttempts)
      .innerJoin(orders, eq(orders.id, fulfilmentAttempts.orderId))
      .innerJoin(supplierAccounts, eq(supplierAccounts.id, fulfilmentAttempts.supplierId))
      .where(eq(orders.merchantId, sandboxId));
    expect(attempts.map((a) => a.code)).toEqual(["sandbox", "sandbox"]);
    // The failed one (simulator rule: ends in 0000) was refunded to the play balance.
    expect(await balanceOf(t, sandboxId)).toBe("9990.0000");
    expect(await balanceOf(t, shop.merchantId)).toBe("1000.0000");
    expect(await ledgerViolations(t.deps.db)).toEqual([]);

    const got = hooks.received.map((r) => ({
      signed: r.signed,
      appId: r.headers[OPENAPI_HEADERS.appId],
      ...(JSON.parse(r.body) as { type: string; data: { merchantOrderNo: string; failCode: string | null } }),
    }));
    expect(
      got
        .map((g) => [g.signed, g.appId, g.type, g.data.merchantOrderNo, g.data.failCode])
        .sort((a, b) => String(a[3]).localeCompare(String(b[3]))),
    ).toEqual([
      [true, sandboxApp.appId, "order.success", "SBX-1", null],
      [true, sandboxApp.appId, "order.failed", "SBX-2", "ACCOUNT_INVALID"],
    ]);
  });

  it("keeps sandbox and live apart both ways", async () => {
    const fromLive = await openApiCall(t, live, { method: "GET", url: "/openapi/v1/orders/SBX-1" });
    expect(fromLive.statusCode).toBe(404);
    const fromSandbox = await openApiCall(t, sandbox, { method: "GET", url: "/openapi/v1/orders/SBX-1" });
    expect(fromSandbox.statusCode).toBe(200);
    const balance = await openApiCall(t, sandbox, { method: "GET", url: "/openapi/v1/balance" });
    expect(balance.json().data).toEqual({
      merchantNo: `${shop.merchant.merchantNo}-SANDBOX`,
      balance: "9990.0000",
      currency: "USD",
    });
    const portalOrders = expectOk<{ list: { merchantOrderNo: string }[] }>(
      await call(t, "GET", "/portal/merchant/api/order/list?pageNum=1&pageSize=100", { token: admin, lang: EN }),
      EN,
    );
    expect(portalOrders.list.map((o) => o.merchantOrderNo)).not.toContain("SBX-1");
    // Nor are they among the console's orders (as the sandbox is not among its merchants or statistics).
    const consoleOrders = await listConsoleOrders(t.deps, consoleOrderQuery.parse({ pageSize: 100 }), "en-US");
    expect(consoleOrders.list.map((o) => o.merchantOrderNo)).not.toContain("SBX-1");
    expect(
      (
        await listConsoleOrders(
          t.deps,
          consoleOrderQuery.parse({ merchantNo: `${shop.merchant.merchantNo}-SANDBOX` }),
          "en-US",
        )
      ).total,
    ).toBe(0);
    // The sandbox's deliveries are in its own log, not the live one.
    const deliveries = async (query: string) =>
      expectOk<{ list: Delivery[] }>(await portal("GET", `${APP}/deliveries${query}`), EN).list;
    expect((await deliveries(SANDBOX)).map((d) => d.merchantOrderNo).sort()).toEqual(["SBX-1", "SBX-2"]);
    expect(await deliveries("")).toEqual([]);
  });

  it("buys at the live merchant's prices", async () => {
    await t.deps.db
      .update(merchantPrices)
      .set({ price: "7.50" })
      .where(and(eq(merchantPrices.merchantId, shop.merchantId), eq(merchantPrices.skuId, shop.topup.skuId)));
    const placed = await placeWith(sandbox, "SBX-PRICE");
    expect(placed.json().data).toMatchObject({ unitPrice: "7.5000", amount: "7.5000" });
  });

  it("resets the play balance by a ledger entry, audited; only admins may", async () => {
    const operator = shop.token;
    expect((await call(t, "POST", `${APP}/sandbox/balance/reset`, { token: operator, lang: EN })).statusCode).toBe(403);
    const reset = expectOk<SandboxBalance>(await portal("POST", `${APP}/sandbox/balance/reset`), EN);
    expect(reset.balance).toBe(SANDBOX_BALANCE);
    const entries = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.merchantId, sandboxId));
    const last = entries.at(-1);
    expect(last).toMatchObject({ type: "add", balanceAfter: "10000.0000" });
    // Stored as our own sentence, read in the reader's language.
    expect(readStoredText(translator("en-US"), last?.remark ?? "")).toBe("Sandbox balance reset");
    expect(readStoredText(translator("zh-CN"), last?.remark ?? "")).toBe("沙箱余额重置");
    expect(await ledgerViolations(t.deps.db, sandboxId)).toEqual([]);
    const [audit] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.merchantId, shop.merchantId), eq(auditEvents.action, "apiSettings.sandboxReset")));
    expect(audit).toBeDefined();
    // At the reset amount already: nothing to write.
    const before = entries.length;
    expectOk(await portal("POST", `${APP}/sandbox/balance/reset`), EN);
    expect(await t.deps.db.$count(ledgerEntries, eq(ledgerEntries.merchantId, sandboxId))).toBe(before);
  });

  it("sends a signed test callback once and says how it went", async () => {
    const hooks = await receiver(sandboxApp.platformPublicKey, (n) => (n === 1 ? 200 : 500));
    receivers.push(hooks);
    await saveCallbackUrl("sandbox", hooks.url("/hooks/test"));
    const sent = expectOk<Delivery>(await portal("POST", `${APP}/test-callback${SANDBOX}`), EN);
    expect(sent).toMatchObject({ type: "callback.test", status: "delivered", lastStatus: 200, attempts: 1 });
    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]!.signed).toBe(true);
    expect(JSON.parse(hooks.received[0]!.body)).toMatchObject({
      eventId: sent.eventId,
      type: "callback.test",
      data: { environment: "sandbox" },
    });
    // A receiver that refuses: failed at once, never retried by the schedule.
    const refused = expectOk<Delivery>(await portal("POST", `${APP}/test-callback${SANDBOX}`), EN);
    expect(refused).toMatchObject({ status: "failed", lastStatus: 500, nextAttemptTime: null });
    expect(await runDeliveriesOnce(t.deps)).toBe(0);
    // No callback URL (the live application here): a translated refusal on the field, nothing written.
    await t.deps.db.update(merchantApps).set({ callbackUrl: "" }).where(eq(merchantApps.merchantId, shop.merchantId));
    expectFailure(
      await portal("POST", `${APP}/test-callback`, undefined, ZH),
      409,
      "请先设置回调地址：测试回调将发送到该地址。",
      {
        errors: { callbackUrl: "请先设置回调地址：测试回调将发送到该地址。" },
      },
    );
  });

  it("stops when its live merchant is disabled", async () => {
    await t.deps.db.update(merchants).set({ status: "disabled" }).where(eq(merchants.id, shop.merchantId));
    const res = await openApiCall(t, sandbox, { method: "GET", url: "/openapi/v1/balance" });
    expect(res.statusCode).toBe(403);
    expect(res.json().data.errorCode).toBe("MERCHANT_DISABLED");
  });
});
