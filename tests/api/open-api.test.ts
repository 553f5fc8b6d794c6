import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_REVISION } from "#contracts";
import { ledgerEntries, merchants, orders } from "../../server/src/db/schema";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
import { answerIsSigned, type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const orderBody = (shop: Shop, merchantOrderNo: string, account = "13800138000") => ({
  productId: shop.topup.productId,
  skuId: shop.topup.skuId,
  merchantOrderNo,
  inputs: { account },
});

describe.each(engines)("Open API on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let hmac: OpenApiClient;
  beforeAll(async () => {
    t = await startTestApp(engine, { config: { SIMULATOR_DELAY_MS: "0" } });
    shop = await openShop(t, { balance: "1000" });
    hmac = await openApiClient(t, shop.merchantId);
  });
  afterAll(() => closeTestApp(t));

  it("answers the balance, and signs the answer with the platform key", async () => {
    const call = { method: "GET" as const, url: "/openapi/v1/balance" };
    const res = await openApiCall(t, hmac, call);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: "Operation successful",
      data: { merchantNo: shop.merchant.merchantNo, balance: "1000.0000", currency: "USD" },
    });
    expect(res.headers["x-key-serial"]).toBe("1");
    expect(res.headers["x-api-version"]).toBe(OPENAPI_REVISION);
    expect(answerIsSigned(hmac, call, res)).toBe(true);
    expect(answerIsSigned(hmac, { ...call, url: "/openapi/v1/products" }, res)).toBe(false);
  });

  it("lists products with this merchant's prices and each product's input fields", async () => {
    const res = await openApiCall(t, hmac, { method: "GET", url: "/openapi/v1/products?pageSize=100" });
    const { data } = res.json();
    const topup = data.list.find((p: { id: number }) => p.id === shop.topup.productId);
    // The SKU's code is the one callbacks name (skuCode), beside the id orders are placed with.
    expect(topup.skus).toEqual([
      expect.objectContaining({ id: shop.topup.skuId, code: "A", price: "10.0000", orderable: true }),
    ]);
    expect(topup.fields.map((f: { key: string }) => f.key)).toEqual(["account", "note"]);
  });

  it("places an order with source API, debits once, and answers it by either number", async () => {
    const before = await balanceOf(t, shop.merchantId);
    const placed = await openApiCall(t, hmac, {
      method: "POST",
      url: "/openapi/v1/orders",
      body: orderBody(shop, "API-1"),
    });
    expect(placed.statusCode).toBe(200);
    const order = placed.json().data;
    expect(order).toMatchObject({ merchantOrderNo: "API-1", status: "processing", source: "api", version: 1 });
    expect(await balanceOf(t, shop.merchantId)).toBe((Number(before) - 10).toFixed(4));

    await runFulfilmentOnce(t.deps);
    const byMerchantNo = await openApiCall(t, hmac, { method: "GET", url: "/openapi/v1/orders/API-1" });
    expect(byMerchantNo.json().data).toMatchObject({ orderNo: order.orderNo, status: "success", version: 2 });
    const byOrderNo = await openApiCall(t, hmac, {
      method: "GET",
      url: `/openapi/v1/orders/by-order-no/${order.orderNo}`,
    });
    expect(byOrderNo.json().data.merchantOrderNo).toBe("API-1");
    // "Who placed it" is the portal's; the Open API's answer has no such field (the caller is the AppID).
    expect(byOrderNo.json().data).not.toHaveProperty("placedBy");
    // The portal says it came through the Open API, placed by the merchant's AppID (no staff member did).
    const inPortal = await call(t, "GET", `/portal/merchant/api/order/${order.orderNo}`, {
      token: shop.token,
      lang: EN,
    });
    expect(expectOk<{ placedBy: string | null; source: string }>(inPortal, EN)).toMatchObject({
      placedBy: hmac.appId,
      source: "api",
    });
  });

  it("answers gift-card codes in full to the signed query only", async () => {
    const body = {
      productId: shop.gift.productId,
      skuId: shop.gift.skuId,
      merchantOrderNo: "API-GIFT",
      quantity: 2,
      inputs: { account: "123456" },
    };
    const placed = await openApiCall(t, hmac, { method: "POST", url: "/openapi/v1/orders", body });
    expect(placed.json().data.cards).toBeNull();
    await runFulfilmentOnce(t.deps);
    const res = await openApiCall(t, hmac, { method: "GET", url: "/openapi/v1/orders/API-GIFT" });
    const cards = res.json().data.cards;
    expect(cards).toHaveLength(2);
    expect(cards[0].pin).not.toContain("*");
  });

  it("places one order for 20 concurrent identical requests, and refuses a conflicting reuse with 409", async () => {
    const before = await balanceOf(t, shop.merchantId);
    const body = orderBody(shop, "API-CONCURRENT");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => openApiCall(t, hmac, { method: "POST", url: "/openapi/v1/orders", body })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().data.orderNo)).size).toBe(1);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(19);
    const rows = await t.deps.db.select().from(orders).where(eq(orders.merchantOrderNo, "API-CONCURRENT"));
    expect(rows).toHaveLength(1);
    const debits = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, rows[0]!.id));
    expect(debits.map((d) => d.type)).toEqual(["deduct"]);
    expect(await balanceOf(t, shop.merchantId)).toBe((Number(before) - 10).toFixed(4));

    const conflict = await openApiCall(t, hmac, {
      method: "POST",
      url: "/openapi/v1/orders",
      body: orderBody(shop, "API-CONCURRENT", "13900139000"),
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().data.errorCode).toBe("ORDER_CONFLICT");
    expect(conflict.json().message).toContain("(differs in: Mobile number)");
  });

  it("refuses bad input with a translated field error and writes nothing", async () => {
    const before = await balanceOf(t, shop.merchantId);
    const res = await openApiCall(t, hmac, {
      method: "POST",
      url: "/openapi/v1/orders",
      body: { ...orderBody(shop, "API-BAD"), inputs: { account: "12" } },
      language: "zh-CN",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errorCode).toBe("INVALID_REQUEST");
    expect(res.json().data.errors["inputs.account"]).toBe("手机号码：格式不正确");
    expect(await balanceOf(t, shop.merchantId)).toBe(before);
  });

  it("says INSUFFICIENT_BALANCE and PRODUCT_NOT_FOUND with their codes", async () => {
    const poor = await openShop(t, { balance: "1" });
    const client = await openApiClient(t, poor.merchantId);
    const short = await openApiCall(t, client, {
      method: "POST",
      url: "/openapi/v1/orders",
      body: orderBody(poor, "P1"),
    });
    expect([short.statusCode, short.json().data.errorCode]).toEqual([422, "INSUFFICIENT_BALANCE"]);
    const missing = await openApiCall(t, client, {
      method: "POST",
      url: "/openapi/v1/orders",
      body: { ...orderBody(poor, "P2"), skuId: 999999999 },
    });
    expect([missing.statusCode, missing.json().data.errorCode]).toEqual([404, "PRODUCT_NOT_FOUND"]);
  });

  it("never shows one merchant's orders to another", async () => {
    const other = await openShop(t);
    const client = await openApiClient(t, other.merchantId);
    const res = await openApiCall(t, client, { method: "GET", url: "/openapi/v1/orders/API-1" });
    expect([res.statusCode, res.json().data.errorCode]).toEqual([404, "NOT_FOUND"]);
  });

  it("refuses requests of a disabled merchant", async () => {
    const shut = await openShop(t);
    const client = await openApiClient(t, shut.merchantId);
    await t.deps.db.update(merchants).set({ status: "disabled" }).where(eq(merchants.id, shut.merchantId));
    const res = await openApiCall(t, client, { method: "GET", url: "/openapi/v1/balance" });
    expect([res.statusCode, res.json().data.errorCode]).toEqual([403, "MERCHANT_DISABLED"]);
  });
});
