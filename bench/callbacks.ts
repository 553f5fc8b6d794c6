/**
 * Callback delivery throughput: N pending deliveries of one merchant to a receiver on 127.0.0.1 (answering 200,
 * in this process), worker rounds (`runDeliveriesOnce`, the real signed HTTP sender) until none is due; then the
 * same with a sender that does no HTTP (what claiming, signing and recording cost alone); then the worker as the
 * server runs it (rounds side by side). Deliveries per second
 * on PGlite and PostgreSQL; printed, no thresholds. `BENCH_DELIVERIES` (default 2,000).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { merchantApps } from "../server/src/db/schema";
import { ensureApp } from "../server/src/modules/api-settings/api-settings.repository";
import { DELIVERIES, runDeliveriesOnce, startDeliveryWorker } from "../server/src/modules/delivery/delivery.worker";
import type { Send } from "../server/src/modules/delivery/sender";
import { merchantIdOf } from "../tests/support/funds-fixtures";
import { startTestApp, type TestApp } from "../tests/support/test-app";
import type { Engine } from "../tests/support/test-db";
import { int, ms, onEachEngine, printTable, seconds } from "./support/load";

const N = Number(process.env.BENCH_DELIVERIES ?? 2_000);

async function receiver() {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      count += 1;
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** N pending callbacks written straight into the outbox, as completed API orders would have. */
async function enqueue(t: TestApp, merchantId: number) {
  await t.deps.db.execute(sql`
    insert into merchant_events (event_id, merchant_id, channel, type, payload, created_at, next_attempt_at)
    select gen_random_uuid()::text, ${merchantId}, 'callback', 'order.success',
      jsonb_build_object('orderNo', 'O' || n, 'merchantOrderNo', 'M' || n, 'status', 'success', 'amount', '10.0000',
        'currency', 'USD', 'version', 2),
      ${t.clock.now().toISOString()}, null
    from generate_series(1, ${N}) n`);
}

async function drain(t: TestApp, send?: Send) {
  const started = performance.now();
  let rounds = 0;
  let delivered = 0;
  for (let claimed = 1; claimed > 0; rounds++) {
    claimed = await runDeliveriesOnce(t.deps, send ? { send } : {});
    delivered += claimed;
  }
  const elapsed = performance.now() - started;
  return { delivered, rounds: rounds - 1, elapsed };
}

/** The worker as the server runs it, until the receiver has seen all N more. */
async function viaWorker(t: TestApp, received: () => number) {
  const started = performance.now();
  const before = received();
  const worker = startDeliveryWorker(t.deps, { pollMs: 5, log: { error: (d, m) => console.error(m, d) } });
  while (received() - before < N) await new Promise((resolve) => setTimeout(resolve, 5));
  const elapsed = performance.now() - started;
  await worker.stop();
  return { delivered: received() - before, rounds: "-", elapsed };
}

async function benchEngine(engine: Engine) {
  const started = performance.now();
  const t = await startTestApp(engine, { config: { OUTBOUND_ALLOW_PRIVATE: "true" } });
  const r = await receiver();
  try {
    const merchant = await t.merchant();
    const merchantId = await merchantIdOf(t, merchant.merchantNo);
    await ensureApp(t.deps, merchantId);
    await t.deps.db.update(merchantApps).set({ callbackUrl: r.url }).where(eq(merchantApps.merchantId, merchantId));
    const rows: (string | number)[][] = [];
    await enqueue(t, merchantId);
    const viaHttp = await drain(t);
    if (r.received() !== N) throw new Error(`receiver saw ${r.received()} of ${N}`);
    await enqueue(t, merchantId);
    const noHttp = await drain(t, async () => ({ ok: true, status: 200 }));
    await enqueue(t, merchantId);
    const worker = await viaWorker(t, r.received);
    for (const [name, run] of [
      ["rounds, signed HTTP POST to 127.0.0.1", viaHttp],
      ["rounds, no HTTP (claim, sign, record)", noHttp],
      [`worker (${DELIVERIES.parallelRounds} rounds side by side), HTTP`, worker],
    ] as const) {
      rows.push([name, run.delivered, run.rounds, ms(run.elapsed), int((run.delivered / run.elapsed) * 1000)]);
    }
    console.log(`\n${engine}: ${int(N)} pending callbacks of one merchant, worker rounds until none is due`);
    printTable(["sender", "delivered", "rounds", "ms", "deliveries/s"], rows);
    console.log(`  (${engine}: ${seconds(started)})`);
  } finally {
    await r.close();
    await t.close();
  }
}

await onEachEngine(benchEngine);
