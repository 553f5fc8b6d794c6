/**
 * The overview at 1,000,000 orders of ONE merchant (90 days, with their Deduct and Refund ledger entries):
 * the overview call's service (read from the hourly rollups the triggers keep) against the same figures from a
 * scan of orders and ledger_entries, over the last 30 and 90 days, median of several runs, and the ratio. The
 * fill goes through the real tables in 100,000-row statements, so the triggers build the rollups as they would.
 * The console's statistics (every merchant) are timed the same way against a scan of the orders.
 * `BENCH_OVERVIEW_ROWS` (default 1,000,000), `BENCH_OVERVIEW_FILL_BUDGET_S` (PGlite, default 600 s; past it the
 * bench runs on what was filled, labelled), `BENCH_ENGINES=postgres` (or pglite) to run one engine.
 */
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import { queryRows } from "../server/src/db/raw";
import type { AuthContext } from "../server/src/modules/auth/auth-context";
import { consoleStatistics } from "../server/src/modules/console-statistics/console-statistics.service";
import { getOverview } from "../server/src/modules/overview/overview.service";
import { importCatalog } from "../server/src/modules/product/catalog-import";
import { demoCatalog } from "../server/src/modules/provisioning/demo-catalog-data";
import { merchantIdOf } from "../tests/support/funds-fixtures";
import { overviewByScan } from "../tests/support/overview-scan";
import { startTestApp, type TestApp } from "../tests/support/test-app";
import type { Engine } from "../tests/support/test-db";
import { catalogSkus, createBenchProducts, fillInChunks, ninetyDaysBefore } from "./support/catalog-skus";
import { int, median, ms, onEachEngine, printTable, seconds } from "./support/load";

const ROWS = Number(process.env.BENCH_OVERVIEW_ROWS ?? 1_000_000);
const FILL_BUDGET_S = Number(process.env.BENCH_OVERVIEW_FILL_BUDGET_S ?? 600);
const DAY = 86_400_000;
const ZONE = "Asia/Shanghai";

/** One merchant's orders over 90 days up to the clock (~8% failed and refunded, the last ~500 Processing). */
async function fill(t: TestApp, engine: Engine): Promise<{ merchantId: number; auth: AuthContext; rows: number }> {
  const started = performance.now();
  const db = t.deps.db;
  await importCatalog(t.deps, demoCatalog);
  const m = await t.merchant({ name: "Bench Overview" });
  const merchantId = await merchantIdOf(t, m.merchantNo);
  const skus = await catalogSkus(db);
  await createBenchProducts(db, skus);
  const { startEpoch, step } = ninetyDaysBefore(t.clock.now(), ROWS);
  const rows = await fillInChunks(engine, started, ROWS, FILL_BUDGET_S, async (lo, hi) => {
    // Orders, then their entries: a Deduct each, a Refund for each failed one (balances need not chain here).
    await db.execute(sql`
      insert into orders (order_no, merchant_id, merchant_order_no, product_id, sku_id, product_name, product_type,
        spec, quantity, unit_price, amount, currency, recharge_account, inputs, status, source, created_at,
        completed_at, supplier, next_run_at, deadline_at)
      select 'P' || lpad(x.g::text, 12, '0'), ${merchantId}, 'MO' || lpad(x.g::text, 12, '0'), p.product_id, p.sku_id,
        p.name, p.type, p.spec, 1, p.price, p.price, 'USD', '13800138000', '{}'::jsonb, x.status, 'manual', x.ts,
        case when x.status <> 'processing' then x.ts + interval '5 seconds' end, 'simulator',
        case when x.status = 'processing' then x.ts end, x.ts + interval '10 minutes'
      from (
        select g, to_timestamp(${startEpoch}::float8 + g * ${step}::float8) as ts, r,
          case when g > ${ROWS - 1000} and r < 0.5 then 'processing' when r < 0.08 then 'failed' else 'success' end
            as status
        from (select g, random() as r from generate_series(${lo}::int, ${hi}::int) g) s
      ) x
      join bench_prods p on p.idx = (x.g * 7) % ${skus.length}
      order by x.g`);
    await db.execute(sql`
      insert into ledger_entries (fund_no, merchant_id, type, amount, balance_before, balance_after, order_id,
        created_at)
      select 'F' || o.type || lpad(o.id::text, 12, '0'), ${merchantId}, o.type, o.amount, 1000000000,
        1000000000 + o.amount, o.id, o.at
      from (
        select id, 'deduct' as type, -amount as amount, created_at as at from orders
        where merchant_id = ${merchantId} and order_no between ${`P${String(lo).padStart(12, "0")}`}
          and ${`P${String(hi).padStart(12, "0")}`}
        union all
        select id, 'refund', amount, completed_at from orders
        where merchant_id = ${merchantId} and status = 'failed'
          and order_no between ${`P${String(lo).padStart(12, "0")}`} and ${`P${String(hi).padStart(12, "0")}`}
      ) o`);
  });
  await db.execute(sql`drop table bench_prods`);
  await db.execute(sql`vacuum analyze`);
  const auth: AuthContext = {
    sessionId: 0,
    userId: m.users.admin.id,
    merchantId,
    role: "admin",
    username: m.users.admin.username,
    mfaBound: true,
    client: { ip: "127.0.0.1", userAgent: "bench" },
  };
  return { merchantId, auth, rows };
}

/** The median time of `runs` calls. */
async function timed(runs: number, f: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const at = performance.now();
    await f();
    times.push(performance.now() - at);
  }
  return median(times);
}

async function benchEngine(engine: Engine) {
  const started = performance.now();
  const t = await startTestApp(engine);
  try {
    const f = await fill(t, engine);
    const [counts] = await queryRows<{ orders: string; entries: string; rollup: string }>(
      t.deps.db,
      sql`select (select count(*) from orders)::text as orders, (select count(*) from ledger_entries)::text as entries,
            ((select count(*) from order_stats_hourly) + (select count(*) from ledger_stats_hourly))::text as rollup`,
    );
    console.log(
      `\n${engine}: overview of one merchant with ${int(Number(counts!.orders))} orders, ` +
        `${int(Number(counts!.entries))} ledger entries; ${int(Number(counts!.rollup))} rollup rows (${seconds(started)} to fill)`,
    );
    const today = t.clock.now();
    const rows: (string | number)[][] = [];
    for (const days of [30, 90]) {
      const from = new Date(today.getTime() - (days - 1) * DAY).toISOString().slice(0, 10);
      const to = today.toISOString().slice(0, 10);
      const query = { from, to, tz: ZONE };
      const overview = () => getOverview(t.deps, f.auth, query, "en-US");
      const figures = await overview();
      const scan = () => overviewByScan(t.deps.db, f.merchantId, from, to, ZONE);
      const agree = isDeepStrictEqual(figures, { from, to, ...(await scan()) });
      const rollupMs = await timed(15, overview);
      const scanMs = await timed(5, scan);
      rows.push([
        `last ${days} days`,
        int(figures.orders?.total ?? 0),
        ms(rollupMs),
        ms(scanMs),
        `${(scanMs / rollupMs).toFixed(1)}x`,
        agree ? "yes" : "NO",
      ]);
    }
    printTable(["period", "orders", "overview ms", "scan ms", "scan/overview", "same figures"], rows);

    // The console's statistics (every merchant, by day, merchant and product) from the same rollups, against
    // the day and merchant figures counted from the orders themselves.
    const consoleRows: (string | number)[][] = [];
    for (const days of [30, 90]) {
      const from = new Date(today.getTime() - (days - 1) * DAY).toISOString().slice(0, 10);
      const to = today.toISOString().slice(0, 10);
      const query = { from, to, tz: ZONE };
      const statistics = () => consoleStatistics(t.deps, query, "en-US");
      const figures = await statistics();
      const scan = () =>
        queryRows<{ orders: string; failed: string }>(
          t.deps.db,
          sql`select count(*)::text as orders, (count(*) filter (where status = 'failed'))::text as failed,
                (created_at at time zone ${ZONE})::date as day, merchant_id
              from orders
              where created_at >= (${from}::date::timestamp at time zone ${ZONE})
                and created_at < ((${to}::date + 1)::timestamp at time zone ${ZONE})
              group by day, merchant_id`,
        );
      const scanned = await scan();
      const agree =
        scanned.reduce((n, r) => n + Number(r.orders), 0) === figures.totals.orders &&
        scanned.reduce((n, r) => n + Number(r.failed), 0) === figures.totals.failed;
      const statisticsMs = await timed(15, statistics);
      const scanMs = await timed(5, scan);
      consoleRows.push([
        `last ${days} days`,
        int(figures.totals.orders),
        ms(statisticsMs),
        ms(scanMs),
        `${(scanMs / statisticsMs).toFixed(1)}x`,
        agree ? "yes" : "NO",
      ]);
    }
    printTable(["console period", "orders", "statistics ms", "scan ms", "scan/statistics", "same counts"], consoleRows);
    console.log(`  (${engine}: ${seconds(started)})`);
  } finally {
    await t.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await onEachEngine(benchEngine);
