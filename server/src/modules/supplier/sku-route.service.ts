import { and, asc, count, eq, ilike, inArray, or } from "drizzle-orm";
import type { z } from "zod";
import type { Language, Page, RoutedSku, routedSkuQuery, SkuRoute, skuRoutesBody } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { containing } from "../../db/like";
import { fetchPage } from "../../db/paging";
import { productSkus, products } from "../../db/schema";
import { fail, invalid } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { liveSku, productNameIn } from "../product/catalog-sql";
import { skuRoutes, supplierAccounts } from "./supplier.schema";

/**
 * Each SKU's routes: the supplier products it is bought from, in the order fulfilment tries them. Set as a whole
 * list (the console's editor sends the SKU's routes in order), audited with the list before and after.
 */
const skuColumns = (language: Language) => ({
  skuId: productSkus.id,
  productCode: products.code,
  productName: productNameIn(language),
  skuCode: productSkus.code,
  spec: productSkus.spec,
  faceValue: productSkus.faceValue,
  currency: productSkus.currency,
  defaultSupplier: products.supplier,
});

export async function listRoutedSkus(
  deps: AppDeps,
  query: z.output<typeof routedSkuQuery>,
  language: Language,
): Promise<Page<RoutedSku>> {
  const keyword = query.keyword ? containing(query.keyword) : null;
  // Binned SKUs and products are out of the catalog: nothing is ordered through their routes.
  const where = and(
    liveSku(),
    keyword
      ? or(
          ilike(products.code, keyword),
          ilike(products.name, keyword),
          ilike(products.nameZh, keyword),
          ilike(productSkus.code, keyword),
        )
      : undefined,
  );
  const page = await fetchPage(
    query,
    {
      rows: (limit, offset) =>
        deps.db
          .select(skuColumns(language))
          .from(productSkus)
          .innerJoin(products, eq(products.id, productSkus.productId))
          .where(where)
          .orderBy(asc(products.sort), asc(products.id), asc(productSkus.sort), asc(productSkus.id))
          .limit(limit)
          .offset(offset),
      total: () =>
        deps.db
          .select({ n: count() })
          .from(productSkus)
          .innerJoin(products, eq(products.id, productSkus.productId))
          .where(where),
    },
    (row) => row,
  );
  const routes = await routesOf(
    deps.db,
    page.list.map((s) => s.skuId),
  );
  return { ...page, list: page.list.map((s) => ({ ...s, routes: routes.get(s.skuId) ?? [] })) };
}

async function routesOf(tx: Executor, skuIds: number[]): Promise<Map<number, SkuRoute[]>> {
  const byId = new Map<number, SkuRoute[]>();
  if (skuIds.length === 0) return byId;
  const rows = await tx
    .select({
      skuId: skuRoutes.skuId,
      supplierId: skuRoutes.supplierId,
      supplierCode: supplierAccounts.code,
      supplierName: supplierAccounts.name,
      supplierProduct: skuRoutes.supplierProduct,
      cost: skuRoutes.cost,
      costCurrency: skuRoutes.costCurrency,
      enabled: skuRoutes.enabled,
    })
    .from(skuRoutes)
    .innerJoin(supplierAccounts, eq(supplierAccounts.id, skuRoutes.supplierId))
    .where(inArray(skuRoutes.skuId, skuIds))
    .orderBy(asc(skuRoutes.skuId), asc(skuRoutes.position));
  for (const { skuId, ...route } of rows) byId.set(skuId, [...(byId.get(skuId) ?? []), route]);
  return byId;
}

async function routedSku(tx: Executor, skuId: number, language: Language): Promise<RoutedSku> {
  const [sku] = await tx
    .select(skuColumns(language))
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(eq(productSkus.id, skuId));
  if (!sku) throw fail("routeSkuNotFound");
  return { ...sku, routes: (await routesOf(tx, [skuId])).get(skuId) ?? [] };
}

export async function setRoutes(
  deps: AppDeps,
  staff: StaffContext,
  skuId: number,
  body: z.output<typeof skuRoutesBody>,
  language: Language,
): Promise<RoutedSku> {
  return deps.db.transaction(async (tx) => {
    // Locks the SKU's row: two editors saving at once end with one list, not a mix of both.
    const [sku] = await tx
      .select({ id: productSkus.id })
      .from(productSkus)
      .where(eq(productSkus.id, skuId))
      .for("update");
    if (!sku) throw fail("routeSkuNotFound");
    const ids = [...new Set(body.routes.map((r) => r.supplierId))];
    const known = ids.length
      ? await tx.select({ id: supplierAccounts.id }).from(supplierAccounts).where(inArray(supplierAccounts.id, ids))
      : [];
    const missing = body.routes.flatMap((r, i) =>
      known.some((k) => k.id === r.supplierId) ? [] : [[`routes.${i}.supplierId`, "console.errors.supplierNotFound"]],
    );
    if (missing.length > 0) throw invalid(Object.fromEntries(missing));
    const twice = body.routes.flatMap((r, i) =>
      body.routes.findIndex((o) => o.supplierId === r.supplierId && o.supplierProduct === r.supplierProduct) < i
        ? [[`routes.${i}.supplierProduct`, "console.errors.routeTwice"]]
        : [],
    );
    if (twice.length > 0) throw invalid(Object.fromEntries(twice));
    const before = await routedSku(tx, skuId, language);
    await tx.delete(skuRoutes).where(eq(skuRoutes.skuId, skuId));
    if (body.routes.length > 0)
      await tx.insert(skuRoutes).values(body.routes.map((r, position) => ({ ...r, skuId, position })));
    const after = await routedSku(tx, skuId, language);
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: "route.changed",
      target: { kind: "sku", id: `${after.productCode}/${after.skuCode}` },
      before: { routes: before.routes.map(auditedRoute) },
      after: { routes: after.routes.map(auditedRoute) },
    });
    return after;
  });
}

const auditedRoute = (r: SkuRoute) =>
  `${r.supplierCode}:${r.supplierProduct} ${r.cost} ${r.costCurrency}${r.enabled ? "" : " (disabled)"}`;
