import type { Page, PageQuery } from "../contracts";

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
