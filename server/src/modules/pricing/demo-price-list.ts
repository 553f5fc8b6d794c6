import { eq, inArray } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { merchants, priceListPrices, priceLists, productSkus, products } from "../../db/schema";
import { fail } from "../../lib/failure";
import { listPriceAt } from "./effective-price";

/** The demo's default price list: the demo merchant pays its prices, as a real reseller's merchants would. */
export const DEMO_PRICE_LIST = {
  name: "Standard USD",
  currency: "USD",
  description: "Default prices for USD merchants; a merchant's own price of a SKU overrides the list's.",
} as const;

/**
 * The demo's prices are the list's opening prices, not a change made today: they hold from the start, so orders
 * dated before the seeding (a demo's history, tests that move the clock back) pay them too.
 */
const OPENING = new Date("1970-01-01T00:00:00Z");

/**
 * Makes the demo list (once), gives it the demo prices of the SKUs it has no price for yet (so a second demo
 * merchant, or prices an operator changed since, are left as they are) and assigns the merchant to it. False
 * when the merchant's balance is in another currency: the caller prices it with its own prices instead.
 */
export async function seedDemoPriceList(
  deps: AppDeps,
  merchantNo: string,
  prices: Record<string, Record<string, string>>,
): Promise<boolean> {
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.merchantNo, merchantNo));
  if (!merchant) throw fail("merchantNotFound", { merchantNo });
  if (merchant.currency !== DEMO_PRICE_LIST.currency) return false;
  const now = deps.clock.now();
  const [existing] = await deps.db.select().from(priceLists).where(eq(priceLists.name, DEMO_PRICE_LIST.name));
  const list =
    existing ??
    (
      await deps.db
        .insert(priceLists)
        .values({ ...DEMO_PRICE_LIST, createdAt: now })
        .returning()
    )[0]!;
  const skus = await deps.db
    .select({
      skuId: productSkus.id,
      productCode: products.code,
      skuCode: productSkus.code,
      price: listPriceAt(list.id, productSkus.id, now),
    })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(inArray(products.code, Object.keys(prices)));
  const rows = skus.flatMap((sku) => {
    const price = prices[sku.productCode]?.[sku.skuCode];
    return price && sku.price === null ? [{ priceListId: list.id, skuId: sku.skuId, effectiveAt: OPENING, price }] : [];
  });
  if (rows.length > 0) await deps.db.insert(priceListPrices).values(rows).onConflictDoNothing();
  await deps.db.update(merchants).set({ priceListId: list.id }).where(eq(merchants.id, merchant.id));
  return true;
}
