import { sql } from "drizzle-orm";
import type { AttemptState, OrderFailCode } from "#contracts";
import type { Executor } from "../../db/connection";
import { queryRows } from "../../db/raw";
import type { AccountRow } from "./supplier-clients";

/**
 * The rows behind routing: a SKU's routes in the order they are tried, and an order's attempts (see
 * supplier.schema.ts). Every write that starts or settles an attempt is guarded like the order's own writes
 * (still Processing, still this worker's claim), so a worker that outlived its lease changes nothing.
 */

/** The account's columns a worker needs to connect to it; `a` is the supplier_accounts alias. */
const accountColumns = sql.raw(`a.id as "accountId", a.code, a.name, a.kind, a.base_url as "baseUrl",
  a.auth_url as "authUrl", a.credentials_sealed as "credentialsSealed", a.enabled,
  (extract(epoch from a.updated_at) * 1000)::float8 as "updatedMs"`);

type AccountColumns = Omit<AccountRow, "id" | "updatedMs"> & { accountId: string | number; updatedMs: string | number };
const accountOf = (row: AccountColumns): AccountRow => ({
  id: Number(row.accountId),
  code: row.code,
  name: row.name,
  kind: row.kind,
  baseUrl: row.baseUrl,
  authUrl: row.authUrl,
  credentialsSealed: row.credentialsSealed,
  enabled: row.enabled,
  updatedMs: Number(row.updatedMs),
});

export interface Route {
  account: AccountRow;
  supplierProduct: string;
  /** Per unit. */
  cost: string | null;
  costCurrency: string | null;
}

/** The simulator account sandbox orders go to (migration 0028). */
const SANDBOX_SUPPLIER = "sandbox";

/**
 * The routes still open to an order, best first: its SKU's enabled routes at enabled accounts, healthy ones
 * before those whose last check failed (a `down` account is still tried, last, rather than failing the order),
 * then by position; a route already attempted for this order is not offered again. A SKU without routes goes to
 * the order's default supplier (the product's, by code), at no known cost.
 */
export async function openRoutes(
  executor: Executor,
  order: { id: number; skuId: number; supplier: string; skuCode: string; sandbox: boolean },
): Promise<Route[]> {
  const rows = await queryRows<
    AccountColumns & { supplierProduct: string; cost: string | null; costCurrency: string | null }
  >(
    executor,
    sql`
      with routes as (
        select r.supplier_id, r.supplier_product, r.cost::text as cost, r.cost_currency, r.position, r.enabled
        from sku_routes r where r.sku_id = ${order.skuId} and not ${order.sandbox}
        union all
        select a.id, ${order.skuCode}, null, null, 0, true from supplier_accounts a
        where not ${order.sandbox} and a.code = ${order.supplier}
          and not exists (select 1 from sku_routes where sku_id = ${order.skuId})
        union all
        -- A sandbox's order only ever goes to the sandbox simulator, whatever the account was edited into.
        select a.id, ${order.skuCode}, null, null, 0, true from supplier_accounts a
        where ${order.sandbox} and a.code = ${SANDBOX_SUPPLIER} and a.kind = 'simulator'
      )
      select ${accountColumns}, r.supplier_product as "supplierProduct", r.cost, r.cost_currency as "costCurrency"
      from routes r join supplier_accounts a on a.id = r.supplier_id
      where r.enabled and a.enabled and not exists (
        select 1 from fulfilment_attempts f
        where f.order_id = ${order.id} and f.supplier_id = r.supplier_id and f.supplier_product = r.supplier_product)
      order by (a.health = 'down'), r.position`,
  );
  return rows.map((r) => ({
    account: accountOf(r),
    supplierProduct: r.supplierProduct,
    cost: r.cost,
    costCurrency: r.costCurrency,
  }));
}

export interface Attempt {
  id: number;
  seq: number;
  account: AccountRow;
  supplierProduct: string;
  reference: string;
  transactionId: string | null;
  state: AttemptState;
  detail: string;
  /** A refusal's classification (null unless refused). */
  failCode: OrderFailCode | null;
}

/** The order's latest attempt, or null before the first. */
export async function latestAttempt(executor: Executor, orderId: number): Promise<Attempt | null> {
  const [row] = await queryRows<
    AccountColumns & {
      id: string | number;
      seq: number;
      supplierProduct: string;
      reference: string;
      transactionId: string | null;
      state: AttemptState;
      detail: string;
      failCode: OrderFailCode | null;
    }
  >(
    executor,
    sql`
      select f.id, f.seq, f.supplier_product as "supplierProduct", f.reference, f.transaction_id as "transactionId",
        f.state, f.detail, f.fail_code as "failCode", ${accountColumns}
      from fulfilment_attempts f join supplier_accounts a on a.id = f.supplier_id
      where f.order_id = ${orderId} order by f.seq desc limit 1`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    seq: Number(row.seq),
    account: accountOf(row),
    supplierProduct: row.supplierProduct,
    reference: row.reference,
    transactionId: row.transactionId,
    state: row.state,
    detail: row.detail,
    failCode: row.failCode,
  };
}

/** Our reference at the supplier: the order number first, then `<orderNo>-2`, `-3`... for failovers. */
export const attemptReference = (orderNo: string, seq: number) => (seq === 1 ? orderNo : `${orderNo}-${seq}`);

/**
 * Writes a new attempt (`sent`) before its supplier is called, only while the order is Processing under this
 * claim. Null when the claim was lost. (Attempts are the console's: the merchant's timeline never names a
 * supplier.)
 */
export async function startAttempt(
  executor: Executor,
  order: { id: number; orderNo: string; attempts: number; quantity: number },
  seq: number,
  route: Route,
  at: Date,
): Promise<Attempt | null> {
  const reference = attemptReference(order.orderNo, seq);
  const when = at.toISOString();
  const rows = await queryRows<{ id: string | number }>(
    executor,
    sql`
      with claimed as (
        select id from orders where id = ${order.id} and status = 'processing' and attempts = ${order.attempts}
      ), attempt as (
        insert into fulfilment_attempts (order_id, seq, supplier_id, supplier_product, reference, cost, cost_currency,
          state, created_at)
        select id, ${seq}, ${route.account.id}, ${route.supplierProduct}, ${reference},
          ${route.cost}::numeric * ${order.quantity}, ${route.costCurrency}, 'sent', ${when}
        from claimed
        returning id
      )
      select id from attempt`,
  );
  const [row] = rows;
  if (!row) return null;
  return {
    id: Number(row.id),
    seq,
    account: route.account,
    supplierProduct: route.supplierProduct,
    failCode: null,
    reference,
    transactionId: null,
    state: "sent",
    detail: "",
  };
}

export interface AttemptOutcome {
  state: AttemptState;
  transactionId?: string;
  detail?: string;
  failCode?: OrderFailCode;
  /** The supplier's own figure for the whole attempt, when it gave one. */
  cost?: string;
  costCurrency?: string;
  /** How long the submission took, once answered. */
  latencyMs?: number;
  at: Date;
}

/** Records what became of an attempt (a final state sets its finish time). */
export async function settleAttempt(executor: Executor, attemptId: number, outcome: AttemptOutcome): Promise<void> {
  const final = outcome.state === "success" || outcome.state === "failed";
  await queryRows(
    executor,
    sql`
      update fulfilment_attempts set state = ${outcome.state},
        transaction_id = coalesce(${outcome.transactionId ?? null}, transaction_id),
        detail = coalesce(${outcome.detail ?? null}, detail),
        fail_code = coalesce(${outcome.failCode ?? null}, fail_code),
        cost = coalesce(${outcome.cost ?? null}::numeric, cost),
        cost_currency = coalesce(${outcome.costCurrency ?? null}, cost_currency),
        latency_ms = coalesce(latency_ms, ${outcome.latencyMs ?? null}::int),
        finished_at = case when ${final} then ${outcome.at.toISOString()}::timestamptz else finished_at end
      where id = ${attemptId} and state in ('sent', 'pending')
      returning id`,
  );
}
