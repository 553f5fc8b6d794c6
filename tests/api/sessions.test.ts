import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, sessions } from "../../server/src/db/schema";
import { sha256 } from "../../server/src/lib/crypto";
import {
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectOk,
  INFO,
  type Lang,
  LOGOUT,
  M,
  MINUTE,
  setUserEnabled,
  UPDATE_PASSWORD,
  ZH,
} from "../support/api-helpers";
import { startTestApp, TEST_PASSWORD, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const expect401 = async (t: TestApp, token: string | undefined, lang: Lang = EN) =>
  expectFailure(await call(t, "GET", INFO, { token, lang }), 401, M.unauthenticated[lang]);

const expectAlive = async (t: TestApp, token: string) => expectOk(await call(t, "GET", INFO, { token }));

describe.each(engines)("sessions on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  it("answers 401 without a token, in both languages", async () => {
    await expect401(t, undefined, EN);
    await expect401(t, undefined, ZH);
    expectFailure(await call(t, "POST", LOGOUT, { lang: EN }), 401, M.unauthenticated[EN]);
  });

  it.each([
    ["an unknown token", "Bearer T3hQbm9uZXhpc3RlbnQtdG9rZW4tdGhhdC1pcy00My1jaGFycw"],
    ["a bare token", "T3hQbm9uZXhpc3RlbnQtdG9rZW4tdGhhdC1pcy00My1jaGFycw"],
    ["another scheme", "Basic YWRtaW46cGFzcw=="],
    ["a head without a token", "Bearer "],
    ["two tokens", "Bearer abc def"],
  ])("answers 401 for %s", async (_, header) => {
    await expect401(t, header);
  });

  it("answers 401 for a real token sent without its head or with extra text", async () => {
    const m = await t.merchant();
    const token = await t.login(m.users.operator.username);
    await expect401(t, token.replace(/^Bearer /, ""));
    await expect401(t, `${token}x`);
    await expect401(t, `${token} extra`);
    await expectAlive(t, token);
  });

  it("stores only a hash of the token", async () => {
    const m = await t.merchant();
    const token = (await t.login(m.users.admin.username)).replace(/^Bearer /, "");
    const rows = await t.deps.db.select().from(sessions).where(eq(sessions.userId, m.users.admin.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it("ends only the current session on logout", async () => {
    const m = await t.merchant();
    const first = await t.login(m.users.admin.username);
    const second = await t.login(m.users.admin.username);
    expect(await call(t, "POST", LOGOUT, { token: first, lang: EN }).then((r) => r.json())).toEqual({
      code: 200,
      message: M.success[EN],
      data: null,
    });
    await expect401(t, first);
    expectFailure(await call(t, "POST", LOGOUT, { token: first, lang: ZH }), 401, M.unauthenticated[ZH]);
    await expectAlive(t, second);
  });

  it("expires a session idle for longer than SESSION_IDLE_MINUTES (30 by default)", async () => {
    const m = await t.merchant();
    const token = await t.login(m.users.finance.username);
    t.clock.advance(29 * MINUTE);
    await expectAlive(t, token);
    t.clock.advance(31 * MINUTE);
    await expect401(t, token);
    await expect401(t, token, ZH);
  });

  it("keeps a session alive while it is used", async () => {
    const m = await t.merchant();
    const token = await t.login(m.users.operator.username);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(25 * MINUTE);
      await expectAlive(t, token);
    }
  });

  it("ends even a busy session 12 hours after sign-in by default (SESSION_MAX_HOURS)", async () => {
    const m = await t.merchant();
    const token = await t.login(m.users.operator.username);
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      t.clock.advance(25 * MINUTE);
      await expectAlive(t, token);
    }
    t.clock.advance(25 * MINUTE);
    await expect401(t, token);
  });

  it("revokes every session of the user on password change, and no one else's", async () => {
    const m = await t.merchant();
    const a = await t.login(m.users.admin.username);
    const b = await t.login(m.users.admin.username);
    const colleague = await t.login(m.users.operator.username);
    const changed = await call(t, "POST", UPDATE_PASSWORD, {
      token: a,
      payload: { oldPassword: TEST_PASSWORD, newPassword: "N3w-password", rePassword: "N3w-password" },
    });
    expectOk(changed);
    await expect401(t, a);
    await expect401(t, b);
    await expectAlive(t, colleague);
    const rows = await t.deps.db.select().from(sessions).where(eq(sessions.userId, m.users.admin.id));
    expect(rows.map((r) => r.revokedAt)).toEqual([t.clock.now(), t.clock.now()]);
  });

  it("shuts a disabled user out at once, and only that user", async () => {
    const m = await t.merchant();
    const token = await t.login(m.users.operator.username);
    const colleague = await t.login(m.users.finance.username);
    await expectAlive(t, token);
    await setUserEnabled(t, m.users.operator.id, false);
    await expect401(t, token);
    await expectAlive(t, colleague);
  });

  it("shuts every user of a disabled merchant out at once, and no other merchant's", async () => {
    const m = await t.merchant();
    const other = await t.merchant();
    const admin = await t.login(m.users.admin.username);
    const finance = await t.login(m.users.finance.username);
    const outsider = await t.login(other.users.admin.username);
    await t.deps.db.update(merchants).set({ status: "disabled" }).where(eq(merchants.merchantNo, m.merchantNo));
    await expect401(t, admin);
    await expect401(t, finance);
    await expectAlive(t, outsider);
  });
});

describe.each(engines)("session limits from configuration on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { config: { SESSION_IDLE_MINUTES: "10", SESSION_MAX_HOURS: "1" } });
  });
  afterAll(() => closeTestApp(t));

  it("follows SESSION_IDLE_MINUTES", async () => {
    const m = await t.merchant();
    const token = await t.login(m.users.admin.username);
    t.clock.advance(9 * MINUTE);
    await expectAlive(t, token);
    t.clock.advance(10 * MINUTE + 1000);
    await expect401(t, token);
  });

  it("ends even a busy session after SESSION_MAX_HOURS", async () => {
    const m = await t.merchant();
    const token = await t.login(m.users.operator.username);
    for (let elapsed = 8; elapsed < 60; elapsed += 8) {
      t.clock.advance(8 * MINUTE);
      await expectAlive(t, token);
    }
    t.clock.advance(8 * MINUTE);
    await expect401(t, token);
    // A new sign-in gets a new session.
    await expectAlive(t, await t.login(m.users.operator.username));
  });
});
