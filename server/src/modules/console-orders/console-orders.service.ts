import Big from "big.js";
import { and, eq, isNotNull, lt, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ConsoleOrder, ConsoleOrderDetail, consoleOrderQuery, Language, Page } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fetchNewestFirst } from "../../db/paging";
import { merchants, orderBatches, orderEvents, orders } from "../../db/schema";
import { fail } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { orderAttempts } from "../fulfilment/attempt-list";
import { getOrder, listFilter, orderList, orderListColumns, toOrder } from "../order/order.service";
import { failOrder } from "../order/order-outcome";
import { fulfilmentAttempts, supplierAccounts } from "../supplier/supplier.schema";

/**
 * Every merchant's orders, for the console: the merchant's own list and detail without the merchant scope, with
 * the merchant named; and customer service's two actions on a Processing order, each audited in its transaction.
 */
export async function listConsoleOrders(
  deps: AppDeps,
  query: z.output<typeof consoleOrderQuery>,
  language: Language,
): Promise<Page<ConsoleOrder>> {
  const merchantOnly = query.merchantNo
    ? eq(
        orders.merchantId,
        deps.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.merchantNo, query.merchantNo)),
      )
    : undefined;
  // Sandbox orders are play (simulator, play balance): the console's merchants and statistics leave them out too.
  const liveOnly = notInArray(
    orders.merchantId,
    deps.db.select({ id: merchants.id }).from(merchants).where(isNotNull(merchants.sandboxOf)),
  );
  const shortOnly = query.shortDelivery ? sql`exists (${shortAttempt})` : undefined;
  // Stuck: still Processing so long after it was placed (the few Processing rows, by their partial index).
  const stuckOnly =
    query.processingOver === undefined
      ? undefined
      : and(
          eq(orders.status, "processing"),
          lt(orders.createdAt, new Date(deps.clock.now().getTime() - query.processingOver * 60_000)),
        );
  return fetchNewestFirst(
    deps.db,
    query,
    orderList(and(listFilter(deps.db, null, query), merchantOnly, liveOnly, shortOnly, stuckOnly)),
    (only, order) =>
      deps.db
        .select({
          order: orderListColumns,
          batchNo: orderBatches.batchNo,
          merchantNo: merchants.merchantNo,
          merchantName: merchants.name,
          shortDelivery: sql<boolean>`exists (${shortAttempt})`,
          deadlineAt: orders.deadlineAt,
          supplierName: sql<string | null>`(${latestSupplier})`,
          successCost: sql<string | null>`(${successCost})`,
        })
        .from(orders)
        .innerJoin(merchants, eq(merchants.id, orders.merchantId))
        .leftJoin(orderBatches, eq(orderBatches.id, orders.batchId))
        .where(only)
        .orderBy(...order),
    ({ order, batchNo, merchantNo, merchantName, shortDelivery, deadlineAt, supplierName, successCost }) => {
      const listed = toOrder(order, batchNo, language);
      return {
        ...listed,
        merchantNo,
        merchantName,
        shortDelivery,
        deadlineAt: deadlineAt.toISOString(),
        supplierName,
        margin: successCost === null ? null : new Big(listed.amount).minus(successCost).toFixed(4),
      };
    },
  );
}

/** The supplier of the listed order's latest attempt. */
const latestSupplier = sql`select s.name from ${fulfilmentAttempts} f join ${supplierAccounts} s on s.id = f.supplier_id
  where f.order_id = ${orders.id} order by f.seq desc limit 1`;

/** What the listed order's successful attempt cost, in the order's currency (null: none, or no rate then). */
const successCost = sql`select f.order_cost::text from ${fulfilmentAttempts} f
  where f.order_id = ${orders.id} and f.state = 'success' order by f.seq desc limit 1`;

/** An attempt of the listed order that a supplier delivered short (the list's flag and filter). */
const shortAttempt = sql`select 1 from ${fulfilmentAttempts} f
  where f.order_id = ${orders.id} and f.short_delivery`;

async function orderRow(deps: AppDeps, orderNo: string) {
  const [row] = await deps.db
    .select({
      id: orders.id,
      merchantId: orders.merchantId,
      status: orders.status,
      source: orders.source,
      merchantNo: merchants.merchantNo,
    })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(eq(orders.orderNo, orderNo));
  if (!row) throw fail("orderNotFound");
  return row;
}

export async function consoleOrderDetail(
  deps: AppDeps,
  orderNo: string,
  language: Language,
): Promise<ConsoleOrderDetail> {
  const [detail, [merchant], attempts] = await Promise.all([
    getOrder(deps, null, orderNo, language),
    deps.db
      .select({ merchantNo: merchants.merchantNo, merchantName: merchants.name })
      .from(orders)
      .innerJoin(merchants, eq(merchants.id, orders.merchantId))
      .where(eq(orders.orderNo, orderNo)),
    orderAttempts(deps, orderNo, language),
  ]);
  const paid = attempts.find((a) => a.state === "success");
  const orderCost = paid?.orderCost ?? null;
  return {
    ...detail,
    merchantNo: merchant?.merchantNo ?? "",
    merchantName: merchant?.merchantName ?? "",
    attempts,
    cost: paid?.cost ?? null,
    costCurrency: paid?.costCurrency ?? null,
    orderCost,
    costEstimated: paid !== undefined && paid.cost === null,
    margin: orderCost === null ? null : new Big(detail.amount).minus(orderCost).toFixed(4),
    shortDelivery: attempts.some((a) => a.shortDelivery),
  };
}

/**
 * Hands a Processing order to the fulfilment worker now: its next look at the supplier (a query when the
 * supplier has it, else a submission) happens on the worker's next round instead of after its back-off.
 */
export async function requeryOrder(deps: AppDeps, staff: StaffContext, orderNo: string, language: Language) {
  const row = await orderRow(deps, orderNo);
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({ nextRunAt: at })
      .where(and(eq(orders.id, row.id), eq(orders.status, "processing")))
      .returning({ id: orders.id });
    if (!changed) throw fail("orderNotProcessing");
    await tx.insert(orderEvents).values({ orderId: row.id, kind: "requeried", createdAt: at });
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: row.merchantId,
      action: "order.requeried",
      target: { kind: "order", id: orderNo },
    });
  });
  return consoleOrderDetail(deps, orderNo, language);
}

/** Fails a Processing order with the reason given; the refund is part of the same statement as any failure. */
export async function failOrderFromConsole(
  deps: AppDeps,
  staff: StaffContext,
  orderNo: string,
  reason: string,
  language: Language,
) {
  const row = await orderRow(deps, orderNo);
  await deps.db.transaction(async (tx) => {
    if (!(await failOrder(tx, row.id, deps.clock.now(), reason, "FAILED_BY_RESELLER")))
      throw fail("orderNotProcessing");
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: row.merchantId,
      action: "order.failed",
      target: { kind: "order", id: orderNo },
      before: { status: "processing" },
      after: { status: "failed", reason },
    });
  });
  deps.metrics.orderFinished(row.source, { status: "failed", failCode: "FAILED_BY_RESELLER" });
  return consoleOrderDetail(deps, orderNo, language);
}
