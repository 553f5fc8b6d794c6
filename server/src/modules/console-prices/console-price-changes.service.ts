import Big from "big.js";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Language, Page, PageQuery, PriceChange, PriceChangePreview, priceChangeBody } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { fetchPage } from "../../db/paging";
import { priceChanges, priceListPrices, priceLists, productSkus, products } from "../../db/schema";
import { fail } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { listPriceAt } from "../pricing/effective-price";
import { liveSku, productNameIn } from "../product/catalog-sql";
import { getPriceList, lockPriceList } from "./console-price-lists.service";
import { changedPrice, marginOf } from "./console-price-math";
import { skuCosts } from "./console-sku-cost";

type Body = z.output<typeof priceChangeBody>;
type ListRow = typeof priceLists.$inferSelect;
type ChangeRow = typeof priceChanges.$inferSelect;

/**
 * Bulk price changes. Preview and apply run the same computation (`computeChange`); apply runs it again inside
 * its transaction, with the list's row locked, so what it writes is computed from the prices as they are then,
 * not as they were when the preview was shown, and two changes of one list never interleave.
 */

/** A form filled in "now" reaches the server a moment later: that much of the past still means now. */
const PAST_TOLERANCE_MS = 5_000;

function effectiveTime(body: Body, now: Date): Date {
  if (!body.effectiveAt) return now;
  const at = new Date(body.effectiveAt);
  // A past moment would rewrite prices orders were already placed at (and the ledger charged).
  if (at.getTime() < now.getTime() - PAST_TOLERANCE_MS) throw fail("priceEffectivePast");
  return at < now ? now : at;
}

/** A chosen SKU not in the catalog (unknown, or in the recycle bin): left out, with nothing to show. */
const unknownSku = {
  productName: "",
  skuCode: "",
  spec: "",
  before: null,
  after: null,
  cost: null,
  costCurrency: null,
  margin: null,
  skipped: "notFound",
} as const;

async function computeChange(
  tx: Executor,
  list: ListRow,
  body: Body,
  at: Date,
  language: Language,
): Promise<PriceChangePreview> {
  const skuIds = [...new Set(body.skuIds)];
  const found = await tx
    .select({
      skuId: productSkus.id,
      productName: productNameIn(language),
      skuCode: productSkus.code,
      spec: productSkus.spec,
      before: listPriceAt(list.id, productSkus.id, at),
      productType: products.type,
      faceValue: productSkus.faceValue,
      currency: productSkus.currency,
      defaultSupplier: products.supplier,
    })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(and(inArray(productSkus.id, skuIds), liveSku()));
  // The cost in the list's currency where a rate converts it (else in its own, which a margin change skips).
  const costs = await skuCosts(
    tx,
    found.map((row) => ({ ...row, price: row.before })),
    list.currency,
    at,
  );
  const byId = new Map(found.map((row) => [row.skuId, row]));
  const rows = skuIds.map((skuId): PriceChangePreview["rows"][number] => {
    const found = byId.get(skuId);
    if (!found) return { ...unknownSku, skuId };
    const { productName, skuCode, spec, before } = found;
    const { cost, costCurrency } = costs.get(skuId)!;
    const sku = { productName, skuCode, spec, before, cost, costCurrency };
    const { after, skipped } = changedPrice(body, sku, list.currency);
    return { ...sku, skuId, after, margin: marginOf(after, cost, costCurrency, list.currency).margin, skipped };
  });
  const changes = rows.filter((r) => r.skipped === null).length;
  return { effectiveTime: at.toISOString(), rows, changes, skipped: rows.length - changes, changeId: null };
}

/** What the change would do, writing nothing. */
export async function previewChange(
  deps: AppDeps,
  listId: number,
  body: Body,
  language: Language,
): Promise<PriceChangePreview> {
  const [list] = await deps.db.select().from(priceLists).where(eq(priceLists.id, listId));
  if (!list) throw fail("priceListNotFound");
  return computeChange(deps.db, list, body, effectiveTime(body, deps.clock.now()), language);
}

/**
 * Applies (or schedules) the change: one `price_changes` row and one price row per changed SKU at its time. A
 * row already at that very moment (an earlier change scheduled for the same second) is replaced.
 */
export async function applyChange(
  deps: AppDeps,
  staff: StaffContext,
  listId: number,
  body: Body,
  language: Language,
): Promise<PriceChangePreview> {
  return deps.db.transaction(async (tx) => {
    const list = await lockPriceList(tx, listId);
    const now = deps.clock.now();
    const at = effectiveTime(body, now);
    const preview = await computeChange(tx, list, body, at, language);
    if (preview.changes === 0) throw fail("priceChangeNothing");
    const value = body.kind === "remove" ? null : (body.value ?? null);
    const [change] = await tx
      .insert(priceChanges)
      .values({
        priceListId: listId,
        kind: body.kind,
        value,
        effectiveAt: at,
        skus: preview.changes,
        createdBy: staff.username,
        createdAt: now,
      })
      .returning({ id: priceChanges.id });
    const changeId = change!.id;
    const written = preview.rows.filter((r) => r.skipped === null);
    await tx
      .insert(priceListPrices)
      .values(written.map((r) => ({ priceListId: listId, skuId: r.skuId, effectiveAt: at, price: r.after, changeId })))
      .onConflictDoUpdate({
        target: [priceListPrices.priceListId, priceListPrices.skuId, priceListPrices.effectiveAt],
        set: { price: sql`excluded.price`, changeId: sql`excluded.change_id` },
      });
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: "prices.changed",
      target: { kind: "priceList", id: listId },
      after: {
        list: list.name,
        change: changeId,
        kind: body.kind,
        value,
        effectiveTime: at.toISOString(),
        skus: preview.changes,
      },
    });
    return { ...preview, changeId };
  });
}

function toPriceChange(row: ChangeRow, now: Date): PriceChange {
  // The percent as typed ("5", "-2.5"); a set price in the money columns' shape like every price.
  const value = row.value === null ? null : row.kind === "set" ? row.value : new Big(row.value).toString();
  const state = row.cancelledAt ? "cancelled" : row.effectiveAt > now ? "scheduled" : "effective";
  return {
    id: row.id,
    kind: row.kind,
    value,
    effectiveTime: row.effectiveAt.toISOString(),
    skus: row.skus,
    createdBy: row.createdBy,
    createTime: row.createdAt.toISOString(),
    state,
  };
}

/** The list's changes, newest first. */
export async function listChanges(deps: AppDeps, listId: number, query: PageQuery): Promise<Page<PriceChange>> {
  await getPriceList(deps, listId);
  const now = deps.clock.now();
  const where = eq(priceChanges.priceListId, listId);
  return fetchPage(
    query,
    {
      rows: (limit, offset) =>
        deps.db
          .select()
          .from(priceChanges)
          .where(where)
          .orderBy(desc(priceChanges.createdAt), desc(priceChanges.id))
          .limit(limit)
          .offset(offset),
      total: () => deps.db.select({ n: count() }).from(priceChanges).where(where),
    },
    (row) => toPriceChange(row, now),
  );
}

/**
 * Cancels a change not yet in effect: its price rows go (what was in effect stays in effect), the change is kept,
 * marked cancelled. A change in effect is history: orders were placed at its prices; a new change undoes it.
 */
export async function cancelChange(
  deps: AppDeps,
  staff: StaffContext,
  listId: number,
  changeId: number,
): Promise<PriceChange> {
  return deps.db.transaction(async (tx) => {
    const list = await lockPriceList(tx, listId);
    const now = deps.clock.now();
    const [change] = await tx
      .select()
      .from(priceChanges)
      .where(and(eq(priceChanges.id, changeId), eq(priceChanges.priceListId, listId)));
    if (!change) throw fail("priceChangeNotFound");
    if (change.cancelledAt || change.effectiveAt <= now) throw fail("priceChangeNotScheduled");
    await tx.delete(priceListPrices).where(eq(priceListPrices.changeId, changeId));
    const [cancelled] = await tx
      .update(priceChanges)
      .set({ cancelledAt: now })
      .where(eq(priceChanges.id, changeId))
      .returning();
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: "prices.cancelled",
      target: { kind: "priceList", id: listId },
      before: { list: list.name, change: changeId, kind: change.kind, effectiveTime: change.effectiveAt.toISOString() },
    });
    return toPriceChange(cancelled!, now);
  });
}
