import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Language, Page, PageQuery, Product, ProductListQuery, ProductSku, ProductType } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { containing } from "../../db/like";
import { fetchPage } from "../../db/paging";
import { merchants, productSkus, products } from "../../db/schema";
import { fail } from "../../lib/failure";
import type { AuthContext } from "../auth/auth-context";
import { merchantPriceAt, nextListPriceAt, pricedAs } from "../pricing/effective-price";
import { localizeFields } from "./order-fields";

type ProductRow = typeof products.$inferSelect;
type SkuRow = typeof productSkus.$inferSelect;

export function listFilter(query: ProductListQuery): SQL | undefined {
  const name = query.name ? containing(query.name) : undefined;
  return and(
    // A product in the console's recycle bin is out of the catalog merchants see.
    isNull(products.deletedAt),
    name ? or(ilike(products.name, name), ilike(products.nameZh, name)) : undefined,
    query.type !== undefined ? eq(products.type, query.type) : undefined,
    query.status ? eq(products.status, query.status) : undefined,
  );
}

/**
 * The catalog as one merchant sees it: every product, each SKU with this merchant's price now (its own, else its
 * price list's; null makes the SKU not orderable by it). Products are shared; prices are per merchant.
 */
export async function listProducts(
  deps: AppDeps,
  auth: Pick<AuthContext, "merchantId">,
  query: PageQuery & ProductListQuery,
  language: Language,
): Promise<Page<Product>> {
  const where = listFilter(query);
  const page = await fetchPage(
    query,
    {
      rows: (limit, offset) =>
        deps.db
          .select()
          .from(products)
          .where(where)
          .orderBy(desc(products.sort), asc(products.id))
          .limit(limit)
          .offset(offset),
      total: () => deps.db.select({ n: count() }).from(products).where(where),
    },
    (row) => row,
  );
  const skus = await loadSkus(
    deps.db,
    auth.merchantId,
    page.list.map((p) => p.id),
    deps.clock.now(),
  );
  return { total: page.total, list: page.list.map((p) => toProduct(p, skus.get(p.id) ?? [], language)) };
}

export async function getProduct(deps: AppDeps, auth: AuthContext, id: number, language: Language): Promise<Product> {
  const [row] = await deps.db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  if (!row) throw fail("productNotFound");
  const skus = await loadSkus(deps.db, auth.merchantId, [row.id], deps.clock.now());
  return toProduct(row, skus.get(row.id) ?? [], language);
}

interface PricedSku {
  sku: SkuRow;
  price: string | null;
  currency: string;
}

/**
 * The enabled SKUs of some products with one merchant's prices at `at`, in one query. A SKU dropped from the
 * catalog stays in the table (orders reference it) but disabled, and merchants no longer see it.
 */
export async function loadSkus(executor: Executor, merchantId: number, productIds: number[], at: Date) {
  const bySku = new Map<number, PricedSku[]>();
  if (productIds.length === 0) return bySku;
  const rows = await executor
    .select({ sku: productSkus, price: merchantPriceAt(merchants, productSkus.id, at), currency: merchants.currency })
    .from(productSkus)
    .innerJoin(merchants, eq(merchants.id, pricedAs(merchantId)))
    .where(
      and(inArray(productSkus.productId, productIds), eq(productSkus.status, "enabled"), isNull(productSkus.deletedAt)),
    )
    .orderBy(desc(productSkus.sort), asc(productSkus.id));
  for (const row of rows) {
    const list = bySku.get(row.sku.productId) ?? [];
    list.push(row);
    bySku.set(row.sku.productId, list);
  }
  return bySku;
}

/** A Chinese text when the catalog has one, the English one otherwise. */
const inLanguage = (en: string, zh: string, language: Language) => (language === "zh-CN" && zh ? zh : en);

export function toProduct(row: ProductRow, skus: PricedSku[], language: Language): Product {
  const onSale = row.status === "enabled";
  return {
    id: row.id,
    code: row.code,
    name: inLanguage(row.name, row.nameZh, language),
    type: row.type as ProductType,
    status: row.status,
    imageUrl: row.imageUrl,
    description: inLanguage(row.description, row.descriptionZh, language),
    deadlineSeconds: row.deadlineSeconds,
    skus: skus.map(
      ({ sku, price, currency }): ProductSku => ({
        id: sku.id,
        code: sku.code,
        spec: sku.spec,
        faceValue: sku.faceValue,
        currency: sku.currency,
        price,
        priceCurrency: currency,
        orderable: onSale && sku.status === "enabled" && price !== null,
      }),
    ),
    fields: localizeFields(row.fields, language),
  };
}

export interface OrderTarget {
  /** The whole product row; `fields` are the stored definitions (both languages), for `checkOrderInputs`. */
  product: ProductRow;
  /** Null when the product has no SKU with this id. */
  sku: SkuRow | null;
  /** This merchant's price of the SKU at the time asked (its own, else its list's); null = not orderable by it. */
  price: string | null;
  /** When that price may change next by itself (a scheduled list price, epoch ms); null = only by an edit. */
  priceChangesAt: number | null;
  merchantCurrency: string;
}

/**
 * What placing an order needs to know about its product, SKU and price at `at` (the order's time), in one query
 * (inside the caller's transaction when given one). Null when there is no such product or merchant. Status
 * checks (product and SKU enabled) are the caller's: it names the reason in its error.
 */
export async function loadOrderTarget(
  executor: Executor,
  merchantId: number,
  productId: number,
  skuId: number,
  at: Date,
): Promise<OrderTarget | null> {
  const [row] = await executor
    .select({
      product: products,
      sku: productSkus,
      price: merchantPriceAt(merchants, productSkus.id, at),
      priceChangesAt: nextListPriceAt(merchants.priceListId, productSkus.id, at),
      merchantCurrency: merchants.currency,
    })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, pricedAs(merchantId)))
    .leftJoin(
      productSkus,
      and(eq(productSkus.id, skuId), eq(productSkus.productId, products.id), isNull(productSkus.deletedAt)),
    )
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  return row ?? null;
}
