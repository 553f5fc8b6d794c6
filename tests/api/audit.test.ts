import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiSecret } from "#contracts";
import { users } from "../../server/src/db/schema";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { newTotpSecret } from "../../server/src/modules/auth/totp";
import { adjustBalance, approveDeposit, rejectDeposit } from "../../server/src/modules/deposit/deposit-review.service";
import {
  bindMfa,
  call,
  closeTestApp,
  expectOk,
  freshAddress,
  loginCall,
  MEMBERS,
  MFA_UNBIND,
  signIn,
  UPDATE_PASSWORD,
} from "../support/api-helpers";
import { merchantIdOf, submitDeposit } from "../support/funds-fixtures";
import { type Created, item } from "../support/members";
import {
  codeFor,
  startTestApp,
  TEST_OPERATOR,
  TEST_PASSWORD,
  type TestApp,
  type TestMerchant,
} from "../support/test-app";
import { engines } from "../support/test-db";

const APP = "/portal/merchant/api/app";
const BROWSER = "Mozilla/5.0 (audit test)";

/**
 * The audit log (issue 15): each merchant-side security event is one append-only row, written in the transaction
 * of the change, with the actor, the address and browser of the call, the target, and the state before and after
 * without secrets. A refused change leaves no row.
 */
describe.each(engines)("the audit log of merchant-side security events on %s", (engine) => {
  let t: TestApp;
  let m: TestMerchant;
  let merchantId: number;
  let admin: string;
  const address = freshAddress();
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
    m = await t.merchant();
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, m.users.admin.id));
    merchantId = row!.merchantId;
    admin = await t.login(m.users.admin.username);
  });
  afterAll(() => closeTestApp(t));

  /** The entries written since `after` (an id), oldest first. */
  const entriesSince = (after: number) =>
    t.deps.db.select().from(auditEvents).where(sql`${auditEvents.id} > ${after}`).orderBy(asc(auditEvents.id));
  const lastId = async () =>
    (await t.deps.db.select({ id: sql<number>`coalesce(max(${auditEvents.id}), 0)::int` }).from(auditEvents))[0]!.id;
  /** A call as the admin's browser makes it, from its address. */
  const asAdmin = (method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object, stepUp = false) =>
    call(t, method, url, {
      token: admin,
      payload,
      remoteAddress: address,
      headers: { "user-agent": BROWSER },
      ...(stepUp && { stepUp: m.users.admin.username }),
    });

  it("records a sign-in with the account, its address and browser; a refused one writes nothing", async () => {
    const before = await lastId();
    const { operator } = m.users;
    const wrong = await loginCall(
      t,
      { username: operator.username, password: "wrong-password" },
      { remoteAddress: address },
    );
    expect(wrong.json().code).toBe(400);
    expect(await entriesSince(before)).toEqual([]);

    await signIn(
      t,
      { username: operator.username, captcha: await t.code(operator.username) },
      { remoteAddress: address, headers: { "user-agent": BROWSER } },
    );
    expect(await entriesSince(before)).toEqual([
      expect.objectContaining({
        actorKind: "merchantUser",
        actorId: operator.id,
        actorName: operator.username,
        merchantId,
        action: "auth.signIn",
        targetKind: "user",
        targetId: String(operator.id),
        clientIp: address,
        userAgent: BROWSER,
        before: null,
        after: null,
      }),
    ]);
  });

  it("records binding and unbinding MFA, and a password change, as the user's own", async () => {
    const fresh = await t.merchant({ mfa: false });
    const { finance } = fresh.users;
    const before = await lastId();
    const token = await t.login(finance.username);
    const secret = await bindMfa(t, token);
    const changed = await call(t, "POST", UPDATE_PASSWORD, {
      token,
      payload: { oldPassword: TEST_PASSWORD, newPassword: "NewPassw0rd!", rePassword: "NewPassw0rd!" },
    });
    expectOk(changed);
    // The change ended every session: back in with the new password, then the authenticator goes.
    t.clock.advance(30_000); // the next code: the one that bound is spent
    const again = await signIn(t, {
      username: finance.username,
      password: "NewPassw0rd!",
      captcha: codeFor(secret, t.clock.now()),
    });
    t.clock.advance(30_000);
    const unbound = await call(t, "POST", MFA_UNBIND, {
      token: again,
      payload: codeFor(secret, t.clock.now()),
      headers: { "content-type": "text/plain" },
    });
    expectOk(unbound);
    const entries = await entriesSince(before);
    expect(entries.map((e) => [e.action, e.actorId, e.targetId])).toEqual([
      ["auth.signIn", finance.id, String(finance.id)],
      ["auth.mfaBound", finance.id, String(finance.id)],
      ["auth.passwordChanged", finance.id, String(finance.id)],
      ["auth.signIn", finance.id, String(finance.id)],
      ["auth.mfaUnbound", finance.id, String(finance.id)],
    ]);
  });

  it("records key rotations with the mask and serial only, and a settings change before and after", async () => {
    const before = await lastId();
    const good = {
      keyType: "HMAC",
      callbackUrl: "https://shop.example/cb",
      notifyUrl: "https://shop.example/notify",
      ipWhitelist: "",
      lowBalanceThreshold: "",
    };
    expectOk(await asAdmin("PUT", APP, good));
    expectOk(await asAdmin("PUT", APP, { ...good, ipWhitelist: "203.0.113.7", lowBalanceThreshold: "50" }));
    const { secret, secretMasked } = expectOk<ApiSecret>(await asAdmin("POST", `${APP}/secret`, undefined, true));
    expectOk(await asAdmin("POST", `${APP}/keys`, undefined, true));

    const entries = await entriesSince(before);
    expect(entries.map((e) => e.action)).toEqual([
      "apiSettings.changed",
      "apiSettings.changed",
      "apiSettings.secretRotated",
      "apiSettings.platformKeyRotated",
    ]);
    expect(entries[1]).toMatchObject({
      actorId: m.users.admin.id,
      clientIp: address,
      targetKind: "apiApp",
      before: { callbackUrl: "https://shop.example/cb", ipWhitelist: [], lowBalanceThreshold: null },
      after: { callbackUrl: "https://shop.example/cb", ipWhitelist: ["203.0.113.7"], lowBalanceThreshold: "50.0000" },
    });
    expect(entries[2]!.after).toEqual({ secretMasked, previousAcceptedHours: 0 });
    expect(entries[3]!.after).toEqual({ platformKeySerial: expect.any(Number) });
    // No secret, private key or password hash anywhere in the log.
    const log = JSON.stringify(await entriesSince(0));
    expect(log).not.toContain(secret);
    expect(log).not.toMatch(/PRIVATE KEY|scrypt\$/);
  });

  it("records each member change with the member before and after; a refused change writes nothing", async () => {
    const username = `audited.${engine}.${counter++}@audit.test`;
    const before = await lastId();
    const created = expectOk<Created>(await asAdmin("POST", MEMBERS, { username, role: "operator" }, true));
    expectOk(await asAdmin("PUT", item(created.id), { role: "finance", name: "Ann" }, true));
    expectOk(await asAdmin("PATCH", `${item(created.id)}/status`, { enabled: false }, true));
    expectOk(await asAdmin("PATCH", `${item(created.id)}/status`, { enabled: true }, true));
    // Refused (no MFA bound yet, nothing to reset): nothing written. Once they bind one, the reset goes through.
    expect((await asAdmin("POST", `${item(created.id)}/mfa/reset`, undefined, true)).json().code).toBe(409);
    const mfaSecret = t.deps.cipher.encrypt(newTotpSecret());
    await t.deps.db.update(users).set({ mfaSecret }).where(eq(users.id, created.id));
    expectOk(await asAdmin("POST", `${item(created.id)}/mfa/reset`, undefined, true));
    expectOk(await asAdmin("POST", `${item(created.id)}/password/reset`, {}, true));
    expectOk(await asAdmin("DELETE", item(created.id), undefined, true));
    // Refused (the caller's own account): no change, so no entry.
    const self = await asAdmin("PATCH", `${item(m.users.admin.id)}/status`, { enabled: false }, true);
    expect(self.json().code).toBe(403);
    // Refused (the name is taken): nothing changed, nothing written.
    const taken = await asAdmin("POST", MEMBERS, { username: m.users.operator.username, role: "operator" }, true);
    expect(taken.json().code).toBe(409);

    const entries = await entriesSince(before);
    expect(entries.map((e) => e.action)).toEqual([
      "member.created",
      "member.changed",
      "member.disabled",
      "member.enabled",
      "member.mfaReset",
      "member.passwordReset",
      "member.deleted",
    ]);
    for (const e of entries)
      expect(e).toMatchObject({ actorId: m.users.admin.id, merchantId, targetId: String(created.id) });
    expect(entries[0]).toMatchObject({ before: null, after: { username, role: "operator", enabled: true } });
    expect(entries[1]).toMatchObject({
      before: { role: "operator", name: "" },
      after: { role: "finance", name: "Ann" },
    });
    expect(entries[2]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(entries[6]).toMatchObject({ before: { username, role: "finance" }, after: null });
  });

  it("records the operator's decisions on money and accounts, with the figures; a refused one writes nothing", async () => {
    const before = await lastId();
    const shop = await t.merchant();
    const shopId = await merchantIdOf(t, shop.merchantNo);
    const finance = await t.login(shop.users.finance.username);
    const first = await submitDeposit(t, finance, shopId, { amount: "100.00", currency: "CNY" });
    const second = await submitDeposit(t, finance, shopId, { amount: "5.00", currency: "CNY" });
    await approveDeposit(t.deps, TEST_OPERATOR, { depositNo: first.depositNo, settledCurrency: "USD", rate: "0.14" });
    await rejectDeposit(t.deps, TEST_OPERATOR, { depositNo: second.depositNo, reason: "no such transfer" });
    await adjustBalance(t.deps, TEST_OPERATOR, {
      merchantNo: shop.merchantNo,
      type: "reduce",
      amount: "4",
      remark: "fee",
    });
    const overdraft = adjustBalance(t.deps, TEST_OPERATOR, {
      merchantNo: shop.merchantNo,
      type: "reduce",
      amount: "1000",
      remark: "too much",
    });
    await expect(overdraft).rejects.toThrow();

    // The harness made the merchant and its three users as the operator; finance signed in; then the decisions.
    const all = await entriesSince(before);
    expect(all.filter((e) => e.actorKind === "merchantUser").map((e) => e.action)).toEqual(["auth.signIn"]);
    const entries = all.filter((e) => e.actorKind === "operator");
    expect(entries.map((e) => e.action)).toEqual([
      "merchant.created",
      "member.created",
      "member.created",
      "member.created",
      "deposit.approved",
      "deposit.rejected",
      "balance.adjusted",
    ]);
    for (const e of entries)
      expect(e).toMatchObject({ actorKind: "operator", actorId: null, actorName: "test-operator", merchantId: shopId });
    expect(entries[0]).toMatchObject({ targetId: shop.merchantNo, after: { merchantNo: shop.merchantNo } });
    expect(entries[4]).toMatchObject({
      targetKind: "deposit",
      targetId: first.depositNo,
      before: { status: "pending", amount: "100.0000", currency: "CNY" },
      after: { status: "success", settledAmount: "14.0000", settledCurrency: "USD", exchangeRate: "0.14000000" },
    });
    expect(entries[5]).toMatchObject({ after: { status: "failed", rejectReason: "no such transfer" } });
    expect(entries[6]).toMatchObject({
      targetKind: "merchant",
      before: { balance: "14.0000" },
      after: { balance: "10.0000", type: "reduce", amount: "-4", remark: "fee" },
    });
  });

  it("is append-only: the database refuses to change or delete an entry", async () => {
    const [first] = await entriesSince(0);
    await expect(
      t.deps.db.update(auditEvents).set({ actorName: "someone else" }).where(eq(auditEvents.id, first!.id)),
    ).rejects.toThrow();
    await expect(t.deps.db.delete(auditEvents).where(eq(auditEvents.id, first!.id))).rejects.toThrow();
    expect((await entriesSince(first!.id - 1))[0]).toEqual(first);
  });
});
