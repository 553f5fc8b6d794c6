import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { BinEntry, BinKind, Language, Page, PageQuery } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { queryRows } from "../../db/raw";
import { merchantPrices, orders, priceListPrices, productSkus, products } from "../../db/schema";
import { fail } from "../../lib/failure";
import type { StaffContext } from "../auth/auth-context";
import { skuRoutes } from "../supplier/supplier.schema";
import { getConsoleProduct } from "./console-catalog.service";
import { auditCatalog } from "./console-catalog-common";
import { auditedProduct } from "./console-catalog-product-checks";

/**
 * The recycle bin: a deleted product (its SKUs with it) or a deleted SKU of a live product. Merchants no longer
 * see or order what is in it; staff restore it as it was, or purge it for good when no order refers to it
 * (orders keep their product and SKU forever). A product's SKUs keep their own state in the bin, so restoring the
 * product brings back the SKUs that were live, not the ones deleted one by one before.
 */
export async function deleteProduct(deps: AppDeps, staff: StaffContext, id: number): Promise<null> {
  return deps.db.transaction(async (tx) => {
    // Locked first: of two deletes at once, the second finds the product gone (404) and audits nothing.
    await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .for("update");
    const before = await getConsoleProduct(tx, id);
    await tx.update(products).set({ deletedAt: deps.clock.now() }).where(eq(products.id, id));
    await auditCatalog(deps, tx, staff, {
      action: "catalog.deleted",
      target: { kind: "product", id: before.code },
      before: auditedProduct(before),
    });
    return null;
  });
}

interface BinRow {
  kind: BinKind;
  id: number | string;
  productCode: string;
  productName: string;
  skuCode: string | null;
  spec: string | null;
  deleteTime: Date | string;
  orders: number;
}

/** Binned products and binned SKUs of live products, newest first, each with the orders that refer to it. */
export async function listBin(deps: AppDeps, page: PageQuery, language: Language): Promise<Page<BinEntry>> {
  const name = language === "zh-CN" ? sql`coalesce(nullif(p.name_zh, ''), p.name)` : sql`p.name`;
  const entries = sql`
    select 'product' as kind, p.id, p.code as "productCode", ${name} as "productName", null as "skuCode",
      null as spec, p.deleted_at as "deleteTime",
      (select count(*) from orders o where o.product_id = p.id)::int as orders
    from products p where p.deleted_at is not null
    union all
    select 'sku', s.id, p.code, ${name}, s.code, s.spec, s.deleted_at,
      (select count(*) from orders o where o.sku_id = s.id)::int
    from product_skus s join products p on p.id = s.product_id
    where s.deleted_at is not null and p.deleted_at is null`;
  const [rows, [total]] = await Promise.all([
    queryRows<BinRow>(
      deps.db,
      sql`select * from (${entries}) e order by "deleteTime" desc, kind, id desc
        limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`,
    ),
    queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n from (${entries}) e`),
  ]);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((r) => ({ ...r, id: Number(r.id), deleteTime: new Date(r.deleteTime).toISOString() })),
  };
}

/** A bin entry, locked: a binned product, or a binned SKU with its product's code and whether that is binned. */
async function binned(tx: Executor, kind: BinKind, id: number) {
  if (kind === "product") {
    const [row] = await tx
      .select({ code: products.code })
      .from(products)
      .where(and(eq(products.id, id), isNotNull(products.deletedAt)))
      .for("update");
    if (!row) throw fail("binEntryNotFound");
    return { target: row.code, productInBin: true };
  }
  const [row] = await tx
    .select({ code: productSkus.code, productCode: products.code, productDeletedAt: products.deletedAt })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(and(eq(productSkus.id, id), isNotNull(productSkus.deletedAt)))
    .for("update");
  if (!row) throw fail("binEntryNotFound");
  return { target: `${row.productCode}/${row.code}`, productInBin: row.productDeletedAt !== null };
}

export async function restoreFromBin(deps: AppDeps, staff: StaffContext, kind: BinKind, id: number): Promise<null> {
  return deps.db.transaction(async (tx) => {
    const entry = await binned(tx, kind, id);
    if (kind === "sku" && entry.productInBin) throw fail("skuProductInBin");
    const table = kind === "product" ? products : productSkus;
    await tx.update(table).set({ deletedAt: null }).where(eq(table.id, id));
    await auditCatalog(deps, tx, staff, { action: "catalog.restored", target: { kind, id: entry.target } });
    return null;
  });
}

/**
 * Deletes a bin entry for good with what only describes it (routes, prices of merchants and price lists), all in
 * one transaction. Refused while an order refers to it; a SKU of a binned product is purged with its product.
 * Batches that named it keep their rows (their history reads the product and SKU by an outer join).
 */
export async function purgeFromBin(deps: AppDeps, staff: StaffContext, kind: BinKind, id: number): Promise<null> {
  return deps.db.transaction(async (tx) => {
    const entry = await binned(tx, kind, id);
    if (kind === "sku" && entry.productInBin) throw fail("binEntryNotFound");
    const skuIds = (
      await tx
        .select({ id: productSkus.id })
        .from(productSkus)
        .where(kind === "product" ? eq(productSkus.productId, id) : eq(productSkus.id, id))
    ).map((s) => s.id);
    const referring = or(
      kind === "product" ? eq(orders.productId, id) : undefined,
      skuIds.length > 0 ? inArray(orders.skuId, skuIds) : undefined,
    );
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(orders).where(referring);
    if ((used?.n ?? 0) > 0) throw fail("purgeReferenced", { orders: used!.n });
    if (skuIds.length > 0) {
      await tx.delete(skuRoutes).where(inArray(skuRoutes.skuId, skuIds));
      await tx.delete(merchantPrices).where(inArray(merchantPrices.skuId, skuIds));
      await tx.delete(priceListPrices).where(inArray(priceListPrices.skuId, skuIds));
      await tx.delete(productSkus).where(inArray(productSkus.id, skuIds));
    }
    if (kind === "product") await tx.delete(products).where(eq(products.id, id));
    await auditCatalog(deps, tx, staff, { action: "catalog.purged", target: { kind, id: entry.target } });
    return null;
  });
}
