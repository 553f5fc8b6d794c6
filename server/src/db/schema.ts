import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Tables, declared once: drizzle-kit generates the committed SQL migrations in ./migrations from this file
 * (`npm run db:generate`), and the same migrations run at start on PGlite and PostgreSQL.
 */
const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

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
    status: text("status", { enum: ["enabled", "disabled"] })
      .notNull()
      .default("enabled"),
    /** Changed only together with a ledger entry, in the same transaction (orders and funds issues). */
    balance: numeric("balance", { precision: 20, scale: 4 }).notNull().default("0"),
    currency: char("currency", { length: 3 }).notNull().default("USD"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("merchants_balance_not_negative", sql`${t.balance} >= 0`)],
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
    role: text("role", { enum: ["admin", "operator", "finance"] }).notNull(),
    passwordHash: text("password_hash").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    remark: text("remark").notNull().default(""),
    /** TOTP secret, encrypted; null while MFA is not bound. */
    mfaSecret: text("mfa_secret"),
    /** Key handed out by `mfa/key` and not yet confirmed by `mfa/bind`, encrypted. */
    mfaPendingSecret: text("mfa_pending_secret"),
    mfaPendingAt: timestamp("mfa_pending_at", { withTimezone: true }),
    /** Highest TOTP time step accepted: a code is good once, never again. */
    mfaLastStep: bigint("mfa_last_step", { mode: "number" }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_username_key").on(t.username), index("users_merchant_idx").on(t.merchantId)],
);

/** Server-side sessions: the bearer token is never stored, only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    clientIp: text("client_ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
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
    type: text("type", { enum: ["product", "order", "transaction"] }).notNull(),
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
  },
  (t) => [index("export_tasks_user_idx").on(t.userId, t.id)],
);

export const schema = { merchants, users, sessions, loginAttempts, exportTasks, merchantNoSequence };

/** Next merchant number, e.g. M100001. */
export const nextMerchantNo = sql<string>`'M' || nextval('merchant_no_seq')::text`;
