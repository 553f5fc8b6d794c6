import { sql } from "drizzle-orm";
import { bigint, check, index, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { riskRules } from "#contracts";
import { createdAt, id, oneOf } from "../../db/columns";
import { merchants } from "../../db/schema";

/** The reseller's risk settings: one row (id 1), read by the order statement itself. */
export const riskSettings = pgTable(
  "risk_settings",
  {
    id: integer("id").primaryKey(),
    velocityPerHour: integer("velocity_per_hour"),
    coolingDays: integer("cooling_days"),
    coolingMinAmount: numeric("cooling_min_amount", { precision: 20, scale: 4 }),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [check("risk_settings_one_row", sql`${t.id} = 1`)],
);

/** Recharge accounts nobody may order for (the spec's "black" list), whichever merchant asks. */
export const blockedAccounts = pgTable("blocked_accounts", {
  account: text("account").primaryKey(),
  reason: text("reason").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
});

/** An order a risk rule refused (nothing else of it was written). */
export const riskEvents = pgTable(
  "risk_events",
  {
    id: id(),
    rule: text("rule", { enum: riskRules }).notNull(),
    merchantId: bigint("merchant_id", { mode: "number" })
      .notNull()
      .references(() => merchants.id),
    rechargeAccount: text("recharge_account").notNull(),
    amount: numeric("amount", { precision: 20, scale: 4 }).notNull(),
    currency: text("currency").notNull(),
    source: text("source").notNull(),
    merchantOrderNo: text("merchant_order_no").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("risk_events_created_idx").on(t.createdAt, t.id),
    index("risk_events_merchant_idx").on(t.merchantId, t.createdAt),
    oneOf("risk_events_rule_known", t.rule, riskRules),
  ],
);
