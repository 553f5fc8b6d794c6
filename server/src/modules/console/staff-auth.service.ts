import { and, eq, sql } from "drizzle-orm";
import { type LoginBody, permissionsOf, type StaffInfo } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fail } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { Client, StaffContext } from "../auth/auth-context";
import { bindMfa, changePassword, consumeTotp, issueMfaKey, normaliseUsername, rehash } from "../auth/credentials";
import { throttled } from "../auth/login-throttle";
import { createSession, liveSession, touchSession } from "../auth/sessions.service";
import { staffRoles, staffSessions, staffUserRoles, staffUsers } from "./staff.schema";

/**
 * Staff sign-in, as the merchants' (password, then the TOTP code once bound, under the same limits), against the
 * staff tables. The limits count staff accounts apart from merchant accounts of the same address.
 */
/** A staff account as the sign-in limits count it: apart from a merchant account of the same name. */
export const staffThrottleName = (username: string) => `console:${username}`;

export async function loginStaff(deps: AppDeps, body: Required<LoginBody>, client: Client): Promise<string> {
  const username = normaliseUsername(body.username);
  const staff = await throttled(deps, { username: staffThrottleName(username), ip: client.ip }, async () => {
    const [found] = await deps.db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1);
    const password = await deps.passwords.verify(body.password, found?.passwordHash ?? null);
    if (!found || !password.ok) throw fail("invalidCredentials");
    if (!found.enabled) throw fail("userDisabled");
    if (found.mfaSecret) {
      if (!body.captcha) throw fail("captchaRequired");
      const failure = await consumeTotp(deps, deps.db, staffUsers, found, body.captcha);
      if (failure) throw fail(failure);
    }
    if (password.needsRehash) await rehash(deps, staffUsers, found.id, body.password);
    return found;
  });
  return deps.db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ lastLoginAt: deps.clock.now() }).where(eq(staffUsers.id, staff.id));
    await recordAudit(deps, tx, {
      actor: staffActor({ staffId: staff.id, username: staff.username, client }),
      merchantId: null,
      action: "staff.signIn",
      target: { kind: "staff", id: staff.id },
    });
    return createSession(deps, tx, staff.id, client, staffSessions);
  });
}

/** The roles a staff member holds, with what each gives. */
export function rolesOf(deps: AppDeps, staffId: number) {
  return deps.db
    .select({ id: staffRoles.id, code: staffRoles.code, name: staffRoles.name, permissions: staffRoles.permissions })
    .from(staffUserRoles)
    .innerJoin(staffRoles, eq(staffRoles.id, staffUserRoles.roleId))
    .where(eq(staffUserRoles.staffUserId, staffId))
    .orderBy(staffRoles.id);
}

/**
 * The staff member behind a console token, or null when the session is unknown (a merchant's token is: it is in
 * another table), revoked, idle or past its end, or the account is disabled. Permissions are read per call, so a
 * role taken away applies at once.
 */
export async function authenticateStaff(deps: AppDeps, token: string): Promise<Omit<StaffContext, "client"> | null> {
  const [row] = await deps.db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      staffId: staffUsers.id,
      username: staffUsers.username,
      mfaBound: sql<boolean>`${staffUsers.mfaSecret} is not null`,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(and(liveSession(deps, staffSessions, token), eq(staffUsers.enabled, true)))
    .limit(1);
  if (!row) return null;
  await touchSession(deps, staffSessions, row);
  return {
    sessionId: row.sessionId,
    staffId: row.staffId,
    username: row.username,
    mfaBound: Boolean(row.mfaBound),
    permissions: permissionsOf(await rolesOf(deps, row.staffId)),
  };
}

export async function staffInfo(deps: AppDeps, staff: StaffContext): Promise<StaffInfo> {
  const [row] = await deps.db.select().from(staffUsers).where(eq(staffUsers.id, staff.staffId));
  if (!row) throw fail("unauthenticated");
  const roles = await rolesOf(deps, staff.staffId);
  return {
    id: row.id,
    username: row.username,
    name: row.name || row.username,
    roles: roles.map(({ id, code, name }) => ({ id, code, name })),
    permissions: [...staff.permissions].sort(),
    mfaStatus: row.mfaSecret ? 1 : 0,
  };
}

export const issueStaffMfaKey = (deps: AppDeps, staff: StaffContext) => issueMfaKey(deps, staffUsers, staff.staffId);

export async function bindStaffMfa(deps: AppDeps, staff: StaffContext, input: { mfaKey: string; captcha: string }) {
  await bindMfa(deps, staffUsers, staff.staffId, input, (tx) =>
    recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: "staff.mfaBound",
      target: { kind: "staff", id: staff.staffId },
    }),
  );
}

export async function updateStaffPassword(
  deps: AppDeps,
  staff: StaffContext,
  body: { oldPassword: string; newPassword: string },
) {
  await changePassword(
    deps,
    { accounts: staffUsers, sessions: staffSessions, throttleName: staffThrottleName },
    staff.staffId,
    body,
    staff.client,
    (tx) =>
      recordAudit(deps, tx, {
        actor: staffActor(staff),
        merchantId: null,
        action: "staff.passwordChanged",
        target: { kind: "staff", id: staff.staffId },
      }),
  );
}
