import { and, count, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TFunction } from "i18next";
import {
  type ExportType,
  type Language,
  languages,
  ledgerListQuery,
  orderListQuery,
  productListQuery,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { deposits, ledgerEntries, merchants, orderBatches, orders, products } from "../../db/schema";
import { cachedTranslator } from "../../lib/i18n";
import { ledgerEntryColumns, listFilter as ledgerFilter, toLedgerEntry } from "../ledger/ledger-list.service";
import { listFilter as orderFilter, orderListColumns, toOrder } from "../order/order.service";
import { loadSkus, listFilter as productFilter, toProduct } from "../product/product.service";
import { ledgerSheet, orderSheet, productSheet, type SheetLayout, type SheetTimes, sheetTimes } from "./export-rows";
import type { Cell } from "./xlsx-stream";

/** What a task stores in `params`: the list's filters, the language and the time zone it was asked in. */
export interface ExportParams {
  language: Language;
  query: Record<string, unknown>;
  /** IANA name from the browser; null (older tasks, API callers) = UTC. */
  timeZone: string | null;
}

/**
 * The rows of one export, read in keyset batches in the list's own order and with the list's own filter
 * (the list services' `listFilter`), so the file holds exactly what the list shows, however many rows.
 */
export interface ExportSource {
  sheetName: string;
  header: string[];
  columnWidths: number[];
  count(): Promise<number>;
  /** The next rows (at most `limit`); an empty array at the end. */
  next(limit: number): Promise<Cell[][]>;
}

export function parseExportParams(text: string): ExportParams {
  const raw = JSON.parse(text) as Partial<ExportParams>;
  const language = languages.find((l) => l === raw.language) ?? "en-US";
  return { language, query: raw.query ?? {}, timeZone: raw.timeZone ?? null };
}

export function exportSource(deps: AppDeps, task: { type: ExportType; merchantId: number; params: string }) {
  const { language, query, timeZone } = parseExportParams(task.params);
  const text = { t: cachedTranslator(language), times: sheetTimes(timeZone) };
  const sources = { product: productSource, order: orderSource, transaction: ledgerSource };
  return sources[task.type](deps, task.merchantId, query, language, text);
}

/** The translator and time format one export writes with. */
interface SheetText {
  t: TFunction;
  times: SheetTimes;
}

function sheet<Item>(layout: SheetLayout<Item>, { t, times }: SheetText, type: ExportType) {
  return {
    sheetName: t(`enums.exportType.${type}`),
    header: layout.header(t, times),
    columnWidths: layout.columnWidths,
  };
}

/** Newest first: the cursor is the last row's (created_at, id), the time as text so microseconds survive. */
type NewestCursor = { at: string; id: number } | null;
const olderThan = (createdAt: PgColumn, id: PgColumn, c: NonNullable<NewestCursor>) =>
  sql`(${createdAt}, ${id}) < (${c.at}::timestamptz, ${c.id})`;

function orderSource(deps: AppDeps, merchantId: number, query: unknown, language: Language, text: SheetText) {
  const where = orderFilter(deps.db, merchantId, orderListQuery.parse(query));
  let cursor: NewestCursor = null;
  return {
    ...sheet(orderSheet, text, "order"),
    count: async () => Number((await deps.db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0),
    async next(limit: number) {
      const rows = await deps.db
        .select({ order: orderListColumns, batchNo: orderBatches.batchNo, at: sql<string>`${orders.createdAt}::text` })
        .from(orders)
        .leftJoin(orderBatches, eq(orderBatches.id, orders.batchId))
        .where(and(where, cursor ? olderThan(orders.createdAt, orders.id, cursor) : undefined))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
      const last = rows.at(-1);
      if (last) cursor = { at: last.at, id: last.order.id };
      return rows.map((r) => orderSheet.row(toOrder(r.order, r.batchNo, language, text.t), text.t, text.times));
    },
  } satisfies ExportSource;
}

function ledgerSource(deps: AppDeps, merchantId: number, query: unknown, language: Language, text: SheetText) {
  const where = ledgerFilter(deps.db, merchantId, ledgerListQuery.parse(query));
  let cursor: NewestCursor = null;
  let currency: string | null = null;
  return {
    ...sheet(ledgerSheet, text, "transaction"),
    count: async () => Number((await deps.db.select({ n: count() }).from(ledgerEntries).where(where))[0]?.n ?? 0),
    async next(limit: number) {
      if (currency === null) {
        const [m] = await deps.db
          .select({ currency: merchants.currency })
          .from(merchants)
          .where(eq(merchants.id, merchantId));
        currency = m?.currency ?? "";
      }
      const rows = await deps.db
        .select({ ...ledgerEntryColumns, at: sql<string>`${ledgerEntries.createdAt}::text` })
        .from(ledgerEntries)
        .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
        .leftJoin(deposits, eq(deposits.id, ledgerEntries.depositId))
        .where(and(where, cursor ? olderThan(ledgerEntries.createdAt, ledgerEntries.id, cursor) : undefined))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(limit);
      const last = rows.at(-1);
      if (last) cursor = { at: last.at, id: last.entry.id };
      return rows.map((row) =>
        ledgerSheet.row(toLedgerEntry(row, language, currency ?? "", text.t), text.t, text.times),
      );
    },
  } satisfies ExportSource;
}

/** The catalog's order is (sort desc, id asc), so its cursor is the last row's (sort, id). */
function productSource(deps: AppDeps, merchantId: number, query: unknown, language: Language, text: SheetText) {
  const where = productFilter(productListQuery.parse(query));
  let cursor: { sort: number; id: number } | null = null;
  return {
    ...sheet(productSheet, text, "product"),
    count: async () => Number((await deps.db.select({ n: count() }).from(products).where(where))[0]?.n ?? 0),
    async next(limit: number) {
      const after = cursor
        ? or(lt(products.sort, cursor.sort), and(eq(products.sort, cursor.sort), gt(products.id, cursor.id)))
        : undefined;
      const rows = await deps.db
        .select()
        .from(products)
        .where(and(where, after))
        .orderBy(desc(products.sort), products.id)
        .limit(limit);
      const last = rows.at(-1);
      if (last) cursor = { sort: last.sort, id: last.id };
      const skus = await loadSkus(
        deps.db,
        merchantId,
        rows.map((p) => p.id),
        deps.clock.now(),
      );
      return rows.map((p) => productSheet.row(toProduct(p, skus.get(p.id) ?? [], language), text.t, text.times));
    },
  } satisfies ExportSource;
}
