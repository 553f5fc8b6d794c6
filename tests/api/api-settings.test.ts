import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiApp, ApiSecret, PlatformKey } from "#contracts";
import { merchantApps, merchants } from "../../server/src/db/schema";
import {
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  M,
  stepUp,
  ZH,
} from "../support/api-helpers";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

const APP = "/portal/merchant/api/app";
const SECRET = `${APP}/secret`;
const KEYS = `${APP}/keys`;

/** Written out (not read from locales/) so a changed translation fails here. */
const V = {
  urlInvalid: "Please enter a valid URL",
  urlRequired: "Please enter a URL",
  urlPrivate: "This address points to a private or local network, which the server may not call",
  whitelistEntry:
    "Each entry must be an IPv4 or IPv6 address or a CIDR range (e.g. 203.0.113.7, 10.0.0.0/8), separated by commas",
  publicKeyRequired: "RSA2 needs the merchant public key",
  publicKeyInvalid:
    "The merchant public key must be an RSA public key of at least 2048 bits in PEM format (-----BEGIN PUBLIC KEY-----)",
};

const pem = (type: "rsa" | "ec", bits = 2048) =>
  (type === "rsa"
    ? generateKeyPairSync("rsa", { modulusLength: bits })
    : generateKeyPairSync("ec", { namedCurve: "prime256v1" })
  ).publicKey
    .export({ type: "spki", format: "pem" })
    .toString();

const good = {
  keyType: "HMAC",
  callbackUrl: "https://shop.example/callback",
  notifyUrl: "https://shop.example/notify",
  ipWhitelist: "",
  lowBalanceThreshold: "",
};

async function merchantId(t: TestApp, m: TestMerchant) {
  const [row] = await t.deps.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.merchantNo, m.merchantNo));
  return row!.id;
}

describe.each(engines)("API settings on %s", (engine) => {
  let t: TestApp;
  let m: TestMerchant;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    m = await t.merchant();
    admin = await t.login(m.users.admin.username);
  });
  afterAll(() => closeTestApp(t));

  const put = (payload: object, lang = EN) => call(t, "PUT", APP, { token: admin, lang, payload });

  it("creates the application on the first visit, once, even when two first visits race", async () => {
    const other = await t.merchant();
    const token = await t.login(other.users.admin.username);
    const [a, b] = await Promise.all([call(t, "GET", APP, { token }), call(t, "GET", APP, { token })]);
    const first = expectOk<ApiApp>(a);
    expect(expectOk<ApiApp>(b).appId).toBe(first.appId);
    expect(expectOk<ApiApp>(await call(t, "GET", APP, { token })).appId).toBe(first.appId);
    expect(first).toMatchObject({
      merchantNo: other.merchantNo,
      keyType: "HMAC",
      platformKeySerial: 1,
      merchantPublicKey: "",
      secretMasked: "",
      secretCreateTime: null,
      callbackUrl: "",
      notifyUrl: "",
      ipWhitelist: "",
      lowBalanceThreshold: "",
      currency: "USD",
    });
    expect(first.appId).toMatch(/^app_[0-9a-f]{16}$/);
    expect(first.platformPublicKey).toContain("-----BEGIN PUBLIC KEY-----");
    const rows = await t.deps.db
      .select()
      .from(merchantApps)
      .where(eq(merchantApps.merchantId, await merchantId(t, other)));
    expect(rows).toHaveLength(1);
  });

  it("answers a new secret once; afterwards only its mask, and the database holds it encrypted", async () => {
    const { secret, secretMasked, secretCreateTime } = expectOk<ApiSecret>(
      await call(t, "POST", SECRET, { token: admin, headers: await stepUp(t, m.users.admin.username) }),
    );
    expect(Buffer.from(secret, "base64url")).toHaveLength(32);
    expect(secretMasked).toBe(`********${secret.slice(-4)}`);
    expect(secretCreateTime).toBe(t.clock.now().toISOString());

    const res = await call(t, "GET", APP, { token: admin });
    expect(res.body).not.toContain(secret);
    expect(expectOk<ApiApp>(res)).toMatchObject({ secretMasked, secretCreateTime });

    const [row] = await t.deps.db
      .select()
      .from(merchantApps)
      .where(eq(merchantApps.merchantId, await merchantId(t, m)));
    expect(row!.secretSealed).not.toContain(secret);
    expect(t.deps.cipher.decrypt(row!.secretSealed!)).toBe(secret);
    expect(row!.secretHint).toBe(secret.slice(-4));

    const next = expectOk<ApiSecret>(
      await call(t, "POST", SECRET, { token: admin, headers: await stepUp(t, m.users.admin.username) }),
    );
    expect(next.secret).not.toBe(secret);
  });

  it("rotates the platform key: a new public key under the next serial", async () => {
    const before = expectOk<ApiApp>(await call(t, "GET", APP, { token: admin }));
    const rotated = expectOk<PlatformKey>(
      await call(t, "POST", KEYS, { token: admin, headers: await stepUp(t, m.users.admin.username) }),
    );
    expect(rotated.platformKeySerial).toBe(before.platformKeySerial + 1);
    expect(rotated.platformPublicKey).not.toBe(before.platformPublicKey);
    expect(rotated.platformPublicKey).toContain("-----BEGIN PUBLIC KEY-----");
    expect(expectOk<ApiApp>(await call(t, "GET", APP, { token: admin }))).toMatchObject(rotated);
  });

  it("saves URLs, a normalised whitelist and the threshold", async () => {
    const saved = expectOk<ApiApp>(
      await put({
        ...good,
        ipWhitelist: "203.0.113.7, 10.0.0.0/8,2001:db8::1  2001:db8::/32, 203.0.113.7",
        lowBalanceThreshold: "250.50",
      }),
      EN,
    );
    expect(saved).toMatchObject({
      callbackUrl: good.callbackUrl,
      notifyUrl: good.notifyUrl,
      ipWhitelist: "203.0.113.7, 10.0.0.0/8, 2001:db8::1, 2001:db8::/32",
      lowBalanceThreshold: "250.5",
    });
    const [row] = await t.deps.db
      .select()
      .from(merchantApps)
      .where(eq(merchantApps.merchantId, await merchantId(t, m)));
    expect(row!.ipWhitelist).toEqual(["203.0.113.7", "10.0.0.0/8", "2001:db8::1", "2001:db8::/32"]);
    const [merchant] = await t.deps.db.select().from(merchants).where(eq(merchants.id, row!.merchantId));
    expect(merchant!.lowBalanceThreshold).toBe("250.5000");

    const cleared = expectOk<ApiApp>(await put(good), EN);
    expect(cleared).toMatchObject({ ipWhitelist: "", lowBalanceThreshold: "" });
    expect(expectOk<ApiApp>(await call(t, "GET", APP, { token: admin }))).toEqual(cleared);
  });

  it("refuses addresses that are not http(s) URLs, or missing", async () => {
    expectFieldErrors(await put({ ...good, callbackUrl: "not a url" }), { callbackUrl: V.urlInvalid });
    expectFieldErrors(await put({ ...good, notifyUrl: "ftp://shop.example/notify" }), { notifyUrl: V.urlInvalid });
    expectFieldErrors(await put({ keyType: "HMAC" }), { callbackUrl: V.urlRequired, notifyUrl: V.urlRequired });
    expectFieldErrors(await put({ ...good, callbackUrl: "" }), { callbackUrl: V.urlRequired });
    expectFieldErrors(await put({ ...good, callbackUrl: "x" }, ZH), { callbackUrl: "请输入有效的 URL" });
  });

  it("refuses a whitelist entry that is neither an address nor a range", async () => {
    for (const ipWhitelist of ["203.0.113.7, 300.1.1.1", "10.0.0.0/33", "example.com", "2001:db8::/129"])
      expectFieldErrors(await put({ ...good, ipWhitelist }), { ipWhitelist: V.whitelistEntry });
  });

  it("checks the merchant public key: required for RSA2, RSA of 2048+ bits", async () => {
    expectFieldErrors(await put({ ...good, keyType: "RSA2" }), { merchantPublicKey: V.publicKeyRequired });
    expectFieldErrors(await put({ ...good, keyType: "RSA2", merchantPublicKey: pem("rsa", 1024) }), {
      merchantPublicKey: V.publicKeyInvalid,
    });
    expectFieldErrors(await put({ ...good, keyType: "RSA2", merchantPublicKey: pem("ec") }), {
      merchantPublicKey: V.publicKeyInvalid,
    });
    expectFieldErrors(await put({ ...good, merchantPublicKey: "-----BEGIN PUBLIC KEY-----\nxyz" }), {
      merchantPublicKey: V.publicKeyInvalid,
    });
    const key = pem("rsa");
    const saved = expectOk<ApiApp>(await put({ ...good, keyType: "RSA2", merchantPublicKey: key }), EN);
    expect(saved).toMatchObject({ keyType: "RSA2", merchantPublicKey: key.trim() });
  });

  it("refuses callbacks to local or private hosts by default", async () => {
    expectFieldErrors(await put({ ...good, callbackUrl: "http://127.0.0.1:9000/cb", notifyUrl: "http://[::1]/n" }), {
      callbackUrl: V.urlPrivate,
      notifyUrl: V.urlPrivate,
    });
    for (const notifyUrl of ["http://localhost/n", "http://10.1.2.3/n", "https://192.168.0.5/n"])
      expectFieldErrors(await put({ ...good, notifyUrl }), { notifyUrl: V.urlPrivate });
  });

  it("answers 403 to operator and finance on every call, in both languages", async () => {
    for (const role of ["operator", "finance"] as const) {
      const token = await t.login(m.users[role].username);
      for (const lang of [EN, ZH] as const) {
        expectFailure(await call(t, "GET", APP, { token, lang }), 403, M.forbidden[lang]);
        expectFailure(await call(t, "PUT", APP, { token, lang, payload: good }), 403, M.forbidden[lang]);
        expectFailure(await call(t, "POST", SECRET, { token, lang }), 403, M.forbidden[lang]);
        expectFailure(await call(t, "POST", KEYS, { token, lang }), 403, M.forbidden[lang]);
      }
    }
    expectFailure(await call(t, "GET", APP, { lang: EN }), 401, M.unauthenticated[EN]);
  });

  it("keeps merchants apart: each has its own application and sees only its own", async () => {
    const a = expectOk<ApiApp>(await put({ ...good, callbackUrl: "https://a.example/cb" }), EN);
    const b = await t.merchant();
    const tokenB = await t.login(b.users.admin.username);
    const appB = expectOk<ApiApp>(await call(t, "GET", APP, { token: tokenB }));
    expect(appB.appId).not.toBe(a.appId);
    expect(appB).toMatchObject({ merchantNo: b.merchantNo, callbackUrl: "", secretMasked: "" });
    expect(appB.platformPublicKey).not.toBe(a.platformPublicKey);

    const secretB = expectOk<ApiSecret>(
      await call(t, "POST", SECRET, { token: tokenB, headers: await stepUp(t, b.users.admin.username) }),
    );
    await call(t, "PUT", APP, { token: tokenB, payload: { ...good, callbackUrl: "https://b.example/cb" } });
    const stillA = expectOk<ApiApp>(await call(t, "GET", APP, { token: admin }));
    expect(stillA).toMatchObject({ appId: a.appId, callbackUrl: "https://a.example/cb" });
    expect(stillA.secretMasked).not.toBe(secretB.secretMasked);
  });
});

describe.each(engines)("API settings with OUTBOUND_ALLOW_PRIVATE on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { config: { OUTBOUND_ALLOW_PRIVATE: "true" } });
  });
  afterAll(() => closeTestApp(t));

  it("accepts local receivers when the operator allows private networks", async () => {
    const m = await t.merchant();
    const token = await t.login(m.users.admin.username);
    const payload = { ...good, callbackUrl: "http://127.0.0.1:9000/cb", notifyUrl: "http://localhost:9000/n" };
    const saved = expectOk<ApiApp>(await call(t, "PUT", APP, { token, lang: EN, payload }), EN);
    expect(saved).toMatchObject({ callbackUrl: payload.callbackUrl, notifyUrl: payload.notifyUrl });
  });
});
