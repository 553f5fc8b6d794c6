import Big from "big.js";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type ConsoleStatistics, type consoleStatisticsQuery, type Language, STUCK_MINUTES } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { pgErrorCode, queryRows } from "../../db/raw";
import { invalid } from "../../lib/failure";
import { datesOf, zoned } from "../overview/overview.service";

const TOP_MERCHANTS = 20;
const TOP_PRODUCTS = 10;

/** Success / (Success + Failed), to four places; null while none has finished. */
const rate = (success: number, failed: number) =>
  success + failed === 0 ? null : Math.round((success / (success + failed)) * 10_000) / 10_000;

const counts = (r: { orders: string; success: string; failed: string; processing: string }) => {
  const [success, failed] = [Number(r.success), Number(r.failed)];
  return {
    orders: Number(r.orders),
    success,
    failed,
    processing: Number(r.processing),
    successRate: rate(success, failed),
  };
};

/** Order figures of a rollup group: all orders, by status, and sales (the successful orders' amounts). */
const orderSums = sql`
  coalesce(sum(o.orders), 0)::text as orders,
  coalesce(sum(o.orders) filter (where o.status = 'success'), 0)::text as success,
  coalesce(sum(o.orders) filter (where o.status = 'failed'), 0)::text as failed,
  coalesce(sum(o.orders) filter (where o.status = 'processing'), 0)::text as processing,
  coalesce(sum(o.amount) filter (where o.status = 'success'), 0)::numeric(20,4)::text as sales`;

type Sums = { orders: string; success: string; failed: string; processing: string; sales: string };

/**
 * The reseller's figures over a period of local days, from the hourly rollups (order_stats_hourly and
 * ledger_stats_hourly, indexed by hour): by day and currency, by merchant, by product.
 */
export async function consoleStatistics(
  deps: AppDeps,
  query: z.output<typeof consoleStatisticsQuery>,
  language: Language,
): Promise<ConsoleStatistics> {
  const zone = zoned(query.tz);
  const start = zone.midnight(sql`${query.from}::date`);
  const end = zone.midnight(sql`(${query.to}::date + 1)`);
  // Sandboxes' play orders and balances are no business figures.
  const merchant: SQL = sql`and m.sandbox_of is null ${query.merchantNo ? sql`and m.merchant_no = ${query.merchantNo}` : sql``}`;
  const inPeriod = (alias: string) =>
    sql`${sql.raw(alias)}.hour >= ${start} and ${sql.raw(alias)}.hour < ${end} ${merchant}`;
  const day = zone.day(sql.raw("o.hour"));
  const stuckSince = new Date(deps.clock.now().getTime() - STUCK_MINUTES * 60_000);
  const ledgerDay = zone.day(sql.raw("l.hour"));
  try {
    const [days, deposits, merchants, products, [scope]] = await Promise.all([
      queryRows<Sums & { day: string; currency: string }>(
        deps.db,
        sql`select ${day}::text as day, m.currency, ${orderSums}
          from order_stats_hourly o join merchants m on m.id = o.merchant_id
          where ${inPeriod("o")} group by 1, 2 order by 1, 2`,
      ),
      queryRows<{ day: string; currency: string; amount: string; entries: string }>(
        deps.db,
        sql`select ${ledgerDay}::text as day, m.currency, sum(l.amount)::numeric(20,4)::text as amount,
            sum(l.entries)::text as entries
          from ledger_stats_hourly l join merchants m on m.id = l.merchant_id
          where l.kind = 'deposit' and ${inPeriod("l")} group by 1, 2 order by 1, 2`,
      ),
      queryRows<Sums & { merchant_no: string; name: string; currency: string; deposits: string }>(
        deps.db,
        sql`select m.merchant_no, m.name, m.currency, ${orderSums},
            coalesce((select sum(l.amount) from ledger_stats_hourly l
              where l.merchant_id = m.id and l.kind = 'deposit' and ${inPeriod("l")}), 0)::numeric(20,4)::text
              as deposits
          from order_stats_hourly o join merchants m on m.id = o.merchant_id
          where ${inPeriod("o")}
          group by m.id order by sum(o.orders) desc, m.id limit ${TOP_MERCHANTS}`,
      ),
      queryRows<Sums & { product_id: string; name: string; name_zh: string }>(
        deps.db,
        sql`select o.product_id::text, p.name, p.name_zh, ${orderSums}
          from order_stats_hourly o join merchants m on m.id = o.merchant_id join products p on p.id = o.product_id
          where ${inPeriod("o")}
          group by o.product_id, p.name, p.name_zh order by sum(o.orders) desc, o.product_id limit ${TOP_PRODUCTS}`,
      ),
      // The merchants' currencies, and the orders stuck now (few: Processing rows have a partial index).
      queryRows<{ currencies: string[] | null; stuck: string }>(
        deps.db,
        sql`select (select array_agg(distinct m.currency order by m.currency) from merchants m where true ${merchant})
              as currencies,
            (select count(*) from orders o join merchants m on m.id = o.merchant_id
              where o.status = 'processing' and o.created_at < ${stuckSince} ${merchant})::text as stuck`,
      ),
    ]);
    const moneyOf = (rows: { currency: string; amount: string }[]) =>
      rows.filter((r) => Number(r.amount) !== 0).map((r) => ({ currency: r.currency, amount: r.amount }));
    const sumByCurrency = (rows: { currency: string; amount: string }[]) => {
      const sums = new Map<string, Big>();
      for (const r of rows) sums.set(r.currency, (sums.get(r.currency) ?? new Big(0)).plus(r.amount));
      return [...sums]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, amount]) => ({ currency, amount: amount.toFixed(4) }));
    };
    const total = days.reduce(
      (n, d) => ({
        orders: n.orders + Number(d.orders),
        success: n.success + Number(d.success),
        failed: n.failed + Number(d.failed),
        processing: n.processing + Number(d.processing),
      }),
      { orders: 0, success: 0, failed: 0, processing: 0 },
    );
    return {
      from: query.from,
      to: query.to,
      totals: {
        ...total,
        successRate: rate(total.success, total.failed),
        sales: moneyOf(sumByCurrency(days.map((d) => ({ currency: d.currency, amount: d.sales })))),
        deposits: moneyOf(sumByCurrency(deposits)),
        depositCount: deposits.reduce((n, d) => n + Number(d.entries), 0),
        currencies: scope?.currencies ?? [],
        stuck: Number(scope?.stuck ?? 0),
      },
      days: datesOf(query.from, query.to).map((date) => {
        const of = days.filter((d) => d.day === date);
        const sum = (field: "orders" | "success" | "failed" | "processing") =>
          String(of.reduce((n, d) => n + Number(d[field]), 0));
        return {
          date,
          ...counts({
            orders: sum("orders"),
            success: sum("success"),
            failed: sum("failed"),
            processing: sum("processing"),
          }),
          sales: moneyOf(of.map((d) => ({ currency: d.currency, amount: d.sales }))),
          deposits: moneyOf(deposits.filter((d) => d.day === date)),
        };
      }),
      merchants: merchants.map((m) => ({
        merchantNo: m.merchant_no,
        name: m.name,
        currency: m.currency,
        ...counts(m),
        sales: m.sales,
        deposits: m.deposits,
      })),
      products: products.map((p) => ({
        productId: Number(p.product_id),
        name: language === "zh-CN" && p.name_zh ? p.name_zh : p.name,
        ...counts(p),
      })),
    };
  } catch (error) {
    if (pgErrorCode(error).code === "22023") throw invalid({ tz: "validation.timeZone" });
    throw error;
  }
}
