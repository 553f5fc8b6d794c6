import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import {
  type FailureName,
  type StaffMember,
  SUPER_ADMIN,
  type staffCreateBody,
  type staffUpdateBody,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { pgErrorCode } from "../../db/raw";
import { randomPassword } from "../../lib/crypto";
import { fail } from "../../lib/failure";
import { type AuditActor, recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { revokeUserSessions } from "../auth/sessions.service";
import { staffRoles, staffSessions, staffUserRoles, staffUsers } from "./staff.schema";

/**
 * The console's staff accounts. The console always keeps an enabled super administrator: every change that could
 * take the last one away runs under a lock on that role and is refused if none would be left.
 */

type StaffRow = typeof staffUsers.$inferSelect;

function toMember(row: StaffRow, roleIds: number[]): StaffMember {
  return {
    id: row.id,
    username: row.username,
    name: row.name || row.username,
    enabled: row.enabled,
    mfaBound: row.mfaSecret !== null,
    roleIds,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function roleIdsOf(tx: Executor, staffIds: number[]): Promise<Map<number, number[]>> {
  const held = new Map<number, number[]>(staffIds.map((id) => [id, []]));
  if (staffIds.length === 0) return held;
  const rows = await tx
    .select()
    .from(staffUserRoles)
    .where(inArray(staffUserRoles.staffUserId, staffIds))
    .orderBy(asc(staffUserRoles.roleId));
  for (const row of rows) held.get(row.staffUserId)?.push(row.roleId);
  return held;
}

export async function listStaff(deps: AppDeps): Promise<StaffMember[]> {
  const rows = await deps.db.select().from(staffUsers).orderBy(asc(staffUsers.id));
  const roles = await roleIdsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toMember(r, roles.get(r.id) ?? []));
}

/** The ids of the roles named, refused as a whole when one does not exist. */
async function existingRoles(tx: Executor, roleIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(roleIds)];
  const found = await tx.select({ id: staffRoles.id }).from(staffRoles).where(inArray(staffRoles.id, unique));
  if (found.length !== unique.length) throw fail("roleNotFound");
  return unique.sort((a, b) => a - b);
}

/**
 * A new staff member with a generated password, answered this once (never stored or logged in clear), or the
 * one given (the demo seed's). They bind MFA at their first sign-in: until then only the binding calls answer.
 */
export async function createStaff(
  deps: AppDeps,
  actor: AuditActor,
  input: z.output<typeof staffCreateBody> & { password?: string },
): Promise<{ member: StaffMember; password: string }> {
  const password = input.password ?? randomPassword();
  const passwordHash = await deps.passwords.hash(password);
  try {
    const member = await deps.db.transaction(async (tx) => {
      const roleIds = await existingRoles(tx, input.roleIds);
      const [row] = await tx
        .insert(staffUsers)
        .values({ username: input.username, name: input.name, passwordHash, createdAt: deps.clock.now() })
        .returning();
      await tx.insert(staffUserRoles).values(roleIds.map((roleId) => ({ staffUserId: row!.id, roleId })));
      const member = toMember(row!, roleIds);
      await recordAudit(deps, tx, {
        actor,
        merchantId: null,
        action: "staff.created",
        target: { kind: "staff", id: row!.id },
        after: auditedStaff(member),
      });
      return member;
    });
    return { member, password };
  } catch (error) {
    if (pgErrorCode(error).constraint === "staff_users_username_key")
      throw fail("staffUsernameTaken", { username: input.username });
    throw error;
  }
}

const auditedStaff = (m: StaffMember) => ({ name: m.name, enabled: m.enabled, roleIds: m.roleIds });

/** Enabled staff members holding the super administrator's role. */
async function enabledSuperAdmins(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(staffUserRoles)
    .innerJoin(staffRoles, eq(staffRoles.id, staffUserRoles.roleId))
    .innerJoin(staffUsers, eq(staffUsers.id, staffUserRoles.staffUserId))
    .where(and(eq(staffRoles.code, SUPER_ADMIN), eq(staffUsers.enabled, true)));
  return row?.n ?? 0;
}

/**
 * Renames, enables or disables, or changes the roles of a staff member. A disabled member's sessions end at
 * once; new roles apply from the member's next call (permissions are read per call). Refused when it would
 * leave no enabled super administrator, or when the caller disables themself.
 */
export async function updateStaff(
  deps: AppDeps,
  staff: StaffContext,
  id: number,
  body: z.output<typeof staffUpdateBody>,
): Promise<StaffMember> {
  if (body.enabled === false && id === staff.staffId) throw fail("selfDisableStaff");
  return deps.db.transaction(async (tx) => {
    // Changes that could take away a super administrator are made one at a time (this lock), so two of them
    // demoting each other at once cannot both pass the count below.
    await tx.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.code, SUPER_ADMIN)).for("update");
    const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for("update");
    if (!row) throw fail("staffNotFound");
    const before = toMember(row, (await roleIdsOf(tx, [id])).get(id) ?? []);
    const [updated] = await tx
      .update(staffUsers)
      .set({ name: body.name ?? row.name, enabled: body.enabled ?? row.enabled })
      .where(eq(staffUsers.id, id))
      .returning();
    if (body.roleIds) {
      const roleIds = await existingRoles(tx, body.roleIds);
      await tx.delete(staffUserRoles).where(eq(staffUserRoles.staffUserId, id));
      await tx.insert(staffUserRoles).values(roleIds.map((roleId) => ({ staffUserId: id, roleId })));
    }
    if ((await enabledSuperAdmins(tx)) === 0) throw fail("lastSuperAdmin");
    if (!updated!.enabled) await revokeUserSessions(deps, tx, id, undefined, staffSessions);
    const after = toMember(updated!, (await roleIdsOf(tx, [id])).get(id) ?? []);
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: "staff.changed",
      target: { kind: "staff", id },
      before: auditedStaff(before),
      after: auditedStaff(after),
    });
    return after;
  });
}

/**
 * A staff member's password replaced by a one-time one (answered once), or their authenticator forgotten; either
 * way their sessions end. For another member only: one changes one's own password with the old one. `refusal`
 * refuses it from the member as they stand (locked until the change commits).
 */
async function resetStaff(
  deps: AppDeps,
  staff: StaffContext,
  id: number,
  action: "staff.passwordReset" | "staff.mfaReset",
  values: Partial<StaffRow>,
  refusal: (member: StaffRow) => FailureName | null = () => null,
): Promise<StaffMember> {
  if (id === staff.staffId) throw fail("selfResetStaff");
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for("update");
    if (!current) throw fail("staffNotFound");
    const refused = refusal(current);
    if (refused) throw fail(refused);
    const [row] = await tx.update(staffUsers).set(values).where(eq(staffUsers.id, id)).returning();
    await revokeUserSessions(deps, tx, id, undefined, staffSessions);
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action,
      target: { kind: "staff", id },
    });
    return toMember(row!, (await roleIdsOf(tx, [id])).get(id) ?? []);
  });
}

export async function resetStaffPassword(deps: AppDeps, staff: StaffContext, id: number) {
  const password = randomPassword();
  const passwordHash = await deps.passwords.hash(password);
  await resetStaff(deps, staff, id, "staff.passwordReset", { passwordHash, passwordChangedAt: deps.clock.now() });
  return { password };
}

/** A member who has bound no authenticator has nothing to reset (refused: nothing changes, nothing is audited). */
export const resetStaffMfa = (deps: AppDeps, staff: StaffContext, id: number) =>
  resetStaff(
    deps,
    staff,
    id,
    "staff.mfaReset",
    { mfaSecret: null, mfaPendingSecret: null, mfaPendingAt: null, mfaLastStep: null },
    (member) => (member.mfaSecret === null ? "mfaResetNotBound" : null),
  );
