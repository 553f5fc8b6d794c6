import { count, eq, inArray } from "drizzle-orm";
import { storedMessage } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Db } from "../../db/connection";
import { merchants, users } from "../../db/schema";
import { type AuditActor, systemActor } from "../audit/audit.service";
import { builtInRoleIds } from "../console/role.service";
import { staffUsers } from "../console/staff.schema";
import { createStaff } from "../console/staff.service";
import { addBankAccount, listBankAccounts } from "../deposit/bank-account.service";
import { postBalanceChange } from "../ledger/ledger.service";
import { seedDemoCatalog } from "./demo-catalog";
import { createMerchant, createUser } from "./provisioning.service";

export const DEMO_PASSWORD = "Demo-pass-2026";
export const demoUsers = [
  { username: "admin@demo.test", role: "admin", name: "Demo Admin" },
  { username: "operator@demo.test", role: "operator", name: "Demo Operator" },
  { username: "finance@demo.test", role: "finance", name: "Demo Finance" },
] as const;

/** The demo console account: the spec's one person who is both super administrator and finance officer. */
export const demoStaff = {
  username: "console@demo.test",
  name: "Demo Super Admin",
  roles: ["superAdmin", "financeOfficer"],
} as const;

/** Enough for a few hundred demo orders; an Add entry like an approved deposit, so the ledger explains it. */
export const DEMO_OPENING_BALANCE = "5000.00";

/** The reseller's receiving account the demo shows in Recharge: a documentation-range number, not a real one. */
export const DEMO_BANK_ACCOUNT = {
  bankName: "Demo Bank International",
  accountName: "Demo Reseller Ltd.",
  accountNumber: "000123456789",
  swiftOrBranch: "DEMOUS33XXX",
  currency: "USD",
  note: "Write your merchant number as the transfer's reference.",
};

export async function isEmpty(deps: AppDeps): Promise<boolean> {
  const [row] = await deps.db.select({ n: count() }).from(merchants);
  return Number(row?.n ?? 0) === 0;
}

/**
 * The demo merchant, its three users (MFA unbound, so the first sign-in walks the bind flow), its catalog and
 * its opening balance, all in one transaction: a start killed halfway leaves no demo at all, and the next start
 * (which seeds an empty database) makes the whole of it. `onStep` lets tests stop it halfway. The audit log names
 * `actor` (the server itself at a first start, or the operator who ran `seed:demo`).
 */
export async function seedDemo(
  deps: AppDeps,
  { onStep, actor = systemActor }: { onStep?: (step: string) => Promise<void>; actor?: AuditActor } = {},
) {
  return deps.db.transaction(async (tx) => {
    // Every step below writes through `deps.db`; here that is the transaction (drizzle nests further ones as
    // savepoints), so they commit together or not at all.
    const inTx: AppDeps = { ...deps, db: tx as unknown as Db };
    return seedDemoSteps(inTx, actor, onStep ?? (async () => {}));
  });
}

async function seedDemoSteps(deps: AppDeps, actor: AuditActor, onStep: (step: string) => Promise<void>) {
  const merchant = await createMerchant(deps, actor, {
    name: "Demo Mobile Store",
    companyName: "Demo Trading Co., Ltd.",
    contactPerson: "Alex Chen",
    contactPhone: "+86 21 5555 0100",
    contactEmail: "contact@demo.test",
    website: "https://demo.test",
    currency: "USD",
  });
  await onStep("merchant");
  for (const user of demoUsers) {
    await createUser(deps, actor, { merchantNo: merchant.merchantNo, ...user, password: DEMO_PASSWORD });
  }
  await onStep("users");
  await seedDemoCatalog(deps, merchant.merchantNo);
  await onStep("catalog");
  await postBalanceChange(deps.db, {
    merchantId: merchant.id,
    type: "add",
    amount: DEMO_OPENING_BALANCE,
    remark: storedMessage("ledger.remarks.demoOpeningBalance"),
    at: deps.clock.now(),
  });
  // Where the Recharge dialog tells the demo merchant to send money (the reseller's account; invented numbers).
  const existing = await listBankAccounts(deps, { currency: DEMO_BANK_ACCOUNT.currency });
  if (!existing.some((a) => a.accountNumber === DEMO_BANK_ACCOUNT.accountNumber))
    await addBankAccount(deps, DEMO_BANK_ACCOUNT);
  return { merchantNo: merchant.merchantNo, users: demoUsers.map((u) => u.username), password: DEMO_PASSWORD };
}

/**
 * The demo console account, on a development database without staff (a new one, or one seeded before the
 * console existed). Its first sign-in binds MFA, as for every staff member.
 */
export async function seedDemoStaff(deps: AppDeps, actor: AuditActor = systemActor): Promise<boolean> {
  const [row] = await deps.db.select({ n: count() }).from(staffUsers);
  if (Number(row?.n ?? 0) > 0) return false;
  const roleIds = await builtInRoleIds(deps, demoStaff.roles);
  await createStaff(deps, actor, {
    username: demoStaff.username,
    name: demoStaff.name,
    roleIds,
    password: DEMO_PASSWORD,
  });
  return true;
}

export async function hasDemoStaff(deps: AppDeps): Promise<boolean> {
  const rows = await deps.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.username, demoStaff.username));
  return rows.length > 0;
}

export async function hasDemoUsers(deps: AppDeps): Promise<boolean> {
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.username,
        demoUsers.map((u) => u.username),
      ),
    );
  return rows.length > 0;
}
