import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiApp,
  type ApiSecret,
  OPENAPI_HEADERS,
  type OpenApiKeys,
  type PlatformKey,
  signingString,
} from "#contracts";
import { merchantApps, merchants } from "../../server/src/db/schema";
import { rsaVerify } from "../../server/src/lib/signing";
import { attemptDelivery } from "../../server/src/modules/delivery/attempt";
import type { OutboundRequest } from "../../server/src/modules/delivery/sender";
import { call, closeTestApp, EN, expectOk, stepUp } from "../support/api-helpers";
import { type ClientKey, type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

const APP = "/portal/merchant/api/app";
const HOUR = 3_600_000;

/**
 * Key rotation with overlap (issue 17 §4): after a platform key rotation GET /openapi/v1/keys still lists the
 * previous public key for 24 hours (callbacks signed with it may still arrive); after a secret rotation the
 * previous HMAC secret keeps signing for the overlap the admin chose, and "revoke now" ends that at once.
 */
describe.each(engines)("Open API key rotation with overlap on %s", (engine) => {
  let t: TestApp;
  let m: TestMerchant;
  let admin: string;
  let client: OpenApiClient;
  /** The admin signs in again: the tests move the clock past a session's idle time. */
  const signIn = async () => {
    admin = await t.login(m.users.admin.username);
  };
  const asAdmin = async (path: string, payload?: object) =>
    call(t, "POST", `${APP}${path}`, {
      token: admin,
      lang: EN,
      headers: await stepUp(t, m.users.admin.username),
      payload,
    });
  const balance = (key?: ClientKey) => openApiCall(t, client, { method: "GET", url: "/openapi/v1/balance", key });
  const keys = async () =>
    expectOk<OpenApiKeys>(await openApiCall(t, client, { method: "GET", url: "/openapi/v1/keys" }), EN).keys;

  let merchantId: number;

  /** The platform signatures an answer or a callback carries, each checked with the public key given. */
  const signatures = (
    headers: Record<string, unknown>,
    signed: { method: string; url: string; body: string },
    publicKeys: { current: string; previous?: string },
  ) => {
    const h = (name: string) => (headers[name] === undefined ? undefined : String(headers[name]));
    const message = signingString({
      method: signed.method,
      pathWithQuery: signed.url,
      timestamp: h(OPENAPI_HEADERS.timestamp) ?? "",
      nonce: h(OPENAPI_HEADERS.nonce) ?? "",
      body: signed.body,
    });
    const previous = h(OPENAPI_HEADERS.previousSignature);
    return {
      serial: h(OPENAPI_HEADERS.keySerial),
      verifies: rsaVerify(publicKeys.current, message, h(OPENAPI_HEADERS.signature) ?? ""),
      previousSerial: h(OPENAPI_HEADERS.previousKeySerial),
      previousVerifies:
        previous !== undefined && !!publicKeys.previous && rsaVerify(publicKeys.previous, message, previous),
    };
  };
  /** One try of a callback to the merchant's URL, as the delivery worker makes it (captured, not sent). */
  const callback = async () => {
    const [row] = await t.deps.db.select().from(merchantApps).where(eq(merchantApps.merchantId, merchantId));
    const sent: OutboundRequest[] = [];
    await attemptDelivery(
      t.deps,
      async (request) => {
        sent.push(request);
        return { ok: true, status: 200 };
      },
      { ...row!, callbackUrl: "https://shop.example/hooks/orders?src=portal" },
      { eventId: "evt-rotation", type: "order.success", createdAt: t.clock.now(), payload: {}, channel: "callback" },
    );
    const request = sent[0]!;
    return {
      headers: request.headers,
      signed: { method: "POST", url: "/hooks/orders?src=portal", body: request.body },
    };
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    m = await t.merchant();
    await signIn();
    const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, m.merchantNo));
    merchantId = row!.id;
    client = await openApiClient(t, merchantId);
  });
  afterAll(() => closeTestApp(t));

  it("lists the current platform key, and the previous one for 24 hours after a rotation", async () => {
    expect(await keys()).toEqual([
      { serial: 1, algorithm: "SHA256withRSA", publicKey: client.platformPublicKey, validUntil: null },
    ]);
    const rotated = expectOk<PlatformKey>(await asAdmin("/keys"), EN);
    expect(rotated.platformKeySerial).toBe(2);
    const until = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(await keys()).toEqual([
      { serial: 2, algorithm: "SHA256withRSA", publicKey: rotated.platformPublicKey, validUntil: null },
      { serial: 1, algorithm: "SHA256withRSA", publicKey: client.platformPublicKey, validUntil: until },
    ]);
    // Answers are signed with the new key at once, under its serial.
    expect((await balance()).headers["x-key-serial"]).toBe("2");
    t.clock.advance(24 * HOUR);
    expect((await keys()).map((k) => k.serial)).toEqual([2]);
  });

  it("signs answers and callbacks with the previous key too during the overlap, and only with the new one after", async () => {
    await signIn();
    const [before] = await keys();
    const old = { serial: String(before!.serial), publicKey: before!.publicKey };
    const balanceCall = { method: "GET", url: "/openapi/v1/balance" };
    // No rotation running: the current key alone signs.
    const quiet = await balance();
    expect(signatures(quiet.headers, { ...balanceCall, body: quiet.body }, { current: old.publicKey })).toEqual({
      serial: old.serial,
      verifies: true,
      previousSerial: undefined,
      previousVerifies: false,
    });

    const rotated = expectOk<PlatformKey>(await asAdmin("/keys"), EN);
    const serial = String(rotated.platformKeySerial);
    expect(serial).toBe(String(Number(old.serial) + 1));
    const both = { current: rotated.platformPublicKey, previous: old.publicKey };
    const bothSign = { serial, verifies: true, previousSerial: old.serial, previousVerifies: true };

    // Every answer, a refusal included, verifies with the old key as well as with the new one.
    const during = await balance();
    expect(signatures(during.headers, { ...balanceCall, body: during.body }, both)).toEqual(bothSign);
    const refused = await balance({ type: "HMAC", secret: "not-the-secret" });
    expect(refused.statusCode).toBe(401);
    expect(signatures(refused.headers, { ...balanceCall, body: refused.body }, both)).toEqual(bothSign);
    // The keys answer, verified with the old key, is what authenticates the new one to a client that has only the old.
    const listing = await openApiCall(t, client, { method: "GET", url: "/openapi/v1/keys" });
    const keysCall = { method: "GET", url: "/openapi/v1/keys", body: listing.body };
    expect(signatures(listing.headers, keysCall, both)).toEqual(bothSign);
    expect(expectOk<OpenApiKeys>(listing, EN).keys).toEqual([
      { serial: Number(serial), algorithm: "SHA256withRSA", publicKey: rotated.platformPublicKey, validUntil: null },
      {
        serial: Number(old.serial),
        algorithm: "SHA256withRSA",
        publicKey: old.publicKey,
        validUntil: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
      },
    ]);
    // Callbacks and notifications the same.
    const sent = await callback();
    expect(signatures(sent.headers, sent.signed, both)).toEqual(bothSign);
    // A previous signature over other bytes is no signature of these.
    expect(signatures(sent.headers, { ...sent.signed, body: `${sent.signed.body} ` }, both)).toMatchObject({
      verifies: false,
      previousVerifies: false,
    });

    // Once the overlap is over, the old key signs nothing any more.
    t.clock.advance(24 * HOUR);
    const after = await balance();
    expect(signatures(after.headers, { ...balanceCall, body: after.body }, both)).toEqual({
      serial,
      verifies: true,
      previousSerial: undefined,
      previousVerifies: false,
    });
    const late = await callback();
    expect(signatures(late.headers, late.signed, both)).toMatchObject({ verifies: true, previousSerial: undefined });
    expect((await keys()).map((k) => k.serial)).toEqual([Number(serial)]);
  });

  it("accepts the previous secret during the overlap chosen, and not after it or once revoked", async () => {
    await signIn();
    const first: ClientKey = client.key;
    const second = expectOk<ApiSecret>(await asAdmin("/secret", { overlapHours: 1 }), EN);
    const next: ClientKey = { type: "HMAC", secret: second.secret };
    expect((await balance(next)).statusCode).toBe(200);
    expect((await balance(first)).statusCode).toBe(200);
    const app = expectOk<ApiApp>(await call(t, "GET", APP, { token: admin, lang: EN }), EN);
    expect(app.previousSecretUntil).toBe(new Date(t.clock.now().getTime() + HOUR).toISOString());

    t.clock.advance(HOUR);
    await signIn();
    expect((await balance(first)).json()).toMatchObject({ code: 401, data: { errorCode: "INVALID_SIGNATURE" } });
    expect(expectOk<ApiApp>(await call(t, "GET", APP, { token: admin, lang: EN }), EN).previousSecretUntil).toBeNull();

    // A week's overlap, ended early by the admin.
    const third = expectOk<ApiSecret>(await asAdmin("/secret", { overlapHours: 168 }), EN);
    expect((await balance(next)).statusCode).toBe(200);
    const revoked = expectOk<ApiApp>(await asAdmin("/secret/revoke-previous"), EN);
    expect(revoked.previousSecretUntil).toBeNull();
    expect((await balance(next)).json()).toMatchObject({ data: { errorCode: "INVALID_SIGNATURE" } });
    expect((await balance({ type: "HMAC", secret: third.secret })).statusCode).toBe(200);

    // No overlap asked (the default): the old secret stops at once, as before.
    const fourth = expectOk<ApiSecret>(await asAdmin("/secret"), EN);
    expect((await balance({ type: "HMAC", secret: third.secret })).statusCode).toBe(401);
    expect((await balance({ type: "HMAC", secret: fourth.secret })).statusCode).toBe(200);
  });

  it("refuses an overlap that is not one of the choices, changing nothing", async () => {
    await signIn();
    const res = await asAdmin("/secret", { overlapHours: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toHaveProperty("overlapHours");
  });
});
