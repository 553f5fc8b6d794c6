import Big from "big.js";
import { sql } from "drizzle-orm";
import {
  type AttemptState,
  type CatalogEntry,
  type OrderFailCode,
  type Quote,
  type SupplierProductKind,
  supplierKindOf,
} from "#contracts";
import type { Executor } from "../../db/connection";
import { queryRows } from "../../db/raw";
import type { UsedRate } from "../pricing/exchange-rate.service";
import type { Money } from "../supplier/supplier";
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
  /** The product in the account's synced catalog (null: not listed, or a SKU without routes). */
  entry: CatalogEntry | null;
  /** A SKU without routes, sent to its product's default supplier (or a sandbox's order, to the simulator). */
  byDefault: boolean;
}

/** The product of `kind` a route names in its account's catalog, while the catalog lists it; `r` is the route. */
const catalogEntry = (kind: SupplierProductKind) => sql`(select p.entry from supplier_products p
  where p.supplier_id = r.supplier_id and p.kind = ${kind} and p.external_id = r.supplier_product
    and p.gone_at is null)`;

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
  order: { id: number; skuId: number; supplier: string; skuCode: string; sandbox: boolean; productType: number },
): Promise<Route[]> {
  const rows = await queryRows<
    AccountColumns & { supplierProduct: string; entry: CatalogEntry | null; byDefault: boolean }
  >(
    executor,
    sql`
      with routes as (
        select r.supplier_id, r.supplier_product, ${catalogEntry(supplierKindOf(order.productType))} as entry,
          false as by_default, r.position, r.enabled
        from sku_routes r where r.sku_id = ${order.skuId} and not ${order.sandbox}
        union all
        select a.id, ${order.skuCode}, null::jsonb, true, 0, true from supplier_accounts a
        where not ${order.sandbox} and a.code = ${order.supplier}
          and not exists (select 1 from sku_routes where sku_id = ${order.skuId})
        union all
        -- A sandbox's order only ever goes to the sandbox simulator, whatever the account was edited into.
        select a.id, ${order.skuCode}, null::jsonb, true, 0, true from supplier_accounts a
        where ${order.sandbox} and a.code = ${SANDBOX_SUPPLIER} and a.kind = 'simulator'
      )
      select ${accountColumns}, r.supplier_product as "supplierProduct", r.entry, r.by_default as "byDefault"
      from routes r join supplier_accounts a on a.id = r.supplier_id
      where r.enabled and a.enabled and not exists (
        select 1 from fulfilment_attempts f
        where f.order_id = ${order.id} and f.supplier_id = r.supplier_id and f.supplier_product = r.supplier_product)
      order by (a.health = 'down'), r.position`,
  );
  return rows.map((r) => ({
    account: accountOf(r),
    supplierProduct: r.supplierProduct,
    entry: r.entry,
    byDefault: r.byDefault,
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
  /** A refusal's classification (null unless refused or skipped). */
  failCode: OrderFailCode | null;
  /** The quote it was sent with (null for a skipped attempt, or one sent before plans were kept). */
  plan: Quote | null;
  /** Its product in the account's catalog now. */
  entry: CatalogEntry | null;
}

/** The order's latest attempt, or null before the first. */
export async function latestAttempt(
  executor: Executor,
  order: { id: number; productType: number },
): Promise<Attempt | null> {
  // The attempt's own columns as the query reads them (a bigint id may come back as a string), with its account's.
  const [row] = await queryRows<AccountColumns & Omit<Attempt, "id" | "account"> & { id: string | number }>(
    executor,
    sql`
      select f.id, f.seq, f.supplier_product as "supplierProduct", f.reference, f.transaction_id as "transactionId",
        f.state, f.detail, f.fail_code as "failCode", f.plan, ${accountColumns},
        (select p.entry from supplier_products p where p.supplier_id = f.supplier_id
          and p.kind = ${supplierKindOf(order.productType)} and p.external_id = f.supplier_product) as entry
      from fulfilment_attempts f join supplier_accounts a on a.id = f.supplier_id
      where f.order_id = ${order.id} order by f.seq desc limit 1`,
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
    plan: row.plan,
    entry: row.entry,
  };
}

/** Our reference at the supplier: the order number first, then `<orderNo>-2`, `-3`... for failovers. */
export const attemptReference = (orderNo: string, seq: number) => (seq === 1 ? orderNo : `${orderNo}-${seq}`);

/** What an attempt is for: the order's face value, and the quote it is sent with (or why it is skipped). */
interface AttemptStart {
  face: Money;
  /** Sent: the quote, per unit. Skipped: the reason (a stored message), its fail code and the quote if any. */
  plan: Quote | null;
  skipped?: { detail: string; failCode: OrderFailCode };
}

/**
 * Writes a new attempt before its supplier is called (`sent`, with the face value, what will be sent and the
 * expected cost, all for the whole attempt), or a route passed over without a call (`skipped`, finished, costing
 * nothing), only while the order is Processing under this claim. Null when the claim was lost. (Attempts are the
 * console's: the merchant's timeline never names a supplier.)
 */
export async function startAttempt(
  executor: Executor,
  order: { id: number; orderNo: string; attempts: number; quantity: number },
  seq: number,
  route: Route,
  at: Date,
  start: AttemptStart,
): Promise<Attempt | null> {
  const reference = attemptReference(order.orderNo, seq);
  const when = at.toISOString();
  const whole = (amount: string | undefined) =>
    amount === undefined ? null : new Big(amount).times(order.quantity).toFixed(4);
  const { plan, skipped } = start;
  const state: AttemptState = skipped ? "skipped" : "sent";
  const rows = await queryRows<{ id: string | number }>(
    executor,
    sql`
      with claimed as (
        select id from orders where id = ${order.id} and status = 'processing' and attempts = ${order.attempts}
      ), attempt as (
        insert into fulfilment_attempts (order_id, seq, supplier_id, supplier_product, reference, state, detail,
          fail_code, face_value, face_currency, plan, send_amount, send_currency, send_local, expected_cost,
          expected_cost_currency, created_at, finished_at)
        select id, ${seq}, ${route.account.id}, ${route.supplierProduct}, ${reference}, ${state},
          ${skipped?.detail ?? ""}, ${skipped?.failCode ?? null}, ${start.face.amount}, ${start.face.currency},
          ${plan ? JSON.stringify(plan) : null}::jsonb, ${whole(plan?.send.amount)}, ${plan?.send.currency ?? null},
          ${plan?.send.local ?? false}, ${whole(plan?.cost.amount)}, ${plan?.cost.currency ?? null}, ${when},
          ${skipped ? when : null}
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
    failCode: skipped?.failCode ?? null,
    reference,
    transactionId: null,
    state,
    detail: skipped?.detail ?? "",
    plan,
    entry: route.entry,
  };
}

export interface AttemptOutcome {
  state: AttemptState;
  transactionId?: string;
  detail?: string;
  failCode?: OrderFailCode;
  /** The supplier's own figures for the whole attempt, when it gave them (a success's). */
  cost?: Money;
  delivered?: Money;
  sent?: Money & { local: boolean };
  /** The charged (else expected) cost in the order's currency, and the rate it was converted at. */
  orderCost?: { amount: string; rate: UsedRate };
  /** What was delivered is less than the face value (or in another currency). */
  shortDelivery?: boolean;
  /** How long the submission took, once answered. */
  latencyMs?: number;
  at: Date;
}

/** Records what became of an attempt (a final state sets its finish time). */
export async function settleAttempt(executor: Executor, attemptId: number, outcome: AttemptOutcome): Promise<void> {
  const final = outcome.state === "success" || outcome.state === "failed";
  const { cost, delivered, sent, orderCost } = outcome;
  await queryRows(
    executor,
    sql`
      update fulfilment_attempts set state = ${outcome.state},
        transaction_id = coalesce(${outcome.transactionId ?? null}, transaction_id),
        detail = coalesce(${outcome.detail ?? null}, detail),
        fail_code = coalesce(${outcome.failCode ?? null}, fail_code),
        cost = coalesce(${cost?.amount ?? null}::numeric, cost),
        cost_currency = coalesce(${cost?.currency ?? null}, cost_currency),
        delivered_value = coalesce(${delivered?.amount ?? null}::numeric, delivered_value),
        delivered_currency = coalesce(${delivered?.currency ?? null}, delivered_currency),
        short_delivery = short_delivery or ${outcome.shortDelivery ?? false},
        send_amount = coalesce(${sent?.amount ?? null}::numeric, send_amount),
        send_currency = coalesce(${sent?.currency ?? null}, send_currency),
        send_local = coalesce(${sent?.local ?? null}::boolean, send_local),
        order_cost = coalesce(${orderCost?.amount ?? null}::numeric, order_cost),
        rate = coalesce(${orderCost?.rate.rate ?? null}::numeric, rate),
        rate_at = coalesce(${orderCost?.rate.at.toISOString() ?? null}::timestamptz, rate_at),
        latency_ms = coalesce(latency_ms, ${outcome.latencyMs ?? null}::int),
        finished_at = case when ${final} then ${outcome.at.toISOString()}::timestamptz else finished_at end
      where id = ${attemptId} and state in ('sent', 'pending')
      returning id`,
  );
}
