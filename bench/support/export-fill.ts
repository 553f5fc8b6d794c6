/**
 * Orders for the export bench: `rows` orders for each given merchant, filled in SQL with generate_series
 * (the shape bench/order-list.ts fills: demo catalog products, ~8% failed, 30% through the API), spread
 * over the 90 days before `end`, then VACUUM ANALYZE.
 */
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../server/src/app-deps";
import { importCatalog } from "../../server/src/modules/product/catalog-import";
import { demoCatalog } from "../../server/src/modules/provisioning/demo-catalog-data";
import { catalogSkus } from "./catalog-skus";

const CHUNK = 100_000;
const DAY = 86_400_000;

export async function fillExportOrders(
  deps: AppDeps,
  targets: { merchantId: number; rows: number }[],
  end: Date,
  progress: (filled: number) => void,
): Promise<void> {
  const db = deps.db;
  await importCatalog(deps, demoCatalog);
  const skus = await catalogSkus(db);
  await db.execute(sql`create table bench_export_prods (idx int primary key, product_id bigint, sku_id bigint,
    name text, name_zh text, type smallint, spec text, price numeric)`);
  await db.execute(
    sql`insert into bench_export_prods select (e->>'idx')::int, (e->>'productId')::bigint, (e->>'skuId')::bigint,
          e->>'name', e->>'nameZh', (e->>'type')::smallint, e->>'spec', (e->>'price')::numeric
        from jsonb_array_elements(${JSON.stringify(skus.map((s, idx) => ({ ...s, idx })))}::jsonb) e`,
  );
  let numbered = 0;
  for (const { merchantId, rows } of targets) {
    const startEpoch = (end.getTime() - 90 * DAY) / 1000;
    const step = (90 * DAY) / 1000 / rows;
    for (let lo = 1; lo <= rows; lo += CHUNK) {
      const hi = Math.min(rows, lo + CHUNK - 1);
      await db.execute(sql`
        insert into orders (order_no, merchant_id, merchant_order_no, product_id, sku_id, product_name,
          product_name_zh, product_type, spec, quantity, unit_price, amount, currency, recharge_account, inputs,
          status, source, created_at, completed_at, fail_reason, supplier, next_run_at, deadline_at)
        select 'P' || to_char(x.ts at time zone 'UTC', 'YYYYMMDD') || lpad((x.g + ${numbered})::text, 10, '0'),
          ${merchantId}, 'MO' || lpad((x.g + ${numbered})::text, 12, '0'), p.product_id, p.sku_id, p.name,
          p.name_zh, p.type, p.spec, x.qty, p.price, p.price * x.qty, 'USD', x.account,
          jsonb_build_object('account', x.account), x.status, case when x.r5 < 0.3 then 'api' else 'manual' end,
          x.ts, case when x.status <> 'processing' then x.ts + make_interval(secs => 3 + x.r4 * 120) end,
          case when x.status = 'failed' then 'The supplier refused the recharge account' end,
          'simulator', case when x.status = 'processing' then x.ts end, x.ts + interval '10 minutes'
        from (
          select s.*, to_timestamp(${startEpoch}::float8 + s.g * ${step}::float8) as ts,
            '138' || lpad(((s.g::bigint * 7919) % 100000000)::text, 8, '0') as account,
            case when s.r4 < 0.9 then 1 else 2 end as qty,
            case when s.r3 < 0.08 then 'failed' else 'success' end as status
          from (select g, random() as r2, random() as r3, random() as r4, random() as r5
                from generate_series(${lo}::int, ${hi}::int) g) s
        ) x
        join bench_export_prods p on p.idx = floor(x.r2 * ${skus.length})::int
        order by x.g`);
      progress(numbered + hi);
    }
    numbered += rows;
  }
  await db.execute(sql`select setval('order_no_seq', ${numbered + 1})`);
  await db.execute(sql`drop table bench_export_prods`);
  await db.execute(sql`vacuum analyze orders`);
}
