import { and, isNull, type SQL, sql } from "drizzle-orm";
import type { Language } from "#contracts";
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
