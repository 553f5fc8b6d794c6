import Big from "big.js";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import { queryRows } from "../../db/raw";

/**
 * The balance ledger. Every change of a merchant's balance is one statement that changes the balance and
 * appends the entry together, so neither can exist without the other; a debit is a conditional update that
 * never takes the balance below zero (and the table's CHECK would refuse it anyway).
 */
export type LedgerType = "add" | "reduce" | "deduct" | "refund" | "other";

/** Fund numbers look like F20261121000000042: the day, then a sequence. */
export const nextFundNo = (at: Date) =>
  sql`'F' || to_char(${at.toISOString()}::timestamptz at time zone 'UTC', 'YYYYMMDD') || lpad(nextval('fund_no_seq')::text, 10, '0')`;

export interface BalanceChange {
  merchantId: number;
  type: LedgerType;
  /** Signed decimal string: credits positive, debits negative. */
  amount: string;
  remark?: string;
  orderId?: number;
  depositId?: number;
  at: Date;
}

export interface PostedEntry {
  fundNo: string;
  balanceBefore: string;
  balanceAfter: string;
}

/**
 * Applies a change and appends its entry in one statement. Answers null when a debit would take the balance
 * below zero (nothing is written then).
 */
export async function postBalanceChange(executor: Executor, change: BalanceChange): Promise<PostedEntry | null> {
  const amount = new Big(change.amount);
  if (amount.eq(0)) throw new RangeError("a ledger entry moves money: amount must not be zero");
  const rows = await queryRows<{ fund_no: string; balance_before: string; balance_after: string }>(
    executor,
    sql`
      with changed as (
        update merchants set balance = balance + ${amount.toString()}::numeric, updated_at = ${change.at.toISOString()}
        where id = ${change.merchantId} and balance + ${amount.toString()}::numeric >= 0
        returning balance
      )
      insert into ledger_entries
        (fund_no, merchant_id, type, amount, balance_before, balance_after, order_id, deposit_id, remark, created_at)
      select ${nextFundNo(change.at)}, ${change.merchantId}, ${change.type}, ${amount.toString()}::numeric,
        changed.balance - ${amount.toString()}::numeric, changed.balance, ${change.orderId ?? null}::bigint,
        ${change.depositId ?? null}::bigint, ${change.remark ?? ""}, ${change.at.toISOString()}
      from changed
      returning fund_no, balance_before::text, balance_after::text`,
  );
  const [row] = rows;
  return row ? { fundNo: row.fund_no, balanceBefore: row.balance_before, balanceAfter: row.balance_after } : null;
}

export interface LedgerViolation {
  merchantId: number;
  rule: string;
  detail: string;
}

/**
 * Checks the ledger's invariants (tests, benchmarks and `npm run ops -- ledger:check` use it): balance equals
 * the sum of entries and the last entry's balance; each order has at most one Deduct and one Refund; every
 * Failed order has exactly one Refund and every order exactly one Deduct; entries chain (each before = the
 * previous after).
 */
export async function ledgerViolations(executor: Executor, merchantId?: number): Promise<LedgerViolation[]> {
  const scope = merchantId === undefined ? sql`true` : sql`m.id = ${merchantId}`;
  const rows = await queryRows<{ merchant_id: string; rule: string; detail: string }>(
    executor,
    sql`
      select m.id::text as merchant_id, 'balance = sum(entries)' as rule,
        m.balance::text || ' <> ' || coalesce(sum(e.amount), 0)::text as detail
      from merchants m left join ledger_entries e on e.merchant_id = m.id
      where ${scope} group by m.id, m.balance having m.balance <> coalesce(sum(e.amount), 0)
      union all
      select m.id::text, 'balance = last entry', m.balance::text || ' <> ' || last.balance_after::text
      from merchants m
        join lateral (select balance_after from ledger_entries where merchant_id = m.id order by id desc limit 1) last
          on true
      where ${scope} and m.balance <> last.balance_after
      union all
      select e.merchant_id::text, 'entries chain', e.fund_no || ' starts at ' || e.balance_before::text
      from ledger_entries e join merchants m on m.id = e.merchant_id
        left join lateral (select balance_after from ledger_entries p
          where p.merchant_id = e.merchant_id and p.id < e.id order by p.id desc limit 1) prev on true
      where ${scope} and e.balance_before <> coalesce(prev.balance_after, 0)
      union all
      select o.merchant_id::text, 'one deduct per order', o.order_no || ' has ' || count(e.id)::text
      from orders o join merchants m on m.id = o.merchant_id
        left join ledger_entries e on e.order_id = o.id and e.type = 'deduct'
      where ${scope} group by o.merchant_id, o.order_no having count(e.id) <> 1
      union all
      select o.merchant_id::text, 'failed means refunded once', o.order_no || ' (' || o.status || ') has '
        || count(e.id)::text || ' refunds'
      from orders o join merchants m on m.id = o.merchant_id
        left join ledger_entries e on e.order_id = o.id and e.type = 'refund'
      where ${scope} group by o.merchant_id, o.order_no, o.status
      having count(e.id) <> case when o.status = 'failed' then 1 else 0 end`,
  );
  return rows.map((r) => ({ merchantId: Number(r.merchant_id), rule: r.rule, detail: r.detail }));
}
