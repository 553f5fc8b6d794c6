import { readFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/src/db/connection";
import { systemClock } from "../../server/src/lib/clock";
import { createMetrics } from "../../server/src/metrics/metrics";
import { promtool } from "../support/metrics-text";

/**
 * monitoring/: the alert rules and the example scrape configuration pass promtool (and the rules' own unit tests),
 * and the Grafana dashboard and the rules name only series the processes export, with a panel for each of ours.
 */

const PROMETHEUS_DIR = "monitoring/prometheus";

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}
const dashboard = JSON.parse(readFileSync("monitoring/grafana/merchant-portal.json", "utf8")) as {
  uid: string;
  panels: Panel[];
};
/** The rules without their comments (which name node_exporter and the like). */
const rules = readFileSync(`${PROMETHEUS_DIR}/alerts.yml`, "utf8")
  .split("\n")
  .filter((line) => !line.trim().startsWith("#"))
  .join("\n");

/** The metric names a PromQL text uses: ours, prom-client's process series and node_exporter's. */
const namesIn = (text: string) => [
  ...new Set([...text.matchAll(/\b(?:merchant_portal|nodejs|process|node)_[a-z0-9_]+/g)].map(([name]) => name)),
];
/** A histogram's series are its name with `_bucket`, `_count` or `_sum`. */
const family = (name: string) => name.replace(/_(bucket|count|sum)$/, "");

describe("monitoring/", () => {
  // The series a server on PostgreSQL registers (the pool's included), with prom-client's process metrics. The pool
  // is never connected: nothing is scraped here, only the names are read.
  const pool = new pg.Pool({ connectionString: "postgres://127.0.0.1:1/none" });
  afterAll(() => pool.end());
  const metrics = createMetrics({ db: drizzle(pool) as unknown as Db, clock: systemClock });
  metrics.collectProcessMetrics();
  const exported = new Set(metrics.registry.getMetricsAsArray().map((m) => m.name));
  const ours = [...exported].filter((n) => n.startsWith("merchant_portal_"));

  it("has alert rules promtool accepts, whose unit tests pass", () => {
    expect(promtool(["check", "rules", "alerts.yml"], { cwd: PROMETHEUS_DIR })).toContain("SUCCESS: 17 rules found");
    expect(promtool(["test", "rules", "alerts.test.yml"], { cwd: PROMETHEUS_DIR })).toContain("SUCCESS");
  });

  it("has an example scrape configuration promtool accepts", () => {
    const output = promtool(["check", "config", "prometheus.yml"], { cwd: PROMETHEUS_DIR });
    expect(output).toContain("is valid prometheus config file syntax");
  });

  it("alerts on series that exist (node_exporter's for the disk)", () => {
    const unknown = namesIn(rules).filter((n) => !exported.has(family(n)) && !n.startsWith("node_filesystem_"));
    expect(unknown).toEqual([]);
    for (const name of ["node_filesystem_avail_bytes", "node_filesystem_size_bytes"]) expect(rules).toContain(name);
  });

  it("has a dashboard with a panel for each of our series families, naming only series that exist", () => {
    expect(dashboard.uid).toBe("merchant-portal");
    const panels = dashboard.panels.filter((p) => p.type !== "row");
    for (const panel of panels) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    const used = new Set(panels.flatMap((p) => (p.targets ?? []).flatMap((t) => namesIn(t.expr))));
    expect([...used].filter((n) => !exported.has(family(n)) && !n.startsWith("node_filesystem_"))).toEqual([]);
    const shown = new Set([...used].map(family));
    expect(ours.filter((n) => !shown.has(n))).toEqual([]);
    // And the process's own: event-loop lag and memory.
    for (const name of ["nodejs_eventloop_lag_p99_seconds", "process_resident_memory_bytes"])
      expect(shown.has(name), name).toBe(true);
  });

  it("names every series of ours with the product's prefix and Prometheus' conventions", () => {
    expect(ours.sort()).toEqual([
      "merchant_portal_database_up",
      "merchant_portal_db_pool_idle",
      "merchant_portal_db_pool_in_use",
      "merchant_portal_db_pool_max",
      "merchant_portal_db_pool_waiting",
      "merchant_portal_http_request_duration_seconds",
      "merchant_portal_orders_finished_total",
      "merchant_portal_orders_overdue",
      "merchant_portal_orders_placed_total",
      "merchant_portal_queue_depth",
      "merchant_portal_queue_oldest_age_seconds",
      "merchant_portal_queue_unfinished",
      "merchant_portal_queue_unfinished_oldest_age_seconds",
      "merchant_portal_supplier_attempt_duration_seconds",
      "merchant_portal_supplier_attempts_total",
      "merchant_portal_supplier_balance",
      "merchant_portal_supplier_up",
    ]);
  });
});
