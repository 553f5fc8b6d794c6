import { eq } from "drizzle-orm";
import type { AppDeps } from "../../server/src/app-deps";
import { productSkus, products } from "../../server/src/db/schema";

/** Every SKU of the catalog with what an order copies from it, in id order: what the benches' SQL fills use. */
export function catalogSkus(db: AppDeps["db"]) {
  return db
    .select({
      productId: products.id,
      skuId: productSkus.id,
      code: products.code,
      name: products.name,
      nameZh: products.nameZh,
      type: products.type,
      spec: productSkus.spec,
      price: productSkus.faceValue,
    })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .orderBy(productSkus.id);
}
