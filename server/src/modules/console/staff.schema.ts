import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { adjustmentStatuses, adjustmentTypes } from "#contracts";
import { createdAt, id, oneOf, sessionColumns, signInColumns } from "../../db/columns";
import { merchants } from "../../db/schema";

/**
 * The reseller's staff: a realm of its own beside the merchants' users. Separate accounts and sessions, so a
 * merchant's token is unknown here and a staff token unknown there, whatever a guard does.
 */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: id(),
    /** The sign-in name: an e-mail address, stored lower-case. */
    username: text("username").notNull(),
    name: text("name").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Sign-in state as merchant users have it; while MFA is not bound only the binding calls answer. */
    ...signInColumns(),
  },
  (t) => [uniqueIndex("staff_users_username_key").on(t.username)],
);

/** A role is data: a name and the permissions (`<resource>:<action>`, contracts/console.ts) it gives. */
export const staffRoles = pgTable(
  "staff_roles",
  {
    id: id(),
    /** A built-in role's code (superAdmin, financeOfficer…); null for one a super administrator added. */
    code: text("code"),
    name: text("name").notNull(),
    permissions: jsonb("permissions").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_roles_code_key").on(t.code), uniqueIndex("staff_roles_name_key").on(t.name)],
);

/** A staff member may hold several roles (one person both super administrator and finance officer). */
export const staffUserRoles = pgTable(
  "staff_user_roles",
  {
    staffUserId: bigint("staff_user_id", { mode: "number" })
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    roleId: bigint("role_id", { mode: "number" })
      .notNull()
      .references(() => staffRoles.id),
  },
  (t) => [primaryKey({ columns: [t.staffUserId, t.roleId] }), index("staff_user_roles_role_idx").on(t.roleId)],
);

/** Staff sessions: the bearer token is never stored, only its SHA-256 (as for merchant sessions). */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: id(),
    /** `userId` as in `sessions`, so the session functions serve both realms (modules/auth/sessions.service). */
    userId: bigint("staff_user_id", { mode: "number" })
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    ...sessionColumns(),
  },
  (t) => [uniqueIndex("staff_sessions_token_hash_key").on(t.tokenHash), index("staff_sessions_user_idx").on(t.userId)],
);

/**
 * Balance adjustments asked for in the console. One above ADJUSTMENT_FOUR_EYES_ABOVE waits here (pending) for a
 * second staff member; posting it writes the ledger entry and marks it posted in one transaction.
 */
export const balanceAdjustments = pgTable(
  "balance_adjustments",
  {
    id: id(),
    merchantId: bigint("merchant_id", { mode: "number" })
      .notNull()
      .references(() => merchants.id),
    type: text("type", { enum: adjustmentTypes }).notNull(),
    /** Signed: what the ledger entry adds (negative for a Reduce). */
    amount: numeric("amount", { precision: 20, scale: 4 }).notNull(),
    remark: text("remark").notNull(),
    status: text("status", { enum: adjustmentStatuses }).notNull(),
    requestedBy: bigint("requested_by", { mode: "number" })
      .notNull()
      .references(() => staffUsers.id),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    decidedBy: bigint("decided_by", { mode: "number" }).references(() => staffUsers.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    rejectReason: text("reject_reason"),
    balanceAfter: numeric("balance_after", { precision: 20, scale: 4 }),
  },
  (t) => [
    index("balance_adjustments_status_idx").on(t.status, t.id),
    index("balance_adjustments_merchant_idx").on(t.merchantId, t.id),
    oneOf("balance_adjustments_type_known", t.type, adjustmentTypes),
    oneOf("balance_adjustments_status_known", t.status, adjustmentStatuses),
  ],
);
