import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Language, Page, PricedSku, pricedSkuQuery } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { merchantPrices, priceListPrices, productSkus, products } from "../../db/schema";
import { listPriceAt } from "../pricing/effective-price";
import { liveSku, productNameIn, skuKeywordFilter, skuPage } from "../product/catalog-sql";
import { getPriceList } from "./console-price-lists.service";
import { skuCosts } from "./console-sku-cost";

/** The catalog's order, as merchants see it. */
export const catalogOrder = [desc(products.sort), asc(products.id), desc(productSkus.sort), asc(productSkus.id)];

/** The list's next row after `now`: the price a scheduled change sets (null: the SKU leaves the list then). */
const nextRow = (listId: number, now: Date, column: "price" | "effective_at") =>
  sql`(select plp.${sql.raw(column)} from price_list_prices plp
    where plp.price_list_id = ${listId} and plp.sku_id = ${productSkus.id}
      and plp.effective_at > ${now.toISOString()}::timestamptz
    order by plp.effective_at limit 1)`;

/**
 * A list's view of the catalog: every live SKU with its price now, its next scheduled one, its cost and the
 * margin, each of its routes costed (console-sku-cost.ts). Unpriced SKUs are listed too (the console prices them
 * from here).
 */
export async function listPricedSkus(
  deps: AppDeps,
  listId: number,
  query: z.output<typeof pricedSkuQuery>,
  language: Language,
): Promise<Page<PricedSku>> {
  const list = await getPriceList(deps, listId);
  const now = deps.clock.now();
  const price = listPriceAt(listId, productSkus.id, now);
  const where = and(
    liveSku(),
    skuKeywordFilter(query.keyword),
    query.productId ? eq(products.id, query.productId) : undefined,
    query.priced === "priced" ? isNotNull(price) : query.priced === "unpriced" ? isNull(price) : undefined,
  );
  const columns = {
    skuId: productSkus.id,
    productId: products.id,
    productCode: products.code,
    productName: productNameIn(language),
    skuCode: productSkus.code,
    spec: productSkus.spec,
    faceValue: productSkus.faceValue,
    faceCurrency: productSkus.currency,
    price,
    productType: products.type,
    defaultSupplier: products.supplier,
    nextPrice: nextRow(listId, now, "price").mapWith(merchantPrices.price) as SQL<string | null>,
    nextAt: nextRow(listId, now, "effective_at").mapWith(priceListPrices.effectiveAt) as SQL<Date | null>,
  };
  const page = await skuPage(deps.db, query, { columns, where, order: catalogOrder }, (row) => row);
  const costs = await skuCosts(
    deps.db,
    page.list.map((row) => ({ ...row, currency: row.faceCurrency })),
    list.currency,
    now,
  );
  return {
    ...page,
    list: page.list.map(({ nextPrice, nextAt, productType: _, defaultSupplier: __, ...row }) => ({
      ...row,
      ...costs.get(row.skuId)!,
      next: nextAt ? { price: nextPrice, effectiveTime: nextAt.toISOString() } : null,
    })),
  };
}
