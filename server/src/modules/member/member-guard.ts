import { and, asc, eq, or } from "drizzle-orm";
import type { AuditAction, FailureName, Role } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Tx } from "../../db/connection";
import { users } from "../../db/schema";
import { fail } from "../../lib/failure";
import { type AuditActor, recordAudit, userActor } from "../audit/audit.service";
import type { AuthContext } from "../auth/auth-context";

export type UserRow = typeof users.$inferSelect;

/** What a change leaves of its target: its role and status, or null when it is deleted. */
type SelfRefusal = Extract<FailureName, `self${string}`>;

export type MemberAfter = { role: Role; enabled: boolean } | null;

export interface MemberChange {
  /** How the audit log names the change. */
  action: AuditAction;
  /** The refusal when the target is the caller (null: people may do this to themselves). */
  selfRefusal: SelfRefusal | null;
  /** The refusal whoever asks, from the target as it stands (an MFA reset of a user who bound none). */
  targetRefusal?(target: UserRow): FailureName | null;
  after(target: UserRow): MemberAfter;
}

export const memberNotFound = () => fail("memberNotFound");

/**
 * Who changes a member, and of which merchant: one of its admins (who may not do some things to themself), or a
 * member of the reseller's staff in the console (`callerId` null).
 */
export interface MemberActing {
  merchantId: number;
  callerId: number | null;
  actor: AuditActor;
}
export const adminActing = (auth: AuthContext): MemberActing => ({
  merchantId: auth.merchantId,
  callerId: auth.userId,
  actor: userActor(auth),
});

/** A member as the audit log keeps them: who they are and what they may do, never a password or a secret. */
export const auditedMember = (u: UserRow) => ({
  username: u.username,
  name: u.name,
  phone: u.phone,
  role: u.role,
  enabled: u.enabled,
  remark: u.remark,
  mfaBound: u.mfaSecret !== null,
});

const isEnabledAdmin = (u: { role: Role; enabled: boolean } | null) => u?.role === "admin" && u.enabled;

/**
 * The refusal a change meets, or null when it may go ahead. Pure, so the rules read in one place: nobody acts on
 * their own account here, and a change never leaves the merchant without an enabled admin.
 */
export function memberRefusal(
  callerId: number | null,
  admins: readonly Pick<UserRow, "id" | "role" | "enabled">[],
  target: UserRow,
  change: MemberChange,
): FailureName | null {
  if (target.id === callerId && change.selfRefusal) return change.selfRefusal;
  const refused = change.targetRefusal?.(target);
  if (refused) return refused;
  const others = admins.filter((a) => a.id !== target.id && isEnabledAdmin(a)).length;
  const before = others + (isEnabledAdmin(target) ? 1 : 0);
  const after = others + (isEnabledAdmin(change.after(target)) ? 1 : 0);
  if (after === 0 && after < before) return "lastAdmin";
  return null;
}

/**
 * Runs `apply` in a transaction that first locks the merchant's admin rows and the target's row (in id order,
 * so two such transactions never deadlock) and checks the rules against what is committed now. Two admins
 * acting at once are serialised here: the second sees the first one's change and cannot leave zero admins.
 * A user of another merchant is "not found", exactly like a missing one. The audit entry, with the member
 * before and after, is written in the same transaction.
 */
export async function changeMember<T>(
  deps: AppDeps,
  acting: MemberActing,
  targetId: number,
  change: MemberChange,
  apply: (tx: Tx, target: UserRow) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(users)
      .where(and(eq(users.merchantId, acting.merchantId), or(eq(users.role, "admin"), eq(users.id, targetId))))
      .orderBy(asc(users.id))
      .for("update");
    const target = rows.find((r) => r.id === targetId);
    if (!target) throw memberNotFound();
    const refusal = memberRefusal(acting.callerId, rows, target, change);
    if (refusal) throw fail(refusal);
    const result = await apply(tx, target);
    const [after] = await tx.select().from(users).where(eq(users.id, targetId));
    await recordAudit(deps, tx, {
      actor: acting.actor,
      merchantId: acting.merchantId,
      action: change.action,
      target: { kind: "user", id: targetId },
      before: auditedMember(target),
      after: after ? auditedMember(after) : null,
    });
    return result;
  });
}
