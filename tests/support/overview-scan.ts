import { sql } from "drizzle-orm";
import { daysBetween, type Overview } from "#contracts";
import type { AppDeps } from "../../server/src/app-deps";
import { queryRows } from "../../server/src/db/raw";

/**
 * The overview's figures straight from orders and the ledger (a scan), in the answer's shape: what the API test
 * compares the rollups with, and what the overview bench times them against.
 */
export async function overviewByScan(
  db: AppDeps["db"],
  merchantId: number,
  from: string,
  to: string,
  zone: string,
): Promise<Omit<Overview, "from" | "to">> {
  const start = sql`(${from}::date::timestamp at time zone ${zone})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${zone})`;
  const days = await queryRows<{ day: string; spend: string; deposits: string; n: string }>(
    db,
    sql`select (created_at at time zone ${zone})::date::text as day,
          (-coalesce(sum(amount) filter (where type in ('deduct', 'refund')), 0))::numeric(20,4)::text as spend,
          coalesce(sum(amount) filter (where deposit_id is not null), 0)::numeric(20,4)::text as deposits,
          count(*) filter (where deposit_id is not null)::text as n
        from ledger_entries where merchant_id = ${merchantId} and created_at >= ${start} and created_at < ${end}
        group by 1`,
  );
  const statuses = await queryRows<{ status: string; n: string }>(
    db,
    sql`select status, count(*)::text as n from orders
        where merchant_id = ${merchantId} and created_at >= ${start} and created_at < ${end} group by 1`,
  );
  const top = await queryRows<{ id: string; name: string; n: string; amount: string }>(
    db,
    sql`select product_id::text as id, product_name as name, count(*)::text as n, sum(amount)::text as amount
        from orders where merchant_id = ${merchantId} and created_at >= ${start} and created_at < ${end}
          and status <> 'failed'
        group by product_id, product_name order by sum(amount) desc, count(*) desc, product_id limit 10`,
  );
  const sum = (values: string[]) => values.reduce((a, v) => a + Math.round(Number(v) * 10_000), 0);
  const money4 = (units: number) => (units / 10_000).toFixed(4);
  const byStatus = { processing: 0, success: 0, failed: 0 };
  for (const s of statuses) byStatus[s.status as keyof typeof byStatus] = Number(s.n);
  const finished = byStatus.success + byStatus.failed;
  const dates = Array.from({ length: daysBetween(from, to) }, (_, i) =>
    new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10),
  );
  const byDay = new Map(days.map((d) => [d.day, d]));
  return {
    money: {
      currency: "USD",
      spend: money4(sum(days.map((d) => d.spend))),
      deposits: money4(sum(days.map((d) => d.deposits))),
      depositCount: days.reduce((n, d) => n + Number(d.n), 0),
      days: dates.map((date) => ({
        date,
        spend: byDay.get(date)?.spend ?? "0.0000",
        deposits: byDay.get(date)?.deposits ?? "0.0000",
        depositCount: Number(byDay.get(date)?.n ?? 0),
      })),
    },
    orders: {
      total: finished + byStatus.processing,
      byStatus,
      successRate: finished ? Math.round((byStatus.success / finished) * 10_000) / 10_000 : null,
      topProducts: top.map((p) => ({ productId: Number(p.id), name: p.name, count: Number(p.n), amount: p.amount })),
    },
  };
}
