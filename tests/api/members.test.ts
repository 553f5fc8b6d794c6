import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bindMfa,
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  type Lang,
  M,
  MEMBERS,
  setUserEnabled,
  userRow,
  ZH,
} from "../support/api-helpers";
import { ALL, ISO, type Page } from "../support/members";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

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
      mfaStatus: 1,
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
    const n = await t.merchant({ mfa: false });
    await bindMfa(t, await t.login(n.users.operator.username));
    const adminToken = await t.login(n.users.admin.username);
    await bindMfa(t, adminToken);
    await setUserEnabled(t, n.users.finance.id, false);
    const page = expectOk<Page>(await call(t, "GET", ALL, { token: adminToken }));
    expect(page.list.map(({ role, mfaStatus, enabled }) => ({ role, mfaStatus, enabled }))).toEqual([
      { role: "admin", mfaStatus: 1, enabled: true },
      { role: "operator", mfaStatus: 1, enabled: true },
      { role: "finance", mfaStatus: 0, enabled: false },
    ]);
  });

  describe.each([EN, ZH] as Lang[])("bad paging in %s", (lang) => {
    it.each([
      ["pageSize=0", { pageSize: "memberPageSize" }],
      ["pageSize=1000000", { pageSize: "memberPageSize" }],
      ["pageSize=-5", { pageSize: "memberPageSize" }],
      ["pageSize=1.5", { pageSize: "integer" }],
      ["pageNum=0", { pageNum: "pageNum" }],
      ["pageNum=2.5&pageSize=0", { pageNum: "integer", pageSize: "memberPageSize" }],
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
      "/portal/merchant/export/list?pageNum=10000000000000&pageSize=100",
    ]) {
      const res = await call(t, "GET", url, { token: admin, lang: EN });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
