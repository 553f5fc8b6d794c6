import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { merchantPrices } from "../../db/schema";

/**
 * What a merchant pays for a SKU, written once and read everywhere a merchant's price is read (the catalog it
 * sees, order placement, exports, the console, the operator CLI): its own price (an override) when it has one,
 * else its price list's price at that moment. Both are scalar subqueries on primary keys, so a reader stays one
 * statement, and `coalesce` evaluates the list's only when there is no override.
 *
 * The moment is always the caller's clock (`deps.clock.now()`), never SQL `now()`: a change scheduled for 10:00
 * is in effect for a request the server dates 10:00, and tests move that clock.
 */

/** A timestamp parameter: ISO text cast by the database, read the same by both drivers. */
const moment = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * A list's price of a SKU at `at`: its row with the latest `effective_at` at or before it (null: not on the list
 * then, or no list). The primary key (list, SKU, effective_at) answers it with one backward index probe.
 */
export function listPriceAt(priceListId: SQLWrapper | number | null, skuId: SQLWrapper, at: Date): SQL<string | null> {
  return sql<string | null>`(select plp.price from price_list_prices plp
    where plp.price_list_id = ${priceListId} and plp.sku_id = ${skuId} and plp.effective_at <= ${moment(at)}
    order by plp.effective_at desc limit 1)`.mapWith(merchantPrices.price);
}

/**
 * When the list's price of a SKU next changes after `at` (epoch ms; null: no change scheduled): a price read at
 * `at` holds until then, which is how long a process may keep it.
 */
export function nextListPriceAt(
  priceListId: SQLWrapper | number | null,
  skuId: SQLWrapper,
  at: Date,
): SQL<number | null> {
  return sql<
    number | null
  >`(select (extract(epoch from min(plp.effective_at)) * 1000)::float8 from price_list_prices plp
    where plp.price_list_id = ${priceListId} and plp.sku_id = ${skuId} and plp.effective_at > ${moment(at)})`.mapWith(
    (value: unknown) => (value === null ? null : Number(value)),
  );
}

/** The merchant's own price of a SKU (null: none; it pays its list's). */
export function overridePrice(merchantId: SQLWrapper | number, skuId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select mp.price from merchant_prices mp
    where mp.merchant_id = ${merchantId} and mp.sku_id = ${skuId})`.mapWith(merchantPrices.price);
}

/** What the merchant pays for the SKU at `at` (null: not orderable by it). */
export function merchantPriceAt(
  merchant: { id: SQLWrapper | number; priceListId: SQLWrapper | number | null },
  skuId: SQLWrapper,
  at: Date,
): SQL<string | null> {
  return sql<
    string | null
  >`coalesce(${overridePrice(merchant.id, skuId)}, ${listPriceAt(merchant.priceListId, skuId, at)})`.mapWith(
    merchantPrices.price,
  );
}

/**
 * The merchant whose prices `merchantId` pays: itself, or for a sandbox its live merchant, so a developer tests
 * against the prices the live application will pay (one probe of the primary key).
 */
export function pricedAs(merchantId: number): SQL<number> {
  return sql<number>`coalesce((select s.sandbox_of from merchants s where s.id = ${merchantId}), ${merchantId})`;
}
