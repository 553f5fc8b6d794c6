import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type ConsoleMerchant,
  consoleMerchantCalls,
  type Page,
  type RiskEvent,
  type RiskSettingsBody,
  riskCalls,
} from "#contracts";
import { merchants, orders } from "../../server/src/db/schema";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { call, closeTestApp, EN, expectOk, ZH } from "../support/api-helpers";
import { openApiCall, openApiClient } from "../support/open-api";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const ORDER = "/portal/merchant/api/order";
const BATCH = "/portal/merchant/api/order/batch";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Risk rules (issue 16), enforced in the statement that places an order: a refused order writes nothing (no
 * order, no debit), says why in the reader's language with a stable code (portal and Open API), and is listed as
 * a risk event in the console.
 */
describe.each(engines)("risk rules on %s", (engine) => {
  let t: TestApp;
  let admin: TestStaff;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await staffMember(t, ["superAdmin"]);
    token = await staffLogin(t, admin);
  });
  afterAll(() => closeTestApp(t));
  afterEach(async () => {
    await settings({});
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  });

  const asAdmin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    call(t, method, url, { token, lang: EN, ...(payload && { payload }) });
  const settings = async (body: RiskSettingsBody) =>
    expectOk(await asAdmin("PUT", consoleUrl(riskCalls.updateSettings), body), EN);
  const place = (shop: Shop, account: string, which: "topup" | "login" = "topup", lang = EN) =>
    call(t, "POST", ORDER, {
      token: shop.token,
      lang,
      payload: {
        productId: shop[which].productId,
        skuId: shop[which].skuId,
        inputs: which === "login" ? { account, password: "pw-123456", server: "asia" } : { account },
      },
    });
  const refused = async (res: Awaited<ReturnType<typeof place>>, errorCode: string, message: string) => {
    expect([res.statusCode, res.json().data?.errorCode, res.json().message]).toEqual([422, errorCode, message]);
  };
  const events = async (merchantNo: string) =>
    expectOk<Page<RiskEvent>>(await asAdmin("GET", `${consoleUrl(riskCalls.events)}?merchantNo=${merchantNo}`), EN)
      .list;

  it("refuses a blocked recharge account for every merchant until it is unblocked, writing nothing", async () => {
    const shop = await openShop(t);
    const blocked = expectOk(
      await asAdmin("POST", consoleUrl(riskCalls.block), { account: "13900000666", reason: "Chargeback fraud" }),
      EN,
    );
    expect(blocked).toMatchObject({ account: "13900000666", reason: "Chargeback fraud", createdBy: admin.username });
    expect(
      (await asAdmin("POST", consoleUrl(riskCalls.block), { account: "13900000666", reason: "again" })).statusCode,
    ).toBe(409);

    const before = await balanceOf(t, shop.merchantId);
    await refused(
      await place(shop, "13900000666"),
      "ACCOUNT_BLOCKED",
      "The recharge account 13900000666 is blocked: no order can be placed for it",
    );
    const zh = await place(shop, "13900000666", "topup", ZH);
    expect(zh.json().message).toBe("充值账号 13900000666 已被禁止下单");
    expect(await balanceOf(t, shop.merchantId)).toBe(before);
    expect((await place(shop, "13900000667")).statusCode).toBe(200);

    // The Open API says it with its stable code.
    const client = await openApiClient(t, shop.merchantId);
    const api = await openApiCall(t, client, {
      method: "POST",
      url: "/openapi/v1/orders",
      body: {
        productId: shop.topup.productId,
        skuId: shop.topup.skuId,
        merchantOrderNo: "R-1",
        inputs: { account: "13900000666" },
      },
    });
    expect([api.statusCode, api.json().data.errorCode]).toEqual([422, "ACCOUNT_BLOCKED"]);

    // A batch refuses that row only.
    const batch = expectOk<{ successCount: number; failCount: number; results: { ok: boolean; message?: string }[] }>(
      await call(t, "POST", BATCH, {
        token: shop.token,
        lang: EN,
        payload: {
          productId: shop.topup.productId,
          skuId: shop.topup.skuId,
          items: [{ inputs: { account: "13900000666" } }, { inputs: { account: "13900000668" } }],
        },
      }),
      EN,
    );
    expect(batch).toMatchObject({ successCount: 1, failCount: 1 });
    expect(batch.results[0]!.message).toContain("is blocked");

    const listed = await events(shop.merchant.merchantNo);
    expect(listed.map((e) => [e.rule, e.rechargeAccount, e.source])).toEqual([
      ["blockedAccount", "13900000666", "manual"],
      ["blockedAccount", "13900000666", "api"],
      ["blockedAccount", "13900000666", "manual"],
      ["blockedAccount", "13900000666", "manual"],
    ]);
    expect((await asAdmin("DELETE", consoleUrl(riskCalls.unblock, { account: "13900000666" }))).statusCode).toBe(200);
    expect((await place(shop, "13900000666")).statusCode).toBe(200);
    const audited = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, "13900000666"));
    expect(audited.map((a) => a.action)).toEqual(["risk.accountBlocked", "risk.accountUnblocked"]);
  });

  it("holds each merchant to its daily amount and count limits, set in the console, until the next day", async () => {
    const shop = await openShop(t);
    const edit = async (limits: { dailyAmountLimit?: string; dailyCountLimit?: string }) => {
      const current = expectOk<ConsoleMerchant>(
        await asAdmin("GET", consoleUrl(consoleMerchantCalls.one, { id: shop.merchantId })),
        EN,
      );
      return call(t, "PUT", consoleUrl(consoleMerchantCalls.update, { id: shop.merchantId }), {
        token,
        lang: EN,
        headers: { "x-mfa-code": await staffCode(t, admin) },
        payload: {
          merchantName: current.name,
          companyName: current.companyName,
          contactPerson: current.contactPerson,
          contactPhone: current.contactPhone,
          contactEmail: current.contactEmail,
          website: current.website,
          lowBalanceThreshold: current.lowBalanceThreshold,
          dailyAmountLimit: current.dailyAmountLimit,
          dailyCountLimit: current.dailyCountLimit,
          ...limits,
        },
      });
    };
    expect((await edit({ dailyCountLimit: "two" })).json().data.errors).toEqual({
      dailyCountLimit: "Enter a whole number",
    });
    expect(expectOk<ConsoleMerchant>(await edit({ dailyAmountLimit: "25" }), EN)).toMatchObject({
      dailyAmountLimit: "25.0000",
      dailyCountLimit: "",
    });
    expect((await place(shop, "13800000001")).statusCode).toBe(200);
    expect((await place(shop, "13800000002")).statusCode).toBe(200);
    await refused(
      await place(shop, "13800000003"),
      "DAILY_LIMIT_EXCEEDED",
      "This order would take today's orders to 30.00 USD, over your daily limit of 25.00 USD",
    );
    expect(expectOk<ConsoleMerchant>(await edit({ dailyAmountLimit: "", dailyCountLimit: "3" }), EN)).toMatchObject({
      dailyCountLimit: "3",
    });
    expect((await place(shop, "13800000004")).statusCode).toBe(200);
    await refused(
      await place(shop, "13800000005"),
      "DAILY_LIMIT_EXCEEDED",
      "Your daily limit of 3 orders is reached for today",
    );
    // A new day (UTC) starts from nothing.
    const today = t.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now().getTime() - DAY).toISOString().slice(0, 10);
    await t.deps.db.update(merchants).set({ usageDay: yesterday }).where(eq(merchants.id, shop.merchantId));
    expect((await place(shop, "13800000006")).statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.id, shop.merchantId));
    expect(row).toMatchObject({ dayCount: 1, dayAmount: "10.0000", usageDay: today });
    expect((await events(shop.merchant.merchantNo)).map((e) => e.rule)).toEqual(["dailyCount", "dailyAmount"]);
  });

  it("allows at most N orders to one account an hour, and keeps new merchants from high-value orders", async () => {
    const shop = await openShop(t, { balance: "500" });
    await settings({ velocityPerHour: "2" });
    expect((await place(shop, "13700000001")).statusCode).toBe(200);
    expect((await place(shop, "13700000001")).statusCode).toBe(200);
    await refused(
      await place(shop, "13700000001"),
      "VELOCITY_LIMIT_EXCEEDED",
      "Too many orders for 13700000001: at most 2 an hour",
    );
    expect((await place(shop, "13700000002")).statusCode).toBe(200);
    // An hour later (the orders placed an hour ago, as sessions would not survive moving the clock that far).
    const anHourAgo = new Date(t.clock.now().getTime() - HOUR - 1000);
    await t.deps.db.update(orders).set({ createdAt: anHourAgo }).where(eq(orders.merchantId, shop.merchantId));
    expect((await place(shop, "13700000001")).statusCode).toBe(200);

    // A merchant opened today may not order 20.00 or more during its first 7 days: the 25.00 login top-up.
    await settings({ coolingDays: "7", coolingMinAmount: "20" });
    const fresh = await openShop(t, { balance: "500" });
    await refused(
      await place(fresh, "hero_1", "login"),
      "NEW_MERCHANT_RESTRICTED",
      "New accounts cannot place orders of 20.00 USD or more during their first 7 days",
    );
    expect((await place(fresh, "13700000003")).statusCode).toBe(200);
    const eightDaysAgo = new Date(t.clock.now().getTime() - 8 * DAY);
    await t.deps.db.update(merchants).set({ createdAt: eightDaysAgo }).where(eq(merchants.id, fresh.merchantId));
    expect((await place(fresh, "hero_1", "login")).statusCode).toBe(200);
    expect((await events(fresh.merchant.merchantNo)).map((e) => [e.rule, e.amount])).toEqual([["cooling", "25.0000"]]);
  });

  it("validates the settings, audits a change, and lets customer service read but not change them", async () => {
    const bad = await asAdmin("PUT", consoleUrl(riskCalls.updateSettings), {
      velocityPerHour: "-1",
      coolingMinAmount: "x",
    });
    expect(bad.json().data.errors).toEqual({
      velocityPerHour: "Enter a whole number",
      coolingMinAmount: expect.any(String),
    });
    // Bounded, so the order statement's date arithmetic stays in range (a bad setting must not break ordering).
    const huge = await asAdmin("PUT", consoleUrl(riskCalls.updateSettings), {
      velocityPerHour: "100001",
      coolingDays: "999999999",
      coolingMinAmount: "20",
    });
    expect([huge.statusCode, huge.json().data.errors]).toEqual([
      400,
      { velocityPerHour: "At most 100,000 orders an hour", coolingDays: "At most 3,650 days (ten years)" },
    ]);
    expect(await settings({ velocityPerHour: "5" })).toMatchObject({ velocityPerHour: "5", coolingDays: "" });
    const service = await staffMember(t, ["customerService"]);
    const serviceToken = await staffLogin(t, service);
    expect((await call(t, "GET", consoleUrl(riskCalls.settings), { token: serviceToken })).statusCode).toBe(200);
    expect(
      (await call(t, "PUT", consoleUrl(riskCalls.updateSettings), { token: serviceToken, payload: {} })).statusCode,
    ).toBe(403);
    const changes = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "risk.changed"));
    expect(changes.at(-1)).toMatchObject({ before: { velocityPerHour: "" }, after: { velocityPerHour: "5" } });
  });
});
