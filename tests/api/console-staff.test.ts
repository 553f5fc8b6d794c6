import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contracts from "#contracts";
import {
  type Action,
  builtInStaffRoles,
  type CallDeclaration,
  consoleCalls,
  consolePermissions,
  permissionOf,
  roleCalls,
  type StaffInfo,
  type StaffMember,
  type StaffRole,
  SUPER_ADMIN,
  staffCalls,
} from "#contracts";
import { migrationsFolder } from "../../server/src/db/connection";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { staffRoles, staffUsers } from "../../server/src/modules/console/staff.schema";
import { call, closeTestApp, EN, expectFailure, expectOk, INFO, ZH } from "../support/api-helpers";
import { absentParams, consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { codeFor, startTestApp, TEST_PASSWORD, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const FORBIDDEN = "You do not have permission to do this";
const UNAUTHENTICATED = "You are not signed in or your session has ended; please sign in again";
const MFA_REQUIRED = "Bind MFA first: until then you can only bind it or sign out";
const roleCodes = Object.keys(builtInStaffRoles);

/**
 * The console's staff realm (issue 15): staff sign in with password and TOTP (MFA bound before anything else),
 * every console call is checked against the permissions the caller's roles hold as data, a merchant's session
 * never reaches a console call nor a staff session a merchant call, and the console always keeps an enabled
 * super administrator.
 */
describe.each(engines)("the console's staff, roles and permissions on %s", (engine) => {
  let t: TestApp;
  let root: TestStaff;
  let rootToken: string;
  let merchantToken: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await staffMember(t, [SUPER_ADMIN]);
    rootToken = await staffLogin(t, root);
    const m = await t.merchant();
    merchantToken = await t.login(m.users.admin.username);
  });
  afterAll(() => closeTestApp(t));

  const asStaff = async (
    token: string,
    c: CallDeclaration,
    options: { params?: object; payload?: object; stepUp?: TestStaff } = {},
  ) =>
    call(t, c.method, consoleUrl(c, options.params), {
      token,
      lang: EN,
      ...(options.payload && { payload: options.payload }),
      ...(options.stepUp && { headers: { "x-mfa-code": await staffCode(t, options.stepUp) } }),
    });

  it("signs a new staff member in, lets them only bind MFA until they have, then asks for the code", async () => {
    const fresh = await staffMember(t, ["customerService"], { mfa: false });
    const token = await staffLogin(t, fresh);
    const me = expectOk<StaffInfo>(await asStaff(token, consoleCalls.me), EN);
    expect(me).toMatchObject({ username: fresh.username, mfaStatus: 0, roles: [{ code: "customerService" }] });
    expect(me.permissions).toEqual([...builtInStaffRoles.customerService!].sort());
    expectFailure(await asStaff(token, roleCalls.roles), 403, MFA_REQUIRED, { errorCode: "MFA_REQUIRED" });

    const secret = expectOk<string>(await asStaff(token, consoleCalls.mfaKey), EN);
    const bound = await asStaff(token, consoleCalls.bindMfa, {
      payload: { mfaKey: secret, captcha: codeFor(secret, t.clock.now()) },
    });
    expectOk(bound, EN);
    // customer service holds no roles:list: past the MFA gate, the permission check answers.
    expectFailure(await asStaff(token, roleCalls.roles), 403, FORBIDDEN, null);

    const login = consoleUrl(consoleCalls.login);
    const noCode = await call(t, "POST", login, {
      lang: EN,
      payload: { username: fresh.username, password: TEST_PASSWORD },
    });
    expect(noCode.json().code).toBe(400);
    t.clock.advance(30_000);
    const withCode = await call(t, "POST", login, {
      payload: { username: fresh.username, password: TEST_PASSWORD, captcha: codeFor(secret, t.clock.now()) },
    });
    expectOk(withCode);
  });

  it("keeps the realms apart: a merchant's session is unknown to the console, a staff session to the portal", async () => {
    for (const c of [consoleCalls.me, roleCalls.roles, staffCalls.staff, consoleCalls.logout]) {
      expectFailure(await asStaff(merchantToken, c), 401, UNAUTHENTICATED, null);
      expectFailure(await call(t, c.method, consoleUrl(c), { lang: EN }), 401, UNAUTHENTICATED, null);
    }
    expectFailure(await call(t, "GET", INFO, { token: rootToken, lang: EN }), 401, UNAUTHENTICATED, null);
    // Neither sign-in knows the other's accounts.
    const merchantLogin = await call(t, "POST", "/portal/merchant/api/login", {
      lang: EN,
      payload: { username: root.username, password: TEST_PASSWORD, captcha: await staffCode(t, root) },
    });
    expect(merchantLogin.json().code).toBe(400);
  });

  it("checks every console call against the roles' permissions: each role, no session, a merchant session", async () => {
    // Every call of the console's realm, whichever area's contract declares it.
    const guarded = Object.entries(contracts)
      .filter(([name]) => name.endsWith("Calls"))
      .flatMap(([, group]) => Object.values(group as Record<string, CallDeclaration>))
      // Groups of calls inside a group (the catalog's short lists) are flattened.
      .flatMap((c) => ("method" in c ? [c] : Object.values(c as Record<string, CallDeclaration>)))
      .filter(
        (c): c is CallDeclaration & { access: { resource: string; action: Action } } =>
          c.realm === "console" && typeof c.access === "object",
      );
    expect(guarded.length).toBeGreaterThan(10);
    const holders = await Promise.all(roleCodes.map(async (code) => ({ code, staff: await staffMember(t, [code]) })));
    const tokens = await Promise.all(holders.map((h) => staffLogin(t, h.staff)));
    const outcome: string[] = [];
    const expected: string[] = [];
    for (const c of guarded) {
      const permission = permissionOf(c.access.resource, c.access.action);
      // No step-up code is sent and bodies are empty: a call that passes the guard stops at validation or the
      // step-up check, so nothing changes.
      const send = (token?: string) =>
        call(t, c.method, consoleUrl(c, absentParams(c)), {
          lang: EN,
          ...(token && { token }),
          payload: c.method === "GET" || c.method === "DELETE" ? undefined : {},
        });
      // Refusals are envelopes; an allowed download (the audit export) is a file.
      const verdict = (res: Awaited<ReturnType<typeof send>>) => {
        if (res.statusCode === 401) return "401";
        return res.statusCode === 403 && res.json().message === FORBIDDEN ? "403" : "allowed";
      };
      outcome.push(`${c.path} ${c.method} none:${verdict(await send())}`);
      expected.push(`${c.path} ${c.method} none:401`);
      outcome.push(`${c.path} ${c.method} merchant:${verdict(await send(merchantToken))}`);
      expected.push(`${c.path} ${c.method} merchant:401`);
      for (const [i, { code }] of holders.entries()) {
        const grants = builtInStaffRoles[code];
        const may = grants === "all" || (grants as readonly string[]).includes(permission);
        outcome.push(`${c.path} ${c.method} ${code}:${verdict(await send(tokens[i]))}`);
        expected.push(`${c.path} ${c.method} ${code}:${may ? "allowed" : "403"}`);
      }
    }
    expect(outcome).toEqual(expected);
    // Every permission a call needs is one a role can be given.
    for (const c of guarded) expect(consolePermissions).toContain(permissionOf(c.access.resource, c.access.action));
  });

  it("creates a staff member with a one-time password, who signs in with it; roles apply from the next call", async () => {
    const roles = expectOk<StaffRole[]>(await asStaff(rootToken, roleCalls.roles), EN);
    const byCode = (code: string) => roles.find((r) => r.code === code)!;
    expect(roles.map((r) => r.code)).toEqual(roleCodes);
    expect(byCode(SUPER_ADMIN).permissions).toEqual([...consolePermissions].sort());

    const without = await asStaff(rootToken, staffCalls.createStaff, {
      payload: { username: "Ops.Lead@Example.test", roleIds: [byCode("technology").id] },
    });
    expectFailure(without, 403, "Enter the current MFA code to confirm this change", { errorCode: "STEP_UP_REQUIRED" });
    const created = expectOk<{ member: StaffMember; password: string }>(
      await asStaff(rootToken, staffCalls.createStaff, {
        payload: { username: "Ops.Lead@Example.test", roleIds: [byCode("technology").id] },
        stepUp: root,
      }),
      EN,
    );
    expect(created.member).toMatchObject({ username: "ops.lead@example.test", enabled: true, mfaBound: false });
    expect(created.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const signIn = await call(t, "POST", consoleUrl(consoleCalls.login), {
      payload: { username: "ops.lead@example.test", password: created.password },
    });
    expectOk(signIn);

    const again = await asStaff(rootToken, staffCalls.createStaff, {
      payload: { username: "ops.lead@example.test", roleIds: [byCode("technology").id] },
      stepUp: root,
    });
    expectFailure(again, 409, "The account ops.lead@example.test is already in use", {
      errors: { username: "The account ops.lead@example.test is already in use" },
    });
    const unknownRole = await asStaff(rootToken, staffCalls.createStaff, {
      payload: { username: "someone@example.test", roleIds: [999_999] },
      stepUp: root,
    });
    expectFailure(unknownRole, 404, "One of the roles does not exist", null);
    // An id past what the column holds is a field error, not a database error.
    const huge = await asStaff(rootToken, staffCalls.createStaff, {
      payload: { username: "someone@example.test", roleIds: [1e20] },
      stepUp: root,
    });
    expect(huge.json()).toMatchObject({ code: 400, data: { errors: { "roleIds.0": expect.any(String) } } });

    // A technology member reads the audit log but not the roles; given customer service too, still no roles.
    const tech = await staffMember(t, ["technology"]);
    const techToken = await staffLogin(t, tech);
    expectFailure(await asStaff(techToken, staffCalls.staff), 403, FORBIDDEN, null);
    const financeRole = byCode("financeOfficer");
    expectOk(
      await asStaff(rootToken, roleCalls.updateRole, {
        params: { id: financeRole.id },
        payload: { name: financeRole.name, permissions: [...financeRole.permissions, "staff:list"] },
        stepUp: root,
      }),
      EN,
    );
    expectOk(
      await asStaff(rootToken, staffCalls.updateStaff, {
        params: { id: tech.id },
        payload: { roleIds: [byCode("technology").id, financeRole.id] },
        stepUp: root,
      }),
      EN,
    );
    // Read per call: the same session may list staff now.
    expectOk(await asStaff(techToken, staffCalls.staff), EN);
  });

  it("always keeps an enabled super administrator, and ends a disabled member's sessions at once", async () => {
    const roles = expectOk<StaffRole[]>(await asStaff(rootToken, roleCalls.roles), EN);
    const superAdmin = roles.find((r) => r.code === SUPER_ADMIN)!;
    const finance = roles.find((r) => r.code === "financeOfficer")!;
    // Other super administrators made by earlier tests of this file are disabled first: `root` is the last.
    const staff = expectOk<StaffMember[]>(await asStaff(rootToken, staffCalls.staff), EN);
    for (const other of staff.filter((s) => s.id !== root.id && s.roleIds.includes(superAdmin.id) && s.enabled))
      expectOk(
        await asStaff(rootToken, staffCalls.updateStaff, {
          params: { id: other.id },
          payload: { enabled: false },
          stepUp: root,
        }),
        EN,
      );

    const demote = await asStaff(rootToken, staffCalls.updateStaff, {
      params: { id: root.id },
      payload: { roleIds: [finance.id] },
      stepUp: root,
    });
    expectFailure(demote, 409, "The console must keep at least one enabled super administrator", null);
    const selfDisable = await asStaff(rootToken, staffCalls.updateStaff, {
      params: { id: root.id },
      payload: { enabled: false },
      stepUp: root,
    });
    expectFailure(selfDisable, 403, "You cannot disable your own account", null);
    expectFailure(
      await asStaff(rootToken, roleCalls.updateRole, {
        params: { id: superAdmin.id },
        payload: { name: "Root", permissions: [] },
        stepUp: root,
      }),
      409,
      "The super administrator role holds every permission and cannot be changed or deleted",
      null,
    );
    // Nothing changed: root is still a super administrator.
    const [still] = await t.deps.db.select().from(staffRoles).where(eq(staffRoles.code, SUPER_ADMIN));
    expect(still?.name).toBe(SUPER_ADMIN);

    // A second super administrator may then demote the first; disabling someone ends their sessions.
    const second = await staffMember(t, [SUPER_ADMIN]);
    const secondToken = await staffLogin(t, second);
    const viaSecond = await asStaff(secondToken, staffCalls.updateStaff, {
      params: { id: root.id },
      payload: { roleIds: [superAdmin.id, finance.id] },
      stepUp: second,
    });
    expect(expectOk<StaffMember>(viaSecond, EN).roleIds).toEqual([superAdmin.id, finance.id].sort((a, b) => a - b));
    expectOk(
      await asStaff(rootToken, staffCalls.updateStaff, {
        params: { id: second.id },
        payload: { enabled: false },
        stepUp: root,
      }),
      EN,
    );
    expectFailure(await asStaff(secondToken, consoleCalls.me), 401, UNAUTHENTICATED, null);
  });

  it("adds, renames and deletes roles, refuses unknown permissions and a role still held, and audits each", async () => {
    const before = (
      await t.deps.db.select({ id: sql<number>`coalesce(max(${auditEvents.id}), 0)::int` }).from(auditEvents)
    )[0]!.id;
    const bad = await asStaff(rootToken, roleCalls.createRole, {
      payload: { name: "Auditors", permissions: ["audit:list", "moon:land"] },
      stepUp: root,
    });
    expect(bad.json()).toMatchObject({ code: 400, data: { errors: { "permissions.1": "Unknown permission" } } });
    const role = expectOk<StaffRole>(
      await asStaff(rootToken, roleCalls.createRole, {
        payload: { name: "Auditors", permissions: ["audit:list", "audit:export", "audit:list"] },
        stepUp: root,
      }),
      EN,
    );
    expect(role).toMatchObject({
      code: null,
      name: "Auditors",
      permissions: ["audit:export", "audit:list"],
      members: 0,
    });
    const taken = await asStaff(rootToken, roleCalls.createRole, {
      payload: { name: "Auditors", permissions: [] },
      stepUp: root,
    });
    expectFailure(taken, 409, "A role named Auditors already exists", {
      errors: { name: "A role named Auditors already exists" },
    });

    const noRole = await asStaff(rootToken, staffCalls.createStaff, {
      payload: { username: "auditor@example.test", roleIds: [] },
      stepUp: root,
    });
    expect(noRole.json()).toMatchObject({ code: 400, data: { errors: { roleIds: "Choose at least one role" } } });
    const member = expectOk<{ member: StaffMember }>(
      await asStaff(rootToken, staffCalls.createStaff, {
        payload: { username: "auditor@example.test", roleIds: [role.id] },
        stepUp: root,
      }),
      EN,
    ).member;
    const held = await asStaff(rootToken, roleCalls.deleteRole, { params: { id: role.id }, stepUp: root });
    expectFailure(held, 409, "Staff members hold this role: take it from them before deleting it", null);
    const other = expectOk<StaffRole[]>(await asStaff(rootToken, roleCalls.roles), EN).find(
      (r) => r.code === "technology",
    )!;
    expectOk(
      await asStaff(rootToken, staffCalls.updateStaff, {
        params: { id: member.id },
        payload: { roleIds: [other.id] },
        stepUp: root,
      }),
      EN,
    );
    expectOk(await asStaff(rootToken, roleCalls.deleteRole, { params: { id: role.id }, stepUp: root }), EN);

    const entries = await t.deps.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.id} > ${before}`)
      .orderBy(asc(auditEvents.id));
    expect(entries.map((e) => [e.action, e.actorKind, e.actorName, e.targetKind])).toEqual([
      ["role.created", "staff", root.username, "role"],
      ["staff.created", "staff", root.username, "staff"],
      ["staff.changed", "staff", root.username, "staff"],
      ["role.deleted", "staff", root.username, "role"],
    ]);
    expect(entries[0]?.after).toEqual({ name: "Auditors", permissions: ["audit:export", "audit:list"] });
    expect(entries[2]).toMatchObject({ before: { roleIds: [role.id] }, after: { roleIds: [other.id] } });
  });

  it("lets a member change their own password, and a super administrator reset another's password or MFA", async () => {
    const member = await staffMember(t, ["technology"]);
    const memberToken = await staffLogin(t, member);
    const change = (token: string, oldPassword: string, newPassword: string) =>
      asStaff(token, consoleCalls.updatePassword, { payload: { oldPassword, newPassword, rePassword: newPassword } });
    expect((await change(memberToken, "wrong-password-1", "New-passw0rd-2026")).json().code).toBe(400);
    expectOk(await change(memberToken, TEST_PASSWORD, "New-passw0rd-2026"), EN);
    // Every session ends with the old password, this one included.
    expectFailure(await asStaff(memberToken, consoleCalls.me), 401, UNAUTHENTICATED, null);

    const reset = expectOk<{ password: string }>(
      await asStaff(rootToken, staffCalls.resetStaffPassword, { params: { id: member.id }, stepUp: root }),
      EN,
    );
    const login = consoleUrl(consoleCalls.login);
    const signIn = (password: string, captcha: string) =>
      call(t, "POST", login, { lang: EN, payload: { username: member.username, password, captcha } });
    expect((await signIn("New-passw0rd-2026", await staffCode(t, member))).json().code).toBe(400);
    const fresh = expectOk<{ token: string }>(await signIn(reset.password, await staffCode(t, member)), EN);

    const noMfa = expectOk<StaffMember>(
      await asStaff(rootToken, staffCalls.resetStaffMfa, { params: { id: member.id }, stepUp: root }),
      EN,
    );
    expect(noMfa.mfaBound).toBe(false);
    expectFailure(await asStaff(`Bearer ${fresh.token}`, consoleCalls.me), 401, UNAUTHENTICATED, null);
    expectFailure(
      await asStaff(rootToken, staffCalls.resetStaffPassword, { params: { id: root.id }, stepUp: root }),
      403,
      "You cannot reset your own password or MFA here: change your password from your account menu",
      null,
    );
  });

  it("refuses to reset the MFA of a member who has bound none, in the reader's language, and changes nothing", async () => {
    const member = await staffMember(t, ["technology"], { mfa: false });
    const memberToken = await staffLogin(t, member);
    const row = async () => (await t.deps.db.select().from(staffUsers).where(eq(staffUsers.id, member.id)))[0];
    const before = await row();
    const audited = async () =>
      (
        await t.deps.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.targetId, String(member.id)))
      ).length;
    const entries = await audited();
    for (const [lang, message] of [
      [EN, "This account has not bound MFA: there is nothing to reset"],
      [ZH, "该账号尚未绑定 MFA，无需重置"],
    ] as const) {
      const res = await call(t, "POST", consoleUrl(staffCalls.resetStaffMfa, { id: member.id }), {
        token: rootToken,
        lang,
        headers: { "x-mfa-code": await staffCode(t, root) },
      });
      expectFailure(res, 409, message);
    }
    expect(await row()).toEqual(before);
    expect(await audited()).toBe(entries);
    // Their session goes on: they can still bind MFA.
    expect(expectOk<StaffInfo>(await asStaff(memberToken, consoleCalls.me), EN).mfaStatus).toBe(0);
  });

  it("gives an older console's built-in roles the new areas' permissions, keeping what was set on them", async () => {
    // As a console from before issue 16 left them (migration 0021 runs on such a database), one role edited.
    const before = {
      financeOfficer: ["deposits:list", "deposits:edit", "audit:list"],
      customerService: ["orders:list", "orders:show"],
      technology: ["audit:list", "audit:export", "merchants:list"],
    };
    const added = {
      financeOfficer: ["payments:list", "payments:create", "payments:edit"],
      customerService: ["risk:list"],
      technology: ["suppliers:list", "suppliers:show", "routes:list"],
    };
    for (const [code, permissions] of Object.entries(before))
      await t.deps.db.update(staffRoles).set({ permissions }).where(eq(staffRoles.code, code));
    const migration = readFileSync(path.join(migrationsFolder, "0021_built_in_roles_new_areas.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await t.deps.db.execute(sql.raw(statement));
    const roles = await t.deps.db.select().from(staffRoles);
    for (const code of ["financeOfficer", "customerService", "technology"] as const) {
      expect(roles.find((r) => r.code === code)?.permissions).toEqual([...before[code], ...added[code]].sort());
      // The same as a new console gives them.
      expect(builtInStaffRoles[code]).toEqual(expect.arrayContaining(added[code]));
    }
  });

  it("answers in the caller's language", async () => {
    const res = await call(t, "GET", consoleUrl(roleCalls.roles), { token: merchantToken, lang: ZH });
    expectFailure(res, 401, "您尚未登录或会话已结束，请重新登录", null);
  });
});
