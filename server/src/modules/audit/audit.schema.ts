import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { auditActions, auditActorKinds } from "#contracts";
import { id, oneOf } from "../../db/columns";
import { merchants } from "../../db/schema";

/**
 * The audit log: who did what to what, from where, and what it was before and after. Append-only like the
 * ledger (the database refuses UPDATE and DELETE), and written in the transaction of the change it records, so a
 * change that rolls back leaves no entry and no change goes unrecorded. Secrets never enter `before`/`after`.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    actorKind: text("actor_kind", { enum: auditActorKinds }).notNull(),
    /** The user's id for a merchant user; null for the operator and the system. */
    actorId: bigint("actor_id", { mode: "number" }),
    /** The actor's name when it acted (a username outlives nothing: users can be deleted). */
    actorName: text("actor_name").notNull(),
    /** The merchant whose data changed, for a merchant's own log and for searches by merchant. */
    merchantId: bigint("merchant_id", { mode: "number" }).references(() => merchants.id),
    action: text("action", { enum: auditActions }).notNull(),
    /** What was acted on: a kind (`user`, `apiApp`) and its id or name. */
    targetKind: text("target_kind").notNull(),
    targetId: text("target_id").notNull(),
    clientIp: text("client_ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_events_merchant_idx").on(t.merchantId, t.id),
    index("audit_events_at_idx").on(t.at),
    index("audit_events_action_idx").on(t.action, t.id),
    oneOf("audit_events_action_known", t.action, auditActions),
    oneOf("audit_events_actor_kind_known", t.actorKind, auditActorKinds),
    index("audit_events_actor_idx").on(t.actorKind, t.actorId),
  ],
);
