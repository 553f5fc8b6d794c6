import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type CurrentBalance,
  type Language,
  type LedgerEntry,
  type LedgerListQuery,
  type Page,
  type PageQuery,
  readStoredText,
  type SortKey,
  type Translate,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fetchNewestFirst, withinTimes } from "../../db/paging";
import { deposits, ledgerEntries, merchants, orders } from "../../db/schema";
import { fail } from "../../lib/failure";
import { translator } from "../../lib/i18n";
import type { AuthContext } from "../auth/auth-context";

export type LedgerPage = Page<LedgerEntry> & { summary: { credits: string; debits: string; currency: string } };

/**
 * The filters on `ledger_entries` alone, so count and page ids come from the (merchant, created_at, id) index;
 * an order number becomes the order's id first (orders are unique per order number).
 */
export function listFilter(db: AppDeps["db"], merchantId: number, q: LedgerListQuery): SQL | undefined {
  return and(
    eq(ledgerEntries.merchantId, merchantId),
    q.type ? eq(ledgerEntries.type, q.type) : undefined,
    q.fundNo ? eq(ledgerEntries.fundNo, q.fundNo) : undefined,
    q.orderNo
      ? inArray(
          ledgerEntries.orderId,
          db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.merchantId, merchantId), eq(orders.orderNo, q.orderNo))),
        )
      : undefined,
    withinTimes(ledgerEntries.createdAt, q),
  );
}

/** What one Funds Details row is read from (joined with its order and deposit), for the list and exports. */
export const ledgerEntryColumns = {
  entry: ledgerEntries,
  orderNo: orders.orderNo,
  productName: orders.productName,
  productNameZh: orders.productNameZh,
  rechargeAccount: orders.rechargeAccount,
  depositNo: deposits.depositNo,
};

interface LedgerEntryRow {
  entry: typeof ledgerEntries.$inferSelect;
  orderNo: string | null;
  productName: string | null;
  productNameZh: string | null;
  rechargeAccount: string | null;
  depositNo: string | null;
}

/** `t` reads the remark's stored sentence: exports pass their cached translator (a million rows). */
export function toLedgerEntry(
  row: LedgerEntryRow,
  language: Language,
  currency: string,
  t: Translate = translator(language),
): LedgerEntry {
  return {
    fundNo: row.entry.fundNo,
    orderNo: row.orderNo,
    depositNo: row.depositNo,
    productName: language === "zh-CN" && row.productNameZh ? row.productNameZh : (row.productName ?? null),
    rechargeAccount: row.rechargeAccount,
    type: row.entry.type,
    amount: row.entry.amount,
    balance: row.entry.balanceAfter,
    currency,
    remark: readStoredText(t, row.entry.remark),
    time: row.entry.createdAt.toISOString(),
  };
}

/** Funds Details: the merchant's ledger, newest first, with the credits and debits of the whole filtered range. */
export async function listLedger(
  deps: AppDeps,
  auth: AuthContext,
  query: PageQuery & LedgerListQuery & { sort?: SortKey[] },
  language: Language,
): Promise<LedgerPage> {
  const { db } = deps;
  const where = listFilter(db, auth.merchantId, query);
  const [merchant] = await db
    .select({ currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.id, auth.merchantId));
  const currency = merchant?.currency ?? "";
  const [page, [sums]] = await Promise.all([
    fetchNewestFirst(
      db,
      query,
      {
        table: ledgerEntries,
        id: ledgerEntries.id,
        createdAt: ledgerEntries.createdAt,
        where,
        sort: { keys: query.sort ?? [], columns: { time: ledgerEntries.createdAt, amount: ledgerEntries.amount } },
      },
      (only, order) =>
        db
          .select(ledgerEntryColumns)
          .from(ledgerEntries)
          .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
          .leftJoin(deposits, eq(deposits.id, ledgerEntries.depositId))
          .where(only)
          .orderBy(...order),
      (row) => toLedgerEntry(row, language, currency),
    ),
    // Summed in the database (exact NUMERIC); over every entry the filter selects, not only the page.
    db
      .select({
        credits: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)::numeric(20,4)::text`,
        debits: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)::numeric(20,4)::text`,
      })
      .from(ledgerEntries)
      .where(where),
  ]);
  const summary = { credits: sums?.credits ?? "0.0000", debits: sums?.debits ?? "0.0000", currency };
  return { ...page, summary };
}

/** The merchant's balance as the ledger leaves it, with its low-balance threshold (the shell's balance and banner). */
export async function currentBalance(deps: AppDeps, auth: AuthContext): Promise<CurrentBalance> {
  const [row] = await deps.db
    .select({
      balance: merchants.balance,
      currency: merchants.currency,
      lowBalanceThreshold: merchants.lowBalanceThreshold,
    })
    .from(merchants)
    .where(eq(merchants.id, auth.merchantId));
  if (!row) throw fail("notFound");
  return row;
}
