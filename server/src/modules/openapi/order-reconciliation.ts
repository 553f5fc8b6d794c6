import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Language, OpenApiOrderListQuery, OpenApiOrderPage } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { orderBatches, orders } from "../../db/schema";
import { moment, readCursor, writeCursor } from "./cursor";
import { toOpenApiOrder } from "./openapi.service";
import type { OpenApiCaller } from "./openapi-auth";

/**
 * Reconciliation (GET /openapi/v1/orders): a merchant's orders in the order they last changed — placed, then
 * finished — so a client that missed callbacks asks "what changed since my last look?" and pages to the end.
 * The cursor is the last row's (update time, id), opaque to the client; paging by it is stable while orders
 * keep arriving (new changes come after it). One index serves it: (merchant, coalesce(completed, created), id).
 */
const updatedAt = sql<Date>`coalesce(${orders.completedAt}, ${orders.createdAt})`;

export async function listOpenApiOrders(
  deps: AppDeps,
  caller: OpenApiCaller,
  query: OpenApiOrderListQuery,
  language: Language,
): Promise<OpenApiOrderPage> {
  const after = query.cursor === undefined ? null : readCursor(query.cursor);
  const where = and(
    eq(orders.merchantId, caller.merchantId),
    query.updatedFrom ? sql`${updatedAt} >= ${moment(query.updatedFrom)}` : undefined,
    query.updatedTo ? sql`${updatedAt} < ${moment(query.updatedTo)}` : undefined,
    query.createdFrom ? sql`${orders.createdAt} >= ${moment(query.createdFrom)}` : undefined,
    query.createdTo ? sql`${orders.createdAt} < ${moment(query.createdTo)}` : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    query.batchNo ? eq(orderBatches.batchNo, query.batchNo) : undefined,
    after ? sql`(${updatedAt}, ${orders.id}) > (${moment(after.at)}, ${after.id})` : undefined,
  ) as SQL;
  const rows = await deps.db
    .select({ order: orders, batchNo: orderBatches.batchNo, updatedAt: updatedAt.mapWith(orders.createdAt) })
    .from(orders)
    .leftJoin(orderBatches, eq(orderBatches.id, orders.batchId))
    .where(where)
    .orderBy(asc(updatedAt), asc(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    list: page.map((r) => ({
      ...toOpenApiOrder(r.order, language, r.batchNo),
      updateTime: r.updatedAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit && last ? writeCursor({ at: last.updatedAt.toISOString(), id: last.order.id }) : null,
  };
}
