import { eq, sql } from "drizzle-orm";
import type { SupplierAccountView } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { claimDue } from "../../db/claim-due";
import { type PollingWorker, startPollingWorker, type WorkerLog } from "../../lib/polling-worker";
import { connectAccount, type SupplierRegistry, supplierRegistry } from "./registry";
import { supplierAccounts, supplierBalances } from "./supplier.schema";
import { getSupplier } from "./supplier-account.service";

/** A balance question that takes longer than this marks the account down. */
const CHECK_TIMEOUT_MS = 10_000;

type Checked = Pick<typeof supplierAccounts.$inferSelect, "id" | "kind" | "baseUrl" | "authUrl" | "credentialsSealed">;

/**
 * Asks the account's balance: an answer marks it up (with the balance, also kept in supplier_balances), a throw
 * down (with why, which never holds a credential: adapters keep them out of their errors). Routing tries `down`
 * accounts last.
 */
async function checkAccount(deps: AppDeps, registry: SupplierRegistry, account: Checked): Promise<void> {
  const at = deps.clock.now();
  try {
    const client = connectAccount(deps, registry, account);
    if (!client) throw new Error(`No adapter for ${account.kind}`);
    const balance = await client.balance(AbortSignal.timeout(CHECK_TIMEOUT_MS));
    await deps.db.transaction(async (tx) => {
      await tx
        .update(supplierAccounts)
        .set({
          health: "up",
          balance: balance.amount,
          balanceCurrency: balance.currency,
          checkedAt: at,
          lastError: "",
        })
        .where(eq(supplierAccounts.id, account.id));
      // Every balance read is kept: reconciliation compares its movement over a day with what attempts cost.
      await tx
        .insert(supplierBalances)
        .values({ supplierId: account.id, balance: balance.amount, currency: balance.currency, checkedAt: at });
    });
  } catch (error) {
    const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 300);
    await deps.db
      .update(supplierAccounts)
      .set({ health: "down", checkedAt: at, lastError: text })
      .where(eq(supplierAccounts.id, account.id));
  }
}

/** The console's "check now". */
export async function checkSupplierNow(deps: AppDeps, id: number): Promise<SupplierAccountView> {
  const [account] = await deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.id, id));
  if (!account) return getSupplier(deps, id); // answers "no such supplier"
  await checkAccount(deps, supplierRegistry(), account);
  return getSupplier(deps, id);
}

/**
 * One round of scheduled checks: enabled accounts not checked for SUPPLIER_CHECK_MS are claimed (their check
 * time moves on, so another process does not check them too) and checked.
 */
export async function runSupplierChecks(deps: AppDeps, registry: SupplierRegistry = supplierRegistry()) {
  const now = deps.clock.now();
  const stale = new Date(now.getTime() - deps.config.SUPPLIER_CHECK_MS).toISOString();
  const due = await claimDue<Omit<Checked, "id"> & { id: string | number }>(deps.db, {
    table: "supplier_accounts",
    due: sql`t.enabled and (t.checked_at is null or t.checked_at <= ${stale})`,
    orderBy: sql`t.checked_at nulls first`,
    limit: 20,
    set: sql`checked_at = ${now.toISOString()}`,
    returning: sql`t.id, t.kind, t.base_url as "baseUrl", t.auth_url as "authUrl",
      t.credentials_sealed as "credentialsSealed"`,
  });
  await Promise.all(due.map((account) => checkAccount(deps, registry, { ...account, id: Number(account.id) })));
  return due.length;
}

export function startSupplierHealthWorker(deps: AppDeps, { log }: { log: WorkerLog }): PollingWorker {
  return startPollingWorker({
    name: "supplier-health",
    // Looks often for a due account (cheap), checks each only every SUPPLIER_CHECK_MS.
    pollMs: Math.min(deps.config.SUPPLIER_CHECK_MS, 30_000),
    log,
    round: async () => {
      await runSupplierChecks(deps);
      return false;
    },
  });
}
