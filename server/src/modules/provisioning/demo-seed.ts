import { count, inArray } from "drizzle-orm";
import { storedMessage } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Db } from "../../db/connection";
import { merchants, users } from "../../db/schema";
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
 * (which seeds an empty database) makes the whole of it. `onStep` lets tests stop it halfway.
 */
export async function seedDemo(deps: AppDeps, { onStep }: { onStep?: (step: string) => Promise<void> } = {}) {
  return deps.db.transaction(async (tx) => {
    // Every step below writes through `deps.db`; here that is the transaction (drizzle nests further ones as
    // savepoints), so they commit together or not at all.
    const inTx: AppDeps = { ...deps, db: tx as unknown as Db };
    return seedDemoSteps(inTx, onStep ?? (async () => {}));
  });
}

async function seedDemoSteps(deps: AppDeps, onStep: (step: string) => Promise<void>) {
  const merchant = await createMerchant(deps, {
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
    await createUser(deps, { merchantNo: merchant.merchantNo, ...user, password: DEMO_PASSWORD });
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
