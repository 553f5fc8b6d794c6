import { eq } from "drizzle-orm";
import { z } from "zod";
import { newPassword, roles } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { merchants, nextMerchantNo, users } from "../../db/schema";
import { randomPassword } from "../../lib/crypto";
import { fail } from "../../lib/failure";
import { normaliseUsername } from "../auth/auth.service";

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
});

export async function createMerchant(deps: AppDeps, input: z.input<typeof newMerchant>) {
  const m = newMerchant.parse(input);
  const [row] = await deps.db
    .insert(merchants)
    .values({ ...m, merchantNo: nextMerchantNo })
    .returning({ id: merchants.id, merchantNo: merchants.merchantNo });
  return row!;
}

export const newUser = z.object({
  merchantNo: z.string().trim().min(1),
  username: z.email("username must be an e-mail address").transform(normaliseUsername),
  role: z.enum(roles),
  name: z.string().trim().default(""),
  /** Empty: a random one is made and returned once. */
  password: z.union([z.literal(""), newPassword]).default(""),
});

export async function createUser(deps: AppDeps, input: z.input<typeof newUser>) {
  const u = newUser.parse(input);
  const [merchant] = await deps.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.merchantNo, u.merchantNo));
  if (!merchant) throw fail("merchantNotFound", { merchantNo: u.merchantNo });
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.username, u.username));
  if (taken) throw fail("usernameTaken", { username: u.username });
  const password = u.password || randomPassword();
  const [row] = await deps.db
    .insert(users)
    .values({
      merchantId: merchant.id,
      username: u.username,
      name: u.name,
      role: u.role,
      passwordHash: await deps.passwords.hash(password),
    })
    .returning({ id: users.id });
  return { id: row!.id, username: u.username, password, generated: !u.password };
}
