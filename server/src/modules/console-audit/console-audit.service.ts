import { PassThrough } from "node:stream";
import { and, count, desc, eq, ilike, lt, type SQL } from "drizzle-orm";
import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEntryItem,
  type AuditFilter,
  type Language,
  type Page,
  type PageQuery,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { containing } from "../../db/like";
import { fetchPage, withinTimes } from "../../db/paging";
import { merchants } from "../../db/schema";
import { translator } from "../../lib/i18n";
import { auditEvents } from "../audit/audit.schema";
import { openXlsxWriter } from "../export-task/xlsx-stream";
import { type AuditRow, auditRows, targetNameOf } from "./console-audit-targets";

/**
 * The audit log for the console: searched newest first (an index serves each filter with the id order), and
 * exported as a spreadsheet streamed as it is read, a thousand entries at a time, at most AUDIT_EXPORT_MAX_ROWS.
 */
function where(deps: AppDeps, filter: AuditFilter): SQL | undefined {
  return and(
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.actorKind ? eq(auditEvents.actorKind, filter.actorKind) : undefined,
    filter.actor ? ilike(auditEvents.actorName, containing(filter.actor)) : undefined,
    // A merchant number that names no merchant finds nothing (the subquery is null), not every entry.
    filter.merchantNo
      ? eq(
          auditEvents.merchantId,
          deps.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.merchantNo, filter.merchantNo)),
        )
      : undefined,
    filter.target ? eq(auditEvents.targetId, filter.target) : undefined,
    withinTimes(auditEvents.at, filter),
  );
}

function toItem(row: AuditRow, language: Language): AuditEntryItem {
  const { event } = row;
  return {
    id: event.id,
    time: event.at.toISOString(),
    actorKind: event.actorKind,
    actorName: event.actorName,
    merchantNo: row.merchantNo,
    merchantName: row.merchantName,
    action: event.action,
    targetKind: event.targetKind,
    targetId: event.targetId,
    targetName: targetNameOf(row, language),
    clientIp: event.clientIp,
    userAgent: event.userAgent,
    before: (event.before as Record<string, unknown> | null) ?? null,
    after: (event.after as Record<string, unknown> | null) ?? null,
  };
}

/** A page of entries, newest first, their targets named in the reader's language. */
export function listAudit(
  deps: AppDeps,
  query: PageQuery & AuditFilter,
  language: Language,
): Promise<Page<AuditEntryItem>> {
  const filter = where(deps, query);
  return fetchPage(
    query,
    {
      rows: (limit, offset) => auditRows(deps).where(filter).orderBy(desc(auditEvents.id)).limit(limit).offset(offset),
      total: () => deps.db.select({ n: count() }).from(auditEvents).where(filter),
    },
    (row) => toItem(row, language),
  );
}

/** The sheet's columns, named in the reader's language (console.json, `auditExport`). */
const COLUMNS = ["time", "action", "actorKind", "actor", "merchant", "target", "address", "browser", "before", "after"];
const BATCH = 1000;

/** The spreadsheet of the entries the filter finds, newest first, written as it is read. */
export function exportAudit(deps: AppDeps, filter: AuditFilter, language: Language): PassThrough {
  const t = translator(language);
  const output = new PassThrough();
  const writer = openXlsxWriter(output, {
    sheetName: t("console-audit.exportFile.sheet"),
    header: COLUMNS.map((c) => t(`console-audit.exportFile.${c}`)),
    columnWidths: [20, 24, 14, 30, 12, 24, 16, 30, 40, 40],
  });
  const base = where(deps, filter);
  void (async () => {
    let below: number | null = null;
    let written = 0;
    while (written < AUDIT_EXPORT_MAX_ROWS) {
      const rows = await auditRows(deps)
        .where(and(base, below === null ? undefined : lt(auditEvents.id, below)))
        .orderBy(desc(auditEvents.id))
        .limit(Math.min(BATCH, AUDIT_EXPORT_MAX_ROWS - written));
      for (const row of rows) {
        const e = toItem(row, language);
        await writer.addRow([
          e.time.replace("T", " ").slice(0, 19),
          e.action,
          e.actorKind,
          e.actorName,
          e.merchantNo ?? "",
          [e.targetKind, e.targetId, e.targetName && `(${e.targetName})`].filter(Boolean).join(" "),
          e.clientIp,
          e.userAgent,
          e.before ? JSON.stringify(e.before) : "",
          e.after ? JSON.stringify(e.after) : "",
        ]);
      }
      written += rows.length;
      if (rows.length < BATCH) break;
      below = rows[rows.length - 1]!.event.id;
    }
    await writer.finish();
  })().catch(async (error: unknown) => {
    await writer.abort();
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
