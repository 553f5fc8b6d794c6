import { asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type SupplierAccountView, type SupplierKind, type supplierAccountBody, supplierKindInfo } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { unlessTaken } from "../../db/raw";
import { fail, invalid } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { unsealCredentials } from "./registry";
import { skuRoutes, supplierAccounts } from "./supplier.schema";

type Body = z.output<typeof supplierAccountBody>;
type AccountRow = typeof supplierAccounts.$inferSelect;

/**
 * Supplier accounts in the console: credentials are sealed as one JSON document and never answered (only which
 * keys are set); an edit that leaves a credential empty keeps the stored one. Each change is audited without
 * its secrets.
 */
export async function listSuppliers(deps: AppDeps): Promise<SupplierAccountView[]> {
  const rows = await deps.db
    .select({ account: supplierAccounts, routes: count(skuRoutes.id) })
    .from(supplierAccounts)
    .leftJoin(skuRoutes, eq(skuRoutes.supplierId, supplierAccounts.id))
    .groupBy(supplierAccounts.id)
    .orderBy(asc(supplierAccounts.id));
  return rows.map((r) => toView(r.account, r.routes));
}

export async function getSupplier(deps: AppDeps, id: number, tx: Executor = deps.db): Promise<SupplierAccountView> {
  const [row] = await tx
    .select({ account: supplierAccounts, routes: count(skuRoutes.id) })
    .from(supplierAccounts)
    .leftJoin(skuRoutes, eq(skuRoutes.supplierId, supplierAccounts.id))
    .where(eq(supplierAccounts.id, id))
    .groupBy(supplierAccounts.id);
  if (!row) throw fail("supplierNotFound");
  return toView(row.account, row.routes);
}

function toView(a: AccountRow, routes: number): SupplierAccountView {
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    kind: a.kind,
    baseUrl: a.baseUrl,
    authUrl: a.authUrl,
    enabled: a.enabled,
    credentialKeys: a.credentialKeys,
    health: a.health,
    balance: a.balance,
    balanceCurrency: a.balanceCurrency,
    checkTime: a.checkedAt?.toISOString() ?? null,
    lastError: a.lastError,
    routes,
    createTime: a.createdAt.toISOString(),
  };
}

/** The audit's picture of an account: everything but the credentials' values. */
const audited = (v: SupplierAccountView) => ({
  code: v.code,
  name: v.name,
  kind: v.kind,
  baseUrl: v.baseUrl,
  authUrl: v.authUrl,
  enabled: v.enabled,
  credentialKeys: v.credentialKeys,
});

/**
 * The credentials to store: the stored ones with the given values on top (a secret given empty keeps the stored
 * one; a setting with options given empty is cleared), only the kind's keys; every required key must end up set.
 * Field errors name `credentials.<key>`.
 */
function mergeCredentials(kind: SupplierKind, stored: Record<string, string>, given: Record<string, string>) {
  const fields = supplierKindInfo[kind].credentials;
  const unknown = Object.keys(given).filter((key) => !fields.some((f) => f.key === key));
  if (unknown.length > 0)
    throw invalid(Object.fromEntries(unknown.map((key) => [`credentials.${key}`, "console.errors.credentialUnknown"])));
  const merged = { ...stored };
  for (const field of fields) {
    const value = given[field.key]?.trim();
    if (value) merged[field.key] = value;
    else if (value === "" && field.options) delete merged[field.key];
  }
  for (const key of Object.keys(merged)) if (!fields.some((f) => f.key === key)) delete merged[key];
  const missing = fields.filter((f) => f.required && !merged[f.key]).map((f) => f.key);
  if (missing.length > 0)
    throw invalid(Object.fromEntries(missing.map((key) => [`credentials.${key}`, "validation.required"])));
  return merged;
}

const seal = (deps: AppDeps, credentials: Record<string, string>) =>
  Object.keys(credentials).length > 0 ? deps.cipher.encrypt(JSON.stringify(credentials)) : null;

export async function createSupplier(deps: AppDeps, staff: StaffContext, body: Body): Promise<SupplierAccountView> {
  const credentials = mergeCredentials(body.kind, {}, body.credentials);
  return unlessTaken(
    async () =>
      deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(supplierAccounts)
          .values({
            code: body.code,
            name: body.name,
            kind: body.kind,
            baseUrl: body.baseUrl,
            authUrl: body.authUrl,
            enabled: body.enabled,
            credentialsSealed: seal(deps, credentials),
            credentialKeys: Object.keys(credentials).sort(),
          })
          .returning({ id: supplierAccounts.id });
        const view = await getSupplier(deps, row!.id, tx);
        await recordAudit(deps, tx, {
          actor: staffActor(staff),
          merchantId: null,
          action: "supplier.created",
          target: { kind: "supplier", id: view.code },
          after: audited(view),
        });
        return view;
      }),
    () => fail("supplierCodeTaken"),
  );
}

export async function updateSupplier(
  deps: AppDeps,
  staff: StaffContext,
  id: number,
  body: Body,
): Promise<SupplierAccountView> {
  return unlessTaken(
    async () =>
      deps.db.transaction(async (tx) => {
        const [current] = await tx.select().from(supplierAccounts).where(eq(supplierAccounts.id, id)).for("update");
        if (!current) throw fail("supplierNotFound");
        // Routes name the supplier's own products: they mean nothing to another kind of supplier.
        if (current.kind !== body.kind) throw fail("supplierKindFixed");
        const before = await getSupplier(deps, id, tx);
        const credentials = mergeCredentials(
          body.kind,
          unsealCredentials(deps, current.credentialsSealed),
          body.credentials,
        );
        const credentialsChanged = Object.values(body.credentials).some((v) => v.trim() !== "");
        await tx
          .update(supplierAccounts)
          .set({
            code: body.code,
            name: body.name,
            baseUrl: body.baseUrl,
            authUrl: body.authUrl,
            enabled: body.enabled,
            credentialsSealed: seal(deps, credentials),
            credentialKeys: Object.keys(credentials).sort(),
            // A new address or new credentials have not been checked yet.
            health: sql`case when ${supplierAccounts.baseUrl} = ${body.baseUrl} and ${!credentialsChanged}
            then ${supplierAccounts.health} else 'unknown' end`,
            updatedAt: deps.clock.now(),
          })
          .where(eq(supplierAccounts.id, id));
        const after = await getSupplier(deps, id, tx);
        await recordAudit(deps, tx, {
          actor: staffActor(staff),
          merchantId: null,
          action: "supplier.changed",
          target: { kind: "supplier", id: after.code },
          before: audited(before),
          after: { ...audited(after), ...(credentialsChanged ? { credentialsReplaced: true } : {}) },
        });
        return after;
      }),
    () => fail("supplierCodeTaken"),
  );
}
