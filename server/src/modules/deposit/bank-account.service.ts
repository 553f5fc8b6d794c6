import { and, asc, eq } from "drizzle-orm";
import type { ReceivingBankAccount } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { merchants } from "../../db/schema";
import { fail } from "../../lib/failure";
import type { AuthContext } from "../auth/auth-context";
import { receivingBankAccounts } from "./deposit.schema";
import { enabledGatewayNames } from "./payment-gateway.service";

type Row = typeof receivingBankAccounts.$inferSelect;

const shown = (row: Row): ReceivingBankAccount => ({
  id: row.id,
  bankName: row.bankName,
  accountName: row.accountName,
  accountNumber: row.accountNumber,
  swiftOrBranch: row.swiftOrBranch,
  currency: row.currency,
  note: row.note,
});

/**
 * The Recharge dialog's "where to send the money": enabled accounts in the merchant's balance currency, and the
 * payment methods its form offers.
 */
export async function bankAccountsFor(
  deps: AppDeps,
  auth: AuthContext,
): Promise<{ currency: string; list: ReceivingBankAccount[]; gateways: string[] }> {
  const [merchant] = await deps.db
    .select({ currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.id, auth.merchantId));
  const currency = merchant?.currency ?? "";
  const rows = await deps.db
    .select()
    .from(receivingBankAccounts)
    .where(and(eq(receivingBankAccounts.currency, currency), eq(receivingBankAccounts.enabled, true)))
    .orderBy(asc(receivingBankAccounts.id));
  return { currency, list: rows.map(shown), gateways: await enabledGatewayNames(deps) };
}

/** Every account, disabled ones too, for the operator CLI. */
export async function listBankAccounts(deps: AppDeps, filter: { currency?: string } = {}): Promise<Row[]> {
  const currency = filter.currency === undefined ? undefined : currencyCode(filter.currency);
  return deps.db
    .select()
    .from(receivingBankAccounts)
    .where(currency ? eq(receivingBankAccounts.currency, currency) : undefined)
    .orderBy(asc(receivingBankAccounts.id));
}

function currencyCode(value: string): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw fail("bankAccountCurrencyFormat");
  return code;
}

export interface NewBankAccount {
  bankName: string;
  accountName: string;
  accountNumber: string;
  swiftOrBranch?: string;
  currency: string;
  note?: string;
}

export async function addBankAccount(deps: AppDeps, input: NewBankAccount): Promise<Row> {
  const required = { bank: input.bankName, "account-name": input.accountName, "account-number": input.accountNumber };
  for (const [field, value] of Object.entries(required))
    if (!value.trim()) throw fail("bankAccountFieldRequired", { field });
  const [row] = await deps.db
    .insert(receivingBankAccounts)
    .values({
      bankName: input.bankName.trim(),
      accountName: input.accountName.trim(),
      accountNumber: input.accountNumber.trim(),
      swiftOrBranch: input.swiftOrBranch?.trim() ?? "",
      currency: currencyCode(input.currency),
      note: input.note?.trim() ?? "",
    })
    .returning();
  return row!;
}

/** Disabled accounts are no longer shown to merchants; they are kept, so past guidance stays explainable. */
export async function setBankAccountEnabled(deps: AppDeps, id: number | string, enabled: boolean): Promise<Row> {
  // "#3" as bank-account:list prints it, or "3"; anything else is no account's number, and is said as typed.
  const typed = String(id).trim().replace(/^#/, "");
  const digits = /^\d{1,15}$/.test(typed) ? typed : undefined;
  const [row] = digits
    ? await deps.db
        .update(receivingBankAccounts)
        .set({ enabled })
        .where(eq(receivingBankAccounts.id, Number(digits)))
        .returning()
    : [];
  if (!row) throw fail("bankAccountNotFound", { id: typed });
  return row;
}
