import type { AuditAction } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { pgErrorCode } from "../../db/raw";
import type { Failure } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";

/** What the console's catalog services share: how a taken name is told, and how a change is audited. */

/**
 * Runs a write whose unique name or code may be taken: the database's unique index decides (a check before the
 * insert would race a second editor), and the caller names the failure.
 */
export async function unlessTaken<T>(write: () => Promise<T>, taken: () => Failure): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error).code === "23505") throw taken();
    throw error;
  }
}

export interface CatalogChange {
  action: AuditAction;
  target: { kind: "category" | "brand" | "attribute" | "product" | "sku" | "catalog"; id: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Audits a catalog change made by a staff member, in the transaction of the change. */
export function auditCatalog(deps: AppDeps, tx: Executor, staff: StaffContext, change: CatalogChange) {
  return recordAudit(deps, tx, { actor: staffActor(staff), merchantId: null, ...change });
}
