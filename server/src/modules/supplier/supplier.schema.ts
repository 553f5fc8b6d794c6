import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { attemptStates, orderFailCodes, supplierHealths, supplierKinds } from "#contracts";
import { createdAt, id, oneOf } from "../../db/columns";
import { orders, productSkus } from "../../db/schema";

/**
 * Supplier accounts: one set of credentials and base URLs for one adapter kind (see supplier.ts). Credentials
 * are one encrypted JSON document, never answered or logged. Balance and health come from the scheduled check.
 */
export const supplierAccounts = pgTable(
  "supplier_accounts",
  {
    id: id(),
    /** Products name their default supplier by it (`products.supplier`), and orders keep it. */
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    kind: text("kind", { enum: supplierKinds }).notNull(),
    baseUrl: text("base_url").notNull(),
    authUrl: text("auth_url").notNull().default(""),
    credentialsSealed: text("credentials_sealed"),
    /** Which credential keys are stored, for the console's form (the values stay sealed). */
    credentialKeys: text("credential_keys").array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean("enabled").notNull().default(true),
    health: text("health", { enum: supplierHealths }).notNull().default("unknown"),
    balance: numeric("balance", { precision: 20, scale: 4 }),
    balanceCurrency: char("balance_currency", { length: 3 }),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    lastError: text("last_error").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf("supplier_accounts_kind_known", t.kind, supplierKinds),
    oneOf("supplier_accounts_health_known", t.health, supplierHealths),
  ],
);

/** A SKU's routes: its supplier products in the order they are tried. */
export const skuRoutes = pgTable(
  "sku_routes",
  {
    id: id(),
    skuId: bigint("sku_id", { mode: "number" })
      .notNull()
      .references(() => productSkus.id),
    position: smallint("position").notNull(),
    supplierId: bigint("supplier_id", { mode: "number" })
      .notNull()
      .references(() => supplierAccounts.id),
    supplierProduct: text("supplier_product").notNull(),
    /** Per unit, in `cost_currency`. */
    cost: numeric("cost", { precision: 20, scale: 4 }).notNull(),
    costCurrency: char("cost_currency", { length: 3 }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [
    uniqueIndex("sku_routes_position_key").on(t.skuId, t.position),
    check("sku_routes_cost_not_negative", sql`${t.cost} >= 0`),
  ],
);

/**
 * Every try at fulfilling an order: which supplier and product, our reference there, its transaction id, cost,
 * latency and outcome. Written (`sent`) before the supplier is called, so a crash mid-call leaves a trace the
 * next worker looks up at that supplier instead of sending the order elsewhere.
 */
export const fulfilmentAttempts = pgTable(
  "fulfilment_attempts",
  {
    id: id(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id),
    /** 1, 2, 3... within the order. */
    seq: smallint("seq").notNull(),
    supplierId: bigint("supplier_id", { mode: "number" })
      .notNull()
      .references(() => supplierAccounts.id),
    supplierProduct: text("supplier_product").notNull(),
    reference: text("reference").notNull(),
    transactionId: text("transaction_id"),
    /** The whole attempt's cost (route cost x quantity, or what the supplier said it charged). */
    cost: numeric("cost", { precision: 20, scale: 4 }),
    costCurrency: char("cost_currency", { length: 3 }),
    state: text("state", { enum: attemptStates }).notNull().default("sent"),
    detail: text("detail").notNull().default(""),
    /** A refusal's classification, which the order's `fail_code` takes when it was the last route. */
    failCode: text("fail_code", { enum: orderFailCodes }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    latencyMs: integer("latency_ms"),
  },
  (t) => [
    uniqueIndex("fulfilment_attempts_order_seq_key").on(t.orderId, t.seq),
    index("fulfilment_attempts_supplier_idx").on(t.supplierId, t.createdAt),
    oneOf("fulfilment_attempts_state_known", t.state, attemptStates),
    oneOf("fulfilment_attempts_fail_code_known", t.failCode, orderFailCodes),
  ],
);
