import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  type CatalogEntry,
  type CatalogSync,
  catalogEntry,
  supplierKindOf,
  type supplierRunTriggers,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { claimDue } from "../../db/claim-due";
import type { Tx } from "../../db/connection";
import { productSkus, products } from "../../db/schema";
import { fail } from "../../lib/failure";
import { type PollingWorker, startPollingWorker, type WorkerLog } from "../../lib/polling-worker";
import { type AuditActor, recordAudit } from "../audit/audit.service";
import { toSyncView } from "./catalog.service";
import { connectAccount, type SupplierRegistry, supplierRegistry } from "./registry";
import { quoteRoute, routeFlags, storedQuote } from "./route-quote";
import { catalogSyncs, skuRoutes, supplierAccounts, supplierProducts } from "./supplier.schema";

/**
 * Catalog syncs (issue 19): an account's whole catalog is read from its supplier (outside any transaction: PGlite
 * has one connection, and a slow supplier must not hold rows locked), then applied in one transaction with the
 * account's row locked, so two syncs of one account apply one after the other, never interleaved: products
 * upserted (`changed_at` moved only when an entry differs, a product back in the catalog no longer gone), products
 * no longer listed marked gone, and every route of the account quoted again and flagged where that matters. A
 * supplier that fails leaves the catalog as it was; the sync's row says why.
 */

type Trigger = (typeof supplierRunTriggers)[number];
type Account = typeof supplierAccounts.$inferSelect;
type SyncRow = typeof catalogSyncs.$inferSelect;

/** Reading a whole catalog pages through the supplier's API: generous, yet a hung supplier ends the sync. */
const CATALOG_TIMEOUT_MS = 120_000;
/** Rows per upsert statement (11 parameters each, far below PostgreSQL's 65,535). */
const UPSERT_CHUNK = 1_000;
/** A route keeps this many flags at most (the newest), should no one clear them for months. */
const MAX_FLAGS = 20;
/** Accounts one scheduled round syncs, one after the other. */
const SYNC_BATCH = 5;

const currency = z.string().regex(/^[A-Z]{3}$/);
/** What the tables need of an entry beyond the contract (their char(3) columns). */
const storableEntries = z.array(catalogEntry.extend({ sendCurrency: currency, receiveCurrency: currency }));

/** Reads, applies and records one sync of an account; answers its row (a failed one too). */
export async function syncCatalog(
  deps: AppDeps,
  supplierId: number,
  trigger: Trigger,
  actor: AuditActor | null,
  registry: SupplierRegistry = supplierRegistry(),
): Promise<CatalogSync> {
  const [account] = await deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.id, supplierId));
  if (!account) throw fail("supplierNotFound");
  const startedAt = deps.clock.now();
  const run = await deps.db.transaction(async (tx) => {
    await tx.update(supplierAccounts).set({ catalogSyncedAt: startedAt }).where(eq(supplierAccounts.id, account.id));
    const [row] = await tx
      .insert(catalogSyncs)
      .values({ supplierId, trigger, staffId: actor?.kind === "staff" ? actor.id : null, startedAt })
      .returning();
    return row!;
  });
  let entries: CatalogEntry[];
  try {
    entries = await readCatalog(deps, registry, account);
  } catch (error) {
    return finish(deps, run, account, actor, { state: "failed", error: errorText(error) });
  }
  try {
    return await deps.db.transaction((tx) => applyCatalog(deps, tx, run, account, actor, entries));
  } catch (error) {
    await finish(deps, run, account, actor, { state: "failed", error: errorText(error) });
    throw error;
  }
}

async function readCatalog(deps: AppDeps, registry: SupplierRegistry, account: Account): Promise<CatalogEntry[]> {
  const client = connectAccount(deps, registry, account);
  if (!client) throw new Error(`No adapter for ${account.kind}`);
  const read = storableEntries.safeParse(await client.catalog(AbortSignal.timeout(CATALOG_TIMEOUT_MS)));
  if (!read.success) {
    const issue = read.error.issues[0];
    throw new Error(`The catalog has an entry we cannot read (${issue?.path.join(".")}: ${issue?.message})`);
  }
  const seen = new Set<string>();
  for (const entry of read.data) {
    // Routes name products by kind and id: two products with both alike would make a route's product ambiguous.
    if (seen.has(kindAndId(entry)))
      throw new Error(`The catalog lists ${entry.kind} product ${entry.externalId} twice`);
    seen.add(kindAndId(entry));
  }
  return read.data;
}

/** A product's key within its account. */
const kindAndId = (product: { kind: string; externalId: string }) => `${product.kind}/${product.externalId}`;

/** Why a sync failed, on one line and short; adapters keep credentials out of their errors. */
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 300);

interface Outcome {
  state: "done" | "failed";
  error?: string;
  counts?: { products: number; added: number; changed: number; gone: number; flagged: number };
}

/** Closes the sync's row (and audits a sync someone asked for), in the caller's transaction or one of its own. */
async function finish(
  deps: AppDeps,
  run: SyncRow,
  account: Account,
  actor: AuditActor | null,
  outcome: Outcome,
  tx?: Tx,
): Promise<CatalogSync> {
  const write = async (tx: Tx) => {
    const [row] = await tx
      .update(catalogSyncs)
      .set({ state: outcome.state, finishedAt: deps.clock.now(), error: outcome.error ?? "", ...outcome.counts })
      .where(eq(catalogSyncs.id, run.id))
      .returning();
    if (actor)
      await recordAudit(deps, tx, {
        actor,
        merchantId: null,
        action: "supplier.catalogSynced",
        target: { kind: "supplier", id: account.code },
        after: { state: outcome.state, ...outcome.counts, ...(outcome.error && { error: outcome.error }) },
      });
    return toSyncView(row!);
  };
  return tx ? write(tx) : deps.db.transaction(write);
}

async function applyCatalog(
  deps: AppDeps,
  tx: Tx,
  run: SyncRow,
  account: Account,
  actor: AuditActor | null,
  entries: CatalogEntry[],
): Promise<CatalogSync> {
  await tx
    .select({ id: supplierAccounts.id })
    .from(supplierAccounts)
    .where(eq(supplierAccounts.id, account.id))
    .for("update");
  const now = deps.clock.now();
  const stored = await tx.select().from(supplierProducts).where(eq(supplierProducts.supplierId, account.id));
  const before = new Map(stored.map((p) => [kindAndId(p), p]));
  let added = 0;
  let changed = 0;
  const rows = entries.map((entry) => {
    const old = before.get(kindAndId(entry));
    const same = old !== undefined && canonical(old.entry) === canonical(entry);
    if (!old || old.goneAt) added += 1;
    else if (!same) changed += 1;
    return {
      supplierId: account.id,
      externalId: entry.externalId,
      kind: entry.kind,
      name: entry.name,
      country: entry.country && /^[A-Z]{2}$/.test(entry.country) ? entry.country : null,
      sendCurrency: entry.sendCurrency,
      receiveCurrency: entry.receiveCurrency,
      entry,
      syncedAt: now,
      changedAt: same ? old.changedAt : now,
      goneAt: null,
    };
  });
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK)
    await tx
      .insert(supplierProducts)
      .values(rows.slice(i, i + UPSERT_CHUNK))
      .onConflictDoUpdate({
        target: [supplierProducts.supplierId, supplierProducts.kind, supplierProducts.externalId],
        set: {
          name: excluded(supplierProducts.name),
          country: excluded(supplierProducts.country),
          sendCurrency: excluded(supplierProducts.sendCurrency),
          receiveCurrency: excluded(supplierProducts.receiveCurrency),
          entry: excluded(supplierProducts.entry),
          syncedAt: excluded(supplierProducts.syncedAt),
          changedAt: excluded(supplierProducts.changedAt),
          // Listed again: no longer gone.
          goneAt: sql`null`,
        },
      });
  const listed = new Map(entries.map((e) => [kindAndId(e), e]));
  const goneIds = stored.filter((p) => !p.goneAt && !listed.has(kindAndId(p))).map((p) => p.id);
  if (goneIds.length > 0)
    await tx.update(supplierProducts).set({ goneAt: now }).where(inArray(supplierProducts.id, goneIds));
  const flagged = await requoteRoutes(deps, tx, account, (key) => ({
    before: before.get(key)?.entry ?? null,
    after: listed.get(key) ?? null,
  }));
  const counts = { products: entries.length, added, changed, gone: goneIds.length, flagged };
  return finish(deps, run, account, actor, { state: "done", counts }, tx);
}

const excluded = (column: PgColumn): SQL => sql.raw(`excluded."${column.name}"`);

/** JSON with its keys sorted: jsonb gives keys back in its own order, so entries compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/**
 * Quotes every route of the account again from the catalog just read, flags what changed (RouteFlag) and disables
 * a route whose product left the catalog. Answers how many routes it flagged.
 */
async function requoteRoutes(
  deps: AppDeps,
  tx: Tx,
  account: Account,
  entryOf: (key: string) => { before: CatalogEntry | null; after: CatalogEntry | null },
): Promise<number> {
  const now = deps.clock.now();
  const routes = await tx
    .select({
      id: skuRoutes.id,
      supplierProduct: skuRoutes.supplierProduct,
      cost: skuRoutes.cost,
      costCurrency: skuRoutes.costCurrency,
      refusal: skuRoutes.refusal,
      flags: skuRoutes.flags,
      productType: products.type,
      faceValue: productSkus.faceValue,
      currency: productSkus.currency,
    })
    .from(skuRoutes)
    .innerJoin(productSkus, eq(productSkus.id, skuRoutes.skuId))
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(eq(skuRoutes.supplierId, account.id));
  let flagged = 0;
  for (const route of routes) {
    const { before, after } = entryOf(
      kindAndId({ kind: supplierKindOf(route.productType), externalId: route.supplierProduct }),
    );
    const quote = quoteRoute(account.kind, after, route);
    const flags = routeFlags({ last: route, before, after, quote }, deps.config.SUPPLIER_ALERT_PERCENT, now);
    if (flags.length > 0) flagged += 1;
    await tx
      .update(skuRoutes)
      .set({
        ...storedQuote(quote, now),
        flags: [...route.flags, ...flags].slice(-MAX_FLAGS),
        ...(flags.some((f) => f.kind === "productGone") && { enabled: false }),
      })
      .where(eq(skuRoutes.id, route.id));
  }
  return flagged;
}

/**
 * One round of scheduled syncs: enabled accounts never synced or not for SUPPLIER_SYNC_MS are claimed (their sync
 * time moves on, so another process does not take them too) and synced. Answers whether more may be due.
 */
export async function runCatalogSyncs(deps: AppDeps, registry: SupplierRegistry = supplierRegistry()) {
  const now = deps.clock.now();
  const stale = new Date(now.getTime() - deps.config.SUPPLIER_SYNC_MS).toISOString();
  const due = await claimDue<{ id: string | number }>(deps.db, {
    table: "supplier_accounts",
    due: sql`t.enabled and (t.catalog_synced_at is null or t.catalog_synced_at <= ${stale})`,
    orderBy: sql`t.catalog_synced_at nulls first, t.id`,
    limit: SYNC_BATCH,
    set: sql`catalog_synced_at = ${now.toISOString()}`,
    returning: sql`t.id`,
  });
  for (const { id } of due) await syncCatalog(deps, Number(id), "schedule", null, registry);
  return due.length === SYNC_BATCH;
}

export function startCatalogSyncWorker(deps: AppDeps, { log }: { log: WorkerLog }): PollingWorker {
  return startPollingWorker({
    name: "catalog-sync",
    // Looks often for a due account (cheap), so a new account is synced soon; syncs each every SUPPLIER_SYNC_MS.
    pollMs: Math.min(deps.config.SUPPLIER_SYNC_MS, 30_000),
    log,
    round: () => runCatalogSyncs(deps),
  });
}
