import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BinEntry, type ConsoleProductDetail, catalogCalls, type ProductBody } from "#contracts";
import { merchantPrices, priceListPrices, priceLists, productSkus, products } from "../../server/src/db/schema";
import { skuRoutes, supplierAccounts } from "../../server/src/modules/supplier/supplier.schema";
import { closeTestApp, EN, expectFailure, expectOk } from "../support/api-helpers";
import { bodyOf, type CatalogConsole, catalogConsole } from "../support/catalog-console";
import { openShop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * The console's recycle bin (issue 16): what is in it is out of merchants' sight and orders until restored; only
 * what no order refers to is purged (with step-up), with the rows that only described it. And the import file:
 * exporting then importing changes nothing.
 */
describe.each(engines)("the console's catalog bin and import file on %s", (engine) => {
  let t: TestApp;
  let c: CatalogConsole;
  beforeAll(async () => {
    t = await startTestApp(engine);
    c = await catalogConsole(t);
  });
  afterAll(() => closeTestApp(t));

  it("takes what is in the bin away from merchants and their orders, and gives it back on restore", async () => {
    const shop = await openShop(t);
    const { productId, skuId } = shop.topup;
    const detail = await c.ok<ConsoleProductDetail>(catalogCalls.product, { params: { id: productId } });
    const withB = [...bodyOf(detail).skus, { code: "B", spec: "20 CNY", faceValue: "20", currency: "CNY" }];
    const onlyB = withB.filter((s) => s.code === "B");
    const save = (skus: ProductBody["skus"]) =>
      c.ok<ConsoleProductDetail>(catalogCalls.updateProduct, {
        params: { id: productId },
        payload: bodyOf(detail, { skus }),
      });

    await save(onlyB);
    const shown = (await c.merchantSees(shop)).find((p) => p.id === productId);
    expect(shown?.skus.map((s) => s.code)).toEqual(["B"]);
    const refused = await c.order(shop, productId, skuId);
    expectFailure(refused, 404, "No such SKU for this product", { errors: { skuId: "No such SKU for this product" } });

    expectOk(await c.send(catalogCalls.restore, { params: { kind: "sku", id: skuId } }), EN);
    expect((await c.merchantSees(shop)).find((p) => p.id === productId)?.skus.map((s) => s.code)).toEqual(["A", "B"]);
    expectOk(await c.order(shop, productId, skuId), EN);

    // The product to the bin: gone for merchants; its SKU B (binned before) cannot come back on its own.
    await save(withB.filter((s) => s.code === "A"));
    expectOk(await c.send(catalogCalls.deleteProduct, { params: { id: productId } }), EN);
    expect((await c.merchantSees(shop)).some((p) => p.id === productId)).toBe(false);
    expectFailure(await c.order(shop, productId, skuId), 404, "No such product", {
      errors: { productId: "No such product" },
    });
    const skuBId = (
      await t.deps.db
        .select()
        .from(productSkus)
        .where(and(eq(productSkus.productId, productId), eq(productSkus.code, "B")))
    )[0]!.id;
    expectFailure(
      await c.send(catalogCalls.restore, { params: { kind: "sku", id: skuBId } }),
      409,
      "This SKU's product is in the recycle bin: restore the product first",
    );
    const entries = (await c.bin()).list;
    expect(entries[0]).toMatchObject({ kind: "product", id: productId, skuCode: null, orders: 1 });
    expect(entries.some((e) => e.id === skuBId)).toBe(false);
    expectFailure(
      await c.send(catalogCalls.purge, { params: { kind: "product", id: productId }, stepUp: true }),
      409,
      "1 order(s) refer to this item: it can stay in the recycle bin but cannot be deleted for good",
    );

    expectOk(await c.send(catalogCalls.restore, { params: { kind: "product", id: productId } }), EN);
    expect((await c.merchantSees(shop)).find((p) => p.id === productId)?.skus.map((s) => s.code)).toEqual(["A"]);
    expectFailure(
      await c.send(catalogCalls.restore, { params: { kind: "product", id: productId } }),
      404,
      "This item is not in the recycle bin",
    );
  });

  it("purges, with step-up, only what no order refers to, and what only described it with it", async () => {
    const shop = await openShop(t);
    const topup = await c.ok<ConsoleProductDetail>(catalogCalls.product, { params: { id: shop.topup.productId } });
    const save = (codes: string[]) =>
      c.ok<ConsoleProductDetail>(catalogCalls.updateProduct, {
        params: { id: topup.id },
        payload: bodyOf(topup, { skus: codes.map((code) => ({ code, spec: code, faceValue: "1", currency: "USD" })) }),
      });
    const skuIds = (await save(["A", "B", "C"])).skuList.map((s) => s.id);
    expectOk(await c.order(shop, topup.id, shop.topup.skuId), EN);
    await save(["C"]);
    const purge = (kind: "product" | "sku", id: number, stepUp = true) =>
      c.send(catalogCalls.purge, { params: { kind, id }, stepUp });
    expectFailure(
      await purge("sku", shop.topup.skuId),
      409,
      "1 order(s) refer to this item: it can stay in the recycle bin but cannot be deleted for good",
    );
    expectOk(await purge("sku", skuIds[1]!), EN);
    expect(
      (await t.deps.db.select().from(productSkus).where(eq(productSkus.productId, topup.id))).map((s) => s.code),
    ).toEqual(["A", "C"]);
    expectFailure(await purge("sku", skuIds[2]!), 404, "This item is not in the recycle bin");

    // The gift card, never ordered: its routes and prices (merchant's and price list's) go with it.
    const { productId, skuId } = shop.gift;
    const [simulator] = await t.deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.code, "simulator"));
    const route = {
      skuId,
      position: 0,
      supplierId: simulator!.id,
      supplierProduct: "G",
      cost: "1",
      costCurrency: "USD",
    };
    await t.deps.db.insert(skuRoutes).values(route);
    const [list] = await t.deps.db
      .insert(priceLists)
      .values({ name: `Purge ${productId}`, currency: "USD" })
      .returning();
    await t.deps.db
      .insert(priceListPrices)
      .values({ priceListId: list!.id, skuId, effectiveAt: t.clock.now(), price: "4" });
    const left = async () => ({
      product: await t.deps.db.select().from(products).where(eq(products.id, productId)),
      skus: await t.deps.db.select().from(productSkus).where(eq(productSkus.id, skuId)),
      routes: await t.deps.db.select().from(skuRoutes).where(eq(skuRoutes.skuId, skuId)),
      prices: await t.deps.db.select().from(merchantPrices).where(eq(merchantPrices.skuId, skuId)),
      listPrices: await t.deps.db.select().from(priceListPrices).where(eq(priceListPrices.skuId, skuId)),
    });
    expect(Object.values(await left()).map((rows) => rows.length)).toEqual([1, 1, 1, 1, 1]);

    expectOk(await c.send(catalogCalls.deleteProduct, { params: { id: productId } }), EN);
    expectFailure(await purge("product", productId, false), 403, "Enter the current MFA code to confirm this change", {
      errorCode: "STEP_UP_REQUIRED",
    });
    const auditFrom = await c.lastAuditId();
    expectOk(await purge("product", productId), EN);
    expect(Object.values(await left()).map((rows) => rows.length)).toEqual([0, 0, 0, 0, 0]);
    expect((await c.auditSince(auditFrom)).map((e) => [e.action, e.targetKind, e.targetId])).toEqual([
      ["catalog.purged", "product", shop.gift.code],
    ]);
    expectFailure(await purge("product", productId), 404, "This item is not in the recycle bin");
  });

  it("exports the live catalog as the import file; importing it changes nothing and restores what it names", async () => {
    // Something in the bin: a SKU of a live product, and a whole product.
    const shop = await openShop(t);
    const topup = await c.ok<ConsoleProductDetail>(catalogCalls.product, { params: { id: shop.topup.productId } });
    const extra = { code: "OLD", spec: "old", faceValue: "1", currency: "USD" };
    for (const skus of [[...bodyOf(topup).skus, extra], bodyOf(topup).skus])
      await c.ok(catalogCalls.updateProduct, { params: { id: topup.id }, payload: bodyOf(topup, { skus }) });
    expectOk(await c.send(catalogCalls.deleteProduct, { params: { id: shop.gift.productId } }), EN);
    const snapshot = async () => ({
      products: (await t.deps.db.select().from(products).orderBy(asc(products.id))).map(({ updatedAt: _, ...p }) => p),
      skus: await t.deps.db.select().from(productSkus).orderBy(asc(productSkus.id)),
    });
    const before = await snapshot();
    const binBefore = await c.bin();
    const document = await c.ok<{ products: { code: string; skus: unknown[] }[] }>(catalogCalls.exportDocument);
    const live = before.products.filter((p) => p.deletedAt === null);
    expect(document.products.map((p) => p.code).sort()).toEqual(live.map((p) => p.code).sort());

    const auditFrom = await c.lastAuditId();
    const report = await c.ok<{ products: { created: number; updated: number } }>(catalogCalls.importDocument, {
      payload: document,
    });
    expect(report).toEqual({
      products: { created: 0, updated: live.length },
      skus: { created: 0, updated: document.products.flatMap((p) => p.skus).length, disabled: 0 },
    });
    expect(await snapshot()).toEqual(before);
    expect(await c.bin()).toEqual(binBefore);
    const [imported] = await c.auditSince(auditFrom);
    expect(imported).toMatchObject({ action: "catalog.imported", actorKind: "staff", actorName: c.admin.username });

    // A binned product the file names is out of the bin again: the file says it exists.
    const ours = (list: BinEntry[]) =>
      list
        .filter((e) => [shop.gift.code, shop.topup.code].includes(e.productCode))
        .map((e) => [e.kind, e.productCode, e.skuCode]);
    expect(ours(binBefore.list)).toEqual([
      ["product", shop.gift.code, null],
      ["sku", shop.topup.code, "OLD"],
    ]);
    const again = { products: [{ ...document.products[0]!, code: shop.gift.code }] };
    await c.ok(catalogCalls.importDocument, { payload: again });
    expect(ours((await c.bin()).list)).toEqual([["sku", shop.topup.code, "OLD"]]);
    expect((await c.merchantSees(shop)).some((p) => p.id === shop.gift.productId)).toBe(true);

    const invalid = await c.send(catalogCalls.importDocument, { payload: { products: [{ code: "X" }] } });
    expect(invalid.json()).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^The catalog file is not valid/),
    });
  });
});
