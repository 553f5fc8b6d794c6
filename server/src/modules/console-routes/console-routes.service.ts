import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type Language,
  type MessageRef,
  type Page,
  ProductType,
  type Quote,
  type RoutedSku,
  type routedSkuQuery,
  type SkuRoute,
  type skuRoutesBody,
  supplierKindOf,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor, Tx } from "../../db/connection";
import { productSkus, products } from "../../db/schema";
import { fail, invalid } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { liveSku, productNameIn, skuKeywordFilter, skuPage } from "../product/catalog-sql";
import { listedProducts, quoteRoute, refusalMessage, routeProductKey, storedQuote } from "../supplier/route-quote";
import { skuRoutes, supplierAccounts } from "../supplier/supplier.schema";

/**
 * Each SKU's routes: the supplier products it is bought from, in the order fulfilment tries them. Set as a whole
 * list (the console's editor sends the SKU's routes in order), each route a product of its account's synced
 * catalog that can buy the SKU's face value (its quote, kept with the route); audited with the list before and
 * after. The catalog syncs quote the routes again and flag what changed, until a staff member clears the flags.
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
  allowLoss: productSkus.allowLoss,
  productType: products.type,
});

/** A SKU row as the routes view answers it: what its supplier products must be (a top-up, a gift card). */
const withKind = <S extends { productType: number }>({ productType, ...sku }: S) => ({
  ...sku,
  kind: supplierKindOf(productType),
});

/** SKUs with a route a sync flagged. */
const flaggedSku: SQL = sql`exists (select 1 from sku_routes r
  where r.sku_id = ${productSkus.id} and jsonb_array_length(r.flags) > 0)`;

export async function listRoutedSkus(
  deps: AppDeps,
  query: z.output<typeof routedSkuQuery>,
  language: Language,
): Promise<Page<RoutedSku>> {
  // Binned SKUs and products are out of the catalog: nothing is ordered through their routes.
  const where = and(
    liveSku(),
    skuKeywordFilter(query.keyword),
    query.flagged === undefined ? undefined : query.flagged ? flaggedSku : sql`not ${flaggedSku}`,
  );
  const order = [asc(products.sort), asc(products.id), asc(productSkus.sort), asc(productSkus.id)];
  const page = await skuPage(deps.db, query, { columns: skuColumns(language), where, order }, withKind);
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
      productType: products.type,
      cost: skuRoutes.cost,
      costCurrency: skuRoutes.costCurrency,
      quote: skuRoutes.quote,
      refusal: skuRoutes.refusal,
      refusalParams: skuRoutes.refusalParams,
      quotedAt: skuRoutes.quotedAt,
      flags: skuRoutes.flags,
      enabled: skuRoutes.enabled,
    })
    .from(skuRoutes)
    .innerJoin(supplierAccounts, eq(supplierAccounts.id, skuRoutes.supplierId))
    .innerJoin(productSkus, eq(productSkus.id, skuRoutes.skuId))
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(inArray(skuRoutes.skuId, skuIds))
    .orderBy(asc(skuRoutes.skuId), asc(skuRoutes.position));
  const listed = await listedProducts(tx, rows);
  for (const { skuId, productType, refusal, refusalParams, quotedAt, quote, ...route } of rows) {
    const view: SkuRoute = {
      ...route,
      productName: listed.get(routeProductKey({ ...route, productType }))?.name ?? null,
      quote: (quote as Quote | null) ?? null,
      refusal: refusal ? { reason: refusal, params: refusalParams ?? {} } : null,
      quoteTime: quotedAt?.toISOString() ?? null,
    };
    byId.set(skuId, [...(byId.get(skuId) ?? []), view]);
  }
  return byId;
}

async function routedSku(tx: Executor, skuId: number, language: Language): Promise<RoutedSku> {
  const [sku] = await tx
    .select(skuColumns(language))
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(eq(productSkus.id, skuId));
  if (!sku) throw fail("routeSkuNotFound");
  return { ...withKind(sku), routes: (await routesOf(tx, [skuId])).get(skuId) ?? [] };
}

/** Locks the SKU's row (two editors saving at once end with one list, not a mix) and answers what routes buy. */
async function lockSku(tx: Tx, skuId: number) {
  const [sku] = await tx
    .select({ productType: products.type, faceValue: productSkus.faceValue, currency: productSkus.currency })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(eq(productSkus.id, skuId))
    .for("update", { of: productSkus });
  if (!sku) throw fail("routeSkuNotFound");
  return sku;
}

type Body = z.output<typeof skuRoutesBody>;

/** Field errors of a list of routes: unknown accounts first, then the same product twice, then the catalog's word. */
async function checkRoutes(tx: Tx, sku: Awaited<ReturnType<typeof lockSku>>, body: Body) {
  const ids = [...new Set(body.routes.map((r) => r.supplierId))];
  const accounts = ids.length
    ? await tx
        .select({ id: supplierAccounts.id, kind: supplierAccounts.kind })
        .from(supplierAccounts)
        .where(inArray(supplierAccounts.id, ids))
    : [];
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
  const fieldErrors = (check: (route: Body["routes"][number], i: number) => [string, MessageRef] | null) => {
    const errors = body.routes.flatMap((r, i) => {
      const error = check(r, i);
      return error ? [error] : [];
    });
    return errors.length > 0 ? invalid(Object.fromEntries(errors)) : null;
  };
  const product = (i: number) => `routes.${i}.supplierProduct`;
  const missing = fieldErrors((r, i) =>
    kindOf.has(r.supplierId) ? null : [`routes.${i}.supplierId`, "console.errors.supplierNotFound"],
  );
  if (missing) throw missing;
  const twice = fieldErrors((r, i) =>
    body.routes.findIndex((o) => o.supplierId === r.supplierId && o.supplierProduct === r.supplierProduct) < i
      ? [product(i), "console.errors.routeTwice"]
      : null,
  );
  if (twice) throw twice;
  const routes = body.routes.map((r) => ({ ...r, productType: sku.productType }));
  // A product only the other kind lists (a gift card picked for a top-up): the adapter says so (kindMismatch),
  // which tells the staff member more than "not listed".
  const otherType = sku.productType === ProductType.giftCard ? ProductType.topup : ProductType.giftCard;
  const others = routes.map((r) => ({ ...r, productType: otherType }));
  const [listed, listedOther] = [await listedProducts(tx, routes), await listedProducts(tx, others)];
  const quotes = routes.map((r, i) => {
    const entry = listed.get(routeProductKey(r)) ?? listedOther.get(routeProductKey(others[i]!));
    return quoteRoute(kindOf.get(r.supplierId)!, entry?.entry ?? null, sku);
  });
  const refused = fieldErrors((_, i) => {
    const quote = quotes[i]!;
    return quote.ok ? null : [product(i), refusalMessage(quote.reason, quote.params)];
  });
  if (refused) throw refused;
  return quotes;
}

export async function setRoutes(
  deps: AppDeps,
  staff: StaffContext,
  skuId: number,
  body: Body,
  language: Language,
): Promise<RoutedSku> {
  return deps.db.transaction(async (tx) => {
    const sku = await lockSku(tx, skuId);
    const quotes = await checkRoutes(tx, sku, body);
    const before = await routedSku(tx, skuId, language);
    const now = deps.clock.now();
    // A route kept through an edit keeps what the syncs flagged on it: only clearing them forgets them.
    const flagsOf = (r: Body["routes"][number]) =>
      before.routes.find((o) => o.supplierId === r.supplierId && o.supplierProduct === r.supplierProduct)?.flags ?? [];
    await tx.delete(skuRoutes).where(eq(skuRoutes.skuId, skuId));
    if (body.routes.length > 0)
      await tx.insert(skuRoutes).values(
        body.routes.map((r, position) => ({
          ...r,
          skuId,
          position,
          ...storedQuote(quotes[position]!, now),
          flags: flagsOf(r),
        })),
      );
    await tx.update(productSkus).set({ allowLoss: body.allowLoss }).where(eq(productSkus.id, skuId));
    const after = await routedSku(tx, skuId, language);
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: "route.changed",
      target: { kind: "sku", id: `${after.productCode}/${after.skuCode}` },
      before: { routes: before.routes.map(auditedRoute), allowLoss: before.allowLoss },
      after: { routes: after.routes.map(auditedRoute), allowLoss: after.allowLoss },
    });
    return after;
  });
}

/** Forgets what the syncs flagged on a SKU's routes, once a staff member has looked (audited with what it was). */
export async function clearFlags(
  deps: AppDeps,
  staff: StaffContext,
  skuId: number,
  language: Language,
): Promise<RoutedSku> {
  return deps.db.transaction(async (tx) => {
    await lockSku(tx, skuId);
    const before = await routedSku(tx, skuId, language);
    const cleared = before.routes.filter((r) => r.flags.length > 0);
    if (cleared.length === 0) return before;
    await tx.update(skuRoutes).set({ flags: [] }).where(eq(skuRoutes.skuId, skuId));
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: "route.flagsCleared",
      target: { kind: "sku", id: `${before.productCode}/${before.skuCode}` },
      before: {
        flags: Object.fromEntries(cleared.map((r) => [`${r.supplierCode}:${r.supplierProduct}`, r.flags])),
      },
      after: null,
    });
    return routedSku(tx, skuId, language);
  });
}

/** A route as the audit log keeps it: "simulator:topup-CNY 1.3677 USD", "(disabled)" when it is. */
const auditedRoute = (r: SkuRoute) =>
  [`${r.supplierCode}:${r.supplierProduct}`, r.cost && `${r.cost} ${r.costCurrency}`, !r.enabled && "(disabled)"]
    .filter(Boolean)
    .join(" ");
