import Big from "big.js";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import { pgErrorCode, queryRows } from "../../db/raw";

/** Everything an order row needs, decided before the statement runs (validation, price, encryption). */
export interface NewOrder {
  merchantId: number;
  merchantOrderNo: string;
  batchId: number | null;
  productId: number;
  skuId: number;
  productName: string;
  productNameZh: string;
  productType: number;
  spec: string;
  quantity: number;
  unitPrice: string;
  amount: string;
  currency: string;
  rechargeAccount: string;
  /** Values by field key; a secret is `{ sealed }`. */
  inputs: Record<string, string | { sealed: string }>;
  source: "manual" | "api";
  createdBy: number | null;
  supplier: string;
  deadlineSeconds: number;
  at: Date;
}

export type InsertOutcome =
  | { kind: "placed"; placed: { id: number; orderNo: string }[] }
  /** Nothing written: the balance is short, the merchant disabled, or a risk rule refuses (see whyNotDebited). */
  | { kind: "insufficient" }
  | { kind: "duplicate" };

/**
 * The risk rules (contracts/risk.ts) as conditions of the debit (`m` the merchant, `s` the settings, `input` the
 * orders): no extra statement, and the merchant's row, locked by the debit anyway, carries the day's usage. A
 * rule that is not set costs nothing but its `is null` test; the velocity count reads at most N + 1 index entries
 * (the orders_merchant_account_idx range), however busy the account.
 */
function riskRulesHold(day: string, total: string, count: number, at: string) {
  const today = (column: "day_amount" | "day_count") =>
    sql`(case when m.usage_day = ${day}::date then m.${sql.raw(column)} else 0 end)`;
  return sql`
    (m.daily_amount_limit is null or ${today("day_amount")} + ${total}::numeric <= m.daily_amount_limit)
    and (m.daily_count_limit is null or ${today("day_count")} + ${count} <= m.daily_count_limit)
    and not exists (select 1 from blocked_accounts b join input i on b.account = i.recharge_account)
    and (s.velocity_per_hour is null or not exists (
      select 1 from input i where i.recharge_account <> '' group by i.recharge_account
      having count(*) + (select count(*) from (select 1 from orders o where o.merchant_id = m.id
          and o.recharge_account = i.recharge_account and o.created_at > ${at}::timestamptz - interval '1 hour'
          limit s.velocity_per_hour + 1) recent)
        > s.velocity_per_hour))
    and (s.cooling_days is null or s.cooling_min_amount is null
      or m.created_at <= ${at}::timestamptz - make_interval(days => s.cooling_days)
      or not exists (select 1 from input i where i.amount >= s.cooling_min_amount))`;
}

/**
 * Places orders of ONE merchant in ONE statement: a conditional debit of their total, the order rows (each is
 * also its fulfilment work item, due at once) in the given order, and one Deduct entry per order whose balances
 * chain in that order. All else is decided before, so the merchant's balance row is locked only for this
 * statement. All or nothing: a total the balance cannot cover writes nothing ("insufficient"), and a merchant
 * order number used before fails the whole statement on the unique index, debit included ("duplicate").
 */
export async function insertOrders(executor: Executor, group: readonly NewOrder[]): Promise<InsertOutcome> {
  const [first] = group;
  if (!first || group.some((o) => o.merchantId !== first.merchantId))
    throw new RangeError("insertOrders takes one or more orders of one merchant");
  const total = group.reduce((sum, o) => sum.plus(o.amount), new Big(0)).toFixed(4);
  const at = first.at.toISOString();
  const day = at.slice(0, 10);
  const input = JSON.stringify(
    group.map((o, idx) => ({
      idx,
      merchant_order_no: o.merchantOrderNo,
      batch_id: o.batchId,
      product_id: o.productId,
      sku_id: o.skuId,
      product_name: o.productName,
      product_name_zh: o.productNameZh,
      product_type: o.productType,
      spec: o.spec,
      quantity: o.quantity,
      unit_price: o.unitPrice,
      amount: o.amount,
      currency: o.currency,
      recharge_account: o.rechargeAccount,
      inputs: o.inputs,
      source: o.source,
      created_by: o.createdBy,
      supplier: o.supplier,
      deadline_seconds: o.deadlineSeconds,
      at: o.at.toISOString(),
    })),
  );
  try {
    // Volatile nextval() in a select with ORDER BY runs after the sort, so order and fund numbers follow the
    // input order, as do the identity ids the ledger's running balance is ordered by.
    const rows = await queryRows<{ id: string | number; order_no: string }>(
      executor,
      sql`
        with input as (
          select * from jsonb_to_recordset(${input}::jsonb) as r(idx int, merchant_order_no text, batch_id bigint,
            product_id bigint, sku_id bigint, product_name text, product_name_zh text, product_type smallint,
            spec text, quantity int, unit_price numeric, amount numeric, currency text, recharge_account text,
            inputs jsonb, source text, created_by bigint, supplier text, deadline_seconds int, at timestamptz)
        ), debit as (
          update merchants m set balance = m.balance - ${total}::numeric, updated_at = ${at},
            usage_day = ${day}::date,
            day_amount = (case when m.usage_day = ${day}::date then m.day_amount else 0 end) + ${total}::numeric,
            day_count = (case when m.usage_day = ${day}::date then m.day_count else 0 end) + ${group.length}
          from risk_settings s
          where m.id = ${first.merchantId} and m.status = 'enabled' and m.balance >= ${total}::numeric and s.id = 1
            and ${riskRulesHold(day, total, group.length, at)}
          returning m.balance
        ), placed as (
          insert into orders (order_no, merchant_id, merchant_order_no, batch_id, product_id, sku_id, product_name,
            product_name_zh, product_type, spec, quantity, unit_price, amount, currency, recharge_account, inputs,
            source, created_by, created_at, supplier, next_run_at, deadline_at)
          select 'P' || to_char(i.at at time zone 'UTC', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 10, '0'),
            ${first.merchantId}, i.merchant_order_no, i.batch_id, i.product_id, i.sku_id, i.product_name,
            i.product_name_zh, i.product_type, i.spec, i.quantity, i.unit_price, i.amount, i.currency,
            i.recharge_account, i.inputs, i.source, i.created_by, i.at, i.supplier, i.at,
            i.at + make_interval(secs => i.deadline_seconds)
          from input i, debit
          order by i.idx
          returning id, order_no, amount, created_at
        ), chained as (
          select p.id, p.order_no, p.amount, p.created_at,
            debit.balance + ${total}::numeric - sum(p.amount) over (order by p.id) as balance_after
          from placed p, debit
        ), entries as (
          insert into ledger_entries (fund_no, merchant_id, type, amount, balance_before, balance_after, order_id,
            created_at)
          select 'F' || to_char(c.created_at at time zone 'UTC', 'YYYYMMDD')
              || lpad(nextval('fund_no_seq')::text, 10, '0'),
            ${first.merchantId}, 'deduct', -c.amount, c.balance_after + c.amount, c.balance_after, c.id, c.created_at
          from chained c
          order by c.id
        )
        select id, order_no from chained order by id`,
    );
    if (rows.length !== group.length) return { kind: "insufficient" };
    return { kind: "placed", placed: rows.map((r) => ({ id: Number(r.id), orderNo: r.order_no })) };
  } catch (error) {
    const { code, constraint } = pgErrorCode(error);
    if (code === "23505" && constraint === "orders_merchant_order_no_key") return { kind: "duplicate" };
    throw error;
  }
}
