import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CatalogEntry,
  consoleMerchantCalls,
  exchangeRateCalls,
  type MerchantSkuPrice,
  type Page,
  type PricedSku,
  type PriceList,
  priceCalls,
  routeCalls,
} from "#contracts";
import { ledgerEntries, merchantPrices, merchants, orders } from "../../server/src/db/schema";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { DEMO_PRICE_LIST } from "../../server/src/modules/pricing/demo-price-list";
import { seedDemo } from "../../server/src/modules/provisioning/demo-seed";
import { createMerchant } from "../../server/src/modules/provisioning/provisioning.service";
import { simulatorAdapter, simulatorEntry } from "../../server/src/modules/supplier/adapters/simulator";
import { syncCatalog } from "../../server/src/modules/supplier/catalog-sync";
import { supplierRegistry } from "../../server/src/modules/supplier/registry";
import type { SupplierAdapter } from "../../server/src/modules/supplier/supplier";
import { supplierAccounts } from "../../server/src/modules/supplier/supplier.schema";
import { closeTestApp, EN, expectFailure, expectOk, M, ZH } from "../support/api-helpers";
import { balanceOf, openShop } from "../support/order-fixtures";
import { type ConsoleCall, priceConsole } from "../support/price-console";
import { staffLogin, staffMember } from "../support/staff";
import { startTestApp, TEST_OPERATOR, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * Price lists (issue 16) through the real app: lists and their currency rules, merchants ordering at their list's
 * price (their own price winning), costs and margins from the synced catalogs at the exchange rates (issue 19),
 * assignment in the merchant's currency, permissions. Changes themselves: console-price-changes.test.ts.
 */
describe.each(engines)("the console's price lists on %s", (engine) => {
  let t: TestApp;
  let prices: ReturnType<typeof priceConsole>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    prices = priceConsole(t, await staffLogin(t, await staffMember(t, ["superAdmin"])));
  });
  afterAll(() => closeTestApp(t));

  it("creates, lists and edits lists: names unique, the currency fixed once it has prices or merchants", async () => {
    const list = await prices.newList();
    expect(list).toMatchObject({ currency: "USD", description: "", skus: 0, merchants: 0, scheduled: 0 });
    const taken = await prices.api(priceCalls.createList, {}, { name: list.name, currency: "usd" });
    const sentence = `A price list named ${list.name} already exists`;
    expectFailure(taken, 409, sentence, { errors: { name: sentence } });
    const zh = await prices.api(priceCalls.createList, {}, { name: list.name, currency: "USD" }, { lang: ZH });
    expect(zh.json().message).toBe(`已存在名为 ${list.name} 的价格表`);
    // Empty, it may still change currency.
    const edited = await prices.ok<PriceList>(
      priceCalls.updateList,
      { id: list.id },
      { name: list.name, currency: "eur", description: " Partners " },
    );
    expect(edited).toMatchObject({ currency: "EUR", description: "Partners" });
    const shop = await openShop(t);
    await prices.ok(
      priceCalls.updateList,
      { id: list.id },
      { name: list.name, currency: "USD", description: "Partners" },
    );
    await prices.set(list, [shop.topup.skuId, shop.login.skuId], "9.5");
    const fixed = await prices.api(priceCalls.updateList, { id: list.id }, { name: list.name, currency: "EUR" });
    const why =
      "This list already has prices or merchants in USD: its currency cannot change. Create a new list instead";
    expectFailure(fixed, 409, why, { errors: { currency: why } });
    await prices.ok(priceCalls.assign, { id: shop.merchantId }, { priceListId: list.id });
    const listed = (await prices.ok<PriceList[]>(priceCalls.lists)).find((l) => l.id === list.id);
    expect(listed).toMatchObject({ currency: "USD", description: "Partners", skus: 2, merchants: 1, scheduled: 0 });
    const audit = (await prices.auditOf("priceList.changed")).filter((a) => a.targetId === String(list.id));
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [
        { name: list.name, currency: "USD", description: "" },
        { name: list.name, currency: "EUR", description: "Partners" },
      ],
      [
        { name: list.name, currency: "EUR", description: "Partners" },
        { name: list.name, currency: "USD", description: "Partners" },
      ],
    ]);
    expect((await prices.auditOf("priceList.created")).map((a) => a.targetId)).toContain(String(list.id));
  });

  it("charges a merchant its list's price, its own price winning, and refuses a SKU the list removed", async () => {
    const list = await prices.newList();
    const shop = await prices.shopOn(list);
    expect((await prices.portalPrice(shop)).orderable).toBe(false);
    await prices.set(list, [shop.topup.skuId], "8.5");
    expect(await prices.portalPrice(shop)).toMatchObject({ price: "8.5000", priceCurrency: "USD", orderable: true });
    const before = await balanceOf(t, shop.merchantId);
    const order = expectOk<{ orderNo: string; amount: string }>(await prices.placeTopup(shop), EN);
    expect(order.amount).toBe("8.5000");
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    const entries = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, row!.id));
    expect(entries.map((e) => [e.type, e.amount, e.balanceBefore])).toEqual([["deduct", "-8.5000", before]]);

    // The merchant's own price wins over the list's, and leaves it when removed.
    const own = await prices.ok<MerchantSkuPrice>(
      priceCalls.setOverride,
      { id: shop.merchantId, skuId: shop.topup.skuId },
      { price: "7" },
    );
    expect(own).toMatchObject({ listPrice: "8.5000", override: "7.0000", price: "7.0000", currency: "USD" });
    expect(expectOk<{ amount: string }>(await prices.placeTopup(shop), EN).amount).toBe("7.0000");
    const page = await prices.ok<Page<MerchantSkuPrice>>(
      priceCalls.merchantPrices,
      { id: shop.merchantId },
      undefined,
      "?overridden=true",
    );
    expect(page.list.map((p) => [p.skuId, p.price])).toEqual([[shop.topup.skuId, "7.0000"]]);
    expect(page.list[0]?.productName).toBe("Test Mobile Top-up");
    // A staff member reading in Chinese sees the product's Chinese name.
    const inChinese = await prices.api(priceCalls.merchantPrices, { id: shop.merchantId }, undefined, {
      lang: "zh-CN",
      query: "?overridden=true",
    });
    expect(expectOk<Page<MerchantSkuPrice>>(inChinese).list[0]?.productName).toBe("测试话费直充");
    // Every live SKU is listed, paged, whether the merchant can order it or not.
    const paged = await prices.ok<Page<MerchantSkuPrice>>(
      priceCalls.merchantPrices,
      { id: shop.merchantId },
      undefined,
      `?keyword=${shop.gift.code}&pageSize=100`,
    );
    expect(paged).toEqual({
      total: 1,
      list: [expect.objectContaining({ skuId: shop.gift.skuId, listPrice: null, override: null, price: null })],
    });
    const second = await prices.ok<Page<MerchantSkuPrice>>(
      priceCalls.merchantPrices,
      { id: shop.merchantId },
      undefined,
      "?pageSize=1&pageNum=2",
    );
    expect([second.total > 3, second.list.length]).toEqual([true, 1]);
    const back = await prices.ok<MerchantSkuPrice>(priceCalls.removeOverride, {
      id: shop.merchantId,
      skuId: shop.topup.skuId,
    });
    expect(back).toMatchObject({ listPrice: "8.5000", override: null, price: "8.5000" });
    const none = await prices.api(priceCalls.removeOverride, { id: shop.merchantId, skuId: shop.topup.skuId });
    expectFailure(none, 404, "This merchant has no own price for this SKU");
    const audited = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.merchantId, shop.merchantId), eq(auditEvents.action, "prices.overrideSet")));
    expect(audited.map((a) => [a.before, a.after])).toEqual([
      [
        { override: null, currency: "USD" },
        { override: "7.0000", currency: "USD" },
      ],
    ]);

    // Removed from the list: not orderable any more.
    await prices.change(list, { skuIds: [shop.topup.skuId], kind: "remove" });
    expect((await prices.portalPrice(shop)).orderable).toBe(false);
    const refused = await prices.placeTopup(shop);
    expect([refused.statusCode, refused.json().message]).toEqual([409, M_SKU_NOT_ORDERABLE]);
    expect(await ledgerViolations(t.deps.db, shop.merchantId)).toEqual([]);
  });

  it("costs each SKU and each route from the synced catalogs, in the list's currency, with the rate's and catalog's age", async () => {
    const list = await prices.newList("CNY");
    const shop = await openShop(t);
    await prices.set(list, [shop.topup.skuId], "10.5");
    const topup = async () =>
      (await prices.ok<Page<PricedSku>>(priceCalls.skus, { id: list.id }, undefined, `?keyword=${shop.topup.code}`))
        .list[0]!;
    // No routes: its default supplier, the simulator, quotes 10 CNY at 1.41 USD less 3 %. No USD–CNY rate yet.
    expect(await topup()).toMatchObject({
      supplierCost: "1.3677",
      supplierCurrency: "USD",
      cost: "1.3677",
      costCurrency: "USD",
      rate: null,
      rateTime: null,
      noRate: true,
      quoteTime: null,
      margin: null,
      marginPercent: null,
      costSource: "defaultSupplier",
      routes: [],
    });
    const rateSet = t.clock.now();
    await prices.ok(exchangeRateCalls.set, {}, { base: "USD", quote: "CNY", rate: "7.2" });
    // 1.3677 × 7.2 = 9.84744 → 9.8474 CNY; 10.5 − 9.8474 = 0.6526, 6.22 % of the price.
    const viaRate = {
      supplierCost: "1.3677",
      supplierCurrency: "USD",
      cost: "9.8474",
      costCurrency: "CNY",
      rate: "7.2",
      rateTime: rateSet.toISOString(),
      noRate: false,
      margin: "0.6526",
      marginPercent: "6.22",
    };
    expect(await topup()).toMatchObject({ ...viaRate, costSource: "defaultSupplier" });

    // Routed: the simulator's synced product, then one paid in euros (10 CNY at 7.8 a euro: 1.29 EUR).
    const synced = new Date(rateSet.getTime() + 5 * 60_000);
    t.clock.set(synced);
    const [sim] = await t.deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.code, "simulator"));
    await syncCatalog(t.deps, sim!.id, "operator", TEST_OPERATOR);
    const euro = await supplierWithCatalog(t, [
      {
        ...simulatorEntry("topup", "CNY")!,
        externalId: "cny-in-eur",
        name: "CNY paid in EUR",
        sendCurrency: "EUR",
        fxRate: "7.8",
        discountPercent: "0",
      },
    ]);
    const routes = [
      { supplierId: sim!.id, supplierProduct: "topup-CNY" },
      { supplierId: euro.id, supplierProduct: "cny-in-eur" },
    ];
    await prices.ok(routeCalls.setRoutes, { id: shop.topup.skuId }, { routes });
    const routed = await topup();
    expect(routed).toMatchObject({ ...viaRate, quoteTime: synced.toISOString(), costSource: "route" });
    expect(routed.routes).toEqual([
      {
        supplierId: sim!.id,
        supplierCode: "simulator",
        supplierName: sim!.name,
        supplierProduct: "topup-CNY",
        productName: "Simulator top-up CNY",
        enabled: true,
        ...viaRate,
        quoteTime: synced.toISOString(),
        flags: [],
        refusal: null,
      },
      {
        supplierId: euro.id,
        supplierCode: euro.code,
        supplierName: euro.name,
        supplierProduct: "cny-in-eur",
        productName: "CNY paid in EUR",
        enabled: true,
        supplierCost: "1.2900",
        supplierCurrency: "EUR",
        cost: "1.2900",
        costCurrency: "EUR",
        rate: null,
        rateTime: null,
        noRate: true,
        quoteTime: synced.toISOString(),
        margin: null,
        marginPercent: null,
        flags: [],
        refusal: null,
      },
    ]);
    // The first route disabled: the euro route is the cost, converted once a EUR–CNY rate is set.
    await prices.ok(exchangeRateCalls.set, {}, { base: "EUR", quote: "CNY", rate: "7.75" });
    await prices.ok(
      routeCalls.setRoutes,
      { id: shop.topup.skuId },
      { routes: [{ ...routes[0], enabled: false }, routes[1]] },
    );
    // 1.29 × 7.75 = 9.9975 CNY; 10.5 − 9.9975 = 0.5025, 4.79 % of the price.
    expect(await topup()).toMatchObject({
      supplierCost: "1.2900",
      supplierCurrency: "EUR",
      cost: "9.9975",
      costCurrency: "CNY",
      rate: "7.75",
      rateTime: synced.toISOString(),
      margin: "0.5025",
      marginPercent: "4.79",
      costSource: "route",
    });
    t.clock.set(rateSet);
  });

  it("assigns a merchant only to a list of its balance currency, audited under the merchant", async () => {
    const usd = await prices.newList();
    const euro = await createMerchant(t.deps, TEST_OPERATOR, { name: `Euro ${engine}`, currency: "EUR" });
    const mismatch = await prices.api(priceCalls.assign, { id: euro.id }, { priceListId: usd.id });
    const sentence = "This price list is in USD but the merchant's balance is in EUR: choose a list in EUR";
    expectFailure(mismatch, 409, sentence, { errors: { priceListId: sentence } });
    const eur = await prices.newList("EUR");
    expect(await prices.ok(priceCalls.assign, { id: euro.id }, { priceListId: eur.id })).toEqual({
      priceListId: eur.id,
      priceListName: eur.name,
    });
    expect(await prices.ok(consoleMerchantCalls.one, { id: euro.id })).toMatchObject({
      priceListId: eur.id,
      priceListName: eur.name,
    });
    expect(await prices.ok(priceCalls.assign, { id: euro.id }, { priceListId: null })).toEqual({
      priceListId: null,
      priceListName: null,
    });
    const unknown = await prices.api(priceCalls.assign, { id: euro.id }, { priceListId: 999999 });
    expect([unknown.statusCode, unknown.json().data.errors]).toEqual([
      404,
      { priceListId: "This price list does not exist" },
    ]);
    const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.id, euro.id));
    expect(row!.priceListId).toBeNull();
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.merchantId, euro.id));
    expect(audit.filter((a) => a.action === "priceList.assigned").map((a) => [a.before, a.after])).toEqual([
      [{ priceList: null }, { priceList: eur.name }],
      [{ priceList: eur.name }, { priceList: null }],
    ]);
  });

  it("lets a role with prices:list read prices but not change them, and one without it not even read", async () => {
    const list = await prices.newList();
    const shop = await openShop(t);
    const tech = await staffLogin(t, await staffMember(t, ["technology"]));
    const service = await staffLogin(t, await staffMember(t, ["customerService"]));
    expectOk(await prices.api(priceCalls.lists, {}, undefined, { token: tech }), EN);
    expectOk(await prices.api(priceCalls.merchantPrices, { id: shop.merchantId }, undefined, { token: tech }), EN);
    const writes: [ConsoleCall, object, object?][] = [
      [priceCalls.createList, {}, { name: "Nope", currency: "USD" }],
      [priceCalls.updateList, { id: list.id }, { name: "Nope", currency: "USD" }],
      [priceCalls.preview, { id: list.id }, { skuIds: [shop.topup.skuId], kind: "remove" }],
      [priceCalls.apply, { id: list.id }, { skuIds: [shop.topup.skuId], kind: "remove" }],
      [priceCalls.cancelChange, { id: list.id, changeId: 1 }],
      [priceCalls.assign, { id: shop.merchantId }, { priceListId: list.id }],
      [priceCalls.setOverride, { id: shop.merchantId, skuId: shop.topup.skuId }, { price: "1" }],
      [priceCalls.removeOverride, { id: shop.merchantId, skuId: shop.topup.skuId }],
    ];
    for (const [c, params, payload] of writes)
      expectFailure(await prices.api(c, params, payload, { token: tech }), 403, M.forbidden[EN]);
    expectFailure(await prices.api(priceCalls.lists, {}, undefined, { token: service }), 403, M.forbidden[EN]);
    const [kept] = await t.deps.db
      .select()
      .from(merchantPrices)
      .where(and(eq(merchantPrices.merchantId, shop.merchantId), eq(merchantPrices.skuId, shop.topup.skuId)));
    expect(kept?.price).toBe("10.0000");
  });

  it("seeds the demo with a Standard USD list its merchant buys from, and no prices of its own", async () => {
    const demo = await seedDemo(t.deps);
    const [merchant] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, demo.merchantNo));
    const list = (await prices.ok<PriceList[]>(priceCalls.lists)).find((l) => l.name === DEMO_PRICE_LIST.name);
    expect(list).toMatchObject({ currency: "USD", merchants: 1, scheduled: 0 });
    expect(list!.skus).toBeGreaterThan(5);
    expect(merchant!.priceListId).toBe(list!.id);
    const page = await prices.ok<Page<MerchantSkuPrice>>(
      priceCalls.merchantPrices,
      { id: merchant!.id },
      undefined,
      "?keyword=DEMO-MOBILE-TOPUP",
    );
    expect(page.list.map((p) => [p.skuCode, p.listPrice, p.override, p.price])).toContainEqual([
      "CNY10",
      "1.4200",
      null,
      "1.4200",
    ]);
  });
});

const M_SKU_NOT_ORDERABLE = "This SKU has no price for your merchant and cannot be ordered";

let suppliers = 0;

/** A supplier account whose catalog, synced once, is `entries` (a stand-in of its supplier's answer). */
async function supplierWithCatalog(t: TestApp, entries: CatalogEntry[]) {
  const code = `costs-${process.pid}-${suppliers++}`;
  const [account] = await t.deps.db
    .insert(supplierAccounts)
    .values({ code, name: `Supplier ${code}`, kind: "simulator", baseUrl: "simulator:" })
    .returning();
  const adapter: SupplierAdapter = {
    ...simulatorAdapter,
    connect: (a, context) => ({ ...simulatorAdapter.connect(a, context), catalog: async () => entries }),
  };
  const registry = new Map([...supplierRegistry(), ["simulator", adapter]]);
  expect((await syncCatalog(t.deps, account!.id, "operator", TEST_OPERATOR, registry)).state).toBe("done");
  return account!;
}
