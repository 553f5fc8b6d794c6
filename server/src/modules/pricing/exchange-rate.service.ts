import Big from "big.js";
import { desc, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ExchangeRate, exchangeRateBody } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { queryRows } from "../../db/raw";
import { type AuditActor, recordAudit } from "../audit/audit.service";
import { exchangeRates } from "./pricing.schema";

/** A rate as it was used: 1 of `from` = `rate` of `to`, set at `at` (now for one currency to itself). */
export interface UsedRate {
  rate: string;
  at: Date;
}

/** Rates have 8 decimals: the inverse of a pair set the other way round is rounded half-up to as many. */
const RATE_DECIMALS = 8;

/**
 * The rate from one currency to another: 1 for the same currency, else the newest rate set for the pair either
 * way round (its inverse when set as `to` → `from`), with when it was set. Null when no one has set one.
 */
export async function rateBetween(executor: Executor, from: string, to: string, now: Date): Promise<UsedRate | null> {
  if (from === to) return { rate: "1", at: now };
  const [row] = await queryRows<{ base: string; rate: string; createdMs: string | number }>(
    executor,
    sql`select base, rate::text as rate, (extract(epoch from created_at) * 1000)::float8 as "createdMs"
      from exchange_rates
      where (base = ${from} and quote = ${to}) or (base = ${to} and quote = ${from})
      order by created_at desc, id desc limit 1`,
  );
  if (!row) return null;
  const rate = row.base === from ? new Big(row.rate) : new Big(1).div(row.rate).round(RATE_DECIMALS, Big.roundHalfUp);
  return { rate: rate.toString(), at: new Date(Number(row.createdMs)) };
}

/** An amount in another currency at a rate, to the 4 decimals money is kept in (half-up). */
export const convert = (amount: string, rate: string) =>
  new Big(amount).times(rate).round(4, Big.roundHalfUp).toFixed(4);

/**
 * The rate now of every pair set, newest first: one row per pair whichever way round it was last set (the newest
 * row of either direction is the pair's rate, as `rateBetween` reads it).
 */
export async function listExchangeRates(deps: AppDeps): Promise<ExchangeRate[]> {
  const pair = [
    sql`least(${exchangeRates.base}, ${exchangeRates.quote})`,
    sql`greatest(${exchangeRates.base}, ${exchangeRates.quote})`,
  ];
  const rows = await deps.db
    .selectDistinctOn(pair)
    .from(exchangeRates)
    .orderBy(...pair, desc(exchangeRates.createdAt), desc(exchangeRates.id));
  return rows.map(toView).sort((a, b) => b.setTime.localeCompare(a.setTime) || a.base.localeCompare(b.base));
}

/**
 * Sets a pair's rate (a new row: the old one stays as history), audited with the rate it replaces. A pair set the
 * other way round before is replaced too: the newest row of either direction is the rate.
 */
export async function setExchangeRate(
  deps: AppDeps,
  actor: AuditActor,
  body: z.output<typeof exchangeRateBody>,
): Promise<ExchangeRate> {
  return deps.db.transaction(async (tx) => {
    const before = await rateBetween(tx, body.base, body.quote, deps.clock.now());
    const [row] = await tx
      .insert(exchangeRates)
      .values({ base: body.base, quote: body.quote, rate: body.rate, setBy: actor.name, createdAt: deps.clock.now() })
      .returning();
    await recordAudit(deps, tx, {
      actor,
      merchantId: null,
      action: "exchangeRate.set",
      target: { kind: "exchangeRate", id: `${body.base}/${body.quote}` },
      before: before ? { rate: before.rate } : null,
      after: { rate: new Big(body.rate).toString() },
    });
    return toView(row!);
  });
}

const toView = (row: typeof exchangeRates.$inferSelect): ExchangeRate => ({
  base: row.base,
  quote: row.quote,
  rate: new Big(row.rate).toString(),
  setTime: row.createdAt.toISOString(),
  setBy: row.setBy,
});
