import { and, desc, eq, type SQL } from "drizzle-orm";
import { type AuditAction, auditActions } from "#contracts";
import { merchants } from "../../db/schema";
import { fail } from "../../lib/failure";
import { type Commands, optionText } from "../module";
import { auditEvents } from "./audit.schema";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

/** Operator commands: read the audit log (until the console shows it). */
export const auditCommands: Commands = {
  "audit:list": {
    summary: "List audit log entries, newest first",
    usage: "audit:list [--merchant <M100001>] [--action <member.created>] [--limit <50>]",
    options: {
      merchant: { type: "string", description: "only this merchant's entries" },
      action: { type: "string", description: `only this action: ${auditActions.join(", ")}` },
      limit: { type: "string", description: `how many (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})` },
    },
    async run(deps, v, out) {
      const action = optionText(v.action);
      if (action !== undefined && !auditActions.includes(action as AuditAction))
        throw fail("auditActionUnknown", { action });
      const limit = Number(optionText(v.limit) ?? DEFAULT_LIMIT);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
        throw fail("auditLimitRange", { limit: optionText(v.limit) ?? "", max: MAX_LIMIT });
      const merchantNo = optionText(v.merchant);
      const where: SQL[] = [];
      if (merchantNo) where.push(eq(merchants.merchantNo, merchantNo));
      if (action) where.push(eq(auditEvents.action, action as AuditAction));
      const rows = await deps.db
        .select({ e: auditEvents, merchantNo: merchants.merchantNo })
        .from(auditEvents)
        .leftJoin(merchants, eq(merchants.id, auditEvents.merchantId))
        .where(and(...where))
        .orderBy(desc(auditEvents.id))
        .limit(limit);
      for (const { e, merchantNo: no } of rows) {
        const change = JSON.stringify({ before: e.before, after: e.after });
        out(
          `${e.at.toISOString()}\t${e.action}\t${e.actorKind}:${e.actorName}\t${no ?? "-"}\t${e.targetKind}:${e.targetId}\t${e.clientIp || "-"}\t${change}`,
        );
      }
      if (rows.length === 0) out("No audit entries match.");
    },
  },
};
