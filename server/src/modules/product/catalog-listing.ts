import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { merchants, productSkus, products } from "../../db/schema";
import { fail } from "../../lib/failure";
import { merchantPriceAt } from "../pricing/effective-price";

// What the operator CLI prints about the catalog: `product:list` and `price:list`.

/** The catalog's products with their number of SKUs (enabled ones / all), for `product:list`. */
export async function listCatalog(deps: AppDeps) {
  return deps.db
    .select({
      code: products.code,
      type: products.type,
      status: products.status,
      name: products.name,
      nameZh: products.nameZh,
      skus: count(productSkus.id),
      enabledSkus: sql<number>`count(${productSkus.id}) filter (where ${productSkus.status} = 'enabled')`.mapWith(
        Number,
      ),
    })
    .from(products)
    .leftJoin(productSkus, eq(productSkus.productId, products.id))
    .groupBy(products.id)
    .orderBy(desc(products.sort), asc(products.id));
}

/** Every SKU with one merchant's price now, its own or its list's (null: not priced), for `price:list`. */
export async function listPrices(deps: AppDeps, merchantNo: string) {
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.merchantNo, merchantNo));
  if (!merchant) throw fail("merchantNotFound", { merchantNo });
  const rows = await deps.db
    .select({
      productCode: products.code,
      productStatus: products.status,
      skuCode: productSkus.code,
      spec: productSkus.spec,
      skuStatus: productSkus.status,
      faceValue: productSkus.faceValue,
      faceCurrency: productSkus.currency,
      price: merchantPriceAt(merchant, productSkus.id, deps.clock.now()),
    })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .orderBy(desc(products.sort), asc(products.id), desc(productSkus.sort), asc(productSkus.id));
  return { currency: merchant.currency, rows };
}
