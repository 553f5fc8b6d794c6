import pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { type OrderFailCode, type OrderSource, orderFailCodes, orderSources } from "#contracts";
import type { Db } from "../db/connection";
import type { Clock } from "../lib/clock";
import { registerDatabaseGauges } from "./queue-gauges";

/**
 * What a process tells Prometheus (docs: monitoring/, README "Metrics"). One registry per process, never
 * prom-client's global one: the API tests build many apps in one process, each with its own. Names follow
 * Prometheus' conventions (one prefix, base units, counters end in `_total`) and every label has a bounded set of
 * values: route patterns (never raw URLs), supplier account codes, the contracts' vocabularies; no order numbers,
 * no merchants.
 */
export const METRIC_PREFIX = "merchant_portal_";

/** Where an order came from, as the metrics name it: the portal's users, or a merchant's server. */
export type Channel = "portal" | "openapi";
export const channelOf = (source: OrderSource): Channel => (source === "api" ? "openapi" : "portal");

/** A question put to a supplier for an attempt; `skip` is a route passed over without a call (attempt-money.ts). */
export type SupplierOperation = "submit" | "query" | "lookup" | "skip";
/** What came back: the answer's state, or no answer (`timeout`, `error`), or a route `skipped`. */
export type SupplierOutcome = "success" | "failed" | "pending" | "not_found" | "timeout" | "error" | "skipped";

/** The final state of an order, with a failure's code. */
export type OrderEnd = { status: "success" } | { status: "failed"; failCode: OrderFailCode };

export interface Metrics {
  readonly registry: Registry;
  /** One answered HTTP request, by its route's label (metrics-server.ts `routeLabel`). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** An order written (not a replay of an earlier one, not a refusal). */
  orderPlaced(source: OrderSource): void;
  /** An order that reached its final state (the guarded change went through). */
  orderFinished(source: OrderSource, end: OrderEnd): void;
  /** One call to a supplier for an attempt, or (operation `skip`, no time) a route skipped. */
  supplierCall(supplier: string, operation: SupplierOperation, outcome: SupplierOutcome, seconds?: number): void;
  /**
   * prom-client's default metrics (process memory and CPU, event-loop lag, heap, GC, handles): registered by the
   * process that serves its metrics, once. Not in createMetrics: they start samplers and observers that would
   * pile up in a test process building many apps.
   */
  collectProcessMetrics(): void;
}

const MISNAMED_DEFAULTS = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

/** Seconds: from a cached answer (a few ms) to the request time-out. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: suppliers answer in tens of ms to seconds; calls are cut at 10 s (FULFILMENT.callTimeoutMs). */
const SUPPLIER_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

export interface MetricsSources {
  db: Db;
  clock: Clock;
}

/** The process's metrics: the series below, and the gauges read from the database at scrape time. */
export function createMetrics({ db, clock }: MetricsSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const name = (n: string) => `${METRIC_PREFIX}${n}`;

  const http = new Histogram({
    name: name("http_request_duration_seconds"),
    help:
      "HTTP requests answered by the public listener, by method, route pattern (static: the browser app's files; " +
      "unmatched: no route) and status",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const placed = new Counter({
    name: name("orders_placed_total"),
    help: "Orders placed (written and debited; replays and refusals are not counted), by channel",
    labelNames: ["channel"] as const,
    registers,
  });
  const finished = new Counter({
    name: name("orders_finished_total"),
    help: "Orders that reached their final state, by channel, status and fail code (none for a success)",
    labelNames: ["channel", "status", "fail_code"] as const,
    registers,
  });
  const supplierAttempts = new Counter({
    name: name("supplier_attempts_total"),
    help:
      "Calls to a supplier account for an order's attempt (operation submit, query, lookup) by outcome " +
      "(success, failed = refused, pending, not_found, timeout, error = no answer), and routes skipped without a call",
    labelNames: ["supplier", "operation", "outcome"] as const,
    registers,
  });
  const supplierLatency = new Histogram({
    name: name("supplier_attempt_duration_seconds"),
    help: "How long a supplier account took to answer a call (or to time out), by operation",
    labelNames: ["supplier", "operation"] as const,
    buckets: SUPPLIER_BUCKETS,
    registers,
  });

  // Every channel's and final state's series from the start, so rates and ratios have a zero to start from.
  for (const source of orderSources) {
    const channel = channelOf(source);
    placed.inc({ channel }, 0);
    finished.inc({ channel, status: "success", fail_code: "none" }, 0);
    for (const failCode of orderFailCodes) finished.inc({ channel, status: "failed", fail_code: failCode }, 0);
  }

  registerPoolGauges(registry, db);
  registerDatabaseGauges(registry, { db, clock });

  let processMetrics = false;
  return {
    registry,
    request(method, route, status, seconds) {
      http.observe({ method, route, status_code: String(status) }, seconds);
    },
    orderPlaced(source) {
      placed.inc({ channel: channelOf(source) });
    },
    orderFinished(source, end) {
      const failCode = end.status === "failed" ? end.failCode : "none";
      finished.inc({ channel: channelOf(source), status: end.status, fail_code: failCode });
    },
    supplierCall(supplier, operation, outcome, seconds) {
      supplierAttempts.inc({ supplier, operation, outcome });
      if (seconds !== undefined) supplierLatency.observe({ supplier, operation }, seconds);
    },
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
      // prom-client also exports the sums of nodejs_active_{handles,requests,resources}{type} as gauges named
      // `_total`, a suffix Prometheus keeps for counters (promtool check metrics refuses them): sum the by-type
      // series instead.
      for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
    },
  };
}

/**
 * The node-postgres pool's counts, read when scraped (PostgreSQL only). The embedded database (PGlite) has no
 * pool: one in-process connection whose queries queue inside PGlite, so these series are not exported there.
 * Registered before the database gauges, so the scrape's own query is not counted as in use.
 */
function registerPoolGauges(registry: Registry, db: Db) {
  // drizzle keeps the driver's client as `$client` (its documented way to reach it).
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return;
  const gauge = (suffix: string, help: string, read: () => number) =>
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_${suffix}`,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge("max", "Connections the pool may open (DATABASE_POOL_MAX)", () => pool.options.max ?? 10);
  gauge("in_use", "Pool connections running a query now", () => pool.totalCount - pool.idleCount);
  gauge("idle", "Pool connections open and free", () => pool.idleCount);
  gauge("waiting", "Queries waiting for a free pool connection", () => pool.waitingCount);
}
