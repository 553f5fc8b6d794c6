import type { AuditAction } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";

/** What the console's catalog services share: how a change is audited (a taken name: `unlessTaken`, db/raw.ts). */

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

/**
 * Writes a change to one item and audits it as `catalog.changed`, the item read before and after the write: the
 * catalog's products, attributes, categories and brands are changed alike.
 */
export async function changeAudited<Item>(
  deps: AppDeps,
  tx: Executor,
  staff: StaffContext,
  change: {
    read: () => Promise<Item>;
    write: () => PromiseLike<unknown>;
    target: (after: Item) => CatalogChange["target"];
    audited: (item: Item) => Record<string, unknown>;
  },
): Promise<Item> {
  const before = await change.read();
  await change.write();
  const after = await change.read();
  await auditCatalog(deps, tx, staff, {
    action: "catalog.changed",
    target: change.target(after),
    before: change.audited(before),
    after: change.audited(after),
  });
  return after;
}
