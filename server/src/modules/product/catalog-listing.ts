import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { merchantPrices, merchants, productSkus, products } from "../../db/schema";
import { fail } from "../../lib/failure";

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

/** Every SKU of the catalog with one merchant's price (null: not priced), for `price:list`. */
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
      price: merchantPrices.price,
    })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .leftJoin(merchantPrices, and(eq(merchantPrices.skuId, productSkus.id), eq(merchantPrices.merchantId, merchant.id)))
    .orderBy(desc(products.sort), asc(products.id), desc(productSkus.sort), asc(productSkus.id));
  return { currency: merchant.currency, rows };
}
