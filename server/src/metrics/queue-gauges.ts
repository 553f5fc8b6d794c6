import { sql } from "drizzle-orm";
import { Gauge, type Registry } from "prom-client";
import { ExportStatus } from "#contracts";
import type { Db } from "../db/connection";
import { queryRows } from "../db/raw";
import type { Clock } from "../lib/clock";

/**
 * Gauges read from the database when Prometheus scrapes, not counted in memory: the queues are tables shared by
 * every process (a worker elsewhere may have taken the work), so only the database knows their depth. Two
 * statements per scrape, on partial indexes (orders_due_idx, merchant_events_due_idx) or small tables; every
 * process reports the same figures (aggregate them with `max`).
 */

/** The queues: orders to fulfil, callbacks and notifications to deliver, export files to write. */
export const QUEUES = ["fulfilment", "callbacks", "notifications", "exports"] as const;
export type Queue = (typeof QUEUES)[number];

/** A scrape waits this long for the database, then answers without these series (and database_up 0). */
const READ_TIMEOUT_MS = 5_000;

interface QueueFigures {
  /** Items due now that no worker holds. */
  due: number;
  /** Seconds since the oldest of them became due (0 when none). */
  dueAge: number;
  /** Items not finished, due or waiting for a later try. */
  unfinished: number;
  /** Seconds since the oldest of them was created (0 when none). */
  unfinishedAge: number;
}

interface SupplierFigures {
  code: string;
  health: "unknown" | "up" | "down";
  balance: number | null;
  currency: string | null;
}

export interface DatabaseSnapshot {
  queues: Record<Queue, QueueFigures>;
  /** Processing orders past their deadline: the worker fails those at once, so any that stay are stuck. */
  overdueOrders: number;
  suppliers: SupplierFigures[];
}

type Numeric = string | number | null;
const num = (v: Numeric) => (v === null ? 0 : Number(v));

/** The queues and the enabled supplier accounts as the database has them at `now`. */
export async function readDatabaseSnapshot(db: Db, now: Date): Promise<DatabaseSnapshot> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const age = (since: ReturnType<typeof sql>) => sql`greatest(0, extract(epoch from ${at} - ${since}))::float8`;
  // Callbacks written by database triggers have no next_attempt_at: due at once, since they were written.
  const eventDueAt = sql`coalesce(next_attempt_at, created_at)`;
  // A queued export is due since it was asked for; one whose worker's lease ran out, since the lease ended.
  const exportDue = sql`(status = ${ExportStatus.queued} or lease_until is null or lease_until <= ${at})`;
  const exportDueAt = sql`case when status = ${ExportStatus.queued} then created_at else coalesce(lease_until, created_at) end`;
  const [queueRows, supplierRows] = await Promise.all([
    queryRows<{
      queue: Queue;
      due: Numeric;
      dueAge: Numeric;
      unfinished: Numeric;
      unfinishedAge: Numeric;
      overdue: Numeric;
    }>(
      db,
      sql`
        select 'fulfilment' as queue, count(*) filter (where next_run_at <= ${at}) as due,
          ${age(sql`min(next_run_at) filter (where next_run_at <= ${at})`)} as "dueAge",
          count(*) as unfinished, ${age(sql`min(created_at)`)} as "unfinishedAge",
          count(*) filter (where deadline_at < ${at}) as overdue
        from orders where status = 'processing'
        union all
        select case when channel = 'callback' then 'callbacks' else 'notifications' end,
          count(*) filter (where ${eventDueAt} <= ${at}),
          ${age(sql`min(${eventDueAt}) filter (where ${eventDueAt} <= ${at})`)},
          count(*), ${age(sql`min(created_at)`)}, null
        from merchant_events where status = 'pending' group by channel
        union all
        select 'exports', count(*) filter (where ${exportDue}),
          ${age(sql`min(${exportDueAt}) filter (where ${exportDue})`)},
          count(*), ${age(sql`min(created_at)`)}, null
        from export_tasks where status in (${ExportStatus.queued}, ${ExportStatus.processing})`,
    ),
    queryRows<{ code: string; health: SupplierFigures["health"]; balance: string | null; currency: string | null }>(
      db,
      sql`select code, health, balance::text as balance, balance_currency as currency
        from supplier_accounts where enabled order by code`,
    ),
  ]);
  const empty = (): QueueFigures => ({ due: 0, dueAge: 0, unfinished: 0, unfinishedAge: 0 });
  const queues = Object.fromEntries(QUEUES.map((q) => [q, empty()])) as Record<Queue, QueueFigures>;
  let overdueOrders = 0;
  for (const row of queueRows) {
    queues[row.queue] = {
      due: num(row.due),
      dueAge: num(row.dueAge),
      unfinished: num(row.unfinished),
      unfinishedAge: num(row.unfinishedAge),
    };
    if (row.queue === "fulfilment") overdueOrders = num(row.overdue);
  }
  const suppliers = supplierRows.map((r) => ({
    code: r.code,
    health: r.health,
    balance: r.balance === null ? null : Number(r.balance),
    currency: r.currency?.trim() || null,
  }));
  return { queues, overdueOrders, suppliers };
}

/**
 * Registers the gauges read at scrape time. One snapshot serves every gauge of a scrape (the registry collects
 * them together), so a scrape costs the two statements once.
 */
export function registerDatabaseGauges(registry: Registry, { db, clock }: { db: Db; clock: Clock }) {
  let reading: Promise<DatabaseSnapshot | null> | null = null;
  const snapshot = () => {
    reading ??= withTimeout(readDatabaseSnapshot(db, clock.now()), READ_TIMEOUT_MS)
      .catch(() => null)
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const registers = [registry];
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (g: Gauge<L>, s: DatabaseSnapshot) => void,
  ) => {
    const g: Gauge<L> = new Gauge<L>({
      name: `merchant_portal_${name}`,
      help,
      labelNames,
      registers,
      async collect() {
        const s = await snapshot();
        g.reset();
        if (s) fill(g, s);
      },
    });
  };

  new Gauge({
    name: "merchant_portal_database_up",
    help: "1 when this scrape's database reads answered (within 5 s), 0 when not (the queue and supplier series are then absent)",
    registers,
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  const perQueue = (name: string, help: string, pick: (q: QueueFigures) => number) =>
    gauge(name, help, ["queue"], (g, s) => {
      for (const queue of QUEUES) g.set({ queue }, pick(s.queues[queue]));
    });
  perQueue(
    "queue_depth",
    "Items due now that no worker holds, by queue (fulfilment, callbacks, notifications, exports)",
    (q) => q.due,
  );
  perQueue(
    "queue_oldest_age_seconds",
    "Seconds since the oldest item due now became due, by queue (0 when none)",
    (q) => q.dueAge,
  );
  perQueue(
    "queue_unfinished",
    "Items not finished (due now or waiting for a later try), by queue",
    (q) => q.unfinished,
  );
  perQueue(
    "queue_unfinished_oldest_age_seconds",
    "Seconds since the oldest unfinished item was created (an order placed, a callback written, an export asked for), by queue",
    (q) => q.unfinishedAge,
  );
  gauge(
    "orders_overdue",
    "Processing orders past their deadline (the worker fails them at once: any that stay are stuck)",
    [],
    (g, s) => g.set(s.overdueOrders),
  );
  gauge(
    "supplier_balance",
    "Balance of each enabled supplier account at its last check, in its currency",
    ["supplier", "currency"],
    (g, s) => {
      for (const r of s.suppliers)
        if (r.balance !== null && r.currency) g.set({ supplier: r.code, currency: r.currency }, r.balance);
    },
  );
  gauge(
    "supplier_up",
    "1 when an enabled supplier account's last balance check answered, 0 when it failed (absent until checked)",
    ["supplier"],
    (g, s) => {
      for (const r of s.suppliers) if (r.health !== "unknown") g.set({ supplier: r.code }, r.health === "up" ? 1 : 0);
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  // A read that answers after the time-out is dropped, not reported as unhandled.
  promise.catch(() => {});
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
