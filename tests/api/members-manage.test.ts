import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  INFO,
  type Lang,
  M,
  MEMBERS,
  userRow,
  ZH,
} from "../support/api-helpers";
import { ALL, type Created, ISO, item, MM, type Page, RANDOM_PASSWORD } from "../support/members";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

describe.each(engines)("member management on %s", (engine) => {
  let t: TestApp;
  let m: TestMerchant;
  let admin: string;
  let counter = 0;
  /** A fresh, unused e-mail address per call. */
  const email = (role = "member") => `${role}.${engine}.${counter++}@members.test`;
  const create = async (payload: Record<string, unknown>, token = admin) =>
    expectOk<Created>(
      await call(t, "POST", MEMBERS, { token, payload, ...(token === admin && { stepUp: m.users.admin.username }) }),
    );
  const list = async (token = admin) => expectOk<Page>(await call(t, "GET", ALL, { token })).list;

  beforeAll(async () => {
    t = await startTestApp(engine);
    m = await t.merchant();
    admin = await t.login(m.users.admin.username);
  });
  afterAll(() => closeTestApp(t));

  it("creates a member with a random password, answered once, that signs them in", async () => {
    const username = email("operator");
    const created = await create({
      username: `  ${username.toUpperCase()} `,
      role: "operator",
      phone: "+86 138 0000 0000",
      remark: "night shift",
    });
    expect(created).toEqual({
      id: expect.any(Number),
      username,
      name: username,
      email: username,
      phone: "+86 138 0000 0000",
      role: "operator",
      mfaStatus: 0,
      enabled: true,
      remark: "night shift",
      createTime: expect.stringMatching(ISO),
      lastLoginTime: null,
      password: expect.stringMatching(RANDOM_PASSWORD),
    });
    const row = await userRow(t, created.id);
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(created.password);
    // The list never carries a password; the new member is there, the password works for sign-in.
    const listed = (await list()).find((u) => u.id === created.id);
    expect(listed).toEqual({ ...created, password: undefined });
    expect(Object.keys(listed!)).not.toContain("password");
    const token = await t.login(username, created.password);
    expect(expectOk<{ username: string; role: string }>(await call(t, "GET", INFO, { token }))).toMatchObject({
      username,
      role: "operator",
    });
  });

  it("creates a member with a chosen password and does not echo it", async () => {
    const username = email("finance");
    const created = await create({ username, role: "finance", password: "Chosen2026pw", name: "Fin Ance" });
    expect(created).not.toHaveProperty("password");
    expect(created).toMatchObject({ username, role: "finance", name: "Fin Ance", phone: "", remark: "" });
    await t.login(username, "Chosen2026pw");
  });

  describe.each([EN, ZH] as Lang[])("create refusals in %s", (lang) => {
    it.each([
      ["a weak password", { password: "short1" }, { password: M.passwordPolicy[lang] }],
      ["a password without a digit", { password: "onlyletters" }, { password: M.passwordPolicy[lang] }],
      ["an account that is not an e-mail", { username: "not-an-email" }, { username: M.emailInvalid[lang] }],
      ["no account", { username: undefined }, { username: M.usernameRequired[lang] }],
      ["no role", { role: undefined }, { role: MM.option[lang] }],
      ["an unknown role", { role: "boss" }, { role: MM.option[lang] }],
      ["a bad phone", { phone: "call me" }, { phone: M.phoneInvalid[lang] }],
      ["a remark too long", { remark: "x".repeat(201) }, { remark: M.tooLong[lang] }],
    ])("%s -> 400 on the field", async (_, change, errors) => {
      const payload = { username: email(), role: "operator", ...change };
      expectFieldErrors(
        await call(t, "POST", MEMBERS, { token: admin, stepUp: m.users.admin.username, lang, payload }),
        errors,
      );
    });

    it("a used account, in any case and of any merchant -> 409 naming the field", async () => {
      const other = await t.merchant();
      for (const taken of [m.users.operator.username, other.users.admin.username]) {
        const payload = { username: taken.toUpperCase(), role: "operator" };
        const message = MM.usernameTaken(taken)[lang];
        const res = await call(t, "POST", MEMBERS, { token: admin, stepUp: m.users.admin.username, lang, payload });
        expectFailure(res, 409, message, { errors: { username: message } });
      }
    });
  });

  it("edits phone, role, remark and name, and keeps fields left out", async () => {
    const created = await create({ username: email(), role: "operator", remark: "keep me" });
    const res = await call(t, "PUT", item(created.id), {
      token: admin,
      stepUp: m.users.admin.username,
      payload: { phone: "021-5555 0000", role: "finance", name: "Renamed" },
    });
    const { password: _, ...expected } = created;
    const edited = expectOk<Created>(res);
    expect(edited).toEqual({
      ...expected,
      phone: "021-5555 0000",
      role: "finance",
      name: "Renamed",
      remark: "keep me",
    });
    expect((await list()).find((u) => u.id === created.id)).toEqual(edited);
    expectFieldErrors(
      await call(t, "PUT", item(created.id), {
        token: admin,
        stepUp: m.users.admin.username,
        lang: EN,
        payload: { role: "root" },
      }),
      {
        role: MM.option[EN],
      },
    );
  });

  it("refuses operator and finance with 403 on every member call", async () => {
    const target = m.users.operator.id;
    const calls = [
      ["GET", ALL, undefined],
      ["POST", MEMBERS, { username: email(), role: "operator" }],
      ["PUT", item(target), { phone: "12345" }],
      ["PATCH", `${item(target)}/status`, { enabled: false }],
      ["POST", `${item(target)}/mfa/reset`, {}],
      ["POST", `${item(target)}/password/reset`, {}],
      ["DELETE", item(target), undefined],
    ] as const;
    for (const role of ["operator", "finance"] as const) {
      const token = await t.login(m.users[role].username);
      for (const [method, url, payload] of calls) {
        for (const lang of [EN, ZH] as Lang[]) {
          expectFailure(await call(t, method, url, { token, lang, payload }), 403, M.forbidden[lang]);
        }
      }
    }
    expect(await userRow(t, target)).toMatchObject({ enabled: true, phone: "" });
  });

  it("answers 404 for another merchant's user exactly as for a missing one, and changes nothing", async () => {
    const other = await t.merchant();
    const foreign = other.users.operator.id;
    const before = await userRow(t, foreign);
    for (const id of [foreign, 987654321]) {
      for (const [method, url, payload] of [
        ["PUT", item(id), { phone: "12345", role: "admin" }],
        ["PATCH", `${item(id)}/status`, { enabled: false }],
        ["POST", `${item(id)}/mfa/reset`, {}],
        ["POST", `${item(id)}/password/reset`, {}],
        ["DELETE", item(id), undefined],
      ] as const) {
        expectFailure(
          await call(t, method, url, { token: admin, stepUp: m.users.admin.username, lang: EN, payload }),
          404,
          MM.notFound[EN],
        );
      }
    }
    expect(await userRow(t, foreign)).toEqual(before);
  });

  it("answers bad ids and bodies with 400, never 500", async () => {
    const target = m.users.finance.id;
    for (const [id, message] of [
      ["abc", M.integer[EN]],
      ["1.5", M.integer[EN]],
      // Whole numbers outside the ids there can be: the message says the limit.
      ["0", '"id" must be above 0'],
      ["-1", '"id" must be above 0'],
      ["99999999999999999999", `"id" must be at most ${Number.MAX_SAFE_INTEGER}`],
    ] as const) {
      const res = await call(t, "PATCH", `${item(id)}/status`, {
        token: admin,
        stepUp: m.users.admin.username,
        lang: EN,
        payload: { enabled: false },
      });
      expectFieldErrors(res, { id: message });
    }
    for (const payload of [{}, { enabled: "no" }, { enabled: null }]) {
      const res = await call(t, "PATCH", `${item(target)}/status`, {
        token: admin,
        stepUp: m.users.admin.username,
        lang: EN,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().data.errors)).toEqual(["enabled"]);
    }
    const notJson = await call(t, "POST", MEMBERS, {
      token: admin,
      stepUp: m.users.admin.username,
      lang: EN,
      payload: "{oops",
      headers: { "content-type": "application/json" },
    });
    expectFailure(notJson, 400, M.badJson[EN]);
    const res = await call(t, "POST", `${item(target)}/password/reset`, {
      token: admin,
      stepUp: m.users.admin.username,
      lang: EN,
      payload: { password: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.errors)).toEqual(["password"]);
    expect(await userRow(t, target)).toMatchObject({ enabled: true });
  });
});
