import Big from "big.js";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import { type PreparedStatement, pgErrorCode, preparedStatement } from "../../db/raw";
import { type ActiveRiskRules, NO_RISK_RULES } from "../risk/active-rules";

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

/** Which risk checks a statement carries: each combination is a text of its own, prepared once. */
interface Variant {
  blocked: boolean;
  velocity: boolean;
  cooling: boolean;
}

/** A value bound on each call: the statement's text is the same for every call of its variant. */
const $ = (name: string) => sql.placeholder(name);

/**
 * The risk rules (contracts/risk.ts) as conditions of the debit (`m` the merchant's row): no extra statement. The
 * daily limits compare the locked row's usage of the day (carried on it, so they cost no row of their own). The
 * other rules are written into the statement only while they are on (`rules`, read through the process's cache):
 * the velocity count reads at most N + 1 entries of the account index, however busy the account.
 */
function riskRulesHold(variant: Variant) {
  const today = (column: "day_amount" | "day_count") =>
    sql`(case when m.usage_day = ${$("day")}::date then m.${sql.raw(column)} else 0 end)`;
  const checks = [
    sql`(m.daily_amount_limit is null or ${today("day_amount")} + ${$("total")}::numeric <= m.daily_amount_limit)`,
    sql`(m.daily_count_limit is null or ${today("day_count")} + ${$("count")}::int <= m.daily_count_limit)`,
  ];
  // The group's accounts and how many orders each gets, as one JSON document: the checks probe the indexes by value.
  const groupAccounts = sql`jsonb_to_recordset(${$("accounts")}::jsonb) as g(account text, n int)`;
  if (variant.blocked)
    // A look-up per account (the LIMIT keeps it a probe of the primary key, never a join over the whole list).
    checks.push(sql`not exists (select 1 from ${groupAccounts}
      where (select 1 from blocked_accounts b where b.account = g.account limit 1) is not null)`);
  // Newest first, as the account index runs: the only order a generic plan (prepared statement) can serve without
  // a sort, so it probes that index even when planned on an empty table (tests/api/placing-plan.test.ts).
  if (variant.velocity)
    checks.push(sql`not exists (
      select 1 from ${groupAccounts}
      where g.n + (select count(*) from (select 1 from orders o where o.merchant_id = ${$("merchantId")}::bigint
          and o.recharge_account = g.account and o.created_at > ${$("hourAgo")}::timestamptz
          order by o.created_at desc limit ${$("velocityLimit")}::int + 1) recent)
        > ${$("velocityLimit")}::int)`);
  if (variant.cooling)
    checks.push(sql`m.created_at <= ${$("at")}::timestamptz - make_interval(days => ${$("coolingDays")}::int)`);
  return sql.join(checks, sql` and `);
}

/**
 * The placing statement: the debit (with the risk rules as its conditions), the orders (`input`, one JSON
 * document) and their ledger entries, one statement and one commit however many orders. It answers the placed
 * orders' ids and numbers, none when the debit did not happen. Volatile nextval() in a select with ORDER BY runs
 * after the sort, so order and fund numbers follow the input order, as do the identity ids the ledger's running
 * balance is ordered by.
 */
function placingSql(variant: Variant): SQL {
  return sql`
    with input as (
      select * from jsonb_to_recordset(${$("input")}::jsonb) as r(idx int, merchant_order_no text, batch_id bigint,
        product_id bigint, sku_id bigint, product_name text, product_name_zh text, product_type smallint,
        spec text, quantity int, unit_price numeric, amount numeric, currency text, recharge_account text,
        inputs jsonb, source text, created_by bigint, supplier text, deadline_seconds int, at timestamptz)
    ), debit as (
      update merchants m set balance = m.balance - ${$("total")}::numeric, updated_at = ${$("at")}::timestamptz,
        usage_day = ${$("day")}::date,
        day_amount = (case when m.usage_day = ${$("day")}::date then m.day_amount else 0 end) + ${$("total")}::numeric,
        day_count = (case when m.usage_day = ${$("day")}::date then m.day_count else 0 end) + ${$("count")}::int
      where m.id = ${$("merchantId")}::bigint and m.status = 'enabled' and m.balance >= ${$("total")}::numeric
        and ${riskRulesHold(variant)}
      returning m.balance
    ), placed as (
      insert into orders (order_no, merchant_id, merchant_order_no, batch_id, product_id, sku_id, product_name,
        product_name_zh, product_type, spec, quantity, unit_price, amount, currency, recharge_account, inputs,
        source, created_by, created_at, supplier, next_run_at, deadline_at)
      select 'P' || to_char(i.at at time zone 'UTC', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 10, '0'),
        ${$("merchantId")}::bigint, i.merchant_order_no, i.batch_id, i.product_id, i.sku_id, i.product_name,
        i.product_name_zh, i.product_type, i.spec, i.quantity, i.unit_price, i.amount, i.currency,
        i.recharge_account, i.inputs, i.source, i.created_by, i.at, i.supplier, i.at,
        i.at + make_interval(secs => i.deadline_seconds)
      from input i, debit
      order by i.idx
      returning id, order_no, amount, created_at
    ), chained as (
      select p.id, p.order_no, p.amount, p.created_at,
        debit.balance + ${$("total")}::numeric - sum(p.amount) over (order by p.id) as balance_after
      from placed p, debit
    ), entries as (
      insert into ledger_entries (fund_no, merchant_id, type, amount, balance_before, balance_after, order_id,
        created_at)
      select 'F' || to_char(c.created_at at time zone 'UTC', 'YYYYMMDD')
          || lpad(nextval('fund_no_seq')::text, 10, '0'),
        ${$("merchantId")}::bigint, 'deduct', -c.amount, c.balance_after + c.amount, c.balance_after, c.id, c.created_at
      from chained c
      order by c.id
    )
    select id, order_no from chained order by id`;
}

type PlacedRow = { id: string | number; order_no: string };

/** The placing statement of each variant, written and rendered on first use (at most eight). */
const placingStatements = new Map<string, PreparedStatement<PlacedRow>>();

/**
 * The statement and values that place `group` (one or more orders of one merchant) under `rules`. Exported for
 * the benchmark, which also hands the statement to pgbench.
 */
export function placing(group: readonly NewOrder[], rules: ActiveRiskRules) {
  const [first] = group;
  if (!first || group.some((o) => o.merchantId !== first.merchantId))
    throw new RangeError("insertOrders takes one or more orders of one merchant");
  const total = group.reduce((sum, o) => sum.plus(o.amount), new Big(0)).toFixed(4);
  const perAccount = new Map<string, number>();
  for (const o of group)
    if (o.rechargeAccount) perAccount.set(o.rechargeAccount, (perAccount.get(o.rechargeAccount) ?? 0) + 1);
  const { cooling, velocityPerHour } = rules;
  const variant: Variant = {
    blocked: rules.blocked && perAccount.size > 0,
    velocity: velocityPerHour !== null && perAccount.size > 0,
    cooling: cooling !== null && group.some((o) => new Big(o.amount).gte(cooling.minAmount)),
  };
  const key = `${+variant.blocked}${+variant.velocity}${+variant.cooling}`;
  let statement = placingStatements.get(key);
  if (!statement) {
    statement = preparedStatement<PlacedRow>(`place_orders_${key}`, placingSql(variant));
    placingStatements.set(key, statement);
  }
  const at = first.at.toISOString();
  const values = {
    input: JSON.stringify(group.map(inputRow)),
    merchantId: first.merchantId,
    total,
    count: group.length,
    at,
    day: at.slice(0, 10),
    accounts: JSON.stringify([...perAccount].map(([account, n]) => ({ account, n }))),
    hourAgo: new Date(first.at.getTime() - 3_600_000).toISOString(),
    velocityLimit: velocityPerHour,
    coolingDays: cooling?.days ?? null,
  };
  return { statement, values };
}

function inputRow(o: NewOrder, idx: number) {
  return {
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
  };
}

export async function insertOrders(
  executor: Executor,
  group: readonly NewOrder[],
  rules: ActiveRiskRules = NO_RISK_RULES,
): Promise<InsertOutcome> {
  try {
    const { statement, values } = placing(group, rules);
    const rows = await statement.run(executor, values);
    if (rows.length !== group.length) return { kind: "insufficient" };
    return { kind: "placed", placed: rows.map((r) => ({ id: Number(r.id), orderNo: r.order_no })) };
  } catch (error) {
    const { code, constraint } = pgErrorCode(error);
    if (code === "23505" && constraint === "orders_merchant_order_no_key") return { kind: "duplicate" };
    throw error;
  }
}
