import Big from "big.js";
import { asc, eq, inArray } from "drizzle-orm";
import type { CostFields, PricedRoute, PricedSku, QuoteResult, RouteFlag } from "#contracts";
import type { Executor } from "../../db/connection";
import { convert, rateBetween, type UsedRate } from "../pricing/exchange-rate.service";
import {
  type ListedProduct,
  listedProducts,
  type QuotedSku,
  quoteDefault,
  quoteRoute,
  routeProductKey,
} from "../supplier/route-quote";
import { skuRoutes, supplierAccounts } from "../supplier/supplier.schema";
import { marginOf } from "./console-price-math";

/**
 * What a SKU costs, from the suppliers' synced catalogs: every route quoted as fulfilment would quote it
 * (supplier/route-quote.ts), the cost in the supplier's currency converted into the price list's at the exchange
 * rate finance set. The SKU's cost is its first enabled route (at an enabled account) that can buy it: the
 * supplier fulfilment tries first when all goes well. A SKU without routes is quoted at its product's default
 * supplier without a catalog entry (the simulator answers from its built-in list).
 */

export interface CostedSku extends QuotedSku {
  skuId: number;
  /** Its product's default supplier (an account's code). */
  defaultSupplier: string;
  /** Its price in the list now (null: none), for the margin. */
  price: string | null;
}

export type SkuCost = CostFields & Pick<PricedSku, "costSource" | "routes">;

const noCost: CostFields = {
  supplierCost: null,
  supplierCurrency: null,
  cost: null,
  costCurrency: null,
  rate: null,
  rateTime: null,
  noRate: false,
  quoteTime: null,
  margin: null,
  marginPercent: null,
};

/** The costs of these SKUs in `currency` (a price list's), by SKU id. */
export async function skuCosts(
  executor: Executor,
  skus: readonly CostedSku[],
  currency: string,
  now: Date,
): Promise<Map<number, SkuCost>> {
  const costs = new Map<number, SkuCost>();
  if (skus.length === 0) return costs;
  const routes = await executor
    .select({
      skuId: skuRoutes.skuId,
      supplierId: skuRoutes.supplierId,
      supplierCode: supplierAccounts.code,
      supplierName: supplierAccounts.name,
      kind: supplierAccounts.kind,
      accountEnabled: supplierAccounts.enabled,
      supplierProduct: skuRoutes.supplierProduct,
      enabled: skuRoutes.enabled,
      flags: skuRoutes.flags,
    })
    .from(skuRoutes)
    .innerJoin(supplierAccounts, eq(supplierAccounts.id, skuRoutes.supplierId))
    .where(
      inArray(
        skuRoutes.skuId,
        skus.map((s) => s.skuId),
      ),
    )
    .orderBy(asc(skuRoutes.skuId), asc(skuRoutes.position));
  const typeOf = new Map(skus.map((s) => [s.skuId, s.productType]));
  const listed = await listedProducts(
    executor,
    routes.map((r) => ({ ...r, productType: typeOf.get(r.skuId)! })),
  );
  const unrouted = skus.filter((s) => !routes.some((r) => r.skuId === s.skuId)).map((s) => s.defaultSupplier);
  const defaults = unrouted.length
    ? await executor
        .select({ code: supplierAccounts.code, kind: supplierAccounts.kind, enabled: supplierAccounts.enabled })
        .from(supplierAccounts)
        .where(inArray(supplierAccounts.code, [...new Set(unrouted)]))
    : [];
  const rates = rateCache(executor, currency, now);
  for (const sku of skus) {
    const priced: PricedRoute[] = [];
    for (const route of routes.filter((r) => r.skuId === sku.skuId)) {
      const product = listed.get(routeProductKey({ ...route, productType: sku.productType })) ?? null;
      const quote = quoteRoute(route.kind, product?.entry ?? null, sku);
      priced.push({
        supplierId: route.supplierId,
        supplierCode: route.supplierCode,
        supplierName: route.supplierName,
        supplierProduct: route.supplierProduct,
        productName: product?.name ?? null,
        enabled: route.enabled && route.accountEnabled,
        ...(await costOf(quote, product, sku.price, currency, rates)),
        flags: route.flags as RouteFlag[],
        refusal: quote.ok ? null : { reason: quote.reason, params: quote.params },
      });
    }
    const first = priced.find((r) => r.enabled && r.supplierCost !== null);
    const fallback =
      priced.length === 0 ? defaults.find((d) => d.code === sku.defaultSupplier && d.enabled) : undefined;
    const byDefault = fallback
      ? await costOf(quoteDefault(fallback.kind, sku), null, sku.price, currency, rates)
      : null;
    const source = first ? "route" : byDefault?.supplierCost ? "defaultSupplier" : null;
    const cost = first ? pickCost(first) : source ? byDefault! : noCost;
    costs.set(sku.skuId, { ...cost, costSource: source, routes: priced });
  }
  return costs;
}

/** A quote's cost in the supplier's currency and in the list's, with its margin against `price`. */
async function costOf(
  quote: QuoteResult,
  product: ListedProduct | null,
  price: string | null,
  currency: string,
  rates: (from: string) => Promise<UsedRate | null>,
): Promise<CostFields> {
  if (!quote.ok) return noCost;
  const { amount, currency: from } = quote.quote.cost;
  const used = await rates(from);
  const supplierCost = new Big(amount).toFixed(4);
  const cost = used ? convert(amount, used.rate) : supplierCost;
  return {
    supplierCost,
    supplierCurrency: from,
    cost,
    costCurrency: used ? currency : from,
    // Same currency: nothing was converted, no rate to show.
    rate: used && from !== currency ? used.rate : null,
    rateTime: used && from !== currency ? used.at.toISOString() : null,
    noRate: used === null,
    quoteTime: product?.syncedAt.toISOString() ?? null,
    ...marginOf(price, used ? cost : null, currency, currency),
  };
}

const pickCost = (route: CostFields): CostFields => ({
  supplierCost: route.supplierCost,
  supplierCurrency: route.supplierCurrency,
  cost: route.cost,
  costCurrency: route.costCurrency,
  rate: route.rate,
  rateTime: route.rateTime,
  noRate: route.noRate,
  quoteTime: route.quoteTime,
  margin: route.margin,
  marginPercent: route.marginPercent,
});

/** Each currency's rate into `to`, looked up once per call (one after the other: a transaction runs one query). */
function rateCache(executor: Executor, to: string, now: Date) {
  const known = new Map<string, UsedRate | null>();
  return async (from: string) => {
    if (!known.has(from)) known.set(from, await rateBetween(executor, from, to, now));
    return known.get(from) ?? null;
  };
}
