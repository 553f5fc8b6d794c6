import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, check, text, timestamp } from "drizzle-orm/pg-core";

/** Column and constraint shapes every table uses: db/schema.ts and modules' own `<area>.schema.ts`. */
export const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The database refuses a value outside a contract's vocabulary: statuses, types and roles are declared once in
 * the contracts, typed through `enum`, and checked by the database through this constraint.
 */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly (string | number)[]) =>
  check(
    name,
    sql`${column} in (${sql.raw(values.map((v) => (typeof v === "number" ? String(v) : `'${v}'`)).join(", "))})`,
  );

/**
 * A session's columns after its owner: merchant users' (`sessions`) and staff members' (`staff_sessions`) are the
 * same, so one set of session functions serves both (modules/auth/sessions.service). The bearer token is never
 * stored, only its SHA-256.
 */
export const sessionColumns = () => ({
  tokenHash: text("token_hash").notNull(),
  createdAt: createdAt(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  clientIp: text("client_ip").notNull().default(""),
  userAgent: text("user_agent").notNull().default(""),
});

/**
 * An account's sign-in state, after its own columns: merchant users' (`users`) and staff members' (`staff_users`)
 * are the same, as their sign-in, MFA and password checks work alike.
 */
export const signInColumns = () => ({
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
});
