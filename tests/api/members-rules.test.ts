import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthContext } from "../../server/src/modules/auth/auth-context";
import { updateMember } from "../../server/src/modules/member/member.service";
import { deleteMember, setMemberEnabled } from "../../server/src/modules/member/member-actions.service";
import { adminActing } from "../../server/src/modules/member/member-guard";
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
  userRow,
  ZH,
} from "../support/api-helpers";
import { ALL, type Created, item, type Member, MM, type Page, RANDOM_PASSWORD } from "../support/members";
import { codeFor, startTestApp, TEST_PASSWORD, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

describe.each(engines)("member status, MFA, password and deletion on %s", (engine) => {
  let t: TestApp;
  let m: TestMerchant;
  let admin: string;
  let counter = 0;
  /** A new member of `m` with a known password, signed in: their id, e-mail and token. */
  const member = async (role: "admin" | "operator" | "finance" = "operator") => {
    const username = `${role}.${engine}.${counter++}@actions.test`;
    const payload = { username, role, password: TEST_PASSWORD };
    const { id } = expectOk<Member>(
      await call(t, "POST", MEMBERS, { token: admin, stepUp: m.users.admin.username, payload }),
    );
    return { id, username, token: await t.login(username) };
  };
  const act = (method: "PATCH" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, token = admin) =>
    call(t, method, url, {
      token,
      lang: EN,
      payload: payload as Record<string, unknown> | undefined,
      ...(token === admin && { stepUp: m.users.admin.username }),
    });
  const listed = async () =>
    expectOk<Page>(await call(t, "GET", ALL, { token: admin, stepUp: m.users.admin.username })).list;
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
    expect(expectOk(await act("POST", `${item(u.id)}/password/reset`, { password: "Typed-2026-pw" }), EN)).toEqual({});
    await signedOut(u.token);
    await t.login(u.username, "Typed-2026-pw");
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
        expectFailure(
          await call(t, method, url, { token: admin, stepUp: m.users.admin.username, lang, payload }),
          403,
          message[lang],
        );
      }
    }
    expectOk(await call(t, "GET", INFO, { token: admin, stepUp: m.users.admin.username }));
    expect(await userRow(t, m.users.admin.id)).toMatchObject({ enabled: true, role: "admin" });
    // Their own phone and remark they may edit, keeping the admin role.
    const edited = expectOk<Created>(await act("PUT", self, { role: "admin", phone: "12345678", remark: "me" }), EN);
    expect(edited).toMatchObject({ role: "admin", phone: "12345678", remark: "me", enabled: true });
  });

  it("keeps the last enabled admin: a second admin, once the first disabled them, cannot remove the first", async () => {
    const n = await t.merchant();
    const first = await t.login(n.users.admin.username);
    const payload = { username: `second.${engine}@last-admin.test`, role: "admin", password: TEST_PASSWORD };
    const second = expectOk<Member>(
      await call(t, "POST", MEMBERS, { token: first, stepUp: n.users.admin.username, payload }),
    );
    const { merchantId } = await userRow(t, second.id);
    expectOk(
      await call(t, "PATCH", `${item(second.id)}/status`, {
        token: first,
        stepUp: n.users.admin.username,
        payload: { enabled: false },
      }),
    );
    // The second admin's calls that were already past the sign-in check when they were disabled (a race the
    // lock decides): the service itself refuses to leave the merchant without an enabled admin.
    const stale: AuthContext = {
      sessionId: 0,
      userId: second.id,
      merchantId,
      role: "admin",
      mfaBound: true,
      client: { ip: "127.0.0.1", userAgent: "test" },
      username: payload.username,
    };
    const firstId = n.users.admin.id;
    for (const attempt of [
      () => setMemberEnabled(t.deps, adminActing(stale), firstId, false),
      () => updateMember(t.deps, adminActing(stale), firstId, { role: "operator" }),
      () => deleteMember(t.deps, adminActing(stale), firstId),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ failure: "lastAdmin" });
    }
    expect(await userRow(t, firstId)).toMatchObject({ enabled: true, role: "admin" });
    expectOk(await call(t, "GET", INFO, { token: first }));
  });

  it("two admins disabling each other at once leave exactly one enabled admin", async () => {
    const n = await t.merchant();
    const a = await t.login(n.users.admin.username);
    const payload = { username: `mutual.${engine}@last-admin.test`, role: "admin", password: TEST_PASSWORD };
    const b = expectOk<Member>(await call(t, "POST", MEMBERS, { token: a, payload, stepUp: n.users.admin.username }));
    const bToken = await t.login(payload.username);
    const bSecret = await bindMfa(t, bToken);
    t.clock.advance(30_000); // the bind used this step's code
    const [ab, ba] = await Promise.all([
      call(t, "PATCH", `${item(b.id)}/status`, {
        token: a,
        lang: EN,
        payload: { enabled: false },
        stepUp: n.users.admin.username,
      }),
      call(t, "PATCH", `${item(n.users.admin.id)}/status`, {
        token: bToken,
        lang: EN,
        payload: { enabled: false },
        headers: { "x-mfa-code": codeFor(bSecret, t.clock.now()) },
      }),
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
