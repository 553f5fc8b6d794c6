import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  formatAmount,
  type GiftCard,
  type Language,
  type Order,
  type OrderDetail,
  type OrderListQuery,
  type Page,
  type PageQuery,
  readStoredText,
  type SortKey,
  type Translate,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { containing } from "../../db/like";
import { fetchNewestFirst, type NewestFirstList, withinTimes } from "../../db/paging";
import { ledgerEntries, merchantApps, orderBatches, orderEvents, orders, products, users } from "../../db/schema";
import { fail } from "../../lib/failure";
import { translator } from "../../lib/i18n";
import type { AuthContext } from "../auth/auth-context";
import { localizeFields } from "../product/order-fields";
import type { OrderRow } from "./place-order";

/**
 * The list's filters on `orders` alone (no join), so the count is an index-only scan. A product name matches
 * the catalog's names (both languages) and filters by product id, which an index serves; an order placed
 * before its product was renamed is found by the product's current name.
 */
export function listFilter(db: AppDeps["db"], merchantId: number | null, q: OrderListQuery): SQL | undefined {
  const name = q.productName ? containing(q.productName) : undefined;
  return and(
    merchantId === null ? undefined : eq(orders.merchantId, merchantId),
    q.orderNo ? eq(orders.orderNo, q.orderNo) : undefined,
    q.merchantOrderNo ? eq(orders.merchantOrderNo, q.merchantOrderNo) : undefined,
    name
      ? inArray(
          orders.productId,
          db
            .select({ id: products.id })
            .from(products)
            .where(or(ilike(products.name, name), ilike(products.nameZh, name))),
        )
      : undefined,
    q.batchId
      ? inArray(
          orders.batchId,
          db
            .select({ id: orderBatches.id })
            .from(orderBatches)
            .where(
              and(
                merchantId === null ? undefined : eq(orderBatches.merchantId, merchantId),
                eq(orderBatches.batchNo, q.batchId),
              ),
            ),
        )
      : undefined,
    q.rechargeAccount ? eq(orders.rechargeAccount, q.rechargeAccount) : undefined,
    q.status ? eq(orders.status, q.status) : undefined,
    q.source ? eq(orders.source, q.source) : undefined,
    withinTimes(orders.createdAt, q),
  );
}

/** Orders as a newest-first list (db/paging.ts), sortable by creation time and amount: the portal's and the console's. */
export const orderList = (where: SQL | undefined, sort: readonly SortKey[] = []): NewestFirstList => ({
  table: orders,
  id: orders.id,
  createdAt: orders.createdAt,
  where,
  sort: { keys: sort, columns: { createTime: orders.createdAt, amount: orders.amount } },
});

export async function listOrders(
  deps: AppDeps,
  auth: AuthContext,
  query: PageQuery & OrderListQuery & { sort?: SortKey[] },
  language: Language,
): Promise<Page<Order>> {
  return fetchNewestFirst(
    deps.db,
    query,
    orderList(listFilter(deps.db, auth.merchantId, query), query.sort),
    (only, order) =>
      deps.db
        .select({ order: orderListColumns, batchNo: orderBatches.batchNo })
        .from(orders)
        .leftJoin(orderBatches, eq(orderBatches.id, orders.batchId))
        .where(only)
        .orderBy(...order),
    ({ order, batchNo }) => toOrder(order, batchNo, language),
  );
}

/**
 * The columns an order's list entry is made of: lists and exports select only these (not the inputs, the sealed
 * result or the fulfilment state), which halves what a million-row export reads and parses.
 */
export const orderListColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  merchantOrderNo: orders.merchantOrderNo,
  productId: orders.productId,
  productName: orders.productName,
  productNameZh: orders.productNameZh,
  productType: orders.productType,
  skuId: orders.skuId,
  spec: orders.spec,
  quantity: orders.quantity,
  unitPrice: orders.unitPrice,
  amount: orders.amount,
  currency: orders.currency,
  rechargeAccount: orders.rechargeAccount,
  status: orders.status,
  source: orders.source,
  createdAt: orders.createdAt,
  completedAt: orders.completedAt,
  failReason: orders.failReason,
  failCode: orders.failCode,
  // Who placed it: the staff account, or for an Open API order the merchant's AppID (one app per merchant). One
  // look-up by primary key per listed order, so no query that lists orders needs a join for it. Columns spelled
  // out with their tables: drizzle leaves a one-table query's columns unqualified, and `merchant_id = merchant_id`
  // inside the apps' subquery would then match every merchant's app.
  placedBy: sql<string | null>`coalesce(
    (select u.username from ${users} u where u.id = ${orders}.created_by),
    (select a.app_id from ${merchantApps} a
      where a.merchant_id = ${orders}.merchant_id and ${orders}.source = 'api'))`,
};
export type OrderListRow = Pick<OrderRow, Exclude<keyof typeof orderListColumns, "placedBy">> & {
  placedBy?: string | null;
};

/** `t` reads a stored failure reason: exports pass their cached translator (a million rows). */
export function toOrder(
  row: OrderListRow,
  batchNo: string | null,
  language: Language,
  t: Translate = translator(language),
): Order {
  return {
    orderNo: row.orderNo,
    merchantOrderNo: row.merchantOrderNo,
    batchId: batchNo,
    productId: row.productId,
    productName: language === "zh-CN" && row.productNameZh ? row.productNameZh : row.productName,
    productType: row.productType,
    skuId: row.skuId,
    spec: row.spec,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    amount: row.amount,
    currency: row.currency,
    rechargeAccount: row.rechargeAccount,
    status: row.status,
    source: row.source,
    createTime: row.createdAt.toISOString(),
    completeTime: row.completedAt?.toISOString() ?? null,
    duration: row.completedAt ? Math.round((row.completedAt.getTime() - row.createdAt.getTime()) / 1000) : null,
    // Our own reasons are message keys; a supplier's own words are shown as they came.
    failReason: row.failReason === null ? null : readStoredText(t, row.failReason),
    failCode: row.failCode,
    placedBy: row.placedBy ?? null,
  };
}

/** The order of this merchant (null: of any merchant, for the console) by its number. */
async function ownOrder(deps: AppDeps, merchantId: number | null, orderNo: string) {
  const [found] = await deps.db
    .select({ order: orders, batchNo: orderBatches.batchNo, placedBy: orderListColumns.placedBy })
    .from(orders)
    .leftJoin(orderBatches, eq(orderBatches.id, orders.batchId))
    .where(and(merchantId === null ? undefined : eq(orders.merchantId, merchantId), eq(orders.orderNo, orderNo)));
  if (!found) throw fail("orderNotFound");
  return { ...found, order: { ...found.order, placedBy: found.placedBy } };
}

export const SECRET_MASK = "******";

export async function getOrder(
  deps: AppDeps,
  merchantId: number | null,
  orderNo: string,
  language: Language,
): Promise<OrderDetail> {
  const { order, batchNo } = await ownOrder(deps, merchantId, orderNo);
  const [product] = await deps.db
    .select({ fields: products.fields })
    .from(products)
    .where(eq(products.id, order.productId));
  const fields = product ? localizeFields(product.fields, language) : [];
  const stored = order.inputs as Record<string, string | { sealed: string }>;
  // jsonb keeps keys in its own order: show them in the product's field order.
  const rank = (key: string) => {
    const i = fields.findIndex((f) => f.key === key);
    return i === -1 ? fields.length : i;
  };
  const keys = Object.keys(stored).sort((a, b) => rank(a) - rank(b));
  const inputs = keys.map((key) => {
    const value = stored[key]!;
    const field = fields.find((f) => f.key === key);
    // A chosen option reads as its label, as it did in the form.
    const option = field?.options?.find((o) => o.value === value);
    return {
      key,
      label: field?.label ?? key,
      value: typeof value === "string" ? (option?.label ?? value) : SECRET_MASK,
      secret: typeof value !== "string",
    };
  });
  const cards = order.resultSealed ? maskCards(readCards(deps, order.resultSealed)) : null;
  return { ...toOrder(order, batchNo, language), inputs, timeline: await timeline(deps, order, language), cards };
}

export function readCards(deps: AppDeps, sealed: string): GiftCard[] {
  const result = JSON.parse(deps.cipher.decrypt(sealed)) as { cards?: GiftCard[] };
  return result.cards ?? [];
}

function maskCards(cards: GiftCard[]): GiftCard[] {
  return cards.map((c) => ({ serial: `****${c.serial.slice(-4)}`, pin: SECRET_MASK, expiresAt: c.expiresAt }));
}

/** Card codes in full, recorded as a `revealed` event with the user (an audit trail of who saw them). */
export async function revealCards(deps: AppDeps, auth: AuthContext, orderNo: string): Promise<GiftCard[]> {
  const { order } = await ownOrder(deps, auth.merchantId, orderNo);
  if (order.status !== "success" || !order.resultSealed) throw fail("noCards");
  const cards = readCards(deps, order.resultSealed);
  if (cards.length === 0) throw fail("noCards");
  await deps.db.insert(orderEvents).values({
    orderId: order.id,
    kind: "revealed",
    userId: auth.userId,
    detail: auth.username,
    createdAt: deps.clock.now(),
  });
  return cards;
}

/** A ledger movement in its currency's decimals (the ledger keeps four), signed. */
const signed = (amount: string, currency: string) =>
  `${amount.startsWith("-") ? "" : "+"}${formatAmount(amount, currency)} ${currency}`;

/** Created, supplier events, final state and the ledger entries, oldest first. */
async function timeline(deps: AppDeps, order: OrderRow, language: Language): Promise<OrderDetail["timeline"]> {
  const t = translator(language);
  const [events, entries] = await Promise.all([
    deps.db
      .select({ kind: orderEvents.kind, detail: orderEvents.detail, at: orderEvents.createdAt, user: users.username })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.userId))
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id)),
    deps.db
      .select({
        type: ledgerEntries.type,
        fundNo: ledgerEntries.fundNo,
        amount: ledgerEntries.amount,
        at: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order.id))
      .orderBy(asc(ledgerEntries.id)),
  ]);
  const entry = (type: string) => entries.find((e) => e.type === type);
  const deducted = entry("deduct");
  const refunded = entry("refund");
  const items: { kind: string; at: Date; detail: string; fundNo: string | null }[] = [
    {
      kind: "created",
      at: order.createdAt,
      detail: deducted ? signed(deducted.amount, order.currency) : "",
      fundNo: deducted?.fundNo ?? null,
    },
    ...events.map((e) => ({
      kind: e.kind,
      at: e.at,
      detail: e.kind === "revealed" ? (e.user ?? e.detail) : readStoredText(t, e.detail),
      fundNo: null,
    })),
  ];
  if (order.completedAt)
    items.push({
      kind: order.status,
      at: order.completedAt,
      detail: readStoredText(t, order.failReason ?? ""),
      fundNo: null,
    });
  if (refunded)
    items.push({
      kind: "refunded",
      at: refunded.at,
      detail: signed(refunded.amount, order.currency),
      fundNo: refunded.fundNo,
    });
  return items
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.index - b.index)
    .map(({ kind, at, detail, fundNo }) => ({ kind, time: at.toISOString(), detail, fundNo }));
}
