import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bindMfa,
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  INFO,
  type Lang,
  loginCall,
  M,
  MFA_BIND,
  MFA_KEY,
  MFA_UNBIND,
  MINUTE,
  userRow,
  wrongCode,
  ZH,
} from "../support/api-helpers";
import { codeFor, startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const STEP = 30_000;
const BASE32_SECRET = /^[A-Z2-7]{32}$/;

describe.each(engines)("MFA (TOTP) on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  const unbind = (token: string, code: string, lang?: Lang) =>
    call(t, "POST", MFA_UNBIND, { token, lang, payload: code, headers: { "content-type": "text/plain" } });
  const mfaStatus = async (token: string) =>
    expectOk<{ mfaStatus: number }>(await call(t, "GET", INFO, { token })).mfaStatus;

  describe("mfa/key", () => {
    it("answers a base32 secret and keeps only an encrypted pending copy", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.admin.username);
      const secret = expectOk<string>(await call(t, "GET", MFA_KEY, { token, lang: EN }), EN);
      expect(secret).toMatch(BASE32_SECRET);

      const row = await userRow(t, m.users.admin.id);
      expect(row.mfaPendingSecret).toMatch(/^v1\./);
      expect(row.mfaPendingSecret).not.toContain(secret);
      expect(t.deps.cipher.decrypt(row.mfaPendingSecret!)).toBe(secret);
      expect(row.mfaSecret).toBeNull();
      expect(await mfaStatus(token)).toBe(0);
    });

    it("hands out a new secret each time, and only the newest can be bound", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.operator.username);
      const first = expectOk<string>(await call(t, "GET", MFA_KEY, { token }));
      const second = expectOk<string>(await call(t, "GET", MFA_KEY, { token }));
      expect(second).not.toBe(first);
      const res = await call(t, "POST", MFA_BIND, {
        token,
        lang: EN,
        payload: { mfaKey: first, captcha: codeFor(first, t.clock.now()) },
      });
      expectFieldErrors(res, { mfaKey: M.mfaKeyUnknown[EN] });
      expect(await mfaStatus(token)).toBe(0);
    });

    it("answers 409 once MFA is bound", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.finance.username);
      await bindMfa(t, token);
      for (const lang of [EN, ZH] as Lang[]) {
        expectFailure(await call(t, "GET", MFA_KEY, { token, lang }), 409, M.mfaAlreadyBound[lang]);
      }
    });
  });

  describe("mfa/bind", () => {
    it("binds with the issued key and a computed code, storing the secret encrypted", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.admin.username);
      const secret = expectOk<string>(await call(t, "GET", MFA_KEY, { token }));
      const res = await call(t, "POST", MFA_BIND, {
        token,
        lang: EN,
        payload: { mfaKey: secret, captcha: codeFor(secret, t.clock.now()) },
      });
      expect(res.json()).toEqual({ code: 200, message: M.success[EN], data: null });
      expect(await mfaStatus(token)).toBe(1);

      const row = await userRow(t, m.users.admin.id);
      expect(row.mfaSecret).toMatch(/^v1\./);
      expect(row.mfaSecret).not.toContain(secret);
      expect(t.deps.cipher.decrypt(row.mfaSecret!)).toBe(secret);
      expect(row.mfaPendingSecret).toBeNull();
    });

    it.each([EN, ZH] as Lang[])("rejects a key that was not issued to the caller (%s)", async (lang) => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.admin.username);
      const own = expectOk<string>(await call(t, "GET", MFA_KEY, { token }));
      // A colleague's pending key is not the caller's either.
      const colleague = await t.login(m.users.operator.username);
      const theirs = expectOk<string>(await call(t, "GET", MFA_KEY, { token: colleague }));
      const invented = own === "A".repeat(32) ? "B".repeat(32) : "A".repeat(32);
      for (const key of [invented, theirs]) {
        const res = await call(t, "POST", MFA_BIND, {
          token,
          lang,
          payload: { mfaKey: key, captcha: codeFor(key, t.clock.now()) },
        });
        expectFieldErrors(res, { mfaKey: M.mfaKeyUnknown[lang] });
      }
      expect((await userRow(t, m.users.admin.id)).mfaSecret).toBeNull();
    });

    it.each([EN, ZH] as Lang[])("rejects a wrong or malformed code (%s)", async (lang) => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.operator.username);
      const secret = expectOk<string>(await call(t, "GET", MFA_KEY, { token }));
      const wrong = await call(t, "POST", MFA_BIND, {
        token,
        lang,
        payload: { mfaKey: secret, captcha: wrongCode(secret, t.clock.now()) },
      });
      expectFieldErrors(wrong, { captcha: M.captchaInvalid[lang] });
      const malformed = await call(t, "POST", MFA_BIND, {
        token,
        lang,
        payload: { mfaKey: secret, captcha: "12a456" },
      });
      expectFieldErrors(malformed, { captcha: M.captchaFormat[lang] });
      const shortKey = await call(t, "POST", MFA_BIND, { token, lang, payload: { mfaKey: "ABC", captcha: "123456" } });
      expectFieldErrors(shortKey, { mfaKey: M.mfaKeyInvalid[lang] });
      expect(await mfaStatus(token)).toBe(0);
    });

    it("rejects a key not confirmed within 30 minutes", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.finance.username);
      const secret = expectOk<string>(await call(t, "GET", MFA_KEY, { token }));
      // The session lives on (it is used within its 30 idle minutes); only the key grows too old.
      t.clock.advance(20 * MINUTE);
      expectOk(await call(t, "GET", INFO, { token }));
      t.clock.advance(11 * MINUTE);
      const res = await call(t, "POST", MFA_BIND, {
        token,
        lang: EN,
        payload: { mfaKey: secret, captcha: codeFor(secret, t.clock.now()) },
      });
      expectFieldErrors(res, { mfaKey: M.mfaKeyUnknown[EN] });
    });

    it("answers 409 when MFA is already bound", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.operator.username);
      const secret = await bindMfa(t, token);
      const res = await call(t, "POST", MFA_BIND, {
        token,
        lang: ZH,
        payload: { mfaKey: secret, captcha: codeFor(secret, t.clock.now()) },
      });
      expectFailure(res, 409, M.mfaAlreadyBound[ZH]);
    });
  });

  describe("mfa/unbind (plain-text body)", () => {
    it("rejects a malformed code in both languages", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.admin.username);
      await bindMfa(t, token);
      for (const lang of [EN, ZH] as Lang[]) {
        for (const code of ["12ab56", "1234567", ""]) {
          expectFieldErrors(await unbind(token, code, lang), { captcha: M.captchaFormat[lang] });
        }
      }
      expect(await mfaStatus(token)).toBe(1);
    });

    it("rejects a wrong code and the replayed bind code; a fresh code unbinds and ends the other sessions", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.admin.username);
      const other = await t.login(m.users.admin.username);
      const colleague = await t.login(m.users.operator.username);
      const secret = await bindMfa(t, token);
      const bindCode = codeFor(secret, t.clock.now());

      expectFieldErrors(await unbind(token, wrongCode(secret, t.clock.now()), EN), { captcha: M.captchaInvalid[EN] });
      expectFieldErrors(await unbind(token, bindCode, EN), { captcha: M.captchaReused[EN] });
      expectFieldErrors(await unbind(token, bindCode, ZH), { captcha: M.captchaReused[ZH] });
      expect(await mfaStatus(token)).toBe(1);

      t.clock.advance(STEP);
      const res = await unbind(token, ` ${codeFor(secret, t.clock.now())}\n`, EN);
      expect(res.json()).toEqual({ code: 200, message: M.success[EN], data: null });

      expect(await mfaStatus(token)).toBe(0);
      const row = await userRow(t, m.users.admin.id);
      expect(row.mfaSecret).toBeNull();
      expectFailure(await call(t, "GET", INFO, { token: other, lang: EN }), 401, M.unauthenticated[EN]);
      expectOk(await call(t, "GET", INFO, { token: colleague }));
      // Unbound again: sign-in needs no code, and a new key can be fetched.
      expectOk(await loginCall(t, { username: m.users.admin.username }));
      expect(expectOk<string>(await call(t, "GET", MFA_KEY, { token }))).toMatch(BASE32_SECRET);
    });

    it("answers 403 MFA_REQUIRED when MFA is not bound (there is nothing to unbind before binding)", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.finance.username);
      for (const lang of [EN, ZH] as Lang[]) {
        expectFailure(await unbind(token, "123456", lang), 403, M.mfaRequired[lang], { errorCode: "MFA_REQUIRED" });
      }
    });

    it("does not let one merchant's code unbind another user's MFA", async () => {
      const a = await t.merchant({ mfa: false });
      const b = await t.merchant({ mfa: false });
      const tokenA = await t.login(a.users.admin.username);
      const tokenB = await t.login(b.users.admin.username);
      const secretA = await bindMfa(t, tokenA);
      await bindMfa(t, tokenB);
      t.clock.advance(STEP);
      const res = await unbind(tokenB, codeFor(secretA, t.clock.now()), EN);
      // The code is checked against B's own secret; A's code is simply wrong for B (1 in a million: collision).
      expectFieldErrors(res, { captcha: M.captchaInvalid[EN] });
      expect(await mfaStatus(tokenA)).toBe(1);
      expect(await mfaStatus(tokenB)).toBe(1);
    });
  });

  describe("code checks at sign-in", () => {
    it("accepts one step of drift either way, never further, and never an older step than one already used", async () => {
      const m = await t.merchant({ mfa: false });
      const username = m.users.operator.username;
      const secret = await bindMfa(t, await t.login(username));
      t.clock.advance(5 * MINUTE);
      const at = (offset: number) => codeFor(secret, new Date(t.clock.now().getTime() + offset));
      const login = (captcha: string) => loginCall(t, { username, captcha }, { lang: EN });

      expectFieldErrors(await login(at(-3 * STEP)), { captcha: M.captchaInvalid[EN] });
      expectFieldErrors(await login(at(3 * STEP)), { captcha: M.captchaInvalid[EN] });
      expectOk(await login(at(-STEP)), EN);
      expectOk(await login(at(0)), EN);
      expectFieldErrors(await login(at(-STEP)), { captcha: M.captchaReused[EN] });
      expectOk(await login(at(STEP)), EN);
      expectFieldErrors(await login(at(0)), { captcha: M.captchaReused[EN] });
    });

    it("accepts a code only once even when sign-ins race", async () => {
      const m = await t.merchant({ mfa: false });
      const username = m.users.finance.username;
      const secret = await bindMfa(t, await t.login(username));
      t.clock.advance(STEP);
      const captcha = codeFor(secret, t.clock.now());
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => loginCall(t, { username, captcha }, { lang: EN })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
      for (const r of answers.filter((a) => a.statusCode === 400)) {
        expectFieldErrors(r, { captcha: M.captchaReused[EN] });
      }
    });
  });
});
