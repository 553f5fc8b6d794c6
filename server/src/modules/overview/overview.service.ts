import Big from "big.js";
import { eq, type SQL, sql } from "drizzle-orm";
import { can, daysBetween, type Language, type Overview, type OverviewQuery } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { pgErrorCode, queryRows } from "../../db/raw";
import { merchants } from "../../db/schema";
import { fail, invalid } from "../../lib/failure";
import type { AuthContext } from "../auth/auth-context";

/** How many products the overview ranks. */
const TOP_PRODUCTS = 10;

/**
 * The reader's local day of a UTC timestamp, and a local midnight as a UTC timestamp: an IANA zone through
 * PostgreSQL's time-zone database (daylight saving followed), a fixed offset (minutes east of UTC) by arithmetic.
 */
export function zoned(tz: string | number) {
  if (typeof tz === "string")
    return {
      day: (column: SQL) => sql`(${column} at time zone ${tz})::date`,
      midnight: (date: SQL) => sql`(${date}::timestamp at time zone ${tz})`,
    };
  const shift = sql`(${tz}::int * interval '1 minute')`;
  return {
    day: (column: SQL) => sql`((${column} at time zone 'UTC') + ${shift})::date`,
    midnight: (date: SQL) => sql`((${date}::timestamp - ${shift}) at time zone 'UTC')`,
  };
}

/**
 * Every date from `from` to `to` (YYYY-MM-DD), so a day without figures shows as zero. Counted, not compared as
 * text: the day after 9999-12-31 prints as "+010000-01-01", which sorts before "9999" and never ended the loop.
 */
export function datesOf(from: string, to: string): string[] {
  const start = Date.parse(from);
  return Array.from({ length: daysBetween(from, to) }, (_, i) =>
    new Date(start + i * 86_400_000).toISOString().slice(0, 10),
  );
}

const money = (value: SQL) => sql`coalesce(${value}, 0)::numeric(20,4)::text`;

/**
 * The overview of one merchant over a period of local days: read from the hourly rollups (at most 24 rows per
 * day per product and status), so its cost does not grow with the number of orders. Finance, who may not list
 * orders, gets the money part only.
 */
export async function getOverview(
  deps: AppDeps,
  auth: AuthContext,
  query: OverviewQuery,
  language: Language,
): Promise<Overview> {
  const { db } = deps;
  const zone = zoned(query.tz);
  const start = zone.midnight(sql`${query.from}::date`);
  const end = zone.midnight(sql`(${query.to}::date + 1)`);
  const inPeriod = sql`merchant_id = ${auth.merchantId} and hour >= ${start} and hour < ${end}`;
  const withOrders = can(auth.role, "order", "list");

  const [merchant] = await db
    .select({ currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.id, auth.merchantId));
  if (!merchant) throw fail("notFound");

  try {
    const days = await queryRows<{ day: string; spend: string; deposits: string; deposit_count: string }>(
      db,
      sql`
        select ${zone.day(sql`hour`)}::text as day,
          ${money(sql`-sum(amount) filter (where kind in ('deduct', 'refund'))`)} as spend,
          ${money(sql`sum(amount) filter (where kind = 'deposit')`)} as deposits,
          coalesce(sum(entries) filter (where kind = 'deposit'), 0)::text as deposit_count
        from ledger_stats_hourly where ${inPeriod}
        group by 1`,
    );
    const byDay = new Map(days.map((d) => [d.day, d]));
    // The period's totals are the days' sums (exact decimals, four places like the rest).
    const total = (field: "spend" | "deposits") => days.reduce((sum, d) => sum.plus(d[field]), new Big(0)).toFixed(4);
    const moneyPart: Overview["money"] = {
      currency: merchant.currency,
      spend: total("spend"),
      deposits: total("deposits"),
      depositCount: days.reduce((n, d) => n + Number(d.deposit_count), 0),
      days: datesOf(query.from, query.to).map((date) => {
        const d = byDay.get(date);
        return {
          date,
          spend: d?.spend ?? "0.0000",
          deposits: d?.deposits ?? "0.0000",
          depositCount: Number(d?.deposit_count ?? 0),
        };
      }),
    };
    return {
      from: query.from,
      to: query.to,
      money: moneyPart,
      orders: withOrders ? await orderFigures(deps, inPeriod, language) : null,
    };
  } catch (error) {
    // Node's list of zones and PostgreSQL's may differ: a zone only the browser knows is the caller's mistake.
    if (pgErrorCode(error).code === "22023") throw invalid({ tz: "validation.timeZone" });
    throw error;
  }
}

async function orderFigures(deps: AppDeps, inPeriod: SQL, language: Language): Promise<Overview["orders"]> {
  const statuses = await queryRows<{ status: string; orders: string }>(
    deps.db,
    sql`select status, sum(orders)::text as orders from order_stats_hourly where ${inPeriod} group by status`,
  );
  const count = (status: string) => Number(statuses.find((s) => s.status === status)?.orders ?? 0);
  const byStatus = { processing: count("processing"), success: count("success"), failed: count("failed") };
  const finished = byStatus.success + byStatus.failed;
  const top = await queryRows<{ product_id: string; name: string; name_zh: string; orders: string; amount: string }>(
    deps.db,
    sql`
      select t.product_id::text, p.name, p.name_zh, t.orders::text, t.amount::numeric(20,4)::text as amount
      from (
        select product_id, sum(orders) as orders, sum(amount) as amount
        from order_stats_hourly where ${inPeriod} and status <> 'failed'
        group by product_id having sum(orders) > 0
        order by sum(amount) desc, sum(orders) desc, product_id limit ${TOP_PRODUCTS}
      ) t join products p on p.id = t.product_id
      order by t.amount desc, t.orders desc, t.product_id`,
  );
  return {
    total: byStatus.processing + finished,
    byStatus,
    successRate: finished === 0 ? null : Math.round((byStatus.success / finished) * 10_000) / 10_000,
    topProducts: top.map((p) => ({
      productId: Number(p.product_id),
      name: language === "zh-CN" && p.name_zh ? p.name_zh : p.name,
      count: Number(p.orders),
      amount: p.amount,
    })),
  };
}
