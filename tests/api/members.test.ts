import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateMember } from "../../server/src/modules/members/member.service";
import { deleteMember, setMemberEnabled } from "../../server/src/modules/members/member-actions.service";
import type { AuthContext } from "../../server/src/plugins/auth";
import {
  bindMfa,
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  exportTaskRow,
  INFO,
  insertExportTask,
  type Lang,
  loginCall,
  M,
  MEMBERS,
  setUserEnabled,
  userRow,
  ZH,
} from "../support/api-helpers";
import { startTestApp, TEST_PASSWORD, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

interface Member {
  id: number;
  username: string;
  role: string;
  mfaStatus: number;
  enabled: boolean;
  createTime: string;
  lastLoginTime: string | null;
}
interface Page {
  total: number;
  list: Member[];
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ALL = `${MEMBERS}?pageNum=1&pageSize=999999`;

describe.each(engines)("GET /merchant/api/member on %s", (engine) => {
  let t: TestApp;
  let m: TestMerchant;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    m = await t.merchant();
    await t.merchant(); // a neighbour whose users must never show up
    admin = await t.login(m.users.admin.username);
  });
  afterAll(() => closeTestApp(t));

  it("lists exactly the admin's merchant's users, oldest first", async () => {
    const page = expectOk<Page>(await call(t, "GET", ALL, { token: admin }));
    const loggedIn = await userRow(t, m.users.admin.id);
    const member = (role: "admin" | "operator" | "finance", lastLoginTime: string | null) => ({
      id: m.users[role].id,
      username: m.users[role].username,
      name: m.users[role].username,
      email: m.users[role].username,
      phone: "",
      role,
      mfaStatus: 0,
      enabled: true,
      remark: "",
      createTime: expect.stringMatching(ISO),
      lastLoginTime,
    });
    expect(page).toEqual({
      total: 3,
      list: [member("admin", loggedIn.lastLoginAt!.toISOString()), member("operator", null), member("finance", null)],
    });
  });

  it("shows another merchant's admin only its own users", async () => {
    const other = await t.merchant();
    const page = expectOk<Page>(await call(t, "GET", ALL, { token: await t.login(other.users.admin.username) }));
    expect(page.total).toBe(3);
    expect(page.list.map((u) => u.id)).toEqual([other.users.admin.id, other.users.operator.id, other.users.finance.id]);
  });

  it("refuses operator and finance with 403 in both languages", async () => {
    for (const role of ["operator", "finance"] as const) {
      const token = await t.login(m.users[role].username);
      for (const lang of [EN, ZH] as Lang[]) {
        expectFailure(await call(t, "GET", ALL, { token, lang }), 403, M.forbidden[lang]);
      }
    }
  });

  it("answers 401 without a session", async () => {
    expectFailure(await call(t, "GET", ALL, { lang: ZH }), 401, M.unauthenticated[ZH]);
  });

  it("pages with pageNum and pageSize, the total counting every user", async () => {
    const ids = [m.users.admin.id, m.users.operator.id, m.users.finance.id];
    const page = async (pageNum: number, pageSize: number) =>
      expectOk<Page>(await call(t, "GET", `${MEMBERS}?pageNum=${pageNum}&pageSize=${pageSize}`, { token: admin }));
    const first = await page(1, 2);
    const second = await page(2, 2);
    const beyond = await page(3, 2);
    expect([first.total, second.total, beyond.total]).toEqual([3, 3, 3]);
    expect(first.list.map((u) => u.id)).toEqual(ids.slice(0, 2));
    expect(second.list.map((u) => u.id)).toEqual(ids.slice(2));
    expect(beyond.list).toEqual([]);
    // Without parameters: page 1 of 20.
    expect(expectOk<Page>(await call(t, "GET", MEMBERS, { token: admin })).list.map((u) => u.id)).toEqual(ids);
  });

  it("reflects MFA and enabled state", async () => {
    const n = await t.merchant();
    await bindMfa(t, await t.login(n.users.operator.username));
    await setUserEnabled(t, n.users.finance.id, false);
    const page = expectOk<Page>(await call(t, "GET", ALL, { token: await t.login(n.users.admin.username) }));
    expect(page.list.map(({ role, mfaStatus, enabled }) => ({ role, mfaStatus, enabled }))).toEqual([
      { role: "admin", mfaStatus: 0, enabled: true },
      { role: "operator", mfaStatus: 1, enabled: true },
      { role: "finance", mfaStatus: 0, enabled: false },
    ]);
  });

  describe.each([EN, ZH] as Lang[])("bad paging in %s", (lang) => {
    it.each([
      ["pageSize=0", { pageSize: "pageSize" }],
      ["pageSize=1000000", { pageSize: "pageSize" }],
      ["pageSize=-5", { pageSize: "pageSize" }],
      ["pageSize=1.5", { pageSize: "integer" }],
      ["pageNum=0", { pageNum: "pageNum" }],
      ["pageNum=2.5&pageSize=0", { pageNum: "integer", pageSize: "pageSize" }],
    ] as const)("%s -> 400 with data.errors", async (query, keys) => {
      const res = await call(t, "GET", `${MEMBERS}?${query}`, { token: admin, lang });
      expectFieldErrors(res, Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, M[k][lang]])));
    });

    it("pageSize=abc -> 400 with data.errors.pageSize", async () => {
      const res = await call(t, "GET", `${MEMBERS}?pageNum=1&pageSize=abc`, { token: admin, lang });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, data: { errors: { pageSize: expect.any(String) } } });
      expect(Object.keys(res.json().data.errors)).toEqual(["pageSize"]);
    });
  });

  it("says a non-numeric pageSize has the wrong type, not that it is missing", async () => {
    const res = await call(t, "GET", `${MEMBERS}?pageNum=1&pageSize=abc`, { token: admin, lang: EN });
    expectFieldErrors(res, { pageSize: M.invalidType[EN] });
  });

  it("answers a page number far past the end with 400 or an empty page, never 500", async () => {
    for (const url of [
      `${MEMBERS}?pageNum=10000000000000&pageSize=999999`,
      "/portal/merchant/export/list?pageNum=10000000000000&pageSize=999999",
    ]) {
      const res = await call(t, "GET", url, { token: admin, lang: EN });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

/** Operator management's own messages, written out so a changed translation fails here. */
const MM = {
  notFound: { [EN]: "No such member", [ZH]: "成员不存在" },
  usernameTaken: (u: string) => ({ [EN]: `The account ${u} is already in use`, [ZH]: `账号 ${u} 已被使用` }),
  selfDisable: { [EN]: "You cannot disable your own account", [ZH]: "不能停用自己的账号" },
  selfDelete: { [EN]: "You cannot delete your own account", [ZH]: "不能删除自己的账号" },
  selfDemote: { [EN]: "You cannot change your own role", [ZH]: "不能修改自己的角色" },
  selfResetMfa: {
    [EN]: "You cannot reset your own MFA here; use the menu at the top right",
    [ZH]: "不能在此重置自己的 MFA，请使用右上角菜单",
  },
  selfResetPassword: {
    [EN]: "You cannot reset your own password here; use Change password in the menu at the top right",
    [ZH]: "不能在此重置自己的密码，请使用右上角菜单中的修改密码",
  },
  option: { [EN]: "Please choose one of the options", [ZH]: "请从选项中选择" },
  lastAdmin: { [EN]: "The merchant must keep at least one enabled admin", [ZH]: "商户必须至少保留一个已启用的管理员" },
} as const;

const item = (id: number | string) => `${MEMBERS}/${id}`;
const RANDOM_PASSWORD = /^[A-Za-z0-9]{16}$/;

interface Created extends Member {
  password?: string;
  phone: string;
  remark: string;
  name: string;
}

describe.each(engines)("member management on %s", (engine) => {
  let t: TestApp;
  let m: TestMerchant;
  let admin: string;
  let counter = 0;
  /** A fresh, unused e-mail address per call. */
  const email = (role = "member") => `${role}.${engine}.${counter++}@members.test`;
  const create = async (payload: Record<string, unknown>, token = admin) =>
    expectOk<Created>(await call(t, "POST", MEMBERS, { token, payload }));
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
      expectFieldErrors(await call(t, "POST", MEMBERS, { token: admin, lang, payload }), errors);
    });

    it("a used account, in any case and of any merchant -> 409 naming the field", async () => {
      const other = await t.merchant();
      for (const taken of [m.users.operator.username, other.users.admin.username]) {
        const payload = { username: taken.toUpperCase(), role: "operator" };
        const message = MM.usernameTaken(taken)[lang];
        const res = await call(t, "POST", MEMBERS, { token: admin, lang, payload });
        expectFailure(res, 409, message, { errors: { username: message } });
      }
    });
  });

  it("edits phone, role, remark and name, and keeps fields left out", async () => {
    const created = await create({ username: email(), role: "operator", remark: "keep me" });
    const res = await call(t, "PUT", item(created.id), {
      token: admin,
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
    expectFieldErrors(await call(t, "PUT", item(created.id), { token: admin, lang: EN, payload: { role: "root" } }), {
      role: MM.option[EN],
    });
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
        expectFailure(await call(t, method, url, { token: admin, lang: EN, payload }), 404, MM.notFound[EN]);
      }
    }
    expect(await userRow(t, foreign)).toEqual(before);
  });

  it("answers bad ids and bodies with 400, never 500", async () => {
    const target = m.users.finance.id;
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      const res = await call(t, "PATCH", `${item(id)}/status`, { token: admin, lang: EN, payload: { enabled: false } });
      expectFieldErrors(res, { id: M.integer[EN] });
    }
    for (const payload of [{}, { enabled: "no" }, { enabled: null }]) {
      const res = await call(t, "PATCH", `${item(target)}/status`, { token: admin, lang: EN, payload });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().data.errors)).toEqual(["enabled"]);
    }
    const notJson = await call(t, "POST", MEMBERS, {
      token: admin,
      lang: EN,
      payload: "{oops",
      headers: { "content-type": "application/json" },
    });
    expectFailure(notJson, 400, M.badJson[EN]);
    const res = await call(t, "POST", `${item(target)}/password/reset`, {
      token: admin,
      lang: EN,
      payload: { password: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.errors)).toEqual(["password"]);
    expect(await userRow(t, target)).toMatchObject({ enabled: true });
  });
});

describe.each(engines)("member status, MFA, password and deletion on %s", (engine) => {
  let t: TestApp;
  let m: TestMerchant;
  let admin: string;
  let counter = 0;
  /** A new member of `m` with a known password, signed in: their id, e-mail and token. */
  const member = async (role: "admin" | "operator" | "finance" = "operator") => {
    const username = `${role}.${engine}.${counter++}@actions.test`;
    const payload = { username, role, password: TEST_PASSWORD };
    const { id } = expectOk<Member>(await call(t, "POST", MEMBERS, { token: admin, payload }));
    return { id, username, token: await t.login(username) };
  };
  const act = (method: "PATCH" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, token = admin) =>
    call(t, method, url, { token, lang: EN, payload: payload as Record<string, unknown> | undefined });
  const listed = async () => expectOk<Page>(await call(t, "GET", ALL, { token: admin })).list;
  const signedOut = async (token: string) =>
    expectFailure(await call(t, "GET", INFO, { token, lang: EN }), 401, M.unauthenticated[EN]);

  beforeAll(async () => {
    t = await startTestApp(engine);
    m = await t.merchant();
    admin = await t.login(m.users.admin.username);
  });
  afterAll(() => closeTestApp(t));

  it("disabling ends the member's sessions at once and blocks sign-in; enabling lets them back", async () => {
    const u = await member();
    const disabled = expectOk<Member>(await act("PATCH", `${item(u.id)}/status`, { enabled: false }), EN);
    expect(disabled).toMatchObject({ id: u.id, enabled: false });
    await signedOut(u.token);
    expectFailure(await loginCall(t, { username: u.username }, { lang: EN }), 403, M.userDisabled[EN]);
    // Re-enabling does not bring the old session back, but a new sign-in works.
    expect(expectOk<Member>(await act("PATCH", `${item(u.id)}/status`, { enabled: true }), EN).enabled).toBe(true);
    await signedOut(u.token);
    expectOk(await call(t, "GET", INFO, { token: await t.login(u.username) }));
  });

  it("resetting MFA forgets the bound and pending secrets and ends the sessions", async () => {
    const u = await member();
    await bindMfa(t, u.token);
    expect((await listed()).find((x) => x.id === u.id)?.mfaStatus).toBe(1);
    const reset = expectOk<Member>(await act("POST", `${item(u.id)}/mfa/reset`), EN);
    expect(reset).toMatchObject({ id: u.id, mfaStatus: 0 });
    expect(await userRow(t, u.id)).toMatchObject({ mfaSecret: null, mfaPendingSecret: null, mfaPendingAt: null });
    await signedOut(u.token);
    // Password alone signs in again; the browser then makes them bind a new authenticator.
    const fresh = await t.login(u.username);
    expect(expectOk<{ mfaStatus: number }>(await call(t, "GET", INFO, { token: fresh })).mfaStatus).toBe(0);
  });

  it("resetting the password to a random one: old password fails, new one works, sessions end", async () => {
    const u = await member("finance");
    const { password } = expectOk<{ password: string }>(await act("POST", `${item(u.id)}/password/reset`, {}), EN);
    expect(password).toMatch(RANDOM_PASSWORD);
    await signedOut(u.token);
    expectFailure(await loginCall(t, { username: u.username }, { lang: EN }), 400, M.invalidCredentials[EN]);
    await t.login(u.username, password);
  });

  it("resetting the password to a typed one checks the policy and does not echo it", async () => {
    const u = await member();
    const weak = await act("POST", `${item(u.id)}/password/reset`, { password: "abcdefgh" });
    expectFieldErrors(weak, { password: M.passwordPolicy[EN] });
    expectOk(await call(t, "GET", INFO, { token: u.token })); // a refusal changes nothing
    expect(expectOk(await act("POST", `${item(u.id)}/password/reset`, { password: "Typed2026pw" }), EN)).toEqual({});
    await signedOut(u.token);
    await t.login(u.username, "Typed2026pw");
  });

  it("deletes a member with their sessions and export tasks; a second delete is 404", async () => {
    const u = await member();
    const task = await insertExportTask(t, u.id);
    expect(expectOk(await act("DELETE", item(u.id)), EN)).toBeNull();
    await signedOut(u.token);
    expectFailure(await loginCall(t, { username: u.username }, { lang: EN }), 400, M.invalidCredentials[EN]);
    expect(await exportTaskRow(t, task.id)).toBeUndefined();
    expect((await listed()).map((x) => x.id)).not.toContain(u.id);
    expectFailure(await act("DELETE", item(u.id)), 404, MM.notFound[EN]);
  });

  it("refuses an admin disabling, deleting, demoting or resetting themselves, in both languages", async () => {
    const self = item(m.users.admin.id);
    for (const lang of [EN, ZH] as Lang[]) {
      for (const [method, url, payload, message] of [
        ["PATCH", `${self}/status`, { enabled: false }, MM.selfDisable],
        ["DELETE", self, undefined, MM.selfDelete],
        ["PUT", self, { role: "operator" }, MM.selfDemote],
        ["POST", `${self}/mfa/reset`, {}, MM.selfResetMfa],
        ["POST", `${self}/password/reset`, { password: "Another2026pw" }, MM.selfResetPassword],
      ] as const) {
        expectFailure(await call(t, method, url, { token: admin, lang, payload }), 403, message[lang]);
      }
    }
    expectOk(await call(t, "GET", INFO, { token: admin }));
    expect(await userRow(t, m.users.admin.id)).toMatchObject({ enabled: true, role: "admin" });
    // Their own phone and remark they may edit, keeping the admin role.
    const edited = expectOk<Created>(await act("PUT", self, { role: "admin", phone: "12345678", remark: "me" }), EN);
    expect(edited).toMatchObject({ role: "admin", phone: "12345678", remark: "me", enabled: true });
  });

  it("keeps the last enabled admin: a second admin, once the first disabled them, cannot remove the first", async () => {
    const n = await t.merchant();
    const first = await t.login(n.users.admin.username);
    const payload = { username: `second.${engine}@last-admin.test`, role: "admin", password: TEST_PASSWORD };
    const second = expectOk<Member>(await call(t, "POST", MEMBERS, { token: first, payload }));
    const { merchantId } = await userRow(t, second.id);
    expectOk(await call(t, "PATCH", `${item(second.id)}/status`, { token: first, payload: { enabled: false } }));
    // The second admin's calls that were already past the sign-in check when they were disabled (a race the
    // lock decides): the service itself refuses to leave the merchant without an enabled admin.
    const stale: AuthContext = {
      sessionId: 0,
      userId: second.id,
      merchantId,
      role: "admin",
      username: payload.username,
    };
    const firstId = n.users.admin.id;
    for (const attempt of [
      () => setMemberEnabled(t.deps, stale, firstId, false),
      () => updateMember(t.deps, stale, firstId, { role: "operator" }),
      () => deleteMember(t.deps, stale, firstId),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 409, key: "member.errors.lastAdmin" });
    }
    expect(await userRow(t, firstId)).toMatchObject({ enabled: true, role: "admin" });
    expectOk(await call(t, "GET", INFO, { token: first }));
  });

  it("two admins disabling each other at once leave exactly one enabled admin", async () => {
    const n = await t.merchant();
    const a = await t.login(n.users.admin.username);
    const payload = { username: `mutual.${engine}@last-admin.test`, role: "admin", password: TEST_PASSWORD };
    const b = expectOk<Member>(await call(t, "POST", MEMBERS, { token: a, payload }));
    const bToken = await t.login(payload.username);
    const [ab, ba] = await Promise.all([
      call(t, "PATCH", `${item(b.id)}/status`, { token: a, lang: EN, payload: { enabled: false } }),
      call(t, "PATCH", `${item(n.users.admin.id)}/status`, { token: bToken, lang: EN, payload: { enabled: false } }),
    ]);
    const statuses = [ab.statusCode, ba.statusCode].sort();
    // One wins; the other is refused by the rule (409) or, when it arrives after, is simply signed out (401).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const loser = ab.statusCode === 200 ? ba : ab;
    if (loser.statusCode === 409) expectFailure(loser, 409, MM.lastAdmin[EN]);
    const admins = await Promise.all([userRow(t, n.users.admin.id), userRow(t, b.id)]);
    expect(admins.filter((u) => u.enabled)).toHaveLength(1);
  });
});
