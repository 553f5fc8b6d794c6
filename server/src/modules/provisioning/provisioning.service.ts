import { eq } from "drizzle-orm";
import { z } from "zod";
import { newPassword, roles } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { merchants, nextMerchantNo, users } from "../../db/schema";
import { randomPassword } from "../../lib/crypto";
import { fail } from "../../lib/failure";
import { type AuditActor, recordAudit } from "../audit/audit.service";
import { normaliseUsername } from "../auth/credentials";
import { auditedMember } from "../member/member-guard";

/** The reseller's own staff create merchants and their first users (operator CLI, demo seed). */
export const newMerchant = z.object({
  name: z.string().trim().min(1, "merchant name is required"),
  companyName: z.string().trim().default(""),
  contactPerson: z.string().trim().default(""),
  contactPhone: z.string().trim().default(""),
  contactEmail: z.string().trim().default(""),
  website: z.string().trim().default(""),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, "currency must be a three-letter ISO code such as USD")
    .default("USD"),
  /** Empty: no low-balance notification. */
  lowBalanceThreshold: z.string().trim().default(""),
  /** Risk limits per day; empty: none. */
  dailyAmountLimit: z.string().trim().default(""),
  dailyCountLimit: z.string().trim().default(""),
});

/** A new merchant and its audit entry, in one transaction. */
export async function createMerchant(deps: AppDeps, actor: AuditActor, input: z.input<typeof newMerchant>) {
  const m = newMerchant.parse(input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(merchants)
      .values({
        ...m,
        lowBalanceThreshold: m.lowBalanceThreshold || null,
        dailyAmountLimit: m.dailyAmountLimit || null,
        dailyCountLimit: m.dailyCountLimit ? Number(m.dailyCountLimit) : null,
        merchantNo: nextMerchantNo,
      })
      .returning({ id: merchants.id, merchantNo: merchants.merchantNo });
    await recordAudit(deps, tx, {
      actor,
      merchantId: row!.id,
      action: "merchant.created",
      target: { kind: "merchant", id: row!.merchantNo },
      after: { merchantNo: row!.merchantNo, ...m },
    });
    return row!;
  });
}

export const newUser = z.object({
  merchantNo: z.string().trim().min(1),
  username: z.email("username must be an e-mail address").transform(normaliseUsername),
  role: z.enum(roles),
  name: z.string().trim().default(""),
  /** Empty: a random one is made and returned once. */
  password: z.union([z.literal(""), newPassword]).default(""),
});

/** A new user of a merchant and its audit entry, in one transaction; the password is never in the entry. */
export async function createUser(deps: AppDeps, actor: AuditActor, input: z.input<typeof newUser>) {
  const u = newUser.parse(input);
  const [merchant] = await deps.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.merchantNo, u.merchantNo));
  if (!merchant) throw fail("merchantNotFound", { merchantNo: u.merchantNo });
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.username, u.username));
  if (taken) throw fail("usernameTaken", { username: u.username });
  const password = u.password || randomPassword();
  const passwordHash = await deps.passwords.hash(password);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ merchantId: merchant.id, username: u.username, name: u.name, role: u.role, passwordHash })
      .returning();
    await recordAudit(deps, tx, {
      actor,
      merchantId: merchant.id,
      action: "member.created",
      target: { kind: "user", id: created!.id },
      after: auditedMember(created!),
    });
    return created!;
  });
  return { id: row.id, username: u.username, password, generated: !u.password };
}
