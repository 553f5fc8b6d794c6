import { sql } from "drizzle-orm";
import { bigint, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { notificationKinds } from "#contracts";
import { createdAt, id, oneOf } from "../../db/columns";
import { merchants, users } from "../../db/schema";

/**
 * The in-app bell (contracts/notification.ts). Each row is written in the same transaction as what it reports:
 * an export finishing, a deposit decided, the balance crossing its threshold (a trigger, migration of this table),
 * a failure spike (in the statement that fails an order). Who reads a merchant-wide row is decided at read time
 * from the role matrix; `user_id` addresses a row to one user.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    merchantId: bigint("merchant_id", { mode: "number" })
      .notNull()
      .references(() => merchants.id),
    /** Only this user's (the export they asked for); null = the merchant's users whose role sees the kind. */
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    /** A stored message (`storedMessage`): a key and its parameters, translated for each reader. */
    message: text("message").notNull(),
    /** What the link opens: an export task id, a deposit number. */
    target: text("target"),
    /** Makes a repeat impossible where one per period is the rule (a failure spike: one per merchant and hour). */
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
  },
  (t) => [
    // The bell reads the newest rows of a merchant (backward scan), the badge counts them.
    index("notifications_merchant_idx").on(t.merchantId, t.id),
    uniqueIndex("notifications_dedupe_key").on(t.merchantId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    // The failure-spike check's "none sent lately", run with every failed order: a few rows, not all of them.
    index("notifications_failure_spike_idx").on(t.merchantId, t.createdAt).where(sql`${t.kind} = 'failureSpike'`),
    oneOf("notifications_kind_known", t.kind, notificationKinds),
  ],
);

/** Who has read what: a row per reader, so a merchant-wide notification is read or unread for each user. */
export const notificationReads = pgTable(
  "notification_reads",
  {
    notificationId: bigint("notification_id", { mode: "number" })
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);
