import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleOrderCalls } from "#contracts";
import { ConfigError } from "../../server/src/config";
import { exportTasks, merchantEvents, orders } from "../../server/src/db/schema";
import { serveMetrics } from "../../server/src/metrics/metrics-server";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { placeOrder } from "../../server/src/modules/order/place-order";
import { supplierAccounts } from "../../server/src/modules/supplier/supplier.schema";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
import { change, familiesOf, parseMetrics, samplesOf, sampleValue } from "../support/metrics-text";
import { openShop, type Shop } from "../support/order-fixtures";
import { consoleUrl, staffLogin, staffMember } from "../support/staff";
import { standInSupplier } from "../support/supplier-fixtures";
import { startTestApp, type TestApp, testConfig } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * The Prometheus series (server/src/metrics) through the real app on a fresh database: requests, orders and
 * supplier calls counted where they happen, queues and balances read from the database when scraped, the pool on
 * PostgreSQL only, and the listener of their own. The built server and worker are in tests/process/metrics.test.ts.
 */

const ORDER = "/portal/merchant/api/order";
const HTTP_COUNT = "merchant_portal_http_request_duration_seconds_count";
const SIMULATOR_DELAY_MS = 3000;

describe.each(engines)("metrics (%s)", (engine) => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "1000" });
  });
  afterAll(() => closeTestApp(t));

  const scrape = async () => parseMetrics(await t.deps.metrics.registry.metrics());
  const placeFromPortal = async (account: string) =>
    expectOk<{ orderNo: string }>(
      await call(t, "POST", ORDER, {
        token: shop.token,
        lang: EN,
        payload: { productId: shop.topup.productId, skuId: shop.topup.skuId, inputs: { account } },
      }),
      EN,
    ).orderNo;
  /** An order as the Open API's route places it (its signing is open-api.test's). */
  const placeFromOpenApi = async (account: string) =>
    (
      await placeOrder(
        t.deps,
        { merchantId: shop.merchantId, userId: null, source: "api" },
        { productId: shop.topup.productId, skuId: shop.topup.skuId, quantity: 1, inputs: { account } },
      )
    ).row.orderNo;
  /** Fulfilment rounds until no order is left Processing, the simulator's delay passed. */
  const fulfilAll = async () => {
    t.clock.advance(SIMULATOR_DELAY_MS);
    while ((await runFulfilmentOnce(t.deps)) > 0) t.clock.advance(1000);
  };

  it("answers /metrics on the public port with 404, and times requests by route pattern and status", async () => {
    const before = await scrape();
    for (const method of ["GET", "HEAD"] as const) {
      const res = await t.app.inject({ method, url: "/metrics" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    }
    const health = { method: "GET", route: "/portal/health", status_code: "200" };
    const detail = { method: "GET", route: "/portal/merchant/api/order/:orderNo", status_code: "401" };
    expect((await t.app.inject({ method: "GET", url: "/portal/health" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/portal/merchant/api/order/P2026-SECRET-1" })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: "GET", url: "/portal/merchant/api/order/P2026-SECRET-2" })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: "GET", url: "/no/such/thing.js?x=P2026-SECRET-3" })).statusCode).toBe(404);

    const after = await scrape();
    const delta = (labels: Record<string, string>) => change(before, after, HTTP_COUNT, labels);
    expect(delta(health)).toBe(1);
    expect(delta(detail)).toBe(2);
    expect(delta({ method: "GET", route: "unmatched", status_code: "404" })).toBe(1);
    expect(delta({ method: "GET", route: "/metrics", status_code: "404" })).toBe(1);
    expect(delta({ method: "HEAD", route: "/metrics", status_code: "404" })).toBe(1);
    // A histogram: buckets up to +Inf, which holds every request.
    expect(sampleValue(after, "merchant_portal_http_request_duration_seconds_bucket", { ...health, le: "+Inf" })).toBe(
      sampleValue(after, HTTP_COUNT, health),
    );
    // Route patterns only: no URL, order number or query string reaches a label.
    const labelValues = after.flatMap((s) => Object.values(s.labels));
    expect(labelValues.filter((v) => v.includes("SECRET") || v.includes("?"))).toEqual([]);
  });

  it("labels the browser app's files together as static, and never answers /metrics with its page", async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), "mp-web-"));
    mkdirSync(path.join(webRoot, "assets"));
    writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>app</title>");
    for (const file of ["app-1a2b.js", "app-3c4d.js"]) writeFileSync(path.join(webRoot, "assets", file), "export {};");
    const web = await startTestApp(engine, { webRoot });
    try {
      for (const url of ["/assets/app-1a2b.js", "/assets/app-3c4d.js", "/orders/P2026-SECRET-4"])
        expect((await web.app.inject({ method: "GET", url })).statusCode, url).toBe(200);
      const res = await web.app.inject({ method: "GET", url: "/metrics" });
      expect([res.statusCode, res.body]).toEqual([404, "Not found"]);
      const samples = parseMetrics(await web.deps.metrics.registry.metrics());
      expect(samplesOf(samples, HTTP_COUNT).map((s) => [s.labels.route, s.labels.status_code, s.value])).toEqual([
        ["static", "200", 2],
        ["unmatched", "200", 1],
        ["/metrics", "404", 1],
      ]);
    } finally {
      await closeTestApp(web);
      rmSync(webRoot, { recursive: true, force: true });
    }
  });

  it("reads the queues, stuck orders and supplier balances from the database when scraped", async () => {
    const queue = (samples: Awaited<ReturnType<typeof scrape>>, name: string) =>
      Object.fromEntries(samplesOf(samples, `merchant_portal_${name}`).map((s) => [s.labels.queue, s.value]));
    let now = await scrape();
    expect(sampleValue(now, "merchant_portal_database_up")).toBe(1);
    expect(queue(now, "queue_depth")).toEqual({ fulfilment: 0, callbacks: 0, notifications: 0, exports: 0 });
    expect(queue(now, "queue_oldest_age_seconds")).toEqual({
      fulfilment: 0,
      callbacks: 0,
      notifications: 0,
      exports: 0,
    });
    expect(sampleValue(now, "merchant_portal_orders_overdue")).toBe(0);

    // Two orders, a callback due 20 s ago and one retrying in a minute, an export asked for.
    const placedAt = t.clock.now();
    await placeFromPortal("13800138001");
    await placeFromPortal("13800138002");
    const at = (ms: number) => new Date(placedAt.getTime() + ms);
    const event = (nextAttemptAt: Date) => ({
      eventId: randomUUID(),
      merchantId: shop.merchantId,
      channel: "callback" as const,
      type: "order.success",
      payload: {},
      createdAt: placedAt,
      nextAttemptAt,
    });
    await t.deps.db.insert(merchantEvents).values([event(at(10_000)), event(at(90_000))]);
    await t.deps.db.insert(exportTasks).values({
      merchantId: shop.merchantId,
      userId: shop.merchant.users.operator.id,
      type: "order",
      createdAt: at(0),
    });
    t.clock.advance(30_000);
    now = await scrape();
    expect(queue(now, "queue_depth")).toEqual({ fulfilment: 2, callbacks: 1, notifications: 0, exports: 1 });
    expect(queue(now, "queue_oldest_age_seconds")).toEqual({
      fulfilment: 30,
      callbacks: 20,
      notifications: 0,
      exports: 30,
    });
    expect(queue(now, "queue_unfinished")).toEqual({ fulfilment: 2, callbacks: 2, notifications: 0, exports: 1 });
    expect(queue(now, "queue_unfinished_oldest_age_seconds")).toEqual({
      fulfilment: 30,
      callbacks: 30,
      notifications: 0,
      exports: 30,
    });

    // Past the products' deadline (600 s) with no worker: overdue, until the worker fails them.
    t.clock.advance(600_000);
    expect(sampleValue(await scrape(), "merchant_portal_orders_overdue")).toBe(2);
    const deadlineFailures = () =>
      scrape().then((s) =>
        sampleValue(s, "merchant_portal_orders_finished_total", {
          channel: "portal",
          status: "failed",
          fail_code: "DEADLINE_PASSED",
        }),
      );
    const failedBefore = await deadlineFailures();
    expect(await runFulfilmentOnce(t.deps)).toBe(2);
    expect(await deadlineFailures()).toBe((failedBefore ?? 0) + 2);
    now = await scrape();
    expect(sampleValue(now, "merchant_portal_orders_overdue")).toBe(0);
    expect(queue(now, "queue_unfinished").fulfilment).toBe(0);
    await t.deps.db.delete(merchantEvents).where(eq(merchantEvents.merchantId, shop.merchantId));
    await t.deps.db.delete(exportTasks).where(eq(exportTasks.merchantId, shop.merchantId));

    // Balances as the last check left them; health up or down; an account never checked says neither.
    await t.deps.db
      .update(supplierAccounts)
      .set({ balance: "1234.5000", balanceCurrency: "USD", health: "up" })
      .where(eq(supplierAccounts.code, "simulator"));
    await t.deps.db.update(supplierAccounts).set({ health: "down" }).where(eq(supplierAccounts.code, "sandbox"));
    now = await scrape();
    expect(samplesOf(now, "merchant_portal_supplier_balance")).toEqual([
      { name: "merchant_portal_supplier_balance", labels: { supplier: "simulator", currency: "USD" }, value: 1234.5 },
    ]);
    expect(sampleValue(now, "merchant_portal_supplier_up", { supplier: "simulator" })).toBe(1);
    expect(sampleValue(now, "merchant_portal_supplier_up", { supplier: "sandbox" })).toBe(0);
    await t.deps.db.update(supplierAccounts).set({ health: "unknown" }).where(eq(supplierAccounts.code, "sandbox"));
    expect(sampleValue(await scrape(), "merchant_portal_supplier_up", { supplier: "sandbox" })).toBeUndefined();
  });

  it("counts orders placed and finished by channel, status and fail code, and each supplier call", async () => {
    const before = await scrape();
    const placed = (portalAccount: string[], apiAccounts: string[]) =>
      Promise.all([...portalAccount.map(placeFromPortal), ...apiAccounts.map(placeFromOpenApi)]);
    // The simulator refuses an account ending in 0000 (ACCOUNT_INVALID) and fulfils the others after its delay.
    await placed(["13800138100", "13800130000"], ["13800138200"]);
    // The same merchant order number again is a replay, not a second order.
    const replay = { productId: shop.topup.productId, skuId: shop.topup.skuId, merchantOrderNo: "M-REPLAY" };
    for (let i = 0; i < 2; i++)
      expectOk(
        await call(t, "POST", ORDER, {
          token: shop.token,
          lang: EN,
          payload: { ...replay, inputs: { account: "13800138300" } },
        }),
        EN,
      );
    // One from the Open API, failed by the reseller's staff before any worker took it.
    const stuck = await placeFromOpenApi("13800138500");
    const staff = await staffMember(t, ["customerService"]);
    expectOk(
      await call(t, "POST", consoleUrl(consoleOrderCalls.fail, { orderNo: stuck }), {
        token: await staffLogin(t, staff),
        lang: EN,
        payload: { reason: "Stuck at the supplier" },
      }),
      EN,
    );
    await fulfilAll();
    expect(await t.deps.db.select().from(orders).where(eq(orders.status, "processing"))).toEqual([]);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => change(before, after, name, labels);
    const placedTotal = "merchant_portal_orders_placed_total";
    const finishedTotal = "merchant_portal_orders_finished_total";
    expect(delta(placedTotal, { channel: "portal" })).toBe(3);
    expect(delta(placedTotal, { channel: "openapi" })).toBe(2);
    expect(delta(finishedTotal, { channel: "portal", status: "success", fail_code: "none" })).toBe(2);
    expect(delta(finishedTotal, { channel: "portal", status: "failed", fail_code: "ACCOUNT_INVALID" })).toBe(1);
    expect(delta(finishedTotal, { channel: "openapi", status: "success", fail_code: "none" })).toBe(1);
    expect(delta(finishedTotal, { channel: "openapi", status: "failed", fail_code: "FAILED_BY_RESELLER" })).toBe(1);
    // Every final state has its series from the start, counted or not.
    expect(samplesOf(after, finishedTotal)).toHaveLength(2 * 7);

    const calls = (operation: string, outcome: string) =>
      delta("merchant_portal_supplier_attempts_total", { supplier: "simulator", operation, outcome });
    // Submitted once each: one refused at once, three fulfilled (their delay had passed before the first call).
    expect(calls("submit", "failed")).toBe(1);
    expect(calls("submit", "success")).toBe(3);
    const latency = "merchant_portal_supplier_attempt_duration_seconds_count";
    expect(delta(latency, { supplier: "simulator", operation: "submit" })).toBe(4);
  });

  it("counts supplier calls that got no answer (error, time-out) and the look-ups that follow them", async () => {
    const before = await scrape();
    const orderNo = await placeFromPortal("13800138400");
    const due = async () => {
      const [row] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      if (row?.nextRunAt) t.clock.set(row.nextRunAt);
      return row!;
    };
    // Refused connection: we do not know whether it arrived.
    const refusing = standInSupplier("simulator", {
      submit: async () => {
        throw new Error("connect ECONNREFUSED 10.0.0.1:443");
      },
    });
    expect(await runFulfilmentOnce(t.deps, { suppliers: refusing })).toBe(1);
    // Asked again: the supplier has no trace of it, and the new submission hangs until its time-out.
    const hanging = standInSupplier("simulator", {
      lookup: async () => ({ state: "notFound" }),
      submit: (request) =>
        new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(new Error("aborted")))),
    });
    await due();
    expect(await runFulfilmentOnce(t.deps, { suppliers: hanging, callTimeoutMs: 50 })).toBe(1);
    expect((await due()).status).toBe("processing");
    await fulfilAll();

    const after = await scrape();
    const calls = (operation: string, outcome: string) =>
      change(before, after, "merchant_portal_supplier_attempts_total", { supplier: "simulator", operation, outcome });
    expect(calls("submit", "error")).toBe(1);
    expect(calls("lookup", "not_found")).toBe(1);
    expect(calls("submit", "timeout")).toBe(1);
  });

  it("exports the connection pool's counts on PostgreSQL, and none on the embedded database", async () => {
    const names = [...familiesOf(await t.deps.metrics.registry.metrics()).keys()].filter((n) =>
      n.startsWith("merchant_portal_db_pool_"),
    );
    if (engine === "pglite") {
      expect(names).toEqual([]);
      return;
    }
    expect(names.sort()).toEqual([
      "merchant_portal_db_pool_idle",
      "merchant_portal_db_pool_in_use",
      "merchant_portal_db_pool_max",
      "merchant_portal_db_pool_waiting",
    ]);
    const now = await scrape();
    expect(sampleValue(now, "merchant_portal_db_pool_max")).toBe(10);
    const inUse = sampleValue(now, "merchant_portal_db_pool_in_use")!;
    const idle = sampleValue(now, "merchant_portal_db_pool_idle")!;
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(inUse + idle).toBeLessThanOrEqual(10);
    expect(sampleValue(now, "merchant_portal_db_pool_waiting")).toBe(0);
  });

  it("serves every series, with the process's own, on a listener of its own", async () => {
    const listener = await serveMetrics(t.deps.metrics, { port: 0, host: "127.0.0.1", variable: "METRICS_PORT" });
    try {
      const res = await fetch(listener.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      const text = await res.text();
      const families = familiesOf(text);
      for (const name of [
        "merchant_portal_http_request_duration_seconds",
        "merchant_portal_orders_placed_total",
        "merchant_portal_orders_finished_total",
        "merchant_portal_supplier_attempts_total",
        "merchant_portal_supplier_attempt_duration_seconds",
        "merchant_portal_supplier_balance",
        "merchant_portal_queue_depth",
        "merchant_portal_queue_oldest_age_seconds",
        "process_resident_memory_bytes",
        "nodejs_eventloop_lag_seconds",
        "nodejs_heap_size_used_bytes",
      ])
        expect(families.has(name), name).toBe(true);
      // promtool checks a real scrape in tests/process/metrics.test.ts (CI installs it; `npm test` needs no extra tool).

      for (const path of ["/", "/metrics/x", "/portal/health"])
        expect((await fetch(listener.url.replace("/metrics", path))).status).toBe(404);
      expect((await fetch(listener.url, { method: "POST" })).status).toBe(404);

      // Its port taken: a sentence naming the variable, not a stack trace.
      const port = Number(new URL(listener.url).port);
      await expect(
        serveMetrics(t.deps.metrics, { port, host: "127.0.0.1", variable: "WORKER_METRICS_PORT" }),
      ).rejects.toThrow(
        new ConfigError(
          `WORKER_METRICS_PORT: port ${port} on 127.0.0.1 is already in use; choose a free port for metrics.`,
        ),
      );
    } finally {
      await listener.close();
    }
    // Closed: the port is free again.
    const again = createServer();
    await new Promise<void>((resolve, reject) => {
      again.once("error", reject);
      again.listen(Number(new URL(listener.url).port), "127.0.0.1", resolve);
    });
    await new Promise((resolve) => again.close(resolve));
  });
});

describe("metrics settings", () => {
  it("are off unless a port is set, on loopback, and never on the public port", () => {
    const config = testConfig();
    expect(config).toMatchObject({ METRICS_HOST: "127.0.0.1" });
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.WORKER_METRICS_PORT).toBeUndefined();
    expect(testConfig({ METRICS_PORT: "9464", WORKER_METRICS_PORT: "9465" })).toMatchObject({
      METRICS_PORT: 9464,
      WORKER_METRICS_PORT: 9465,
    });
    expect(() => testConfig({ PORT: "8080", METRICS_PORT: "8080" })).toThrow(
      new ConfigError(
        "Configuration is not valid:\n  METRICS_PORT: must differ from PORT (metrics are never served on the public port)",
      ),
    );
    expect(() => testConfig({ WORKER_METRICS_PORT: "70000" })).toThrow(ConfigError);
  });
});
