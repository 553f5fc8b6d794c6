import Big from "big.js";
import { eq, sql } from "drizzle-orm";
import { type ApiEnvironment, SANDBOX_BALANCE, type SandboxBalance, storedMessage } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { queryRows } from "../../db/raw";
import { merchants } from "../../db/schema";
import { fail } from "../../lib/failure";
import { recordAudit, userActor } from "../audit/audit.service";
import type { AuthContext } from "../auth/auth-context";
import { postBalanceChange } from "../ledger/ledger.service";

/**
 * A merchant's sandbox is a merchant of its own (`merchants.sandbox_of`): its own AppID, keys, callback URL,
 * balance, ledger, orders and events, kept apart from the live ones by the merchant scoping every query already
 * has, so nothing a sandbox does can touch real money. What makes it a sandbox: it has no staff (only its AppID
 * acts for it), it buys at its live merchant's prices (product.service), its orders are only ever routed to the
 * simulator (fulfilment/attempts.ts), it is refused when its live merchant is disabled (openapi-auth.ts), and the
 * console's lists and statistics leave it out.
 */

/** "M100001" -> "M100001-SANDBOX": the sandbox's merchant number, as its balance and orders answer it. */
const SANDBOX_SUFFIX = "-SANDBOX";

/** The sandbox of a live merchant, created on first use with its play balance (safe under concurrency). */
export async function ensureSandbox(deps: AppDeps, liveMerchantId: number): Promise<number> {
  const existing = await sandboxOf(deps.db, liveMerchantId);
  if (existing !== null) return existing;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number | string }>(
      tx,
      sql`
      insert into merchants (merchant_no, name, company_name, currency, status, sandbox_of, created_at, updated_at)
      select merchant_no || ${SANDBOX_SUFFIX}, name, company_name, currency, 'enabled', id,
        -- As old as the live merchant: a new merchant's cooling period (risk rules) is over, or not, in both.
        created_at, ${now.toISOString()}
      from merchants where id = ${liveMerchantId} and sandbox_of is null
      on conflict (sandbox_of) do nothing
      returning id`,
    );
    // The opening balance is a ledger entry like any other, so the sandbox's ledger always adds up.
    if (row) await putBalance(tx, Number(row.id), now, storedMessage("ledger.remarks.sandboxOpening"));
  });
  const id = await sandboxOf(deps.db, liveMerchantId);
  if (id === null) throw fail("notFound");
  return id;
}

/** The merchant whose API application a settings call is about: the caller's own, or its sandbox. */
export async function appOwner(deps: AppDeps, auth: AuthContext, environment: ApiEnvironment): Promise<number> {
  return environment === "sandbox" ? ensureSandbox(deps, auth.merchantId) : auth.merchantId;
}

/** The play balance, read by the live merchant (the sandbox made first when there is none yet). */
export async function getSandboxBalance(deps: AppDeps, auth: AuthContext): Promise<SandboxBalance> {
  const read = () =>
    deps.db
      .select({ balance: merchants.balance, currency: merchants.currency })
      .from(merchants)
      .where(eq(merchants.sandboxOf, auth.merchantId));
  let [row] = await read();
  if (!row) {
    await ensureSandbox(deps, auth.merchantId);
    [row] = await read();
  }
  if (!row) throw fail("notFound");
  return { balance: new Big(row.balance).toFixed(2), currency: row.currency, resetTo: SANDBOX_BALANCE };
}

/**
 * Puts the sandbox balance back to SANDBOX_BALANCE, by one entry in the sandbox's ledger (none when it is there
 * already). Orders still processing keep their debit: a refund of one of them later adds to the new balance.
 */
export async function resetSandboxBalance(deps: AppDeps, auth: AuthContext): Promise<SandboxBalance> {
  const id = await ensureSandbox(deps, auth.merchantId);
  return deps.db.transaction(async (tx) => {
    const { change, currency } = await putBalance(
      tx,
      id,
      deps.clock.now(),
      storedMessage("ledger.remarks.sandboxReset"),
    );
    await recordAudit(deps, tx, {
      actor: userActor(auth),
      merchantId: auth.merchantId,
      action: "apiSettings.sandboxReset",
      target: { kind: "apiApp", id },
      after: { balance: SANDBOX_BALANCE, change },
    });
    return { balance: new Big(SANDBOX_BALANCE).toFixed(2), currency, resetTo: SANDBOX_BALANCE };
  });
}

/** Brings the balance to SANDBOX_BALANCE under the row's lock; answers the change made ("0" when none). */
async function putBalance(
  tx: Executor,
  merchantId: number,
  at: Date,
  remark: string,
): Promise<{ change: string; currency: string }> {
  const [row] = await tx
    .select({ balance: merchants.balance, currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .for("update");
  if (!row) throw fail("notFound");
  const change = new Big(SANDBOX_BALANCE).minus(row.balance);
  if (change.eq(0)) return { change: "0", currency: row.currency };
  await postBalanceChange(tx, {
    merchantId,
    type: change.gt(0) ? "add" : "reduce",
    amount: change.toString(),
    remark,
    at,
  });
  return { change: change.toString(), currency: row.currency };
}

async function sandboxOf(executor: Executor, liveMerchantId: number): Promise<number | null> {
  const [row] = await executor
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.sandboxOf, liveMerchantId));
  return row?.id ?? null;
}
