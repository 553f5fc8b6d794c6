import { bigint, index, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { orderStatuses } from "#contracts";

/**
 * The overview's rollups: what the overview reads instead of scanning orders and the ledger. Database triggers
 * keep them (migration "overview_rollups"), once per statement and in the same transaction as the rows they sum,
 * so a figure can never disagree with a committed order or ledger entry. Rows are per UTC hour: any time zone
 * whose offset is a whole number of hours gets exact local days from them (a half-hour zone's days are cut at
 * the hour before its midnight). No foreign keys: they would cost a check on every order for nothing.
 */

/** Orders by the hour they were placed, product and current status: a status change moves them between rows. */
export const orderStatsHourly = pgTable(
  "order_stats_hourly",
  {
    merchantId: bigint("merchant_id", { mode: "number" }).notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    productId: bigint("product_id", { mode: "number" }).notNull(),
    status: text("status", { enum: orderStatuses }).notNull(),
    orders: bigint("orders", { mode: "number" }).notNull(),
    amount: numeric("amount", { precision: 20, scale: 4 }).notNull(),
  },
  // By hour too: the console's statistics read every merchant's rows of a period.
  (t) => [
    primaryKey({ columns: [t.merchantId, t.hour, t.productId, t.status] }),
    index("order_stats_hourly_hour_idx").on(t.hour),
  ],
);

/**
 * Ledger entries by hour and kind: the entry's type, except that an Add entry of a deposit is `deposit` (the
 * demo's opening balance is an Add of no deposit). Entries are append-only, so only inserts are summed.
 */
export const ledgerStatsHourly = pgTable(
  "ledger_stats_hourly",
  {
    merchantId: bigint("merchant_id", { mode: "number" }).notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    kind: text("kind").notNull(),
    entries: bigint("entries", { mode: "number" }).notNull(),
    amount: numeric("amount", { precision: 20, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.hour, t.kind] }), index("ledger_stats_hourly_hour_idx").on(t.hour)],
);
