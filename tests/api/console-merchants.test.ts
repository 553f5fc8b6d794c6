import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConsoleMerchant, consoleMerchantCalls, type MemberItem, type Page, SUPER_ADMIN } from "#contracts";
import { users } from "../../server/src/db/schema";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { call, closeTestApp, EN, expectFailure, expectOk, INFO, MFA_KEY, ZH } from "../support/api-helpers";
import { consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const UNAUTHENTICATED = "You are not signed in or your session has ended; please sign in again";

/**
 * The console's merchants (issue 15): a super administrator creates a merchant and its first admin (a one-time
 * password), who then signs in to the merchant portal; disabling the merchant ends its sessions at once; the
 * staff act on its users under the same rules as its own admins; every change is audited under the staff member.
 */
describe.each(engines)("the console's merchants on %s", (engine) => {
  let t: TestApp;
  let root: TestStaff;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await staffMember(t, [SUPER_ADMIN]);
    token = await staffLogin(t, root);
  });
  afterAll(() => closeTestApp(t));

  const send = async (
    c: (typeof consoleMerchantCalls)[keyof typeof consoleMerchantCalls],
    options: { params?: object; payload?: object; query?: string } = {},
  ) =>
    call(t, c.method, `${consoleUrl(c, options.params)}${options.query ? `?${options.query}` : ""}`, {
      token,
      lang: EN,
      ...(options.payload && { payload: options.payload }),
      ...("stepUp" in c && c.stepUp && { headers: { "x-mfa-code": await staffCode(t, root) } }),
    });

  it("creates a merchant with its details, refuses bad ones on their fields, edits it and finds it", async () => {
    const bad = await send(consoleMerchantCalls.create, {
      payload: { merchantName: "", currency: "dollars", contactEmail: "nope" },
    });
    expect(bad.json()).toMatchObject({
      code: 400,
      data: {
        errors: {
          merchantName: expect.any(String),
          currency: "The currency is a three-letter code such as USD",
          contactEmail: expect.any(String),
        },
      },
    });
    const created = expectOk<ConsoleMerchant>(
      await send(consoleMerchantCalls.create, {
        payload: {
          merchantName: "Acme Mobile",
          companyName: "Acme Ltd",
          currency: "eur",
          contactPerson: "Ann",
          contactEmail: "ann@acme.test",
          lowBalanceThreshold: "50",
        },
      }),
      EN,
    );
    expect(created).toMatchObject({
      name: "Acme Mobile",
      companyName: "Acme Ltd",
      currency: "EUR",
      status: "enabled",
      balance: "0.0000",
      lowBalanceThreshold: "50.0000",
      users: 0,
    });
    const edited = expectOk<ConsoleMerchant>(
      await send(consoleMerchantCalls.update, {
        params: { id: created.id },
        payload: { merchantName: "Acme Mobile Shop", companyName: "Acme Ltd", lowBalanceThreshold: "" },
      }),
      EN,
    );
    expect(edited).toMatchObject({ name: "Acme Mobile Shop", lowBalanceThreshold: "", currency: "EUR" });

    for (const keyword of [created.merchantNo.toLowerCase(), "mobile sh", "ACME LTD"]) {
      const found = expectOk<Page<ConsoleMerchant>>(
        await send(consoleMerchantCalls.list, { query: `keyword=${encodeURIComponent(keyword)}` }),
        EN,
      );
      expect(
        found.list.map((m) => m.id),
        keyword,
      ).toContain(created.id);
    }
    const none = expectOk<Page<ConsoleMerchant>>(await send(consoleMerchantCalls.list, { query: "keyword=%25" }), EN);
    expect(none.list.map((m) => m.id)).not.toContain(created.id);

    const entries = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, created.merchantNo));
    expect(entries.map((e) => [e.action, e.actorKind, e.actorName])).toEqual([
      ["merchant.created", "staff", root.username],
      ["merchant.changed", "staff", root.username],
    ]);
    expect(entries[1]).toMatchObject({ before: { name: "Acme Mobile" }, after: { name: "Acme Mobile Shop" } });
  });

  it("creates the first admin with a one-time password, who signs in to the portal; disabling the merchant ends it", async () => {
    const merchant = expectOk<ConsoleMerchant>(
      await send(consoleMerchantCalls.create, { payload: { merchantName: "Beta Cards", currency: "USD" } }),
      EN,
    );
    const admin = expectOk<MemberItem & { password: string }>(
      await send(consoleMerchantCalls.createUser, {
        params: { id: merchant.id },
        payload: { username: "Admin@Beta.test", role: "admin" },
      }),
      EN,
    );
    expect(admin).toMatchObject({ username: "admin@beta.test", role: "admin", mfaStatus: 0 });
    const portal = await t.login("admin@beta.test", admin.password);
    expect(
      expectOk<{ merchantInfo: { merchantNo: string } }>(await call(t, "GET", INFO, { token: portal })).merchantInfo
        .merchantNo,
    ).toBe(merchant.merchantNo);
    const settings = expectOk<{ merchantNo: string; appId: string; secretMasked: string }>(
      await send(consoleMerchantCalls.apiSettings, { params: { id: merchant.id } }),
      EN,
    );
    expect(settings).toMatchObject({ merchantNo: merchant.merchantNo, secretMasked: "" });
    const listed = expectOk<MemberItem[]>(await send(consoleMerchantCalls.users, { params: { id: merchant.id } }), EN);
    expect(listed.map((u) => u.username)).toEqual(["admin@beta.test"]);

    // The merchant's only admin stays enabled, whoever asks.
    const lastAdmin = await send(consoleMerchantCalls.setUserStatus, {
      params: { id: merchant.id, userId: admin.id },
      payload: { enabled: false },
    });
    expect(lastAdmin.json().code).toBe(409);

    const disabled = expectOk<ConsoleMerchant>(
      await send(consoleMerchantCalls.setStatus, { params: { id: merchant.id }, payload: { status: "disabled" } }),
      EN,
    );
    expect(disabled.status).toBe("disabled");
    expectFailure(await call(t, "GET", INFO, { token: portal, lang: EN }), 401, UNAUTHENTICATED, null);
    expectOk(
      await send(consoleMerchantCalls.setStatus, { params: { id: merchant.id }, payload: { status: "enabled" } }),
      EN,
    );
    await t.login("admin@beta.test", admin.password);
  });

  it("resets a user's MFA, which ends their sessions; another merchant's user is not found", async () => {
    const m = await t.merchant();
    const operatorToken = await t.login(m.users.operator.username);
    const page = expectOk<Page<ConsoleMerchant>>(
      await send(consoleMerchantCalls.list, { query: `keyword=${m.merchantNo}` }),
      EN,
    );
    const merchantId = page.list[0]!.id;
    // The list counts the merchant's users (admin, operator and finance), as its one merchant's read does.
    expect(page.list[0]!.users).toBe(Object.keys(m.users).length);
    expect(
      expectOk<ConsoleMerchant>(await send(consoleMerchantCalls.one, { params: { id: merchantId } }), EN).users,
    ).toBe(Object.keys(m.users).length);
    const reset = expectOk<MemberItem>(
      await send(consoleMerchantCalls.resetUserMfa, { params: { id: merchantId, userId: m.users.operator.id } }),
      EN,
    );
    expect(reset.mfaStatus).toBe(0);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, m.users.operator.id));
    expect(row?.mfaSecret).toBeNull();
    expectFailure(await call(t, "GET", INFO, { token: operatorToken, lang: EN }), 401, UNAUTHENTICATED, null);

    const other = await t.merchant();
    const wrong = await send(consoleMerchantCalls.resetUserMfa, {
      params: { id: merchantId, userId: other.users.admin.id },
    });
    expect(wrong.json().code).toBe(404);
    const missing = await send(consoleMerchantCalls.users, { params: { id: 999_999 } });
    expect(missing.json().code).toBe(404);
  });

  it("refuses to reset the MFA of a user who has bound none, in the reader's language, and changes nothing", async () => {
    const m = await t.merchant({ mfa: false });
    const merchantId = expectOk<Page<ConsoleMerchant>>(
      await send(consoleMerchantCalls.list, { query: `keyword=${m.merchantNo}` }),
      EN,
    ).list[0]!.id;
    // The operator has signed in and started binding (a pending secret), but bound nothing yet.
    const operatorToken = await t.login(m.users.operator.username);
    expectOk(await call(t, "GET", MFA_KEY, { token: operatorToken }));
    const user = async () => (await t.deps.db.select().from(users).where(eq(users.id, m.users.operator.id)))[0];
    const before = await user();
    const entries = async () =>
      (
        await t.deps.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.targetId, String(m.users.operator.id)))
      ).length;
    const entriesBefore = await entries();

    const url = consoleUrl(consoleMerchantCalls.resetUserMfa, { id: merchantId, userId: m.users.operator.id });
    for (const [lang, message] of [
      [EN, "This account has not bound MFA: there is nothing to reset"],
      [ZH, "该账号尚未绑定 MFA，无需重置"],
    ] as const) {
      const headers = { "x-mfa-code": await staffCode(t, root) };
      expectFailure(await call(t, "POST", url, { token, lang, headers }), 409, message);
    }
    expect(await user()).toEqual(before);
    expect(await entries()).toBe(entriesBefore);
    // Their session goes on: they can still finish binding.
    expectOk(await call(t, "GET", MFA_KEY, { token: operatorToken }));
  });
});
