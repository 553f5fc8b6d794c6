import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import {
  change,
  familiesOf,
  parseMetrics,
  promtool,
  type Sample,
  samplesOf,
  sampleValue,
} from "../support/metrics-text";
import { api, demoShop, type Shop, waitUntilNoneProcessing } from "../support/server-api";
import { freePort, type Server, spawnEntry, startServer, stopServer } from "../support/server-process";
import { scratchPostgres } from "../support/test-db";

/**
 * Prometheus metrics of the built server and worker (server/src/metrics): on a port of their own (METRICS_PORT,
 * WORKER_METRICS_PORT), never on the public one; orders placed over HTTP move the order and HTTP series; every
 * scrape passes `promtool check metrics` (Debian's `prometheus` package: the test fails without it).
 */

const PLACED = "merchant_portal_orders_placed_total";
const FINISHED = "merchant_portal_orders_finished_total";
const HTTP_COUNT = "merchant_portal_http_request_duration_seconds_count";
const SUPPLIER_CALLS = "merchant_portal_supplier_attempts_total";

interface Scraped {
  text: string;
  samples: Sample[];
}

async function scrape(url: string): Promise<Scraped> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  const text = await res.text();
  return { text, samples: parseMetrics(text) };
}

/** Two orders of the demo's top-up: the simulator fulfils one and refuses the other (an account ending in 0000). */
async function placeTwo(server: Server, shop: Shop, tag: string) {
  for (const [i, account] of ["13800138000", "13800130000"].entries())
    await api(server, "POST", "/merchant/api/order", shop.token, {
      productId: shop.productId,
      skuId: shop.skuId,
      merchantOrderNo: `${tag}-${i}`,
      inputs: { account },
    });
}

/** The process's series a scrape must hold, with promtool's approval of the whole text. */
function expectProcessSeries(scraped: Scraped) {
  const families = familiesOf(scraped.text);
  for (const name of ["process_resident_memory_bytes", "nodejs_eventloop_lag_seconds", "nodejs_heap_size_used_bytes"])
    expect(families.get(name), name).toBe("gauge");
  expect(sampleValue(scraped.samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
  expect(sampleValue(scraped.samples, "merchant_portal_database_up")).toBe(1);
  expect(promtool(["check", "metrics"], { input: scraped.text })).toBe("");
}

const delta = (before: Scraped, after: Scraped, name: string, labels: Record<string, string>) =>
  change(before.samples, after.samples, name, labels);

describe("metrics of the real processes", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mp-metrics-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const track = (child: Server) => {
    cleanups.push(async () => void (await stopServer(child, "SIGKILL")));
    return child;
  };

  it("serves the server's metrics on METRICS_PORT only, and counts orders and requests (embedded database)", async () => {
    const metricsPort = await freePort();
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const server = track(
      await startServer({
        DATA_DIR: dataDir(),
        DATABASE_URL: "",
        SIMULATOR_DELAY_MS: "0",
        METRICS_PORT: String(metricsPort),
      }),
    );
    // Not on the public port, whatever the browser app would answer there.
    const publicAnswer = await fetch(`${server.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).toBe("Not found");

    const shop = await demoShop(server);
    const before = await scrape(metricsUrl);
    await placeTwo(server, shop, "metrics");
    await waitUntilNoneProcessing(server, shop);
    // The worker counts an order's end just after its commit: the order reads final a moment before.
    let after = before;
    await eventually(async () => {
      after = await scrape(metricsUrl);
      return delta(before, after, FINISHED, { channel: "portal", status: "success", fail_code: "none" }) === 1;
    }, "the success counted");

    expect(delta(before, after, PLACED, { channel: "portal" })).toBe(2);
    expect(delta(before, after, PLACED, { channel: "openapi" })).toBe(0);
    expect(delta(before, after, FINISHED, { channel: "portal", status: "failed", fail_code: "ACCOUNT_INVALID" })).toBe(
      1,
    );
    const placing = { method: "POST", route: "/portal/merchant/api/order", status_code: "200" };
    expect(delta(before, after, HTTP_COUNT, placing)).toBe(2);
    expect(
      delta(before, after, HTTP_COUNT, { method: "GET", route: "/portal/merchant/api/order/list", status_code: "200" }),
    ).toBeGreaterThan(0);
    expect(sampleValue(after.samples, HTTP_COUNT, { method: "GET", route: "/metrics", status_code: "404" })).toBe(1);
    expect(
      delta(before, after, SUPPLIER_CALLS, { supplier: "simulator", operation: "submit", outcome: "failed" }),
    ).toBe(1);
    // The embedded database has no pool to report.
    expect(samplesOf(after.samples, "merchant_portal_db_pool_in_use")).toEqual([]);
    expect(samplesOf(after.samples, "merchant_portal_queue_depth", { queue: "fulfilment" })).toHaveLength(1);
    expectProcessSeries(after);

    expect(await stopServer(server, "SIGTERM")).toBe(0);
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "serves `npm run worker`'s metrics on WORKER_METRICS_PORT: the orders it finishes, its supplier calls, its pool",
    async () => {
      const database = await scratchPostgres("mp_metrics");
      cleanups.push(database.drop);
      const [serverPort, workerPort] = [await freePort(), await freePort()];
      const env = {
        DATA_DIR: dataDir(),
        DATABASE_URL: database.url,
        SIMULATOR_DELAY_MS: "0",
        // One environment for both, as on one machine: each process takes its own variable.
        METRICS_PORT: String(serverPort),
        WORKER_METRICS_PORT: String(workerPort),
      };
      const server = track(await startServer({ ...env, RUN_WORKER: "false" }));
      const shop = await demoShop(server);
      const worker = track(spawnEntry("worker", env));
      const workerUrl = `http://127.0.0.1:${workerPort}/metrics`;
      await eventually(async () => {
        if (worker.child.exitCode !== null) throw new Error(`the worker exited:\n${worker.output()}`);
        return fetch(workerUrl).then(
          (res) => res.ok,
          () => false,
        );
      }, "the worker's metrics listener");

      const serverBefore = await scrape(`http://127.0.0.1:${serverPort}/metrics`);
      const workerBefore = await scrape(workerUrl);
      await placeTwo(server, shop, "worker-metrics");
      await waitUntilNoneProcessing(server, shop);
      let workerAfter = workerBefore;
      await eventually(async () => {
        workerAfter = await scrape(workerUrl);
        return (
          delta(workerBefore, workerAfter, FINISHED, { channel: "portal", status: "success", fail_code: "none" }) === 1
        );
      }, "the worker's success counted");
      const serverAfter = await scrape(`http://127.0.0.1:${serverPort}/metrics`);

      // Placed by the server, finished by the worker: each counts its own part.
      expect(delta(serverBefore, serverAfter, PLACED, { channel: "portal" })).toBe(2);
      expect(
        delta(serverBefore, serverAfter, FINISHED, { channel: "portal", status: "success", fail_code: "none" }),
      ).toBe(0);
      expect(delta(workerBefore, workerAfter, PLACED, { channel: "portal" })).toBe(0);
      expect(
        delta(workerBefore, workerAfter, FINISHED, {
          channel: "portal",
          status: "failed",
          fail_code: "ACCOUNT_INVALID",
        }),
      ).toBe(1);
      expect(
        delta(workerBefore, workerAfter, SUPPLIER_CALLS, {
          supplier: "simulator",
          operation: "submit",
          outcome: "success",
        }),
      ).toBe(1);
      expect(
        delta(workerBefore, workerAfter, "merchant_portal_supplier_attempt_duration_seconds_count", {
          supplier: "simulator",
          operation: "submit",
        }),
      ).toBe(2);
      // A worker serves no HTTP; both read the queues and have a pool on PostgreSQL.
      expect(samplesOf(workerAfter.samples, HTTP_COUNT)).toEqual([]);
      for (const scraped of [serverAfter, workerAfter]) {
        expect(sampleValue(scraped.samples, "merchant_portal_db_pool_max")).toBe(10);
        expect(sampleValue(scraped.samples, "merchant_portal_db_pool_waiting")).toBe(0);
        expect(sampleValue(scraped.samples, "merchant_portal_queue_unfinished", { queue: "fulfilment" })).toBe(0);
        expectProcessSeries(scraped);
      }

      expect(await stopServer(worker, "SIGTERM")).toBe(0);
      expect(await stopServer(server, "SIGTERM")).toBe(0);
    },
  );
});
