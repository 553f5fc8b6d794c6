import { eq } from "drizzle-orm";
import type { GeneratedPassword, MemberItem } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { users } from "../../db/schema";
import { randomPassword } from "../../lib/crypto";
import { revokeUserSessions } from "../auth/sessions.service";
import { toMemberItem } from "./member.service";
import { changeMember, type MemberActing, type MemberChange, type UserRow } from "./member-guard";

const unchanged = (t: UserRow) => ({ role: t.role, enabled: t.enabled });

/** Enables or disables a member; disabling ends their sessions in the same transaction, so at once. */
export async function setMemberEnabled(
  deps: AppDeps,
  acting: MemberActing,
  id: number,
  enabled: boolean,
): Promise<MemberItem> {
  const change: MemberChange = {
    action: enabled ? "member.enabled" : "member.disabled",
    selfRefusal: enabled ? null : "selfDisable",
    after: (t: UserRow) => ({ role: t.role, enabled }),
  };
  return changeMember(deps, acting, id, change, async (tx) => {
    const [row] = await tx.update(users).set({ enabled }).where(eq(users.id, id)).returning();
    if (!enabled) await revokeUserSessions(deps, tx, id);
    return toMemberItem(row!);
  });
}

/**
 * Forgets the member's MFA (bound and pending secrets) and ends their sessions: their next sign-in makes them
 * bind an authenticator again. Admins reset their own from the top bar, with a code, not here; a member who has
 * bound none has nothing to reset (refused, so the audit log records no reset that did nothing).
 */
export async function resetMemberMfa(deps: AppDeps, acting: MemberActing, id: number): Promise<MemberItem> {
  const change: MemberChange = {
    action: "member.mfaReset",
    selfRefusal: "selfResetMfa",
    targetRefusal: (t) => (t.mfaSecret === null ? "mfaResetNotBound" : null),
    after: unchanged,
  };
  return changeMember(deps, acting, id, change, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ mfaSecret: null, mfaPendingSecret: null, mfaPendingAt: null, mfaLastStep: null })
      .where(eq(users.id, id))
      .returning();
    await revokeUserSessions(deps, tx, id);
    return toMemberItem(row!);
  });
}

/**
 * Sets the member's password (the one typed, already checked against the policy, or a random one answered
 * this once) and ends their sessions.
 */
export async function resetMemberPassword(
  deps: AppDeps,
  acting: MemberActing,
  id: number,
  typed: string | undefined,
): Promise<GeneratedPassword> {
  const generated = typed ? undefined : randomPassword();
  const passwordHash = await deps.passwords.hash(typed || (generated as string));
  const change: MemberChange = { action: "member.passwordReset", selfRefusal: "selfResetPassword", after: unchanged };
  return changeMember(deps, acting, id, change, async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: deps.clock.now() }).where(eq(users.id, id));
    await revokeUserSessions(deps, tx, id);
    return generated ? { password: generated } : {};
  });
}

/**
 * Deletes the member for good: their sessions and export tasks go with them (cascade); orders and deposits keep
 * the plain user id they were made by.
 */
export async function deleteMember(deps: AppDeps, acting: MemberActing, id: number): Promise<void> {
  const change: MemberChange = { action: "member.deleted", selfRefusal: "selfDelete", after: () => null };
  await changeMember(deps, acting, id, change, async (tx) => {
    await tx.delete(users).where(eq(users.id, id));
  });
}
