import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  deliveryChannels,
  depositStatuses,
  depositTypes,
  ExportStatus,
  eventStatuses,
  exportFormats,
  exportTypes,
  keyTypes,
  ledgerEntryTypes,
  merchantStates,
  orderFailCodes,
  orderSources,
  orderStatuses,
  priceChangeKinds,
  productStatuses,
  productTypes,
  roles,
} from "#contracts";
import { createdAt, id, oneOf, sessionColumns, signInColumns } from "./columns";

/**
 * The tables several areas share, declared once (an area's own table may live in its module, as
 * `<area>.schema.ts`): drizzle-kit generates the committed SQL migrations in ./migrations from these files
 * (`npm run db:generate`), and the same migrations run at start on PGlite and PostgreSQL.
 */

/** Merchant numbers look like M100001: the prefix is added in code, the number comes from here. */
export const merchantNoSequence = pgSequence("merchant_no_seq", { startWith: 100001 });

export const merchants = pgTable(
  "merchants",
  {
    id: id(),
    merchantNo: text("merchant_no").notNull().unique(),
    name: text("name").notNull(),
    companyName: text("company_name").notNull().default(""),
    contactPerson: text("contact_person").notNull().default(""),
    contactPhone: text("contact_phone").notNull().default(""),
    contactEmail: text("contact_email").notNull().default(""),
    website: text("website").notNull().default(""),
    status: text("status", { enum: merchantStates }).notNull().default("enabled"),
    /** Changed only together with a ledger entry, in the same transaction (orders and funds issues). */
    balance: numeric("balance", { precision: 20, scale: 4 }).notNull().default("0"),
    currency: char("currency", { length: 3 }).notNull().default("USD"),
    /**
     * A `balance.low` notification is written when the balance falls below this (null = never), by a trigger
     * whose WHEN clause reads only this row, so debits that cross nothing pay nothing (migration 0005).
     */
    lowBalanceThreshold: numeric("low_balance_threshold", { precision: 20, scale: 4 }),
    /**
     * Risk limits per UTC day (null = none), and what was ordered on `usage_day`: counted in the statement that
     * debits the balance (this row is locked for it anyway), so a limit costs placement no extra row or lock.
     */
    dailyAmountLimit: numeric("daily_amount_limit", { precision: 20, scale: 4 }),
    dailyCountLimit: integer("daily_count_limit"),
    usageDay: date("usage_day", { mode: "string" }),
    dayAmount: numeric("day_amount", { precision: 20, scale: 4 }).notNull().default("0"),
    dayCount: integer("day_count").notNull().default(0),
    /** The price list it buys from (null = none); its own prices (`merchant_prices`) override the list's. */
    priceListId: bigint("price_list_id", { mode: "number" }).references((): AnyPgColumn => priceLists.id),
    /**
     * Set on a merchant's sandbox (modules/sandbox): a merchant of its own, so its orders, balance, ledger,
     * events and keys are kept apart from the live ones by the tenant scoping every query already has. It buys
     * at its live merchant's prices, and its orders are only ever routed to the simulator.
     */
    sandboxOf: bigint("sandbox_of", { mode: "number" })
      .unique()
      .references((): AnyPgColumn => merchants.id),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("merchants_balance_not_negative", sql`${t.balance} >= 0`),
    oneOf("merchants_status_known", t.status, merchantStates),
  ],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    merchantId: bigint("merchant_id", { mode: "number" })
      .notNull()
      .references(() => merchants.id),
    /** The sign-in name: an e-mail address, stored lower-case so look-ups are exact. */
    username: text("username").notNull(),
    name: text("name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    role: text("role", { enum: roles }).notNull(),
    passwordHash: text("password_hash").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    remark: text("remark").notNull().default(""),
    ...signInColumns(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(t.username),
    index("users_merchant_idx").on(t.merchantId),
    oneOf("users_role_known", t.role, roles),
  ],
);

/** Server-side sessions: the bearer token is never stored, only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...sessionColumns(),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Every sign-in attempt, for throttling per account, per client address and per pair of both. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: id(),
    username: text("username").notNull(),
    clientIp: text("client_ip").notNull(),
    succeeded: boolean("succeeded").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_username_idx").on(t.username, t.createdAt),
    index("login_attempts_ip_idx").on(t.clientIp, t.createdAt),
  ],
);

export const exportTasks = pgTable(
  "export_tasks",
  {
    id: id(),
    merchantId: bigint("merchant_id", { mode: "number" })
      .notNull()
      .references(() => merchants.id),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: exportTypes }).notNull(),
    /** The file it writes: "xlsx" or "csv" (asked with the export; older tasks are XLSX). */
    format: text("format", { enum: exportFormats }).notNull().default("xlsx"),
    /** 0 queued, 1 processing, 2 completed, 3 terminated, 4 exception. */
    status: smallint("status").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    total: integer("total").notNull().default(0),
    /** The list filters and language the export was asked with. */
    params: text("params").notNull().default("{}"),
    fileKey: text("file_key"),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** While processing: until when the worker holding it counts as alive; past it another worker takes it. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Times a worker took it; a task whose runs keep killing their worker stops after EXPORTS.maxAttempts. */
    attempts: integer("attempts").notNull().default(0),
    /** When a worker last took it: claims go round the merchants, least recently served first. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [
    index("export_tasks_user_idx").on(t.userId, t.id),
    index("export_tasks_merchant_claimed_idx").on(t.merchantId, t.claimedAt),
    oneOf("export_tasks_type_known", t.type, exportTypes),
    oneOf("export_tasks_format_known", t.format, exportFormats),
    oneOf("export_tasks_status_known", t.status, Object.values(ExportStatus)),
  ],
);

/** Money columns: NUMERIC, read and written as decimal strings, never JS floats. */
const money = (name: string) => numeric(name, { precision: 20, scale: 4 });
const merchantRef = () =>
  bigint("merchant_id", { mode: "number" })
    .notNull()
    .references(() => merchants.id);

/** How the console groups the catalog: a product belongs to at most one category and one brand. */
export const categories = pgTable("categories", {
  id: id(),
  name: text("name").notNull().unique(),
  nameZh: text("name_zh").notNull().default(""),
  sort: integer("sort").notNull().default(0),
  createdAt: createdAt(),
});

export const brands = pgTable("brands", {
  id: id(),
  name: text("name").notNull().unique(),
  nameZh: text("name_zh").notNull().default(""),
  logoUrl: text("logo_url").notNull().default(""),
  sort: integer("sort").notNull().default(0),
  createdAt: createdAt(),
});

/** A property products are described by (region, validity...): `products.attributes` holds { code: value }. */
export const attributes = pgTable("attributes", {
  id: id(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  nameZh: text("name_zh").notNull().default(""),
  /** The values a product may take (string[]); empty = any text. */
  options: jsonb("options").notNull().default([]),
  sort: integer("sort").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The catalog. A product's order input fields are data (`OrderField[]` in the contracts), validated when the
 * catalog is imported and again on every order. Names are in English with an optional Chinese name.
 */
export const products = pgTable(
  "products",
  {
    id: id(),
    code: text("code").notNull().unique(),
    /** 1 Topup, 2 Login Topup, 3 Gift Card. */
    type: smallint("type").notNull(),
    name: text("name").notNull(),
    nameZh: text("name_zh").notNull().default(""),
    description: text("description").notNull().default(""),
    descriptionZh: text("description_zh").notNull().default(""),
    imageUrl: text("image_url").notNull().default(""),
    status: text("status", { enum: productStatuses }).notNull().default("enabled"),
    fields: jsonb("fields").notNull().default([]),
    /** An order still Processing this long after it was placed fails and is refunded. */
    deadlineSeconds: integer("deadline_seconds").notNull().default(600),
    /** Which supplier adapter fulfils it (`simulator` built in). */
    supplier: text("supplier").notNull().default("simulator"),
    sort: integer("sort").notNull().default(0),
    categoryId: bigint("category_id", { mode: "number" }).references(() => categories.id),
    brandId: bigint("brand_id", { mode: "number" }).references(() => brands.id),
    /** { attribute code: value } (`attributes`). */
    attributes: jsonb("attributes").notNull().default({}),
    /**
     * In the recycle bin since (null = live): merchants no longer see or order it, the console can restore it.
     * Orders refer to products and SKUs, so nothing an order names is ever deleted for real.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf("products_type_known", t.type, productTypes),
    oneOf("products_status_known", t.status, productStatuses),
  ],
);

export const productSkus = pgTable(
  "product_skus",
  {
    id: id(),
    productId: bigint("product_id", { mode: "number" })
      .notNull()
      .references(() => products.id),
    /** Stable code within the product (the import file updates SKUs by it). */
    code: text("code").notNull(),
    spec: text("spec").notNull(),
    faceValue: money("face_value").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    status: text("status", { enum: productStatuses }).notNull().default("enabled"),
    sort: integer("sort").notNull().default(0),
    /**
     * Orders may go to a route whose expected cost is above their price (a loss the reseller chose); otherwise
     * such a route is skipped (modules/fulfilment). Set with the SKU's routes.
     */
    allowLoss: boolean("allow_loss").notNull().default(false),
    /** In the recycle bin since (null = live), as `products.deleted_at`. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("product_skus_code_key").on(t.productId, t.code),
    oneOf("product_skus_status_known", t.status, productStatuses),
  ],
);

/** A merchant's own order price per SKU, in its balance currency: it wins over its price list's (modules/pricing). */
export const merchantPrices = pgTable(
  "merchant_prices",
  {
    merchantId: merchantRef(),
    skuId: bigint("sku_id", { mode: "number" })
      .notNull()
      .references(() => productSkus.id),
    price: money("price").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.skuId] }), check("merchant_prices_positive", sql`${t.price} > 0`)],
);

/** A set of SKU prices in one currency, assigned to merchants of that currency. */
export const priceLists = pgTable("price_lists", {
  id: id(),
  name: text("name").notNull().unique(),
  currency: char("currency", { length: 3 }).notNull(),
  description: text("description").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A bulk change of a price list's prices, effective at a chosen time; cancelled only before it takes effect. */
export const priceChanges = pgTable(
  "price_changes",
  {
    id: id(),
    priceListId: bigint("price_list_id", { mode: "number" })
      .notNull()
      .references(() => priceLists.id),
    kind: text("kind", { enum: priceChangeKinds }).notNull(),
    /** As entered: the price (set), the percent (percent) or the margin percent over cost (margin); null (remove). */
    value: numeric("value", { precision: 20, scale: 4 }),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    skus: integer("skus").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("price_changes_list_idx").on(t.priceListId, t.effectiveAt),
    oneOf("price_changes_kind_known", t.kind, priceChangeKinds),
  ],
);

/**
 * A price list's prices over time: the price of a SKU at a moment is its row with the latest `effective_at` at or
 * before it (null price = not on the list from then on). Rows are only added; a cancelled change's future rows
 * are removed with it.
 */
export const priceListPrices = pgTable(
  "price_list_prices",
  {
    priceListId: bigint("price_list_id", { mode: "number" })
      .notNull()
      .references(() => priceLists.id),
    skuId: bigint("sku_id", { mode: "number" })
      .notNull()
      .references(() => productSkus.id),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    price: money("price"),
    changeId: bigint("change_id", { mode: "number" }).references(() => priceChanges.id),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.skuId, t.effectiveAt] }),
    check("price_list_prices_positive", sql`${t.price} > 0`),
  ],
);

export const orderNoSequence = pgSequence("order_no_seq", { startWith: 1 });
export const fundNoSequence = pgSequence("fund_no_seq", { startWith: 1 });

/** Batch orders: N independent orders under one batch id. */
export const orderBatches = pgTable(
  "order_batches",
  {
    id: id(),
    batchNo: text("batch_no").notNull().unique(),
    merchantId: merchantRef(),
    productId: bigint("product_id", { mode: "number" }).notNull(),
    skuId: bigint("sku_id", { mode: "number" }).notNull(),
    createdBy: bigint("created_by", { mode: "number" }),
    itemCount: integer("item_count").notNull(),
    /** Orders placed, rows refused, and rows that were orders placed before (by merchant order number). */
    successCount: integer("success_count").notNull().default(0),
    failCount: integer("fail_count").notNull().default(0),
    existingCount: integer("existing_count").notNull().default(0),
    /**
     * Each submitted row's outcome (`BatchRowOutcome`: its order, or why it was refused as message keys), so the
     * result can be reopened later in either language. At most MAX_BATCH_ITEMS rows.
     */
    results: jsonb("results").notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_batches_merchant_idx").on(t.merchantId, t.id),
    // The batch history is newest first within a merchant, filtered by time.
    index("order_batches_merchant_created_idx").on(t.merchantId, t.createdAt, t.id),
  ],
);

/**
 * Orders. A Processing order is also its own fulfilment work item: `next_run_at` says when a worker should look
 * at it next (claiming it pushes `next_run_at` forward as a lease, so a crashed worker's order is picked up
 * again once the lease runs out). Placing an order is one statement: debit, order and ledger entry together.
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    orderNo: text("order_no").notNull().unique(),
    merchantId: merchantRef(),
    merchantOrderNo: text("merchant_order_no").notNull(),
    batchId: bigint("batch_id", { mode: "number" }),
    productId: bigint("product_id", { mode: "number" })
      .notNull()
      .references(() => products.id),
    skuId: bigint("sku_id", { mode: "number" })
      .notNull()
      .references(() => productSkus.id),
    /** Snapshots at order time: the catalog may change later, the order does not. */
    productName: text("product_name").notNull(),
    productNameZh: text("product_name_zh").notNull().default(""),
    productType: smallint("product_type").notNull(),
    spec: text("spec").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: money("unit_price").notNull(),
    amount: money("amount").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    /** The primary-key input (the account being recharged), kept apart for lists and filters. */
    rechargeAccount: text("recharge_account").notNull().default(""),
    /** Inputs by field key; values of secret fields are encrypted. */
    inputs: jsonb("inputs").notNull(),
    status: text("status", { enum: orderStatuses }).notNull().default("processing"),
    source: text("source", { enum: orderSources }).notNull(),
    createdBy: bigint("created_by", { mode: "number" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    failReason: text("fail_reason"),
    failCode: text("fail_code", { enum: orderFailCodes }),
    /** Fulfilment state (see the table comment). */
    supplier: text("supplier").notNull(),
    supplierRef: text("supplier_ref"),
    attempts: integer("attempts").notNull().default(0),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    /** Gift-card codes and other delivered secrets, encrypted as one JSON document. */
    resultSealed: text("result_sealed"),
    /** Rises with every change of status, so callback receivers can drop a stale event. */
    version: integer("version").notNull().default(1),
  },
  (t) => [
    uniqueIndex("orders_merchant_order_no_key").on(t.merchantId, t.merchantOrderNo),
    // Lists are newest first (created_at, id) within a merchant, with or without a status or product filter;
    // chosen from EXPLAIN at 1M orders (bench/order-list.ts).
    index("orders_merchant_created_idx").on(t.merchantId, t.createdAt, t.id),
    index("orders_merchant_status_idx").on(t.merchantId, t.status, t.createdAt, t.id),
    index("orders_merchant_product_idx").on(t.merchantId, t.productId, t.createdAt, t.id),
    // "Which orders recharged this number?" (support's most common question): an exact account, newest first.
    index("orders_merchant_account_idx").on(t.merchantId, t.rechargeAccount, t.createdAt, t.id),
    // The list sorted by amount (either way; the id breaks ties), without sorting a merchant's every order.
    index("orders_merchant_amount_idx").on(t.merchantId, t.amount, t.id),
    index("orders_batch_idx").on(t.batchId),
    // Reconciliation through the Open API (GET /orders): a merchant's orders by when they last changed.
    index("orders_merchant_updated_idx").on(t.merchantId, sql`coalesce(${t.completedAt}, ${t.createdAt})`, t.id),
    index("orders_due_idx").on(t.nextRunAt).where(sql`${t.status} = 'processing'`),
    check("orders_quantity_positive", sql`${t.quantity} > 0`),
    check("orders_amount_positive", sql`${t.amount} > 0`),
    oneOf("orders_status_known", t.status, orderStatuses),
    oneOf("orders_source_known", t.source, orderSources),
    oneOf("orders_fail_code_known", t.failCode, orderFailCodes),
    oneOf("orders_product_type_known", t.productType, productTypes),
  ],
);

/** What happened to an order besides its creation and completion: supplier answers, retries, audited reveals. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id),
    kind: text("kind").notNull(),
    /** Who did it, for user actions (e.g. revealing card codes). */
    userId: bigint("user_id", { mode: "number" }),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id)],
);

/**
 * Uploaded files (proofs of payment): the bytes live behind the storage interface under a content address
 * (SHA-256), this row says whose they are. A file is served only to users of its merchant.
 */
export const files = pgTable(
  "files",
  {
    id: id(),
    merchantId: merchantRef(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    originalName: text("original_name").notNull().default(""),
    uploadedBy: bigint("uploaded_by", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("files_merchant_idx").on(t.merchantId, t.id)],
);

export const depositNoSequence = pgSequence("deposit_no_seq", { startWith: 1 });

/**
 * Deposits (recharge records): a merchant reports a transfer, Pending until the reseller's staff approve it
 * (settled at a locked exchange rate, with an Add entry in the same statement) or reject it.
 */
export const deposits = pgTable(
  "deposits",
  {
    id: id(),
    depositNo: text("deposit_no").notNull().unique(),
    merchantId: merchantRef(),
    type: text("type", { enum: depositTypes }).notNull().default("add"),
    amount: money("amount").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    referenceNo: text("reference_no").notNull(),
    paymentGateway: text("payment_gateway").notNull(),
    transactionTime: timestamp("transaction_time", { withTimezone: true }).notNull(),
    proofFileId: bigint("proof_file_id", { mode: "number" }).references(() => files.id),
    companyName: text("company_name").notNull(),
    bankAccount: text("bank_account").notNull(),
    remarks: text("remarks").notNull().default(""),
    status: text("status", { enum: depositStatuses }).notNull().default("pending"),
    statusTime: timestamp("status_time", { withTimezone: true }).notNull().defaultNow(),
    /** Locked on approval: settled amount = amount x rate, rounded half-up to the settled currency's decimals. */
    settledAmount: money("settled_amount"),
    settledCurrency: char("settled_currency", { length: 3 }),
    exchangeRate: numeric("exchange_rate", { precision: 20, scale: 8 }),
    balanceBefore: money("balance_before"),
    balanceAfter: money("balance_after"),
    rejectReason: text("reject_reason"),
    createdBy: bigint("created_by", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("deposits_reference_key").on(t.merchantId, t.referenceNo),
    index("deposits_merchant_idx").on(t.merchantId, t.createdAt, t.id),
    check("deposits_amount_positive", sql`${t.amount} > 0`),
    oneOf("deposits_type_known", t.type, depositTypes),
    oneOf("deposits_status_known", t.status, depositStatuses),
  ],
);

/**
 * The outbox of signed deliveries to a merchant's servers: order callbacks (to the callback URL) and account
 * notifications (deposit status, low balance; to the notification URL). Each row is written in the same
 * transaction as the change it reports and is its own delivery job: a worker claims due rows (FOR UPDATE SKIP
 * LOCKED, `next_attempt_at` pushed ahead as a lease), posts them, and records the outcome or the next retry.
 * A row is only written when the merchant has the URL configured.
 */
export const merchantEvents = pgTable(
  "merchant_events",
  {
    id: id(),
    /** Stable id the receiver de-duplicates by: the same on every retry and resend. */
    eventId: text("event_id").notNull().unique(),
    merchantId: merchantRef(),
    channel: text("channel", { enum: deliveryChannels }).notNull().default("notification"),
    /** `order.success`, `order.failed`, `deposit.status`, `balance.low`. */
    type: text("type").notNull(),
    orderId: bigint("order_id", { mode: "number" }),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
    status: text("status", { enum: eventStatuses }).notNull().default("pending"),
    /** Tries made so far (the first one included). */
    attempts: integer("attempts").notNull().default(0),
    /** When the next try is due; null = at once (rows written by database triggers, which have no app clock). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** HTTP status of the last answer; null when there was none (refused, timed out, blocked). */
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    lastUrl: text("last_url"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("merchant_events_pending_idx").on(t.merchantId, t.id),
    index("merchant_events_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    oneOf("merchant_events_channel_known", t.channel, deliveryChannels),
    oneOf("merchant_events_status_known", t.status, eventStatuses),
    // GET /openapi/v1/events: a merchant's events in the order they were written.
    index("merchant_events_merchant_created_idx").on(t.merchantId, t.createdAt, t.id),
  ],
);

/**
 * Every try of a delivery, kept for the delivery log: when, where, how long, and what came back (an HTTP status,
 * or the network error; a refusal's answer excerpt is in `error`). `manual` tries are an admin's Resend, outside
 * the automatic schedule.
 */
export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: id(),
    eventRowId: bigint("event_row_id", { mode: "number" })
      .notNull()
      .references(() => merchantEvents.id, { onDelete: "cascade" }),
    manual: boolean("manual").notNull().default(false),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    latencyMs: integer("latency_ms").notNull(),
    httpStatus: integer("http_status"),
    error: text("error"),
    url: text("url"),
  },
  (t) => [index("delivery_attempts_event_idx").on(t.eventRowId, t.id)],
);

/**
 * A merchant's Open API application: its AppID, how its requests are signed (HMAC-SHA256 with the secret, or
 * RSA2 with the merchant's key pair, whose public half is here), the platform key pair that signs our answers and
 * callbacks (rotatable; `platform_key_serial` tells receivers which one signed), and where deliveries go.
 */
export const merchantApps = pgTable(
  "merchant_apps",
  {
    merchantId: bigint("merchant_id", { mode: "number" })
      .primaryKey()
      .references(() => merchants.id),
    appId: text("app_id").notNull().unique(),
    keyType: text("key_type", { enum: keyTypes }).notNull().default("HMAC"),
    /** PEM (SPKI) of the merchant's RSA public key; empty until given. */
    merchantPublicKey: text("merchant_public_key").notNull().default(""),
    /** The HMAC secret, encrypted; null until generated. Shown once, then only its last characters. */
    secretSealed: text("secret_sealed"),
    secretHint: text("secret_hint").notNull().default(""),
    secretCreatedAt: timestamp("secret_created_at", { withTimezone: true }),
    /** The secret before the last rotation, still accepted until `previous_secret_until` (the overlap chosen). */
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    platformKeySerial: integer("platform_key_serial").notNull().default(1),
    platformPublicKey: text("platform_public_key").notNull(),
    /** PEM (PKCS#8) of the platform private key, encrypted. */
    platformPrivateKeySealed: text("platform_private_key_sealed").notNull(),
    /**
     * The platform key before the last rotation: listed by GET /keys until `previous_platform_key_until`, and its
     * private half (encrypted) signs every answer and callback a second time until then, so a client that trusts
     * only the old key can still verify them, and learn the new key from the keys answer it verifies.
     */
    previousPlatformPublicKey: text("previous_platform_public_key"),
    previousPlatformPrivateKeySealed: text("previous_platform_private_key_sealed"),
    previousPlatformKeySerial: integer("previous_platform_key_serial"),
    previousPlatformKeyUntil: timestamp("previous_platform_key_until", { withTimezone: true }),
    callbackUrl: text("callback_url").notNull().default(""),
    notifyUrl: text("notify_url").notNull().default(""),
    /** Addresses and CIDR ranges allowed to call; empty = any. */
    ipWhitelist: jsonb("ip_whitelist").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf("merchant_apps_key_type_known", t.keyType, keyTypes)],
);

/**
 * Open API nonces seen in the last minutes (a reused one is a replay). UNLOGGED (migration 0005): no WAL, so
 * recording one costs no disk flush; after a database crash the table is empty, which re-opens at most one
 * timestamp window (5 minutes) in which a captured request could be replayed, and order placement is idempotent.
 */
export const apiNonces = pgTable(
  "api_nonces",
  {
    merchantId: bigint("merchant_id", { mode: "number" }).notNull(),
    nonce: text("nonce").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.nonce] }), index("api_nonces_created_idx").on(t.createdAt)],
);

/**
 * The balance ledger (fund transaction detail): append-only, one row per change of a merchant's balance, written
 * in the same statement as the change. A trigger refuses UPDATE and DELETE; a partial unique index allows one
 * Deduct and one Refund per order.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    fundNo: text("fund_no").notNull().unique(),
    merchantId: merchantRef(),
    type: text("type", { enum: ledgerEntryTypes }).notNull(),
    /** Signed: credits positive, debits negative. */
    amount: money("amount").notNull(),
    balanceBefore: money("balance_before").notNull(),
    balanceAfter: money("balance_after").notNull(),
    orderId: bigint("order_id", { mode: "number" }).references(() => orders.id),
    depositId: bigint("deposit_id", { mode: "number" }).references(() => deposits.id),
    remark: text("remark").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_merchant_idx").on(t.merchantId, t.id),
    index("ledger_merchant_created_idx").on(t.merchantId, t.createdAt, t.id),
    // Funds Details sorted by amount (either way; the id breaks ties).
    index("ledger_merchant_amount_idx").on(t.merchantId, t.amount, t.id),
    uniqueIndex("ledger_order_type_key").on(t.orderId, t.type).where(sql`${t.orderId} is not null`),
    check("ledger_balance_after", sql`${t.balanceAfter} = ${t.balanceBefore} + ${t.amount}`),
    check("ledger_balance_not_negative", sql`${t.balanceAfter} >= 0`),
    oneOf("ledger_entries_type_known", t.type, ledgerEntryTypes),
  ],
);

/** Next merchant number, e.g. M100001. */
export const nextMerchantNo = sql<string>`'M' || nextval('merchant_no_seq')::text`;
