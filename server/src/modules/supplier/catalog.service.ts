import { and, asc, count, desc, eq, ilike, isNull, or } from "drizzle-orm";
import type { z } from "zod";
import type {
  CatalogSync,
  Page,
  PageQuery,
  SupplierCatalogState,
  SupplierProductView,
  supplierProductQuery,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { containing } from "../../db/like";
import { fetchPage } from "../../db/paging";
import { fail } from "../../lib/failure";
import { catalogSyncs, supplierAccounts, supplierProducts } from "./supplier.schema";

/** The synced catalogs as the console reads them: each account's state, its products (the picker), its syncs. */

export const toSyncView = (row: typeof catalogSyncs.$inferSelect): CatalogSync => ({
  id: row.id,
  supplierId: row.supplierId,
  trigger: row.trigger,
  state: row.state,
  startTime: row.startedAt.toISOString(),
  finishTime: row.finishedAt?.toISOString() ?? null,
  products: row.products,
  added: row.added,
  changed: row.changed,
  gone: row.gone,
  flagged: row.flagged,
  error: row.error,
});

/** Every account's catalog: the products it lists now and its last sync (null: never synced). */
export async function listCatalogStates(deps: AppDeps): Promise<SupplierCatalogState[]> {
  const [accounts, listed, lastSyncs] = await Promise.all([
    deps.db.select({ id: supplierAccounts.id }).from(supplierAccounts).orderBy(asc(supplierAccounts.id)),
    deps.db
      .select({ supplierId: supplierProducts.supplierId, n: count() })
      .from(supplierProducts)
      .where(isNull(supplierProducts.goneAt))
      .groupBy(supplierProducts.supplierId),
    deps.db
      .selectDistinctOn([catalogSyncs.supplierId])
      .from(catalogSyncs)
      .orderBy(catalogSyncs.supplierId, desc(catalogSyncs.startedAt), desc(catalogSyncs.id)),
  ]);
  const counts = new Map(listed.map((l) => [l.supplierId, Number(l.n)]));
  const last = new Map(lastSyncs.map((s) => [s.supplierId, toSyncView(s)]));
  return accounts.map(({ id }) => ({
    supplierId: id,
    products: counts.get(id) ?? 0,
    lastSync: last.get(id) ?? null,
  }));
}

async function existingAccount(deps: AppDeps, supplierId: number) {
  const [account] = await deps.db
    .select({ id: supplierAccounts.id })
    .from(supplierAccounts)
    .where(eq(supplierAccounts.id, supplierId));
  if (!account) throw fail("supplierNotFound");
}

/** An account's synced products by name: searchable by name, id or country; gone ones only when asked for. */
export async function listSupplierProducts(
  deps: AppDeps,
  supplierId: number,
  query: z.output<typeof supplierProductQuery>,
): Promise<Page<SupplierProductView>> {
  await existingAccount(deps, supplierId);
  const keyword = query.keyword ? containing(query.keyword) : null;
  const where = and(
    eq(supplierProducts.supplierId, supplierId),
    keyword
      ? or(
          ilike(supplierProducts.name, keyword),
          ilike(supplierProducts.externalId, keyword),
          ilike(supplierProducts.country, keyword),
        )
      : undefined,
    query.kind ? eq(supplierProducts.kind, query.kind) : undefined,
    query.receiveCurrency ? eq(supplierProducts.receiveCurrency, query.receiveCurrency) : undefined,
    query.gone ? undefined : isNull(supplierProducts.goneAt),
  );
  return fetchPage(
    query,
    {
      rows: (limit, offset) =>
        deps.db
          .select()
          .from(supplierProducts)
          .where(where)
          .orderBy(asc(supplierProducts.name), asc(supplierProducts.id))
          .limit(limit)
          .offset(offset),
      total: () => deps.db.select({ n: count() }).from(supplierProducts).where(where),
    },
    (row) => ({
      ...row.entry,
      id: row.id,
      supplierId: row.supplierId,
      syncTime: row.syncedAt.toISOString(),
      goneTime: row.goneAt?.toISOString() ?? null,
    }),
  );
}

/** An account's syncs, newest first. */
export async function listCatalogSyncs(
  deps: AppDeps,
  supplierId: number,
  query: PageQuery,
): Promise<Page<CatalogSync>> {
  await existingAccount(deps, supplierId);
  const where = eq(catalogSyncs.supplierId, supplierId);
  return fetchPage(
    query,
    {
      rows: (limit, offset) =>
        deps.db
          .select()
          .from(catalogSyncs)
          .where(where)
          .orderBy(desc(catalogSyncs.startedAt), desc(catalogSyncs.id))
          .limit(limit)
          .offset(offset),
      total: () => deps.db.select({ n: count() }).from(catalogSyncs).where(where),
    },
    toSyncView,
  );
}
