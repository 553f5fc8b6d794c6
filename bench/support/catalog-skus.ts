import { eq, sql } from "drizzle-orm";
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

/**
 * The same SKUs as a table `bench_prods` (idx = position in `skus`), so a bench's SQL fill can join orders to
 * products by index.
 */
export async function createBenchProducts(db: AppDeps["db"], skus: Awaited<ReturnType<typeof catalogSkus>>) {
  await db.execute(sql`create table bench_prods (idx int primary key, product_id bigint, sku_id bigint, name text,
    name_zh text, type smallint, spec text, price numeric)`);
  await db.execute(
    sql`insert into bench_prods select (e->>'idx')::int, (e->>'productId')::bigint, (e->>'skuId')::bigint,
          e->>'name', e->>'nameZh', (e->>'type')::smallint, e->>'spec', (e->>'price')::numeric
        from jsonb_array_elements(${JSON.stringify(skus.map((s, idx) => ({ ...s, idx })))}::jsonb) e`,
  );
}
