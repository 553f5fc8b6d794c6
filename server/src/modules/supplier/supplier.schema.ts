import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  attemptStates,
  type CatalogEntry,
  catalogSyncStates,
  orderFailCodes,
  type Quote,
  type QuoteRefusal,
  type RouteFlag,
  supplierHealths,
  supplierKinds,
  supplierProductKinds,
  supplierRunTriggers,
} from "#contracts";
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
    /** When a catalog sync of it last started (the scheduled sync claims accounts by it). */
    catalogSyncedAt: timestamp("catalog_synced_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf("supplier_accounts_kind_known", t.kind, supplierKinds),
    oneOf("supplier_accounts_health_known", t.health, supplierHealths),
  ],
);

const money = (name: string) => numeric(name, { precision: 20, scale: 4 });
const currency = (name: string) => char(name, { length: 3 });
const supplierRef = () =>
  bigint("supplier_id", { mode: "number" })
    .notNull()
    .references(() => supplierAccounts.id);

/**
 * What each supplier account sells, as its catalog syncs read it (supplier-catalog.ts): one row per product,
 * the whole description in `entry` (contracts `CatalogEntry`), searchable columns beside it. A product the
 * supplier stops listing keeps its row with `gone_at` set, so routes and history still name it.
 */
export const supplierProducts = pgTable(
  "supplier_products",
  {
    id: id(),
    supplierId: supplierRef(),
    externalId: text("external_id").notNull(),
    kind: text("kind", { enum: supplierProductKinds }).notNull(),
    name: text("name").notNull(),
    country: char("country", { length: 2 }),
    sendCurrency: currency("send_currency").notNull(),
    receiveCurrency: currency("receive_currency").notNull(),
    entry: jsonb("entry").$type<CatalogEntry>().notNull(),
    /** The last sync that listed it, and the last one that found it changed. */
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    goneAt: timestamp("gone_at", { withTimezone: true }),
  },
  (t) => [
    // A supplier may number its kinds apart (Reloadly's operator 120 and gift card 120 are two products).
    uniqueIndex("supplier_products_key").on(t.supplierId, t.kind, t.externalId),
    index("supplier_products_receive_idx").on(t.supplierId, t.receiveCurrency, t.kind),
    oneOf("supplier_products_kind_known", t.kind, supplierProductKinds),
  ],
);

/** Each catalog sync of an account: when, who asked, what it found. */
export const catalogSyncs = pgTable(
  "catalog_syncs",
  {
    id: id(),
    supplierId: supplierRef(),
    trigger: text("trigger", { enum: supplierRunTriggers }).notNull(),
    /** The staff member who asked for it (trigger `staff`). */
    staffId: bigint("staff_id", { mode: "number" }),
    state: text("state", { enum: catalogSyncStates }).notNull().default("running"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    products: integer("products").notNull().default(0),
    added: integer("added").notNull().default(0),
    changed: integer("changed").notNull().default(0),
    gone: integer("gone").notNull().default(0),
    flagged: integer("flagged").notNull().default(0),
    error: text("error").notNull().default(""),
  },
  (t) => [
    index("catalog_syncs_supplier_idx").on(t.supplierId, t.startedAt),
    oneOf("catalog_syncs_trigger_known", t.trigger, supplierRunTriggers),
    oneOf("catalog_syncs_state_known", t.state, catalogSyncStates),
  ],
);

/** Every balance the health checks read: the reconciliation compares its movement over a window with the costs. */
export const supplierBalances = pgTable(
  "supplier_balances",
  {
    id: id(),
    supplierId: supplierRef(),
    balance: money("balance").notNull(),
    currency: currency("currency").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("supplier_balances_supplier_idx").on(t.supplierId, t.checkedAt)],
);

/**
 * A SKU's routes: its supplier products in the order they are tried. Each names a product of its account's
 * synced catalog; the quote (how it buys the SKU's face value, and what that should cost) is worked out when the
 * route is saved and again after every sync, which also flags what changed.
 */
export const skuRoutes = pgTable(
  "sku_routes",
  {
    id: id(),
    skuId: bigint("sku_id", { mode: "number" })
      .notNull()
      .references(() => productSkus.id),
    position: smallint("position").notNull(),
    supplierId: supplierRef(),
    supplierProduct: text("supplier_product").notNull(),
    /** Expected per unit, in `cost_currency` (the account's), from the last quote; null while it cannot buy. */
    cost: money("cost"),
    costCurrency: currency("cost_currency"),
    /** The last quote whole (contracts `Quote`), or why there is none, and when. */
    quote: jsonb("quote"),
    refusal: text("refusal").$type<QuoteRefusal>(),
    refusalParams: jsonb("refusal_params").$type<Record<string, string>>(),
    quotedAt: timestamp("quoted_at", { withTimezone: true }),
    /** What the syncs found since a staff member last cleared them (contracts `RouteFlag`). */
    flags: jsonb("flags").$type<RouteFlag[]>().notNull().default([]),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [
    uniqueIndex("sku_routes_position_key").on(t.skuId, t.position),
    index("sku_routes_supplier_idx").on(t.supplierId, t.supplierProduct),
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
    /** For the whole attempt: the face value it had to deliver (the SKU's, times the quantity). */
    faceValue: money("face_value"),
    faceCurrency: currency("face_currency"),
    /** What it asked the supplier to take (`send_local`: in the recipient's currency, as the supplier allows). */
    sendAmount: money("send_amount"),
    sendCurrency: currency("send_currency"),
    sendLocal: boolean("send_local").notNull().default(false),
    /** The quote it was sent with (contracts `Quote`, per unit): sent again as it was, should it be resent. */
    plan: jsonb("plan").$type<Quote>(),
    /** The quote's cost, before sending. */
    expectedCost: money("expected_cost"),
    expectedCostCurrency: currency("expected_cost_currency"),
    /** What the supplier charged (its own figure; null: nothing charged, or not said yet). */
    cost: money("cost"),
    costCurrency: currency("cost_currency"),
    /** That cost in the order's currency, at the rate of the time (1 cost_currency = rate order currency). */
    orderCost: money("order_cost"),
    rate: numeric("rate", { precision: 20, scale: 8 }),
    rateAt: timestamp("rate_at", { withTimezone: true }),
    /** What the supplier says the recipient got; `short_delivery` when that is less than the face value. */
    deliveredValue: money("delivered_value"),
    deliveredCurrency: currency("delivered_currency"),
    shortDelivery: boolean("short_delivery").notNull().default(false),
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
    // Reconciliation matches the supplier's report to our attempts by our reference.
    index("fulfilment_attempts_reference_idx").on(t.supplierId, t.reference),
    oneOf("fulfilment_attempts_state_known", t.state, attemptStates),
    oneOf("fulfilment_attempts_fail_code_known", t.failCode, orderFailCodes),
  ],
);
