import { and, asc, count, desc, gte, inArray, lte, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Page, PageQuery, SortKey } from "#contracts";
import type { Db } from "./connection";

/**
 * One page of a list: the rows at the page's offset and the total, asked for together. Each list says how to
 * read its rows and its count; the offset arithmetic and the shape of the answer live here once.
 */
export async function fetchPage<Row, Item>(
  page: PageQuery,
  query: { rows(limit: number, offset: number): Promise<Row[]>; total(): Promise<{ n: number }[]> },
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const [rows, [total]] = await Promise.all([
    query.rows(page.pageSize, (page.pageNum - 1) * page.pageSize),
    query.total(),
  ]);
  return { total: Number(total?.n ?? 0), list: rows.map(toItem) };
}

/** A list's time filter: rows at or after `startTime` and at or before `endTime` (either may be absent). */
export const withinTimes = (column: PgColumn, range: { startTime?: string | null; endTime?: string | null }) =>
  and(
    range.startTime ? gte(column, new Date(range.startTime)) : undefined,
    range.endTime ? lte(column, new Date(range.endTime)) : undefined,
  );

/** Big lists count at most this many rows (then say "More than 10,000"): an exact count of millions is slow. */
export const LIST_COUNT_CAP = 10_000;

/** A merchant's table listed newest first: its id and creation time (indexed with the filters), and the filter. */
export interface NewestFirstList {
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  where: SQL | undefined;
  /** The caller's `sort` (fields its contract allowed) and the column of each such field. */
  sort?: { keys: readonly SortKey[]; columns: Readonly<Record<string, PgColumn>> };
}

/**
 * The list's ORDER BY: the caller's keys, else newest first; the id breaks ties (in the last key's direction,
 * so an index ending in the id serves it either way), so rows that tie never swap places between pages.
 */
function listOrder(list: NewestFirstList): SQL[] {
  const keys = list.sort?.keys.length ? list.sort.keys : [];
  const order = keys.map((key) => {
    const column = list.sort?.columns[key.field];
    if (!column) throw new Error(`No column for sort field "${key.field}"`);
    return key.desc ? desc(column) : asc(column);
  });
  if (order.length === 0) return [desc(list.createdAt), desc(list.id)];
  return [...order, keys.at(-1)?.desc ? desc(list.id) : asc(list.id)];
}

/**
 * The page of a big list, newest first (created_at, id) unless the caller sorts it (`listOrder`). The page's ids come from an index alone however deep
 * the page (a deferred join), then `read` fetches only those rows with what they join; the count is an
 * index-only scan that stops at LIST_COUNT_CAP. Chosen from EXPLAIN at 1M orders (bench/order-list.ts).
 */
export async function fetchNewestFirst<Row, Item>(
  db: Db,
  page: PageQuery,
  list: NewestFirstList,
  read: (only: SQL, order: SQL[]) => Promise<Row[]>,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const order = listOrder(list);
  const result = await fetchPage(
    page,
    {
      rows: (limit, offset) =>
        read(
          inArray(
            list.id,
            db
              .select({ id: list.id })
              .from(list.table)
              .where(list.where)
              .orderBy(...order)
              .limit(limit)
              .offset(offset),
          ),
          order,
        ),
      total: () =>
        db.select({ n: count() }).from(
          db
            .select({ one: list.id })
            .from(list.table)
            .where(list.where)
            .limit(LIST_COUNT_CAP + 1)
            .as("capped"),
        ),
    },
    toItem,
  );
  return result.total > LIST_COUNT_CAP ? { ...result, total: LIST_COUNT_CAP, totalCapped: true } : result;
}
