import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/src/db/schema";
import {
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectNoInternals,
  type Lang,
  LOGIN,
  loginCall,
  M,
  MERCHANT_INFO,
  ZH,
} from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const MiB = 1024 * 1024;

describe.each(engines)("the /portal envelope for bad input on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  const raw = (payload: string, contentType: string, lang: Lang) =>
    call(t, "POST", LOGIN, { lang, payload, headers: { "content-type": contentType } });

  describe.each([EN, ZH] as Lang[])("in %s", (lang) => {
    it("answers bad JSON with 400", async () => {
      for (const body of ['{"username": "a", ', "{bad}", ""]) {
        const res = await raw(body, "application/json", lang);
        expectFailure(res, 400, M.badJson[lang]);
        expectNoInternals(res);
      }
    });

    it("answers an address that is not valid percent-encoding with the envelope", async () => {
      for (const url of ["/portal/merchant/api/order/%E0%A4%A", "/portal/%zz"]) {
        const res = await call(t, "GET", url, { lang });
        expectFailure(res, 400, M.badUrl[lang]);
        expectNoInternals(res);
      }
    });

    it("answers a body over 1 MiB with 413", async () => {
      const body = JSON.stringify({ username: "a@example.test", password: "x".repeat(MiB) });
      const res = await raw(body, "application/json", lang);
      expectFailure(res, 413, M.payloadTooLarge[lang]);
    });

    it("answers an unsupported content type with 415", async () => {
      const res = await raw("<login><username>a</username></login>", "application/xml", lang);
      expectFailure(res, 415, M.unsupportedMediaType[lang]);
    });

    it("answers a body shorter than its Content-Length with a plain 400, not a content-type complaint", async () => {
      const body = '{"username":"a@example.test","password":"secret"}';
      const res = await call(t, "POST", LOGIN, {
        lang,
        payload: body,
        headers: { "content-type": "application/json", "content-length": String(body.length + 10) },
      });
      expectFailure(res, 400, M.badRequest[lang]);
      expectNoInternals(res);
    });

    it("answers wrong types with 400 and field errors", async () => {
      const res = await call(t, "POST", LOGIN, { lang, payload: { username: 123, password: false, captcha: 7 } });
      expectFieldErrors(res, {
        username: M.usernameRequired[lang],
        password: M.passwordRequired[lang],
        captcha: M.captchaInvalid[lang],
      });
      expectNoInternals(res);
    });

    it("answers a body that is not an object with 400 and field errors", async () => {
      for (const body of ["[1, 2]", '"text"', "null", "42"]) {
        const res = await raw(body, "application/json", lang);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 400,
          message: expect.any(String),
          data: { errors: { body: expect.any(String) } },
        });
      }
    });
  });

  it("answers a body just under the limit normally", async () => {
    const res = await call(t, "POST", LOGIN, {
      lang: EN,
      payload: { username: "a@example.test", password: "x".repeat(100), padding: "y".repeat(MiB - 200) },
    });
    expectFailure(res, 400, M.invalidCredentials[EN]);
  });

  it("checks sign-in before reading a protected call's body", async () => {
    const res = await call(t, "PUT", MERCHANT_INFO, {
      lang: EN,
      payload: "{bad",
      headers: { "content-type": "application/json" },
    });
    expectFailure(res, 401, M.unauthenticated[EN]);
  });

  it("answers an unexpected failure with 500, a generic message and the request id, no internals", async () => {
    const m = await t.merchant();
    // A stored secret that cannot be decrypted makes the sign-in fail deep inside the server.
    await t.deps.db.update(users).set({ mfaSecret: "v1.corrupt" }).where(eq(users.id, m.users.operator.id));
    for (const lang of [EN, ZH] as Lang[]) {
      const res = await loginCall(t, { username: m.users.operator.username, captcha: "123456" }, { lang });
      const requestId = res.headers["x-request-id"];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const message =
        lang === EN
          ? `Something went wrong on our side; please try again later (request ${requestId})`
          : `服务器出现问题，请稍后再试（请求编号 ${requestId}）`;
      expectFailure(res, 500, message);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expectNoInternals(res);
      expect(res.body).not.toMatch(/decrypt|cipher/i);
    }
  });

  it.each<[string | undefined, Lang]>([
    [undefined, ZH],
    ["zh-CN", ZH],
    ["zh-TW", ZH],
    ["en-US", EN],
    ["en-GB", EN],
    ["en", EN],
    ["fr", ZH],
    ["fr-FR, en;q=0.8", EN],
    ["en;q=0.2, zh;q=0.9", ZH],
  ])("speaks the language of Accept-Language %j", async (header, lang) => {
    const res = await call(t, "POST", LOGIN, {
      payload: { username: "", password: "" },
      ...(header ? { headers: { "accept-language": header } } : {}),
    });
    expectFieldErrors(res, { username: M.usernameRequired[lang], password: M.passwordRequired[lang] });
  });

  it("gives every answer a request id and a JSON content type", async () => {
    for (const res of [
      await call(t, "GET", "/portal/health"),
      await call(t, "GET", "/portal/merchant/api/logged/info"),
      await raw("{", "application/json", EN),
      await call(t, "GET", "/portal/no/such/call"),
    ]) {
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
  });
});
