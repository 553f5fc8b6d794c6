import { z } from "zod";
import { type AuditAction, auditActions, auditActorKinds } from "./audit";
import { defineCall, inConsole } from "./calls";
import { isoDateTime } from "./dates";
import { pageOf, pageQuery } from "./envelope";
import { defineConsoleResource } from "./resource";

/**
 * The audit log in the console (issue 15): every console action and every merchant-side security event, with
 * actor, time, address, target and before/after; searched by action, actor, merchant, target and time; exported
 * as a spreadsheet with the same filters.
 */
export const auditEntry = z.object({
  id: z.number(),
  time: z.string(),
  actorKind: z.enum(auditActorKinds),
  actorName: z.string(),
  merchantNo: z.string().nullable(),
  merchantName: z.string().nullable(),
  action: z.enum(auditActions),
  targetKind: z.string(),
  targetId: z.string(),
  /** The target by name (a user's account, a staff member's name, a merchant's, supplier's or product's name…) in
   * the reader's language; null for a kind its id names already (an order, a deposit) or a target since deleted. */
  targetName: z.string().nullable(),
  clientIp: z.string(),
  userAgent: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryItem = z.infer<typeof auditEntry>;

const dateTime = isoDateTime();

export const auditFilter = z.object({
  action: z.enum(auditActions, "validation.option").optional(),
  actorKind: z.enum(auditActorKinds, "validation.option").optional(),
  /** Part of the actor's name (an account's e-mail address). */
  actor: z.string().trim().max(254, "validation.tooLong").optional(),
  merchantNo: z.string().trim().max(32, "validation.tooLong").optional(),
  /** The target's id exactly: an order, deposit or merchant number, a user's id. */
  target: z.string().trim().max(64, "validation.tooLong").optional(),
  startTime: dateTime.optional(),
  endTime: dateTime.optional(),
});
export type AuditFilter = z.infer<typeof auditFilter>;
export const isAuditAction = (v: string): v is AuditAction => (auditActions as readonly string[]).includes(v);

/** An export holds at most this many entries (the newest); narrow the filter for more. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

const audit = { resource: "audit" } as const;

export const consoleAuditCalls = {
  list: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/audit",
    access: { ...audit, action: "list" },
    query: pageQuery.extend(auditFilter.shape),
    answer: pageOf(auditEntry),
  }),
  /** A spreadsheet (xlsx) of the entries the filter finds, newest first. */
  export: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/audit/export",
    access: { ...audit, action: "export" },
    query: auditFilter,
  }),
};

export const consoleAuditResource = defineConsoleResource({
  name: "audit",
  path: "/console/audit",
  sort: 60,
  icon: "audit",
  actions: ["list", "export"],
  calls: { list: consoleAuditCalls.list },
});
