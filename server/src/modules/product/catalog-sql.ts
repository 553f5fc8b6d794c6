import { and, count, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Language, Page, PageQuery } from "#contracts";
import type { Db } from "../../db/connection";
import { containing } from "../../db/like";
import { fetchPage } from "../../db/paging";
import { productSkus, products } from "../../db/schema";

/** SKUs in the catalog: neither they nor their product in the recycle bin (the console's lists of SKUs). */
export const liveSku = (): SQL => and(isNull(productSkus.deletedAt), isNull(products.deletedAt)) as SQL;

/**
 * A product's name in the reader's language, as merchants see it: its Chinese name when it has one, the English
 * one otherwise. The console's lists that name products (routes, prices, the recycle bin) answer it.
 */
export const productNameIn = (language: Language): SQL<string> =>
  language === "zh-CN"
    ? sql<string>`coalesce(nullif(${products.nameZh}, ''), ${products.name})`
    : sql<string>`${products.name}`;

/** Part of a product's code or name (either language), or a SKU's code. */
export function skuKeywordFilter(keyword: string | undefined | null): SQL | undefined {
  if (!keyword) return undefined;
  const like = containing(keyword);
  return or(
    ilike(products.code, like),
    ilike(products.name, like),
    ilike(products.nameZh, like),
    ilike(productSkus.code, like),
  );
}

/** One page of SKUs joined to their products, and their count: the console's SKU lists (prices, routes) share it. */
export function skuPage<Columns extends SelectedFields, Item>(
  db: Db,
  page: PageQuery,
  list: { columns: Columns; where: SQL | undefined; order: SQL[] },
  toItem: (row: SelectResultFields<Columns>) => Item,
): Promise<Page<Item>> {
  const ofProduct = eq(products.id, productSkus.productId);
  return fetchPage(
    page,
    {
      // Drizzle types a select's rows only from columns it sees, so the caller's are cast to their own rows here.
      rows: (limit, offset) =>
        db
          .select(list.columns as SelectedFields)
          .from(productSkus)
          .innerJoin(products, ofProduct)
          .where(list.where)
          .orderBy(...list.order)
          .limit(limit)
          .offset(offset) as Promise<SelectResultFields<Columns>[]>,
      total: () => db.select({ n: count() }).from(productSkus).innerJoin(products, ofProduct).where(list.where),
    },
    toItem,
  );
}
