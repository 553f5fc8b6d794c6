import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Language, MerchantSkuPrice, merchantPriceQuery, overrideBody, Page } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { merchantPrices, merchants, priceLists, productSkus, products } from "../../db/schema";
import { fail } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { listPriceAt, merchantPriceAt, overridePrice } from "../pricing/effective-price";
import { liveSku, productNameIn, skuKeywordFilter, skuPage } from "../product/catalog-sql";
import { catalogOrder } from "./console-priced-skus";

type MerchantRow = typeof merchants.$inferSelect;

/**
 * One merchant's prices: the list it is assigned to, and its own prices (overrides, `merchant_prices`), which win
 * over the list's. Each change is audited under the merchant, so it also shows in the merchant's own audit.
 */

async function merchantOf(executor: Executor, id: number, lock = false): Promise<MerchantRow> {
  const query = executor.select().from(merchants).where(eq(merchants.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw fail("merchantNotFound", { merchantNo: String(id) });
  return row;
}

/** Assigns the merchant to a list of its balance currency, or to none (then only its own prices remain). */
export async function assignPriceList(deps: AppDeps, staff: StaffContext, merchantId: number, listId: number | null) {
  return deps.db.transaction(async (tx) => {
    const merchant = await merchantOf(tx, merchantId, true);
    const list = listId === null ? null : (await tx.select().from(priceLists).where(eq(priceLists.id, listId)))[0];
    if (list === undefined) throw fail("assignedPriceListNotFound");
    if (list && list.currency !== merchant.currency)
      throw fail("priceListCurrencyMismatch", { listCurrency: list.currency, merchantCurrency: merchant.currency });
    const [before] = merchant.priceListId
      ? await tx.select({ name: priceLists.name }).from(priceLists).where(eq(priceLists.id, merchant.priceListId))
      : [];
    await tx
      .update(merchants)
      .set({ priceListId: listId, updatedAt: deps.clock.now() })
      .where(eq(merchants.id, merchantId));
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId,
      action: "priceList.assigned",
      target: { kind: "merchant", id: merchant.merchantNo },
      before: { priceList: before?.name ?? null },
      after: { priceList: list?.name ?? null },
    });
    return { priceListId: list?.id ?? null, priceListName: list?.name ?? null };
  });
}

/** The columns of a merchant's price of each SKU at `at`: its list's, its own, and the one it pays. */
function priceColumns(merchant: MerchantRow, at: Date, language: Language) {
  return {
    skuId: productSkus.id,
    productCode: products.code,
    productName: productNameIn(language),
    skuCode: productSkus.code,
    spec: productSkus.spec,
    listPrice: listPriceAt(merchant.priceListId, productSkus.id, at),
    override: overridePrice(merchant.id, productSkus.id),
    price: merchantPriceAt(merchant, productSkus.id, at),
  };
}

async function selectPrices(
  executor: Executor,
  merchant: MerchantRow,
  at: Date,
  language: Language,
  where: SQL | undefined,
) {
  const rows = await executor
    .select(priceColumns(merchant, at, language))
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(and(liveSku(), where));
  return rows.map((row) => ({ ...row, currency: merchant.currency }));
}

export async function listMerchantPrices(
  deps: AppDeps,
  merchantId: number,
  query: z.output<typeof merchantPriceQuery>,
  language: Language,
): Promise<Page<MerchantSkuPrice>> {
  const merchant = await merchantOf(deps.db, merchantId);
  const override = overridePrice(merchant.id, productSkus.id);
  const where = and(
    liveSku(),
    skuKeywordFilter(query.keyword),
    query.overridden === true ? isNotNull(override) : query.overridden === false ? isNull(override) : undefined,
  );
  return skuPage(
    deps.db,
    query,
    { columns: priceColumns(merchant, deps.clock.now(), language), where, order: catalogOrder },
    (row) => ({ ...row, currency: merchant.currency }),
  );
}

/** The merchant's price of one live SKU, or the failure naming what is missing. */
async function skuPrice(deps: AppDeps, tx: Executor, merchant: MerchantRow, skuId: number, language: Language) {
  const [row] = await selectPrices(tx, merchant, deps.clock.now(), language, eq(productSkus.id, skuId));
  if (!row) throw fail("priceSkuNotFound");
  return row;
}

const auditedSku = (row: MerchantSkuPrice) => ({ kind: "sku", id: `${row.productCode}/${row.skuCode}` });

/** Sets the merchant's own price of a SKU, in its balance currency: it pays this whatever its list says. */
export async function setOverride(
  deps: AppDeps,
  staff: StaffContext,
  merchantId: number,
  skuId: number,
  body: z.output<typeof overrideBody>,
  language: Language,
): Promise<MerchantSkuPrice> {
  return deps.db.transaction(async (tx) => {
    const merchant = await merchantOf(tx, merchantId);
    const before = await skuPrice(deps, tx, merchant, skuId, language);
    const now = deps.clock.now();
    await tx
      .insert(merchantPrices)
      .values({ merchantId, skuId, price: body.price, updatedAt: now })
      .onConflictDoUpdate({
        target: [merchantPrices.merchantId, merchantPrices.skuId],
        set: { price: body.price, updatedAt: now },
      });
    const after = await skuPrice(deps, tx, merchant, skuId, language);
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId,
      action: "prices.overrideSet",
      target: auditedSku(after),
      before: { override: before.override, currency: merchant.currency },
      after: { override: after.override, currency: merchant.currency },
    });
    return after;
  });
}

/** Removes the merchant's own price of a SKU: it pays its list's again (or cannot order it, without one). */
export async function removeOverride(
  deps: AppDeps,
  staff: StaffContext,
  merchantId: number,
  skuId: number,
  language: Language,
): Promise<MerchantSkuPrice> {
  return deps.db.transaction(async (tx) => {
    const merchant = await merchantOf(tx, merchantId);
    const before = await skuPrice(deps, tx, merchant, skuId, language);
    const removed = await tx
      .delete(merchantPrices)
      .where(and(eq(merchantPrices.merchantId, merchantId), eq(merchantPrices.skuId, skuId)))
      .returning({ skuId: merchantPrices.skuId });
    if (removed.length === 0) throw fail("priceOverrideNotFound");
    const after = await skuPrice(deps, tx, merchant, skuId, language);
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId,
      action: "prices.overrideRemoved",
      target: auditedSku(after),
      before: { override: before.override, currency: merchant.currency },
      after: { listPrice: after.listPrice, currency: merchant.currency },
    });
    return after;
  });
}
