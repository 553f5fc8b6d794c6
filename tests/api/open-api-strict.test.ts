import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiNonces, orders } from "../../server/src/db/schema";
import { AUTH_THROTTLE } from "../../server/src/modules/openapi/openapi-throttle";
import { closeTestApp, freshAddress } from "../support/api-helpers";
import { answerIsSigned, type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const ORDERS = { method: "POST" as const, url: "/openapi/v1/orders" };
const BALANCE = { method: "GET" as const, url: "/openapi/v1/balance" };
const refusal = (res: { statusCode: number; json(): { data: { errorCode: string } } }) => [
  res.statusCode,
  res.json().data.errorCode,
];

describe.each(engines)("a strict Open API on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let client: OpenApiClient;
  let n = 0;
  const orderNo = () => `STRICT-${engine}-${n++}`;
  const order = (extra: Record<string, unknown> = {}) => ({
    productId: shop.topup.productId,
    skuId: shop.topup.skuId,
    inputs: { account: "13800138000" },
    merchantOrderNo: orderNo(),
    ...extra,
  });
  const orderCount = async () =>
    Number((await t.deps.db.select({ n: count() }).from(orders).where(eq(orders.merchantId, shop.merchantId)))[0]?.n);

  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "1000" });
    client = await openApiClient(t, shop.merchantId);
  });
  afterAll(() => closeTestApp(t));

  it("refuses an unknown field anywhere in the body by name, and orders nothing", async () => {
    const before = [await orderCount(), await balanceOf(t, shop.merchantId)];
    const { merchantOrderNo, ...rest } = order();
    for (const [body, field] of [
      [{ ...rest, merchantOrderNO: merchantOrderNo }, "merchantOrderNO"],
      [{ ...order(), quantiy: 2 }, "quantiy"],
      [{ ...order(), inputs: { account: "13800138000", acount: "1" } }, "inputs.acount"],
    ] as const) {
      const res = await openApiCall(t, client, { ...ORDERS, body });
      expect(refusal(res), field).toEqual([400, "INVALID_REQUEST"]);
      expect(res.json().data.errors[field], field).toBe(`Unknown field "${field.split(".").pop()}"`);
      expect(answerIsSigned(client, ORDERS, res)).toBe(true);
    }
    expect([await orderCount(), await balanceOf(t, shop.merchantId)]).toEqual(before);
  });

  it("requires merchantOrderNo (what makes a retry safe)", async () => {
    const { merchantOrderNo: _, ...withoutNumber } = order();
    const res = await openApiCall(t, client, { ...ORDERS, body: withoutNumber });
    expect(refusal(res)).toEqual([400, "INVALID_REQUEST"]);
    expect(Object.keys(res.json().data.errors)).toEqual(["merchantOrderNo"]);
  });

  it("answers a replayed order exactly as the order query does, gift-card codes included once it succeeded", async () => {
    const body = {
      productId: shop.gift.productId,
      skuId: shop.gift.skuId,
      inputs: { account: "13800138000" },
      merchantOrderNo: orderNo(),
    };
    const placed = await openApiCall(t, client, { ...ORDERS, body });
    expect(placed.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, placed.json().data.orderNo));
    // Fulfil it as the supplier would, with a code.
    const cards = [{ serial: "SN-1", pin: "PIN-1", expiresAt: null }];
    await t.deps.db
      .update(orders)
      .set({ status: "success", resultSealed: t.deps.cipher.encrypt(JSON.stringify({ cards })) })
      .where(eq(orders.id, row!.id));
    const query = await openApiCall(t, client, { method: "GET", url: `/openapi/v1/orders/${body.merchantOrderNo}` });
    const replay = await openApiCall(t, client, { ...ORDERS, body });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().data).toEqual(query.json().data);
    expect(replay.json().data.cards).toEqual(cards);
  });

  it("authenticates before judging the body: unsigned bad JSON, wrong type or oversized body is a 401", async () => {
    const big = JSON.stringify({ pad: "x".repeat(1024 * 1024) });
    for (const payload of [
      { payload: "{not json", headers: { "content-type": "application/json" } },
      { payload: "<order/>", headers: { "content-type": "application/xml" } },
      { payload: big, headers: { "content-type": "application/json" } },
    ]) {
      const res = await t.app.inject({ ...ORDERS, ...payload });
      expect(refusal(res)).toEqual([401, "MISSING_HEADERS"]);
    }
    // A stranger with someone's AppID but a wrong signature is refused for the signature, not for the body.
    const forged = await openApiCall(t, client, {
      ...ORDERS,
      rawBody: "<order/>",
      contentType: "text/xml",
      signature: "x",
    });
    expect(refusal(forged)).toEqual([401, "INVALID_SIGNATURE"]);
  });

  it("then answers the authenticated caller 400, 415 and 413, each with its own code, signed", async () => {
    const cases = [
      { rawBody: "{not json", status: 400, code: "INVALID_REQUEST", message: "The request body is not valid JSON" },
      {
        rawBody: "<order/>",
        contentType: "application/xml",
        status: 415,
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "This content type is not supported",
      },
      {
        rawBody: JSON.stringify({ pad: "x".repeat(1024 * 1024) }),
        status: 413,
        code: "PAYLOAD_TOO_LARGE",
        message: "The request body is too large",
      },
    ];
    for (const { status, code, message, ...call } of cases) {
      const res = await openApiCall(t, client, { ...ORDERS, ...call });
      expect(refusal(res), message).toEqual([status, code]);
      expect(res.json().message).toBe(message);
      expect(answerIsSigned(client, ORDERS, res), message).toBe(true);
    }
  });

  it("stores a nonce only once its signature verified: forgeries write nothing", async () => {
    const nonces = async () => Number((await t.deps.db.select({ n: count() }).from(apiNonces))[0]?.n);
    const before = await nonces();
    const remoteAddress = freshAddress();
    for (let i = 0; i < 10; i++)
      expect(refusal(await openApiCall(t, client, { ...BALANCE, signature: "forged", remoteAddress }))).toEqual([
        401,
        "INVALID_SIGNATURE",
      ]);
    expect(await nonces()).toBe(before);
    expect((await openApiCall(t, client, BALANCE)).statusCode).toBe(200);
    expect(await nonces()).toBe(before + 1);
  });

  it("throttles failed authentications per address and per AppID (429 + Retry-After), sparing the merchant's servers", async () => {
    const attacker = freshAddress();
    for (let i = 0; i < AUTH_THROTTLE.perAddress; i++)
      await openApiCall(t, client, { ...BALANCE, signature: "forged", remoteAddress: attacker });
    const stopped = await openApiCall(t, client, { ...BALANCE, remoteAddress: attacker });
    expect(refusal(stopped)).toEqual([429, "RATE_LIMITED"]);
    expect(Number(stopped.headers["retry-after"])).toBeGreaterThan(0);

    // Many addresses at one AppID: the AppID's limit stops strangers, not an address that signed in before.
    const home = freshAddress();
    expect((await openApiCall(t, client, { ...BALANCE, remoteAddress: home })).statusCode).toBe(200);
    for (let i = 0; i < AUTH_THROTTLE.perAppId; i++)
      await openApiCall(t, client, { ...BALANCE, signature: "forged", remoteAddress: freshAddress() });
    expect(refusal(await openApiCall(t, client, { ...BALANCE, remoteAddress: freshAddress() }))).toEqual([
      429,
      "RATE_LIMITED",
    ]);
    expect((await openApiCall(t, client, { ...BALANCE, remoteAddress: home })).statusCode).toBe(200);
    // The window passes, and strangers may try again.
    t.clock.advance(AUTH_THROTTLE.windowMs + 1);
    expect((await openApiCall(t, client, { ...BALANCE, remoteAddress: attacker })).statusCode).toBe(200);
  });
});
