import { asc, count, eq, inArray } from "drizzle-orm";
import { builtInStaffRoles, consolePermissions, type StaffRole, type StaffRoleBody, SUPER_ADMIN } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { pgErrorCode } from "../../db/raw";
import { fail } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { staffRoles, staffUserRoles } from "./staff.schema";

/**
 * The console's roles, which are data: the built-in ones are created on first use from the contract (a built-in
 * role is named by its code, which the browser translates), and a super administrator edits them or adds others.
 * The super administrator's role itself holds every permission and is never edited.
 */
export async function ensureBuiltInRoles(deps: AppDeps, tx: Executor = deps.db): Promise<void> {
  const rows = Object.entries(builtInStaffRoles).map(([code, permissions]) => ({
    code,
    name: code,
    permissions: permissions === "all" ? [] : [...permissions],
  }));
  await tx.insert(staffRoles).values(rows).onConflictDoNothing();
}

export async function listRoles(deps: AppDeps): Promise<StaffRole[]> {
  const rows = await deps.db
    .select({
      id: staffRoles.id,
      code: staffRoles.code,
      name: staffRoles.name,
      permissions: staffRoles.permissions,
      members: count(staffUserRoles.staffUserId),
    })
    .from(staffRoles)
    .leftJoin(staffUserRoles, eq(staffUserRoles.roleId, staffRoles.id))
    .groupBy(staffRoles.id)
    .orderBy(asc(staffRoles.id));
  // The super administrator's row holds no list: it has every permission there is, now and later.
  return rows.map((r) => ({
    ...r,
    permissions: r.code === SUPER_ADMIN ? [...consolePermissions].sort() : [...r.permissions].sort(),
  }));
}

const roleTaken = (error: unknown, name: string) =>
  pgErrorCode(error).constraint === "staff_roles_name_key" ? fail("roleNameTaken", { name }) : error;

async function findRole(tx: Executor, id: number) {
  const [role] = await tx.select().from(staffRoles).where(eq(staffRoles.id, id)).for("update");
  if (!role) throw fail("roleNotFound");
  // Every permission is the super administrator's, now and as the console grows: nothing to edit there.
  if (role.code === SUPER_ADMIN) throw fail("roleBuiltIn");
  return role;
}

const audited = (r: { name: string; permissions: string[] }) => ({ name: r.name, permissions: r.permissions });

export async function createRole(deps: AppDeps, staff: StaffContext, body: StaffRoleBody): Promise<StaffRole> {
  try {
    const role = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(staffRoles)
        .values({ name: body.name, permissions: [...new Set(body.permissions)].sort(), createdAt: deps.clock.now() })
        .returning();
      await recordAudit(deps, tx, {
        actor: staffActor(staff),
        merchantId: null,
        action: "role.created",
        target: { kind: "role", id: created!.id },
        after: audited(created!),
      });
      return created!;
    });
    return { id: role.id, code: role.code, name: role.name, permissions: role.permissions, members: 0 };
  } catch (error) {
    throw roleTaken(error, body.name);
  }
}

export async function updateRole(
  deps: AppDeps,
  staff: StaffContext,
  id: number,
  body: StaffRoleBody,
): Promise<StaffRole> {
  try {
    await deps.db.transaction(async (tx) => {
      const before = await findRole(tx, id);
      const [after] = await tx
        .update(staffRoles)
        .set({ name: body.name, permissions: [...new Set(body.permissions)].sort() })
        .where(eq(staffRoles.id, id))
        .returning();
      await recordAudit(deps, tx, {
        actor: staffActor(staff),
        merchantId: null,
        action: "role.changed",
        target: { kind: "role", id },
        before: audited(before),
        after: audited(after!),
      });
    });
  } catch (error) {
    throw roleTaken(error, body.name);
  }
  const role = (await listRoles(deps)).find((r) => r.id === id);
  if (!role) throw fail("roleNotFound");
  return role;
}

export async function deleteRole(deps: AppDeps, staff: StaffContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const role = await findRole(tx, id);
    const [held] = await tx.select({ n: count() }).from(staffUserRoles).where(eq(staffUserRoles.roleId, id));
    if ((held?.n ?? 0) > 0) throw fail("roleInUse");
    await tx.delete(staffRoles).where(eq(staffRoles.id, id));
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: "role.deleted",
      target: { kind: "role", id },
      before: audited(role),
    });
  });
}

/** The ids of built-in roles by their codes (the CLI and the demo seed name roles that way). */
export async function builtInRoleIds(deps: AppDeps, codes: readonly string[]): Promise<number[]> {
  await ensureBuiltInRoles(deps);
  const rows = await deps.db
    .select({ id: staffRoles.id, code: staffRoles.code })
    .from(staffRoles)
    .where(inArray(staffRoles.code, [...codes]));
  const unknown = codes.filter((c) => !rows.some((r) => r.code === c));
  if (unknown.length > 0) throw fail("roleNotFound");
  return rows.map((r) => r.id);
}
