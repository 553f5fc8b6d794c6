import { sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import { pgErrorCode, queryRows } from "../../db/raw";
import { nextFundNo } from "../ledger/ledger.service";

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
  | { kind: "placed"; id: number; orderNo: string; balanceAfter: string }
  | { kind: "insufficient" }
  | { kind: "duplicate" };

/**
 * Places an order in ONE statement: the conditional debit, the order row (which is also its fulfilment work
 * item, due at once) and the Deduct entry. All else is decided before, so the merchant's balance row is
 * locked only for this statement. A debit the balance cannot cover writes nothing; a merchant order number
 * used before fails the whole statement on the unique index (debit included) and is reported as a duplicate.
 */
export async function insertOrder(executor: Executor, o: NewOrder): Promise<InsertOutcome> {
  const at = o.at.toISOString();
  try {
    const rows = await queryRows<{ id: string | number; order_no: string; balance_after: string }>(
      executor,
      sql`
        with debit as (
          update merchants set balance = balance - ${o.amount}::numeric, updated_at = ${at}
          where id = ${o.merchantId} and status = 'enabled' and balance >= ${o.amount}::numeric
          returning balance
        ), placed as (
          insert into orders (order_no, merchant_id, merchant_order_no, batch_id, product_id, sku_id, product_name,
            product_name_zh, product_type, spec, quantity, unit_price, amount, currency, recharge_account, inputs,
            source, created_by, created_at, supplier, next_run_at, deadline_at)
          select 'P' || to_char(${at}::timestamptz at time zone 'UTC', 'YYYYMMDD')
              || lpad(nextval('order_no_seq')::text, 10, '0'),
            ${o.merchantId}, ${o.merchantOrderNo}, ${o.batchId}::bigint, ${o.productId}, ${o.skuId}, ${o.productName},
            ${o.productNameZh}, ${o.productType}, ${o.spec}, ${o.quantity}, ${o.unitPrice}::numeric,
            ${o.amount}::numeric, ${o.currency}, ${o.rechargeAccount}, ${JSON.stringify(o.inputs)}::jsonb,
            ${o.source}, ${o.createdBy}::bigint, ${at}, ${o.supplier}, ${at},
            ${at}::timestamptz + make_interval(secs => ${o.deadlineSeconds})
          from debit
          returning id, order_no
        ), entry as (
          insert into ledger_entries (fund_no, merchant_id, type, amount, balance_before, balance_after, order_id,
            created_at)
          select ${nextFundNo(o.at)}, ${o.merchantId}, 'deduct', -${o.amount}::numeric,
            debit.balance + ${o.amount}::numeric, debit.balance, placed.id, ${at}
          from debit, placed
        )
        select placed.id, placed.order_no, debit.balance::text as balance_after from placed, debit`,
    );
    const [row] = rows;
    if (!row) return { kind: "insufficient" };
    return { kind: "placed", id: Number(row.id), orderNo: row.order_no, balanceAfter: row.balance_after };
  } catch (error) {
    const { code, constraint } = pgErrorCode(error);
    if (code === "23505" && constraint === "orders_merchant_order_no_key") return { kind: "duplicate" };
    throw error;
  }
}
