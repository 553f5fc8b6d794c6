import Big from "big.js";
import { and, inArray, isNull } from "drizzle-orm";
import {
  type CatalogEntry,
  type MessageRef,
  type QuoteRefusal,
  type QuoteResult,
  type RouteFlag,
  type SupplierKind,
  type SupplierProductKind,
  supplierKindOf,
} from "#contracts";
import type { Executor } from "../../db/connection";
import { supplierAdapters } from "./registry";
import { supplierProducts } from "./supplier.schema";

/**
 * Quoting a route: how its account's adapter buys the route's SKU through the product the account's last sync
 * listed. One function for every reader: the routes editor when a route is saved, the sync after each read of a
 * catalog, and the Prices page; what changed between two quotes is also worked out here (the sync's flags).
 */

/** What a route buys: its SKU's face value per unit and currency, and its product's type. */
export interface QuotedSku {
  productType: number;
  faceValue: string;
  currency: string;
}

const wanted = (sku: QuotedSku) => ({
  kind: supplierKindOf(sku.productType),
  faceValue: sku.faceValue,
  faceCurrency: sku.currency,
});

/**
 * A route through `entry`, the product as its account's catalog lists it now (null: not listed). A product the
 * catalog does not list buys nothing, and its adapter is not asked: the simulator answers a missing entry with its
 * built-in one, which is meant only for SKUs without routes.
 */
export function quoteRoute(accountKind: string, entry: CatalogEntry | null, sku: QuotedSku): QuoteResult {
  if (!entry) return { ok: false, reason: "notInCatalog", params: {} };
  return supplierAdapters[accountKind as SupplierKind].quote(entry, wanted(sku));
}

/** A SKU without routes at its product's default supplier: that adapter's quote without an entry. */
export const quoteDefault = (accountKind: string, sku: QuotedSku): QuoteResult =>
  supplierAdapters[accountKind as SupplierKind].quote(null, wanted(sku));

/** A refusal as the routes editor shows it on the route's field, in the reader's language. */
export const refusalMessage = (reason: QuoteRefusal, params: Record<string, string>): MessageRef => ({
  key: `console.quote.${reason}`,
  params,
});

/** What sku_routes keeps of a quote: the whole quote and its cost per unit, or why there is none; and when. */
export function storedQuote(result: QuoteResult, at: Date) {
  return result.ok
    ? {
        quote: result.quote,
        cost: result.quote.cost.amount,
        costCurrency: result.quote.cost.currency,
        refusal: null,
        refusalParams: null,
        quotedAt: at,
      }
    : {
        quote: null,
        cost: null,
        costCurrency: null,
        refusal: result.reason,
        refusalParams: result.params,
        quotedAt: at,
      };
}

/** A synced product as routes read it. */
export interface ListedProduct {
  entry: CatalogEntry;
  name: string;
  /** When the last sync that listed it ran: the quote's age. */
  syncedAt: Date;
}

/**
 * A product by its account, kind and id: a supplier may number its kinds apart (Reloadly's operator 120 and gift
 * card 120 are two products), so a route names its product by id within the kind its SKU buys.
 */
export const productKey = (supplierId: number, kind: SupplierProductKind, externalId: string) =>
  `${supplierId}/${kind}/${externalId}`;

/** A route's product, as `productKey` reads it: the kind is its SKU's (`supplierKindOf`). */
export const routeProductKey = (route: { supplierId: number; supplierProduct: string; productType: number }) =>
  productKey(route.supplierId, supplierKindOf(route.productType), route.supplierProduct);

/** The products these routes name that their accounts' catalogs list now (not gone), by `productKey`. */
export async function listedProducts(
  executor: Executor,
  routes: readonly { supplierId: number; supplierProduct: string; productType: number }[],
): Promise<Map<string, ListedProduct>> {
  const listed = new Map<string, ListedProduct>();
  if (routes.length === 0) return listed;
  const wantedKeys = new Set(routes.map(routeProductKey));
  const rows = await executor
    .select({
      supplierId: supplierProducts.supplierId,
      kind: supplierProducts.kind,
      externalId: supplierProducts.externalId,
      entry: supplierProducts.entry,
      name: supplierProducts.name,
      syncedAt: supplierProducts.syncedAt,
    })
    .from(supplierProducts)
    .where(
      and(
        inArray(supplierProducts.supplierId, [...new Set(routes.map((r) => r.supplierId))]),
        inArray(supplierProducts.externalId, [...new Set(routes.map((r) => r.supplierProduct))]),
        isNull(supplierProducts.goneAt),
      ),
    );
  for (const { supplierId, kind, externalId, ...product } of rows) {
    const key = productKey(supplierId, kind, externalId);
    if (wantedKeys.has(key)) listed.set(key, product);
  }
  return listed;
}

/** A route as its last quote left it (sku_routes). */
export interface LastQuote {
  cost: string | null;
  costCurrency: string | null;
  refusal: QuoteRefusal | null;
}

/**
 * What a sync flags on a route (contracts `RouteFlag`): its product left the catalog (once: a route already
 * quoted `notInCatalog` is not flagged again), it can no longer buy the SKU's value (a new refusal), its expected
 * cost per unit or its product's FX rate moved by more than `alertPercent` since the last quote and sync.
 */
export function routeFlags(
  change: { last: LastQuote; before: CatalogEntry | null; after: CatalogEntry | null; quote: QuoteResult },
  alertPercent: number,
  at: Date,
): RouteFlag[] {
  const { last, before, after, quote } = change;
  const flag = (kind: RouteFlag["kind"], params: Record<string, string>): RouteFlag => ({
    kind,
    params,
    at: at.toISOString(),
  });
  if (!quote.ok) {
    if (quote.reason === last.refusal) return [];
    return [quote.reason === "notInCatalog" ? flag("productGone", {}) : flag("valueGone", refusalParams(quote))];
  }
  const flags: RouteFlag[] = [];
  const cost = quote.quote.cost;
  if (last.cost !== null && last.costCurrency !== null) {
    const moved = last.costCurrency !== cost.currency || movedPast(last.cost, cost.amount, alertPercent);
    if (moved)
      flags.push(
        flag("costChanged", {
          old: money(last.cost),
          new: money(cost.amount),
          currency: cost.currency,
          ...(last.costCurrency !== cost.currency && { oldCurrency: last.costCurrency }),
        }),
      );
  }
  if (before?.fxRate && after?.fxRate && movedPast(before.fxRate, after.fxRate, alertPercent))
    flags.push(flag("fxChanged", { old: new Big(before.fxRate).toString(), new: new Big(after.fxRate).toString() }));
  return flags;
}

const refusalParams = (refusal: Extract<QuoteResult, { ok: false }>) => ({ reason: refusal.reason, ...refusal.params });

/** |new − old| is more than `percent` % of old (any change of a zero). */
function movedPast(old: string, now: string, percent: number): boolean {
  const from = new Big(old);
  const delta = new Big(now).minus(from).abs();
  return from.eq(0) ? !delta.eq(0) : delta.times(100).gt(from.abs().times(percent));
}

/** Money as the tables keep it: 4 decimals. */
const money = (amount: string) => new Big(amount).toFixed(4);
