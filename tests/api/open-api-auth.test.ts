import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiNonces, merchantApps } from "../../server/src/db/schema";
import { housekeeping } from "../../server/src/modules/system/housekeeping";
import { closeTestApp } from "../support/api-helpers";
import { answerIsSigned, type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const BALANCE = { method: "GET" as const, url: "/openapi/v1/balance" };
const refusal = (res: { statusCode: number; json(): { data: { errorCode: string } } }) => [
  res.statusCode,
  res.json().data.errorCode,
];

describe.each(engines)("Open API authentication on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let hmac: OpenApiClient;
  let rsa: OpenApiClient;
  beforeAll(async () => {
    t = await startTestApp(engine, { config: { OPENAPI_RATE_LIMIT_PER_MINUTE: "30" } });
    shop = await openShop(t);
    hmac = await openApiClient(t, shop.merchantId);
    const second = await openShop(t);
    rsa = await openApiClient(t, second.merchantId, { keyType: "RSA2" });
  });
  afterAll(() => closeTestApp(t));

  it("accepts RSA2 requests signed with the merchant's private key", async () => {
    const res = await openApiCall(t, rsa, BALANCE);
    expect(res.statusCode).toBe(200);
    expect(answerIsSigned(rsa, BALANCE, res)).toBe(true);
  });

  it("refuses a request without the signature headers, unsigned and in the caller's language", async () => {
    const res = await t.app.inject({ method: "GET", url: BALANCE.url, headers: { "accept-language": "zh-CN" } });
    expect(refusal(res)).toEqual([401, "MISSING_HEADERS"]);
    expect(res.json().message).toContain("X-App-Id");
    expect(res.headers["x-signature"]).toBeUndefined();
    const badNonce = await openApiCall(t, hmac, { ...BALANCE, nonce: "short" });
    expect(refusal(badNonce)).toEqual([401, "MISSING_HEADERS"]);
  });

  it("refuses an unknown AppID", async () => {
    expect(refusal(await openApiCall(t, hmac, { ...BALANCE, appId: "app_0000000000000000" }))).toEqual([
      401,
      "UNKNOWN_APP_ID",
    ]);
  });

  it("refuses a timestamp more than 5 minutes off, either way, and accepts one just inside", async () => {
    const now = t.clock.now().getTime();
    const off = (ms: number) => openApiCall(t, hmac, { ...BALANCE, timestamp: String(now + ms) });
    expect(refusal(await off(-5 * 60_000 - 1))).toEqual([401, "TIMESTAMP_EXPIRED"]);
    expect(refusal(await off(5 * 60_000 + 1))).toEqual([401, "TIMESTAMP_EXPIRED"]);
    expect((await off(-5 * 60_000 + 1000)).statusCode).toBe(200);
  });

  it("refuses a replayed nonce, even with a fresh timestamp and a valid signature", async () => {
    const nonce = "replayed-nonce-0001";
    expect((await openApiCall(t, hmac, { ...BALANCE, nonce })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect(refusal(await openApiCall(t, hmac, { ...BALANCE, nonce }))).toEqual([401, "NONCE_REUSED"]);
  });

  it("forgets nonces once their timestamps would be refused anyway (housekeeping)", async () => {
    const nonce = "forgotten-nonce-0001";
    expect((await openApiCall(t, hmac, { ...BALANCE, nonce })).statusCode).toBe(200);
    const stored = () => t.deps.db.select().from(apiNonces).where(eq(apiNonces.nonce, nonce));
    await housekeeping(t.deps);
    expect(await stored()).toHaveLength(1);
    t.clock.advance(10 * 60_000 + 1);
    await housekeeping(t.deps);
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a tampered body, a tampered path and a wrong key", async () => {
    const body = { productId: shop.topup.productId, skuId: shop.topup.skuId, inputs: { account: "13800138000" } };
    const tampered = await openApiCall(t, hmac, {
      method: "POST",
      url: "/openapi/v1/orders",
      body: { ...body, quantity: 9 },
      signedBody: JSON.stringify(body),
    });
    expect(refusal(tampered)).toEqual([401, "INVALID_SIGNATURE"]);
    const signature = (await import("../support/open-api")).signWith(hmac.key, "GET\n/openapi/v1/products\n0\nx\n\n");
    expect(refusal(await openApiCall(t, hmac, { ...BALANCE, signature }))).toEqual([401, "INVALID_SIGNATURE"]);
    const otherSecret = await openApiCall(t, hmac, { ...BALANCE, key: { type: "HMAC", secret: "not-the-secret" } });
    expect(refusal(otherSecret)).toEqual([401, "INVALID_SIGNATURE"]);
    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    }) as string;
    expect(refusal(await openApiCall(t, rsa, { ...BALANCE, key: { type: "RSA2", privateKey: stranger } }))).toEqual([
      401,
      "INVALID_SIGNATURE",
    ]);
    // An HMAC signature where RSA2 is configured is just a bad signature.
    expect(refusal(await openApiCall(t, rsa, { ...BALANCE, key: hmac.key }))).toEqual([401, "INVALID_SIGNATURE"]);
  });

  it("enforces a non-empty IP whitelist (addresses and ranges, IPv4 and IPv6)", async () => {
    const fenced = await openShop(t);
    const client = await openApiClient(t, fenced.merchantId, { ipWhitelist: ["203.0.113.0/24", "2001:db8::7"] });
    const from = (remoteAddress: string) => openApiCall(t, client, { ...BALANCE, remoteAddress });
    expect((await from("203.0.113.50")).statusCode).toBe(200);
    expect((await from("2001:db8::7")).statusCode).toBe(200);
    const denied = await from("198.51.100.1");
    expect(refusal(denied)).toEqual([403, "IP_NOT_ALLOWED"]);
    expect(denied.json().message).toContain("198.51.100.1");
  });

  it("says which key is missing when none is configured", async () => {
    const bare = await openShop(t);
    const client = await openApiClient(t, bare.merchantId);
    await t.deps.db
      .update(merchantApps)
      .set({ secretSealed: null })
      .where(eq(merchantApps.merchantId, bare.merchantId));
    expect(refusal(await openApiCall(t, client, BALANCE))).toEqual([401, "KEY_NOT_CONFIGURED"]);
  });

  it("answers an unknown path 404 once signed, and a signed body that is not JSON 400 (unsigned: 401)", async () => {
    expect(refusal(await openApiCall(t, hmac, { method: "GET", url: "/openapi/v1/nothing" }))).toEqual([
      404,
      "NOT_FOUND",
    ]);
    const broken = await t.app.inject({
      method: "POST",
      url: "/openapi/v1/orders",
      headers: { "content-type": "application/json", "accept-language": "en-US" },
      payload: "{not json",
    });
    // Authentication comes first: a stranger learns nothing about how the body is read.
    expect(refusal(broken)).toEqual([401, "MISSING_HEADERS"]);
    const signedBroken = await openApiCall(t, hmac, {
      method: "POST",
      url: "/openapi/v1/orders",
      rawBody: "{not json",
    });
    expect(refusal(signedBroken)).toEqual([400, "INVALID_REQUEST"]);
    expect(signedBroken.json().message).toBe("The request body is not valid JSON");
    const badAddress = await openApiCall(t, hmac, { method: "GET", url: "/openapi/v1/orders/%E0%A4%A" });
    expect(refusal(badAddress)).toEqual([400, "INVALID_REQUEST"]);
    expect(badAddress.json().message).toBe("The address is not valid");
  });

  it("limits requests per AppID with 429 and Retry-After, counting only signed ones", async () => {
    const busy = await openShop(t);
    const client = await openApiClient(t, busy.merchantId);
    for (let i = 0; i < 5; i++) await openApiCall(t, client, { ...BALANCE, appId: "app_ffffffffffffffff" });
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await openApiCall(t, client, BALANCE));
    expect(answers.slice(0, 30).every((a) => a.statusCode === 200)).toBe(true);
    const limited = answers[30]!;
    expect(refusal(limited)).toEqual([429, "RATE_LIMITED"]);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another AppID has its own allowance.
    expect((await openApiCall(t, hmac, BALANCE)).statusCode).toBe(200);
  });
});
