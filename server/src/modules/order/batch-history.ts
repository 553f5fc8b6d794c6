import Big from "big.js";
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type BatchDetail,
  type BatchListQuery,
  type BatchSummary,
  type Language,
  type OrderStatus,
  type Page,
  type PageQuery,
  translateMessage,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fetchNewestFirst, withinTimes } from "../../db/paging";
import { merchants, orderBatches, orders, productSkus, products, users } from "../../db/schema";
import { fail } from "../../lib/failure";
import { translator } from "../../lib/i18n";
import type { AuthContext } from "../auth/auth-context";
import type { BatchRowOutcome } from "./batch-order";

/**
 * The batch history: past batches newest first, each with what happened at submission (kept on the batch) and
 * what its orders have become since, counted per page of batches through `orders_batch_idx` (at most 100
 * batches of at most 1,000 orders), so no list scans the merchant's orders.
 */
export async function listBatches(
  deps: AppDeps,
  auth: AuthContext,
  query: PageQuery & BatchListQuery,
  language: Language,
): Promise<Page<BatchSummary>> {
  const where = and(
    eq(orderBatches.merchantId, auth.merchantId),
    query.batchId ? eq(orderBatches.batchNo, query.batchId) : undefined,
    withinTimes(orderBatches.createdAt, query),
  );
  const page = await fetchNewestFirst(
    deps.db,
    query,
    { table: orderBatches, id: orderBatches.id, createdAt: orderBatches.createdAt, where },
    (only, order) => batchRows(deps, only).orderBy(...order),
    (row) => row,
  );
  const tallies = await tallyOrders(
    deps,
    page.list.map((b) => b.id),
  );
  return { ...page, list: page.list.map((b) => toSummary(b, tallies.get(b.id), language)) };
}

export async function getBatch(
  deps: AppDeps,
  auth: AuthContext,
  batchNo: string,
  language: Language,
): Promise<BatchDetail> {
  const [batch] = await batchRows(
    deps,
    and(eq(orderBatches.merchantId, auth.merchantId), eq(orderBatches.batchNo, batchNo)) as SQL,
  );
  if (!batch) throw fail("batchNotFound");
  const outcomes = batch.results as BatchRowOutcome[];
  const orderNos = outcomes.flatMap((r) => (r.orderNo ? [r.orderNo] : []));
  const statuses = new Map<string, OrderStatus>();
  // At most 1,000 look-ups by the unique order number, only of this merchant's orders.
  for (let i = 0; i < orderNos.length; i += 500) {
    const found = await deps.db
      .select({ orderNo: orders.orderNo, status: orders.status })
      .from(orders)
      .where(and(eq(orders.merchantId, auth.merchantId), inArray(orders.orderNo, orderNos.slice(i, i + 500))));
    for (const o of found) statuses.set(o.orderNo, o.status);
  }
  const t = translator(language);
  const results = outcomes.map((r) => ({
    index: r.index,
    merchantOrderNo: r.merchantOrderNo ?? null,
    orderNo: r.orderNo ?? null,
    existing: r.existing === true,
    status: r.orderNo ? (statuses.get(r.orderNo) ?? null) : null,
    message: r.message ? translateMessage(t, r.message, language) : null,
    errors: r.errors
      ? Object.fromEntries(Object.entries(r.errors).map(([k, m]) => [k, translateMessage(t, m, language)]))
      : null,
  }));
  const tally = (await tallyOrders(deps, [batch.id])).get(batch.id);
  return { ...toSummary(batch, tally, language), results };
}

/** A batch with its product, SKU, submitter and the merchant's currency. */
function batchRows(deps: AppDeps, where: SQL) {
  return deps.db
    .select({
      id: orderBatches.id,
      batchNo: orderBatches.batchNo,
      productId: orderBatches.productId,
      skuId: orderBatches.skuId,
      productName: products.name,
      productNameZh: products.nameZh,
      spec: productSkus.spec,
      createdAt: orderBatches.createdAt,
      placedBy: users.username,
      itemCount: orderBatches.itemCount,
      successCount: orderBatches.successCount,
      failCount: orderBatches.failCount,
      existingCount: orderBatches.existingCount,
      results: orderBatches.results,
      currency: merchants.currency,
    })
    .from(orderBatches)
    .innerJoin(merchants, eq(merchants.id, orderBatches.merchantId))
    .leftJoin(products, eq(products.id, orderBatches.productId))
    .leftJoin(productSkus, eq(productSkus.id, orderBatches.skuId))
    .leftJoin(users, eq(users.id, orderBatches.createdBy))
    .where(where);
}

type BatchRow = Awaited<ReturnType<typeof batchRows>>[number];
interface Tally {
  byStatus: Partial<Record<OrderStatus, number>>;
  amount: Big;
}

/** The orders of these batches by status, and their amount less failed (refunded) ones. */
async function tallyOrders(deps: AppDeps, batchIds: number[]): Promise<Map<number, Tally>> {
  const tallies = new Map<number, Tally>();
  if (batchIds.length === 0) return tallies;
  const rows = await deps.db
    .select({
      batchId: orders.batchId,
      status: orders.status,
      n: count(),
      amount: sql<string>`coalesce(sum(${orders.amount}), 0)::text`,
    })
    .from(orders)
    .where(inArray(orders.batchId, batchIds))
    .groupBy(orders.batchId, orders.status);
  for (const row of rows) {
    if (row.batchId === null) continue;
    const tally = tallies.get(row.batchId) ?? { byStatus: {}, amount: new Big(0) };
    tally.byStatus[row.status] = Number(row.n);
    if (row.status !== "failed") tally.amount = tally.amount.plus(row.amount);
    tallies.set(row.batchId, tally);
  }
  return tallies;
}

function toSummary(b: BatchRow, tally: Tally | undefined, language: Language): BatchSummary {
  return {
    batchId: b.batchNo,
    productId: b.productId,
    productName: (language === "zh-CN" && b.productNameZh ? b.productNameZh : b.productName) ?? "",
    skuId: b.skuId,
    spec: b.spec ?? "",
    createTime: b.createdAt.toISOString(),
    placedBy: b.placedBy,
    rows: b.itemCount,
    placed: b.successCount,
    refused: b.failCount,
    existing: b.existingCount,
    processing: tally?.byStatus.processing ?? 0,
    success: tally?.byStatus.success ?? 0,
    failed: tally?.byStatus.failed ?? 0,
    amount: (tally?.amount ?? new Big(0)).toFixed(4),
    currency: b.currency,
  };
}
