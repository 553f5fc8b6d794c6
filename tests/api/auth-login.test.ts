import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants } from "../../server/src/db/schema";
import {
  bindMfa,
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  freshAddress,
  INFO,
  type Lang,
  loginCall,
  M,
  setUserEnabled,
  signIn,
  wrongCode,
  ZH,
} from "../support/api-helpers";
import { codeFor, startTestApp, TEST_PASSWORD, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

describe.each(engines)("POST /merchant/api/login on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  it("answers tokenHead 'Bearer ' and a token that opens the caller's session", async () => {
    const m = await t.merchant({ mfa: false });
    const res = await loginCall(t, { username: m.users.operator.username }, { lang: EN });
    const data = expectOk<{ tokenHead: string; token: string }>(res, EN);
    expect(Object.keys(data).sort()).toEqual(["token", "tokenHead"]);
    expect(data.tokenHead).toBe("Bearer ");
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = expectOk<{ id: number }>(await call(t, "GET", INFO, { token: `${data.tokenHead}${data.token}` }));
    expect(info.id).toBe(m.users.operator.id);
  });

  it("trims the username and ignores its case", async () => {
    const m = await t.merchant({ mfa: false });
    const token = await signIn(t, { username: `  ${m.users.admin.username.toUpperCase()}\t` });
    const info = expectOk<{ username: string }>(await call(t, "GET", INFO, { token }));
    expect(info.username).toBe(m.users.admin.username);
  });

  describe.each([EN, ZH] as Lang[])("field errors in %s", (lang) => {
    it.each([
      ["missing", {}, { username: "usernameRequired", password: "passwordRequired" }],
      ["blank", { username: "   ", password: "" }, { username: "usernameRequired", password: "passwordRequired" }],
      ["too short a password", { username: "someone@example.test", password: "ab" }, { password: "passwordMin" }],
      [
        "a code longer than 6",
        { username: "a@example.test", password: "abc", captcha: "1234567" },
        { captcha: "captchaLength" },
      ],
    ] as const)("%s -> 400 with data.errors", async (_, payload, keys) => {
      const res = await call(t, "POST", "/portal/merchant/api/login", { lang, payload });
      const errors = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, M[key][lang]]));
      expectFieldErrors(res, errors);
    });
  });

  it("gives a wrong password and an unknown user the same answer (no account enumeration)", async () => {
    const m = await t.merchant({ mfa: false });
    const remoteAddress = freshAddress();
    for (const lang of [EN, ZH] as Lang[]) {
      const wrongPassword = await loginCall(
        t,
        { username: m.users.admin.username, password: "Wrong-pass1" },
        { lang, remoteAddress },
      );
      const unknownUser = await loginCall(
        t,
        { username: "nobody@example.test", password: "Wrong-pass1" },
        { lang, remoteAddress },
      );
      expectFailure(wrongPassword, 400, M.invalidCredentials[lang]);
      expectFailure(unknownUser, 400, M.invalidCredentials[lang]);
      expect(unknownUser.body).toBe(wrongPassword.body);
    }
  });

  it("accepts a blank or missing code while MFA is not bound", async () => {
    const m = await t.merchant({ mfa: false });
    expectOk(await loginCall(t, { username: m.users.finance.username, captcha: "" }));
    expectOk(await loginCall(t, { username: m.users.finance.username }));
  });

  describe("with MFA bound", () => {
    let username: string;
    let secret: string;
    beforeAll(async () => {
      const m = await t.merchant({ mfa: false });
      username = m.users.operator.username;
      secret = await bindMfa(t, await t.login(username));
    });

    it("requires the code, in both languages", async () => {
      for (const lang of [EN, ZH] as Lang[]) {
        expectFieldErrors(await loginCall(t, { username }, { lang }), { captcha: M.captchaRequired[lang] });
        expectFieldErrors(await loginCall(t, { username, captcha: " " }, { lang }), {
          captcha: M.captchaRequired[lang],
        });
      }
    });

    it("says nothing about MFA to a caller with the wrong password", async () => {
      const res = await loginCall(
        t,
        { username, password: "Wrong-pass1" },
        { lang: EN, remoteAddress: freshAddress() },
      );
      expectFailure(res, 400, M.invalidCredentials[EN]);
    });

    it("rejects a wrong code", async () => {
      const captcha = wrongCode(secret, t.clock.now());
      const res = await loginCall(t, { username, captcha }, { lang: EN, remoteAddress: freshAddress() });
      expectFieldErrors(res, { captcha: M.captchaInvalid[EN] });
    });

    it("accepts the current code once and rejects the same code on a second sign-in", async () => {
      t.clock.advance(30_000); // past the step the bind used
      const code = codeFor(secret, t.clock.now());
      expectOk(await loginCall(t, { username, captcha: code }));
      for (const lang of [EN, ZH] as Lang[]) {
        const replay = await loginCall(t, { username, captcha: code }, { lang, remoteAddress: freshAddress() });
        expectFieldErrors(replay, { captcha: M.captchaReused[lang] });
      }
    });

    it("does not accept the code used to bind as a sign-in code", async () => {
      const m = await t.merchant({ mfa: false });
      const own = await bindMfa(t, await t.login(m.users.admin.username));
      const res = await loginCall(
        t,
        { username: m.users.admin.username, captcha: codeFor(own, t.clock.now()) },
        { lang: EN },
      );
      expectFieldErrors(res, { captcha: M.captchaReused[EN] });
    });
  });

  it("refuses a disabled user with 403 only after the right password", async () => {
    const m = await t.merchant({ mfa: false });
    await setUserEnabled(t, m.users.operator.id, false);
    for (const lang of [EN, ZH] as Lang[]) {
      expectFailure(await loginCall(t, { username: m.users.operator.username }, { lang }), 403, M.userDisabled[lang]);
      const wrong = await loginCall(
        t,
        { username: m.users.operator.username, password: "Wrong-pass1" },
        { lang, remoteAddress: freshAddress() },
      );
      expectFailure(wrong, 400, M.invalidCredentials[lang]);
    }
    // Disabling one user leaves the rest of the merchant alone.
    expectOk(await loginCall(t, { username: m.users.admin.username, password: TEST_PASSWORD }));
  });

  it("refuses every user of a disabled merchant with 403, and only that merchant's", async () => {
    const m = await t.merchant({ mfa: false });
    const other = await t.merchant({ mfa: false });
    const [row] = await t.deps.db
      .update(merchants)
      .set({ status: "disabled" })
      .where(eq(merchants.merchantNo, m.merchantNo))
      .returning();
    expect(row?.status).toBe("disabled");
    expectFailure(await loginCall(t, { username: m.users.admin.username }, { lang: EN }), 403, M.merchantDisabled[EN]);
    expectFailure(
      await loginCall(t, { username: m.users.finance.username }, { lang: ZH }),
      403,
      M.merchantDisabled[ZH],
    );
    expectOk(await loginCall(t, { username: other.users.admin.username }));
  });
});
