import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
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
  UPDATE_PASSWORD,
  userRow,
  ZH,
} from "../support/api-helpers";
import { startTestApp, TEST_PASSWORD, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const NEW_PASSWORD = "Fresh-pass42";

describe.each(engines)("POST /merchant/api/updatePassword on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp(engine);
    // One user for the refusals (none of them changes anything); fresh users for the changes.
    const m = await t.merchant();
    userId = m.users.operator.id;
    token = await t.login(m.users.operator.username);
  });
  afterAll(() => closeTestApp(t));

  const update = (payload: unknown, lang: Lang, auth = token) =>
    call(t, "POST", UPDATE_PASSWORD, { token: auth, lang, payload: payload as Record<string, unknown> });

  describe.each([EN, ZH] as Lang[])("refusals in %s", (lang) => {
    it("rejects a wrong old password on data.errors.oldPassword", async () => {
      const res = await update(
        { oldPassword: "Not-the-one1", newPassword: NEW_PASSWORD, rePassword: NEW_PASSWORD },
        lang,
      );
      expectFieldErrors(res, { oldPassword: M.oldPasswordWrong[lang] });
    });

    it("rejects a confirmation that does not match on data.errors.rePassword", async () => {
      const res = await update(
        { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, rePassword: `${NEW_PASSWORD}x` },
        lang,
      );
      expectFieldErrors(res, { rePassword: M.passwordMismatch[lang] });
    });

    it.each(["short1", "lettersonly", "1234567890", "elevenchar1", `a1${"x".repeat(127)}`])(
      "rejects the weak new password %j by the policy",
      async (weak) => {
        const res = await update({ oldPassword: TEST_PASSWORD, newPassword: weak, rePassword: weak }, lang);
        expectFieldErrors(res, { newPassword: (weak.length > 128 ? M.tooLong : M.passwordPolicy)[lang] });
      },
    );

    it("names every missing field", async () => {
      expectFieldErrors(await update({}, lang), {
        oldPassword: M.oldPasswordRequired[lang],
        newPassword: M.newPasswordRequired[lang],
        rePassword: M.rePasswordRequired[lang],
      });
      expectFieldErrors(await update({ oldPassword: "", newPassword: "", rePassword: "" }, lang), {
        oldPassword: M.oldPasswordRequired[lang],
        newPassword: M.newPasswordRequired[lang],
        rePassword: M.rePasswordRequired[lang],
      });
    });

    it("rejects a new password equal to the old one", async () => {
      const res = await update(
        { oldPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, rePassword: TEST_PASSWORD },
        lang,
      );
      expectFieldErrors(res, { newPassword: M.passwordUnchanged[lang] });
    });
  });

  it("changed nothing while refusing: the old password still signs in and the session lives", async () => {
    const before = await userRow(t, userId);
    expectOk(await call(t, "GET", INFO, { token }));
    expect(await t.login(before.username)).toMatch(/^Bearer /);
    expect((await userRow(t, userId)).passwordHash).toBe(before.passwordHash);
  });

  it("answers 401 without a session", async () => {
    const res = await call(t, "POST", UPDATE_PASSWORD, {
      lang: EN,
      payload: { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, rePassword: NEW_PASSWORD },
    });
    expectFailure(res, 401, M.unauthenticated[EN]);
  });

  it("changes the password: the old one no longer signs in, the new one does, stored as a scrypt hash", async () => {
    const m = await t.merchant();
    const { username, id } = m.users.finance;
    const own = await t.login(username);
    const before = await userRow(t, id);

    const res = await update(
      { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, rePassword: NEW_PASSWORD },
      EN,
      own,
    );
    expect(res.json()).toEqual({ code: 200, message: M.success[EN], data: null });

    const after = await userRow(t, id);
    expect(after.passwordHash).toMatch(/^scrypt\$/);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordHash).not.toContain(NEW_PASSWORD);
    expect(after.passwordChangedAt).toEqual(t.clock.now());

    expectFailure(await call(t, "GET", INFO, { token: own, lang: EN }), 401, M.unauthenticated[EN]);
    const old = await loginCall(t, { username }, { lang: EN, remoteAddress: freshAddress() });
    expectFailure(old, 400, M.invalidCredentials[EN]);
    expect(await t.login(username, NEW_PASSWORD)).toMatch(/^Bearer /);
    // Colleagues keep their passwords.
    expect(await t.login(m.users.admin.username)).toMatch(/^Bearer /);
  });

  it("stores every password salted: the same password gives different hashes", async () => {
    const m = await t.merchant();
    const [a, b] = await Promise.all([userRow(t, m.users.admin.id), userRow(t, m.users.operator.id)]);
    expect(a.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(a.passwordHash).not.toBe(b.passwordHash);
    expect(a.passwordHash).not.toContain(TEST_PASSWORD);
  });
});
