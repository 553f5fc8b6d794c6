/**
 * Order placement on ONE merchant (every order debits the same balance row): orders/s and latency through real
 * HTTP (the app listening on 127.0.0.1, a signed-in operator, keep-alive sockets, the client in a worker
 * thread) beside the raw hot path (`insertOrders(db, [order])`, the placing statement alone, issued directly on
 * the app's own pool), at 1 and 32 clients, on PGlite and PostgreSQL. The two take turns in short rounds (pooled
 * afterwards) so a change of machine load hits them alike. The HTTP rows also say how many orders each placing
 * statement carried (the merchant's grouping queue, `orderGroups(deps).placed`). Then where the time of one HTTP
 * order goes, statement by statement.
 * On PostgreSQL, pgbench's figures for the same work without JavaScript come first (bench/support/pgbench.ts), and
 * then our own placing statement through pgbench (prepared as the app sends it, and unprepared at c=1): the ceiling
 * of the HTTP rows. A last table lays the one-client figures out as a ladder, mean time per order from pgbench's
 * toy statement up to the HTTP call.
 * Targets (issue 18, PostgreSQL): at 32 clients HTTP >= 2x pgbench's per-order transaction and >= its one
 * statement, p99 < 50 ms, the ledger consistent; at 1 client HTTP >= 50% of pgbench's one statement.
 * `BENCH_ROUNDS` (default 3) x `BENCH_DURATION_MS` (default 2,000) measured per row, after `BENCH_WARMUP_MS`.
 * `BENCH_RISK=on` sets every risk rule (issue 16) so that each is checked and none refuses: daily limits, a
 * cooling period, 10,000 blocked accounts, and at most 100 orders an hour per account, the orders spread over
 * 1,000 accounts (as a real merchant's are). Compare with the same run without it.
 * `BENCH_PROFILE=on` adds a CPU profile of the server during one more c=1 HTTP run, summed by package and
 * function: where the per-request time goes beyond the statement.
 */
import { loadavg } from "node:os";
import { eq, sql } from "drizzle-orm";
import { newMerchantOrderNo } from "#contracts";
import { queryRows } from "../server/src/db/raw";
import { merchants } from "../server/src/db/schema";
import { authenticateSession } from "../server/src/modules/auth/sessions.service";
import { ledgerViolations } from "../server/src/modules/ledger/ledger.service";
import { orderGroups } from "../server/src/modules/order/order-groups";
import { insertOrders, type NewOrder, placing } from "../server/src/modules/order/order-insert";
import { buildOrder, orderableTarget } from "../server/src/modules/order/place-order";
import { blockedAccounts, riskSettings } from "../server/src/modules/risk/risk.schema";
import { bearerToken } from "../server/src/plugins/auth";
import { openShop } from "../tests/support/order-fixtures";
import { startTestApp, type TestApp } from "../tests/support/test-app";
import type { Engine } from "../tests/support/test-db";
import {
  baseUrl,
  benchTiming,
  closedLoop,
  type HttpRequestSpec,
  httpLoad,
  int,
  type LoadStats,
  mergeStats,
  ms,
  onEachEngine,
  printTable,
  seconds,
} from "./support/load";
import { type PgbenchWay, pgbenchFloor, pgbenchStatement } from "./support/pgbench";
import { profiled } from "./support/profile";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TIMING = benchTiming({ warmupMs: 500, durationMs: 2_000 });
const CONCURRENCY = [1, 32];
const ACCOUNT = "13800138000";
const RISK = process.env.BENCH_RISK === "on";
const PROFILE = process.env.BENCH_PROFILE === "on";
/** With the risk rules on, orders go to this many accounts in turn (the velocity rule counts per account). */
const FIRST_ACCOUNT = 13800000000;
const accounts = Array.from({ length: RISK ? 1000 : 1 }, (_, i) => String(FIRST_ACCOUNT + i));

/** Every rule set, none refusing the bench's orders (see the file comment). */
async function switchRiskRulesOn(t: TestApp, merchantId: number) {
  await t.deps.db
    .update(riskSettings)
    .set({ velocityPerHour: 100, coolingDays: 7, coolingMinAmount: "1000000" })
    .where(eq(riskSettings.id, 1));
  await t.deps.db
    .update(merchants)
    .set({ dailyAmountLimit: "100000000000", dailyCountLimit: 1_000_000_000 })
    .where(eq(merchants.id, merchantId));
  await t.deps.db.insert(blockedAccounts).values(
    Array.from({ length: 10_000 }, (_, i) => ({
      account: String(19900000000 + i),
      reason: "bench",
      createdBy: "bench",
    })),
  );
  t.deps.riskRules.forget();
}

interface Row {
  raw: LoadStats;
  http: LoadStats;
  /** Placing statements and the orders they placed during the HTTP runs (warm-up included). */
  statements: number;
  orders: number;
}

interface EngineResult {
  engine: Engine;
  byC: Map<number, Row>;
  /** pgbench's orders/s by way and clients (PostgreSQL only, when pgbench is installed). */
  floor: Map<PgbenchWay, Map<number, number>> | null;
  /** Our placing statement (one order) through pgbench: prepared at c=1 and c=32, then unprepared at c=1. */
  ours: { prepared: Map<number, number>; unprepared1: number } | null;
  consistent: boolean;
}

async function benchEngine(engine: Engine): Promise<EngineResult> {
  const started = performance.now();
  // The caches as a server runs them (tests turn them off).
  const t = await startTestApp(engine, { config: { CACHE_TTL_MS: "30000" } });
  try {
    // The floor of any HTTP call here: Fastify, the socket and the client, no hooks, no database.
    t.app.get("/bench/noop", async () => ({ ok: true }));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const base = baseUrl(t.app.server);
    const shop = await openShop(t, { balance: "1000000000" });
    if (RISK) await switchRiskRulesOn(t, shop.merchantId);
    const { productId, skuId } = shop.topup;
    const requests: HttpRequestSpec[] = accounts.map((account) => ({
      method: "POST",
      path: "/portal/merchant/api/order",
      headers: { authorization: shop.token, "content-type": "application/json", "accept-language": "en-US" },
      body: JSON.stringify({ productId, skuId, inputs: { account } }),
    }));
    const placer = { merchantId: shop.merchantId, userId: shop.merchant.users.operator.id, source: "manual" as const };
    const target = await orderableTarget(t.deps, shop.merchantId, productId, skuId);
    const built = buildOrder(t.deps, placer, target, { quantity: 1, inputs: { account: ACCOUNT } }, null);
    if ("errors" in built) throw new Error(`bench order does not validate: ${JSON.stringify(built.errors)}`);
    const template = built.order;
    let turn = 0;
    const raw = async () => {
      const rechargeAccount = accounts[turn++ % accounts.length]!;
      const order = {
        ...template,
        rechargeAccount,
        merchantOrderNo: newMerchantOrderNo(t.clock.now()),
        at: t.clock.now(),
      };
      const outcome = await insertOrders(t.deps.db, [order], await t.deps.riskRules.current());
      if (outcome.kind !== "placed") throw new Error(`raw insert: ${outcome.kind}`);
    };
    const counters = orderGroups(t.deps).placed;
    const pgbench = engine === "postgres" ? await pgbenchFloor(CONCURRENCY, (ROUNDS * TIMING.durationMs) / 1000) : null;
    const ours = engine === "postgres" ? await oursThroughPgbench(t, template) : null;

    const byC = new Map<number, Row>();
    for (const c of CONCURRENCY) {
      const raws: LoadStats[] = [];
      const https: LoadStats[] = [];
      const before = { ...counters };
      for (let round = 0; round < ROUNDS; round++) {
        raws.push(await closedLoop(c, TIMING, raw));
        https.push(await httpLoad(base, requests, c, TIMING));
      }
      byC.set(c, {
        raw: mergeStats(raws),
        http: mergeStats(https),
        statements: counters.statements - before.statements,
        orders: counters.orders - before.orders,
      });
    }
    const violations = await ledgerViolations(t.deps.db);
    const result = { engine, byC, floor: pgbench, ours, consistent: violations.length === 0 };
    printResults(result);
    console.log(
      `  ledger check after the run: ${violations.length === 0 ? "consistent" : JSON.stringify(violations.slice(0, 3))}`,
    );
    const floor = await httpLoad(base, [{ method: "GET", path: "/bench/noop", headers: {} }], 1, TIMING);
    await breakdown(t, shop.token, template, byC.get(1)!.http, floor);
    ladder(result, floor);
    if (PROFILE) {
      const { result, summary } = await profiled(() => httpLoad(base, requests, 1, TIMING));
      console.log(`\n  CPU profile of the server during a c=1 HTTP run (${int(result.perSec)} orders/s):\n${summary}`);
    }
    console.log(`  (${engine}: ${seconds(started)})`);
    return result;
  } finally {
    await t.close();
  }
}

/**
 * The placing statement the app sends for one order, run by pgbench in the app's own database (the bench
 * merchant's balance row): the same SQL with no JavaScript, prepared as the app prepares it, and unprepared to
 * show what planning costs. The ceiling of the HTTP figures. Each run is a new order (a fresh merchant order
 * number) for one of the bench's accounts at random, as the other rows spread theirs (the velocity rule counts
 * per account).
 */
async function oursThroughPgbench(t: TestApp, order: NewOrder): Promise<EngineResult["ours"]> {
  const [{ name } = { name: "" }] = await queryRows<{ name: string }>(
    t.deps.db,
    sql`select current_database() as name`,
  );
  const url = new URL(process.env.DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  const { statement, values } = placing([order], await t.deps.riskRules.current());
  const account = `(${FIRST_ACCOUNT} + :account)::text`;
  const rewrite = (value: unknown, literal: string) => {
    if (value === values.input)
      return `jsonb_set(jsonb_set(${literal}::jsonb, '{0,merchant_order_no}', to_jsonb(gen_random_uuid()::text)),
        '{0,recharge_account}', to_jsonb(${account}))::text`;
    if (value === values.accounts) return `jsonb_build_array(jsonb_build_object('account', ${account}, 'n', 1))::text`;
    return undefined;
  };
  const setup = [`\\set account random(0, ${accounts.length - 1})`];
  const runs = [
    ...CONCURRENCY.map((clients) => ({ clients, mode: "prepared" as const })),
    { clients: 1, mode: "simple" as const },
  ];
  const seconds = (ROUNDS * TIMING.durationMs) / 1000;
  const tps = await pgbenchStatement(url.toString(), statement.query(values), { setup, rewrite }, runs, seconds);
  if (!tps) return null;
  return { prepared: new Map(CONCURRENCY.map((c, i) => [c, tps[i]!])), unprepared1: tps.at(-1)! };
}

function printResults({ engine, byC, floor, ours }: EngineResult) {
  const measured = (ROUNDS * TIMING.durationMs) / 1000;
  console.log(
    `\n${engine}: orders on one merchant (hot balance row), ${ROUNDS} rounds x ${TIMING.durationMs / 1000} s = ` +
      `${measured} s per row; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const rows: (string | number)[][] = [];
  for (const [c, { raw, http, statements, orders }] of byC) {
    for (const way of ["transaction", "statement"] as const) {
      const tps = floor?.get(way)?.get(c);
      if (tps !== undefined) rows.push([`pgbench ${way.padEnd(11)} c=${c}`, int(tps), "", "", "", "", "", ""]);
    }
    const oursTps = ours?.prepared.get(c);
    if (oursTps !== undefined) rows.push([`pgbench ours       c=${c}`, int(oursTps), "", "", "", "", "", ""]);
    if (ours && c === 1) rows.push(["pgbench ours unprep c=1", int(ours.unprepared1), "", "", "", "", "", ""]);
    const ratio = `${((100 * http.perSec) / raw.perSec).toFixed(0)}%`;
    const group = statements === 0 ? "-" : (orders / statements).toFixed(1);
    rows.push([`raw insertOrders c=${c}`, int(raw.perSec), ms(raw.p50), ms(raw.p99), ms(raw.max), raw.errors, "", ""]);
    rows.push([
      `HTTP POST order  c=${c}`,
      int(http.perSec),
      ms(http.p50),
      ms(http.p99),
      ms(http.max),
      http.errors,
      ratio,
      group,
    ]);
    for (const [name, s] of [
      ["raw", raw],
      ["HTTP", http],
    ] as const)
      if (s.sample) console.log(`  sample error (${name} c=${c}): ${s.sample}`);
  }
  printTable(["path", "orders/s", "p50 ms", "p99 ms", "max ms", "errors", "vs raw", "orders/stmt"], rows);
}

/**
 * One client, one order at a time: the mean time per order (1 / orders/s) from pgbench's toy statement up to the
 * HTTP call, each step adding one layer. What the c=1 target is up against, in this run's figures.
 */
function ladder({ byC, floor, ours }: EngineResult, noop: LoadStats) {
  const one = byC.get(1)!;
  const steps: [string, number | undefined][] = [
    ["pgbench: the one-statement order (toy tables)", floor?.get("statement")?.get(1)],
    ["pgbench: our placing statement, unprepared", ours?.unprepared1],
    ["pgbench: our placing statement, prepared", ours?.prepared.get(1)],
    ["+ JavaScript: insertOrders on the app's pool", one.raw.perSec],
    ["+ HTTP: POST order (session, validation, answer)", one.http.perSec],
    ["HTTP floor: GET no-op route, same client", noop.perSec],
  ];
  const rows = steps
    .filter((step): step is [string, number] => step[1] !== undefined)
    .map(([name, perSec]) => [name, (1000 / perSec).toFixed(2), int(perSec)]);
  console.log("\n  one client, one order at a time: mean time per order");
  printTable(["step", "ms", "orders/s"], rows);
}

/**
 * One HTTP order is three statements, each on its own connection: the session lookup (auth guard), the product +
 * SKU + price lookup, and the placing statement. Timed one after another at c=1; what is left of the HTTP p50 is
 * Fastify, zod, JSON and the socket.
 */
async function breakdown(t: TestApp, token: string, template: NewOrder, http1: LoadStats, floor: LoadStats) {
  const n = 300;
  const bearer = bearerToken(token)!;
  const steps: [string, () => Promise<unknown>][] = [
    ["auth guard: session lookup", () => authenticateSession(t.deps, bearer)],
    ["product + SKU + price", () => orderableTarget(t.deps, template.merchantId, template.productId, template.skuId)],
    [
      "insertOrders (one order)",
      async () =>
        insertOrders(
          t.deps.db,
          [{ ...template, merchantOrderNo: newMerchantOrderNo(t.clock.now()) }],
          await t.deps.riskRules.current(),
        ),
    ],
  ];
  const rows: (string | number)[][] = [];
  let sum = 0;
  for (const [name, fn] of steps) {
    for (let i = 0; i < 20; i++) await fn();
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(n / 2)]!;
    sum += median;
    rows.push([name, ms(median)]);
  }
  rows.push(["sum of the three statements", ms(sum)]);
  rows.push(["rest: Fastify, hooks, zod, JSON, socket (p50 - sum)", ms(http1.p50 - sum)]);
  rows.push(["  of which the HTTP floor (GET no-op route, p50)", ms(floor.p50)]);
  console.log(`\n  where one HTTP order's time goes (c=1, median of ${n} each; HTTP p50 ${ms(http1.p50)} ms)`);
  printTable(["step", "ms"], rows);
}

await onEachEngine(benchEngine, (results: EngineResult[]) => {
  const pg = results.find((r) => r.engine === "postgres");
  if (!pg?.floor) return;
  const met = (ok: boolean) => (ok ? "MET" : "MISSED");
  const http = (c: number) => pg.byC.get(c)!.http;
  const floor = (way: PgbenchWay, c: number) => pg.floor!.get(way)!.get(c)!;
  const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const [one, many] = [1, 32];
  console.log(
    "\ntargets (issue 18, PostgreSQL, this run):\n" +
      `  c=32 HTTP ${int(http(many).perSec)}/s >= 2x pgbench transaction ${int(floor("transaction", many))}/s: ` +
      `${x(http(many).perSec, floor("transaction", many))} -> ${met(http(many).perSec >= 2 * floor("transaction", many))}\n` +
      `  c=32 HTTP >= pgbench one statement ${int(floor("statement", many))}/s: ` +
      `${x(http(many).perSec, floor("statement", many))} -> ${met(http(many).perSec >= floor("statement", many))}\n` +
      `  c=32 HTTP p99 ${ms(http(many).p99)} ms < 50 ms -> ${met(http(many).p99 < 50)}; ledger ` +
      `${pg.consistent ? "consistent -> MET" : "INCONSISTENT -> MISSED"}\n` +
      `  c=1 HTTP ${int(http(one).perSec)}/s >= 50% of pgbench one statement ${int(floor("statement", one))}/s: ` +
      `${((100 * http(one).perSec) / floor("statement", one)).toFixed(0)}% -> ` +
      `${met(http(one).perSec >= 0.5 * floor("statement", one))}`,
  );
  const ours = pg.ours?.prepared.get(one);
  if (ours !== undefined)
    console.log(
      `  c=1 ceiling: our placing statement alone through pgbench (prepared, no JavaScript) ${int(ours)}/s = ` +
        `${((100 * ours) / floor("statement", one)).toFixed(0)}% of pgbench's one statement; ` +
        `HTTP does ${((100 * http(one).perSec) / ours).toFixed(0)}% of it`,
    );
});
