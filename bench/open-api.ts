/**
 * What signing costs: orders per second on ONE merchant through the Open API, signed with HMAC-SHA256 and with
 * RSA2 (SHA256withRSA 2048), beside the portal's own order call, at 32 (and 1) concurrent clients over real HTTP
 * on 127.0.0.1, on PostgreSQL and PGlite. Every Open API answer is also signed by the platform key (RSA2).
 * Requests are signed before each run (a fresh nonce each), so the client's own signing does not compete with
 * the server for the two cores; the server's verification and answer signing are in the figures.
 * The three take turns in short rounds (pooled afterwards) so a change of machine load hits them alike.
 * Target (issue 5): RSA2 >= 70% of the portal figure at 32 clients.
 * `BENCH_ROUNDS` (default 3) x `BENCH_DURATION_MS` (default 2,000), after `BENCH_WARMUP_MS` (default 500).
 */
import { loadavg } from "node:os";
import { eq } from "drizzle-orm";
import { merchantApps } from "../server/src/db/schema";
import { ledgerViolations } from "../server/src/modules/ledger/ledger.service";
import { type OpenApiClient, openApiClient } from "../tests/support/open-api";
import { openShop } from "../tests/support/order-fixtures";
import { startTestApp, type TestApp } from "../tests/support/test-app";
import type { Engine } from "../tests/support/test-db";
import {
  baseUrl,
  benchTiming,
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
import { signedOrderRequest } from "./support/signed-orders";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TIMING = benchTiming({ warmupMs: 500, durationMs: 2_000 });
const CONCURRENCY = [32, 1];
/** Pre-signed requests per run: more than a run can send (each nonce is good once). */
const PER_RUN = Math.ceil(((TIMING.warmupMs + TIMING.durationMs) / 1000) * 1_500);
const variants = ["portal", "HMAC", "RSA2"] as const;
type Variant = (typeof variants)[number];

/** `n` signed orders, each with its own merchant order number (the Open API requires one; a repeat is a replay). */
function signedOrders(t: TestApp, client: OpenApiClient, order: object, n: number): HttpRequestSpec[] {
  const timestamp = String(t.clock.now().getTime());
  return Array.from({ length: n }, () => signedOrderRequest(client, order, timestamp, "B"));
}

async function benchEngine(engine: Engine) {
  const started = performance.now();
  // No rate limit here: the bench measures throughput, not the limiter.
  const t = await startTestApp(engine, { config: { OPENAPI_RATE_LIMIT_PER_MINUTE: "1000000000" } });
  try {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const base = baseUrl(t.app.server);
    const shop = await openShop(t, { balance: "1000000000" });
    const order = { productId: shop.topup.productId, skuId: shop.topup.skuId, inputs: { account: "13800138000" } };
    const body = JSON.stringify(order);
    const portal: HttpRequestSpec[] = [
      {
        method: "POST",
        path: "/portal/merchant/api/order",
        headers: { authorization: shop.token, "content-type": "application/json", "accept-language": "en-US" },
        body,
      },
    ];
    // RSA2 first: setting a client up draws a new secret, while the merchant key pair stays the same.
    const rsa2 = await openApiClient(t, shop.merchantId, { keyType: "RSA2" });
    const clients = { RSA2: rsa2, HMAC: await openApiClient(t, shop.merchantId, { keyType: "HMAC" }) };
    const selectKeyType = (keyType: "HMAC" | "RSA2") =>
      t.deps.db.update(merchantApps).set({ keyType }).where(eq(merchantApps.merchantId, shop.merchantId));

    const byC = new Map<number, Record<Variant, LoadStats>>();
    for (const c of CONCURRENCY) {
      const runs: Record<Variant, LoadStats[]> = { portal: [], HMAC: [], RSA2: [] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.portal.push(await httpLoad(base, portal, c, TIMING));
        for (const keyType of ["HMAC", "RSA2"] as const) {
          await selectKeyType(keyType);
          const requests = signedOrders(t, clients[keyType], order, PER_RUN);
          runs[keyType].push(await httpLoad(base, requests, c, TIMING));
        }
      }
      byC.set(c, { portal: mergeStats(runs.portal), HMAC: mergeStats(runs.HMAC), RSA2: mergeStats(runs.RSA2) });
    }

    console.log(
      `\n${engine}: orders on one merchant, ${ROUNDS} rounds x ${TIMING.durationMs / 1000} s per row; ` +
        `load average ${loadavg()[0]!.toFixed(1)}`,
    );
    const rows: (string | number)[][] = [];
    for (const [c, stats] of byC)
      for (const v of variants) {
        const s = stats[v];
        const ratio = v === "portal" ? "" : `${((100 * s.perSec) / stats.portal.perSec).toFixed(0)}%`;
        rows.push([
          `${v === "portal" ? "portal POST order" : `Open API ${v}`} c=${c}`,
          int(s.perSec),
          ms(s.p50),
          ms(s.p99),
          s.errors,
          ratio,
        ]);
        if (s.sample) console.log(`  sample error (${v} c=${c}): ${s.sample}`);
      }
    printTable(["path", "orders/s", "p50 ms", "p99 ms", "errors", "vs portal"], rows);
    const violations = await ledgerViolations(t.deps.db);
    console.log(`  ledger check: ${violations.length === 0 ? "consistent" : JSON.stringify(violations.slice(0, 3))}`);
    console.log(`  (${engine}: ${seconds(started)})`);
    return { engine, byC };
  } finally {
    await t.close();
  }
}

await onEachEngine(benchEngine, (results) => {
  const pg = results.find((r) => r.engine === "postgres")?.byC.get(32);
  if (!pg) return;
  const ratio = pg.RSA2.perSec / pg.portal.perSec;
  console.log(
    `\ntarget (PostgreSQL, c=32): Open API RSA2 >= 70% of the portal: ${(100 * ratio).toFixed(0)}% -> ` +
      `${ratio >= 0.7 ? "MET" : "MISSED"} (HMAC ${((100 * pg.HMAC.perSec) / pg.portal.perSec).toFixed(0)}%)`,
  );
});
