import { sql } from "drizzle-orm";
import { char, check, index, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "../../db/columns";

/**
 * Exchange rates set by the reseller's finance staff (contracts/exchange-rates.ts): 1 `base` = `rate` `quote`.
 * Append-only: the rate of a pair is its newest row, the older ones are its history (an attempt keeps the rate it
 * was costed at). A pair is looked up either way round (exchange-rate.service.ts).
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: id(),
    base: char("base", { length: 3 }).notNull(),
    quote: char("quote", { length: 3 }).notNull(),
    rate: numeric("rate", { precision: 20, scale: 8 }).notNull(),
    /** Who set it, as the audit log names them. */
    setBy: text("set_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("exchange_rates_pair_idx").on(t.base, t.quote, t.createdAt),
    check("exchange_rates_positive", sql`${t.rate} > 0`),
    check("exchange_rates_two_currencies", sql`${t.base} <> ${t.quote}`),
  ],
);
