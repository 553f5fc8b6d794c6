import { asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { MemberCreated, MemberItem, memberCreate, memberUpdate, Page, PageQuery } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fetchPage } from "../../db/paging";
import { pgErrorCode } from "../../db/raw";
import { users } from "../../db/schema";
import { randomPassword } from "../../lib/crypto";
import { fail } from "../../lib/failure";
import { recordAudit } from "../audit/audit.service";
import { auditedMember, changeMember, type MemberActing, type MemberChange, type UserRow } from "./member-guard";

export function toMemberItem(u: UserRow): MemberItem {
  return {
    id: u.id,
    username: u.username,
    name: u.name || u.username,
    email: u.username,
    phone: u.phone,
    role: u.role,
    mfaStatus: u.mfaSecret ? 1 : 0,
    enabled: u.enabled,
    remark: u.remark,
    createTime: u.createdAt.toISOString(),
    lastLoginTime: u.lastLoginAt?.toISOString() ?? null,
  };
}

export async function listMembers(deps: AppDeps, merchantId: number, page: PageQuery): Promise<Page<MemberItem>> {
  const where = eq(users.merchantId, merchantId);
  return fetchPage(
    page,
    {
      rows: (limit, offset) =>
        deps.db.select().from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset),
      total: () => deps.db.select({ n: count() }).from(users).where(where),
    },
    toMemberItem,
  );
}

/** Accounts are unique across every merchant (`users_username_key`): say so on the field, as a 409. */
const usernameTaken = (username: string) => fail("usernameTaken", { username });

/**
 * A new user of the caller's merchant. Without a password one is generated and answered this once; it is
 * never stored or logged in clear. The user binds MFA at first sign-in like everybody else.
 */
export async function createMember(
  deps: AppDeps,
  acting: MemberActing,
  input: z.output<typeof memberCreate>,
): Promise<MemberCreated> {
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.username, input.username));
  if (taken) throw usernameTaken(input.username);
  const generated = input.password ? undefined : randomPassword();
  const passwordHash = await deps.passwords.hash(input.password || (generated as string));
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          merchantId: acting.merchantId,
          username: input.username,
          name: input.name ?? "",
          phone: input.phone ?? "",
          role: input.role,
          remark: input.remark ?? "",
          passwordHash,
          passwordChangedAt: deps.clock.now(),
          createdAt: deps.clock.now(),
        })
        .returning();
      await recordAudit(deps, tx, {
        actor: acting.actor,
        merchantId: acting.merchantId,
        action: "member.created",
        target: { kind: "user", id: created!.id },
        after: auditedMember(created!),
      });
      return created!;
    });
    return { ...toMemberItem(row), ...(generated ? { password: generated } : {}) };
  } catch (error) {
    // Two admins creating the same account at once: the index decides, the loser gets the same 409.
    const { code, constraint } = pgErrorCode(error);
    if (code === "23505" && constraint === "users_username_key") throw usernameTaken(input.username);
    throw error;
  }
}

/** Name, phone, remark and role; an admin cannot demote themselves, and the last enabled admin stays one. */
export async function updateMember(
  deps: AppDeps,
  acting: MemberActing,
  id: number,
  input: z.output<typeof memberUpdate>,
): Promise<MemberItem> {
  const change: MemberChange = {
    action: "member.changed",
    selfRefusal: input.role && input.role !== "admin" ? "selfDemote" : null,
    after: (t: UserRow) => ({ role: input.role ?? t.role, enabled: t.enabled }),
  };
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return changeMember(deps, acting, id, change, async (tx, target) => {
    if (Object.keys(values).length === 0) return toMemberItem(target);
    const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
    return toMemberItem(row!);
  });
}
