import { eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../server/src/app-deps";
import { productSkus, products } from "../../server/src/db/schema";
import type { Engine } from "../../tests/support/test-db";
import { int } from "./load";

const CHUNK = 100_000;
const DAY = 86_400_000;

/** What the benches' SQL fills of orders share: the catalog's SKUs (also as a table), and the chunked fill. */

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

/** Where a fill of `rows` orders puts them: over the 90 days before `end`, order g at `startEpoch + g * step` (s). */
export const ninetyDaysBefore = (end: Date, rows: number) => ({
  startEpoch: (end.getTime() - 90 * DAY) / 1000,
  step: (90 * DAY) / 1000 / rows,
});

/**
 * Orders 1..`rows` inserted a chunk at a time (`insert(lo, hi)`), the progress printed (seconds since `started`);
 * on PGlite, past `budgetS` seconds, the fill stops with what it has. Answers how many orders were filled.
 */
export async function fillInChunks(
  engine: Engine,
  started: number,
  rows: number,
  budgetS: number,
  insert: (lo: number, hi: number) => Promise<unknown>,
): Promise<number> {
  let filled = 0;
  for (let lo = 1; lo <= rows; lo += CHUNK) {
    const hi = Math.min(rows, lo + CHUNK - 1);
    await insert(lo, hi);
    filled = hi;
    const elapsed = (performance.now() - started) / 1000;
    process.stdout.write(`\r  ${engine}: filled ${int(filled)} orders in ${elapsed.toFixed(0)} s   `);
    if (engine === "pglite" && elapsed > budgetS && filled < rows) {
      console.log(`\n  ${engine}: fill budget of ${budgetS} s reached at ${int(filled)} orders`);
      break;
    }
  }
  process.stdout.write("\n");
  return filled;
}
