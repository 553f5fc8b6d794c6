/**
 * A batch of 1,000 rows: end-to-end time of `POST /portal/merchant/api/order/batch` through HTTP (request sent
 * to answer read, all rows placed) and rows/s, on PGlite and PostgreSQL; median of 3 after a 20-row warm-up,
 * with the placing statements per batch (the merchant's grouping queue places up to 100 rows per statement).
 */
import { loadavg } from "node:os";
import { ledgerViolations } from "../server/src/modules/ledger/ledger.service";
import { orderGroups } from "../server/src/modules/order/order-groups";
import { openShop, type Shop } from "../tests/support/order-fixtures";
import { startTestApp } from "../tests/support/test-app";
import type { Engine } from "../tests/support/test-db";
import { baseUrl, int, ms, onEachEngine, printTable, seconds } from "./support/load";

const ROWS = 1_000;
const RUNS = 3;

let serial = 0;
function batchBody(shop: Shop, rows: number) {
  const run = serial++;
  return JSON.stringify({
    productId: shop.topup.productId,
    skuId: shop.topup.skuId,
    items: Array.from({ length: rows }, (_, i) => ({
      merchantOrderNo: `BENCH-${run}-${i}`,
      inputs: { account: `138${String(run * ROWS + i).padStart(8, "0")}` },
    })),
  });
}

async function submit(base: string, shop: Shop, rows: number) {
  const body = batchBody(shop, rows);
  const t0 = performance.now();
  const res = await fetch(`${base}/portal/merchant/api/order/batch`, {
    method: "POST",
    headers: { authorization: shop.token, "content-type": "application/json", "accept-language": "en-US" },
    body,
  });
  const answer = (await res.json()) as { code: number; message: string; data: { successCount: number } };
  const elapsed = performance.now() - t0;
  if (answer.code !== 200 || answer.data.successCount !== rows)
    throw new Error(`batch of ${rows}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return elapsed;
}

async function benchEngine(engine: Engine) {
  const started = performance.now();
  const t = await startTestApp(engine);
  try {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const base = baseUrl(t.app.server);
    const shop = await openShop(t, { balance: "100000000" });
    const counters = orderGroups(t.deps).placed;
    await submit(base, shop, 20);
    const times: number[] = [];
    const statements: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const before = counters.statements;
      times.push(await submit(base, shop, ROWS));
      statements.push(counters.statements - before);
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
    const rows = [
      [
        "HTTP POST order/batch",
        ms(median),
        int((ROWS * 1000) / median),
        times.map((x) => x.toFixed(0)).join(", "),
        statements.join(", "),
      ],
    ];
    console.log(`\n${engine}: batch of ${int(ROWS)} rows, one merchant; load average ${loadavg()[0]!.toFixed(1)}`);
    printTable(["path", "median ms", "rows/s", "runs (ms)", "statements per run"], rows);
    const violations = await ledgerViolations(t.deps.db);
    console.log(`  ledger check: ${violations.length === 0 ? "consistent" : JSON.stringify(violations.slice(0, 3))}`);
    console.log(`  (${engine}: ${seconds(started)})`);
  } finally {
    await t.close();
  }
}

await onEachEngine(benchEngine);
