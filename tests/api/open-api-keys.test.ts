import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiApp, ApiSecret, OpenApiKeys, PlatformKey } from "#contracts";
import { merchants } from "../../server/src/db/schema";
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

  beforeAll(async () => {
    t = await startTestApp(engine);
    m = await t.merchant();
    await signIn();
    const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, m.merchantNo));
    client = await openApiClient(t, row!.id);
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
