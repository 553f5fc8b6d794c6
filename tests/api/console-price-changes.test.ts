import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type CatalogEntry,
  exchangeRateCalls,
  type Page,
  type PriceChange,
  type PriceChangePreview,
  type PricedSku,
  type PriceList,
  priceCalls,
  routeCalls,
} from "#contracts";
import { productSkus } from "../../server/src/db/schema";
import { simulatorAdapter } from "../../server/src/modules/supplier/adapters/simulator";
import { syncCatalog } from "../../server/src/modules/supplier/catalog-sync";
import { supplierRegistry } from "../../server/src/modules/supplier/registry";
import type { SupplierAdapter } from "../../server/src/modules/supplier/supplier";
import { supplierAccounts } from "../../server/src/modules/supplier/supplier.schema";
import { closeTestApp, EN, expectFailure, expectOk, ZH } from "../support/api-helpers";
import { openShop } from "../support/order-fixtures";
import { priceConsole } from "../support/price-console";
import { staffLogin, staffMember } from "../support/staff";
import { startTestApp, TEST_OPERATOR, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const MINUTE = 60_000;

/**
 * Price changes (issue 16) through the real app: previewed and applied alike, scheduled to the millisecond,
 * cancelled before they start, computed in decimal and rounded half-up to cents, refused with a reason, run one
 * after the other on one list, audited.
 */
describe.each(engines)("the console's price changes on %s", (engine) => {
  let t: TestApp;
  let start: Date;
  let prices: ReturnType<typeof priceConsole>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    start = t.clock.now();
    prices = priceConsole(t, await staffLogin(t, await staffMember(t, ["superAdmin"])));
  });
  afterAll(() => closeTestApp(t));
  // Tests that move the clock put it back: each starts at the same moment.
  afterEach(() => t.clock.set(start));

  it("takes a scheduled change into effect at its very millisecond; a cancelled one never does", async () => {
    const list = await prices.newList();
    const shop = await prices.shopOn(list);
    await prices.set(list, [shop.topup.skuId], "10");
    const at = new Date(start.getTime() + 10 * MINUTE);
    const scheduled = await prices.set(list, [shop.topup.skuId], "12", at);
    expect(scheduled).toMatchObject({ effectiveTime: at.toISOString(), changes: 1 });
    const [sku] = (await prices.ok<Page<PricedSku>>(priceCalls.skus, { id: list.id }, undefined, "?priced=priced"))
      .list;
    expect(sku).toMatchObject({ price: "10.0000", next: { price: "12.0000", effectiveTime: at.toISOString() } });
    expect((await prices.ok<PriceList[]>(priceCalls.lists)).find((l) => l.id === list.id)?.scheduled).toBe(1);

    t.clock.set(new Date(at.getTime() - 1));
    expect((await prices.portalPrice(shop)).price).toBe("10.0000");
    t.clock.set(at);
    expect((await prices.portalPrice(shop)).price).toBe("12.0000");
    expect(expectOk<{ amount: string }>(await prices.placeTopup(shop), EN).amount).toBe("12.0000");

    // Another, cancelled before its time: the price in effect stays.
    t.clock.set(start);
    const later = new Date(start.getTime() + 20 * MINUTE);
    const dropped = await prices.set(list, [shop.topup.skuId], "15", later);
    const cancelled = await prices.ok<PriceChange>(priceCalls.cancelChange, {
      id: list.id,
      changeId: dropped.changeId,
    });
    expect(cancelled).toMatchObject({ state: "cancelled", kind: "set", value: "15.0000", skus: 1 });
    t.clock.set(later);
    expect((await prices.portalPrice(shop)).price).toBe("12.0000");
    const changes = await prices.ok<Page<PriceChange>>(priceCalls.changes, { id: list.id });
    expect(changes.list.map((c) => [c.id, c.state])).toEqual([
      [dropped.changeId, "cancelled"],
      [scheduled.changeId, "effective"],
      [expect.any(Number), "effective"],
    ]);
    // Neither a cancelled change nor one in effect can be cancelled.
    const refusal = "Only a change not yet in effect can be cancelled: this one has taken effect or was cancelled";
    for (const changeId of [dropped.changeId, scheduled.changeId])
      expectFailure(await prices.api(priceCalls.cancelChange, { id: list.id, changeId }), 409, refusal);
    const zh = await prices.api(priceCalls.cancelChange, { id: list.id, changeId: dropped.changeId }, undefined, {
      lang: ZH,
    });
    expect(zh.json().message).toBe("只能取消尚未生效的调价：这次调价已生效或已取消");
    expect((await prices.auditOf("prices.cancelled")).map((a) => a.before)).toContainEqual({
      list: list.name,
      change: dropped.changeId,
      kind: "set",
      effectiveTime: later.toISOString(),
    });
  });

  it("previews exactly what it applies: percent and margin in decimal, half-up to cents, skips with reasons", async () => {
    const list = await prices.newList();
    const shop = await openShop(t);
    const other = await openShop(t);
    const costs = await supplierWithCatalog(t, [
      fixedEntry("game-cheap", "topup", { send: "1", receive: "6", sendCurrency: "USD", receiveCurrency: "USD" }),
      fixedEntry("game-dear", "topup", { send: "20", receive: "6", sendCurrency: "USD", receiveCurrency: "USD" }),
      fixedEntry("gift-in-cny", "giftCard", { send: "3", receive: "5", sendCurrency: "CNY", receiveCurrency: "USD" }),
      fixedEntry("cny-topup", "topup", { send: "1.2", receive: "10", sendCurrency: "USD", receiveCurrency: "CNY" }),
    ]);
    const route = (supplierProduct: string, enabled = true) => ({ supplierId: costs.id, supplierProduct, enabled });
    const setRoutes = (skuId: number, list: object[]) =>
      prices.ok(routeCalls.setRoutes, { id: skuId }, { routes: list });
    // The first enabled route is the cost: a disabled one before it does not count.
    await setRoutes(shop.login.skuId, [route("game-cheap", false), route("game-dear")]);
    await setRoutes(shop.gift.skuId, [route("gift-in-cny")]);
    // Routes, all disabled: no cost (the default supplier quotes only a SKU without routes).
    await setRoutes(shop.topup.skuId, [route("cny-topup", false)]);
    await prices.set(list, [shop.topup.skuId], "10.10");
    await prices.set(list, [shop.login.skuId], "2.50");
    await prices.set(list, [other.topup.skuId], "0.02");
    // In the bin: out of the catalog, so out of every change.
    await t.deps.db.update(productSkus).set({ deletedAt: start }).where(eq(productSkus.id, other.login.skuId));

    const percent = { skuIds: [shop.topup.skuId, shop.login.skuId, shop.gift.skuId, other.topup.skuId], value: "5" };
    const preview = await prices.ok<PriceChangePreview>(
      priceCalls.preview,
      { id: list.id },
      { ...percent, kind: "percent" },
    );
    // 10.10 × 1.05 = 10.605 → 10.61 and 2.50 × 1.05 = 2.625 → 2.63 (half-up; half-even would give 10.60, 2.62);
    // 0.02 × 1.05 = 0.021 → 0.02, no change. The other shop's top-up has no routes: its default supplier, the
    // simulator, quotes 10 CNY at 1.3677 USD.
    expect(preview.rows.map((r) => [r.before, r.after, r.margin, r.skipped])).toEqual([
      ["10.1000", "10.6100", null, null],
      ["2.5000", "2.6300", "-17.3700", null],
      [null, null, null, "noPrice"],
      ["0.0200", "0.0200", "-1.3477", "unchanged"],
    ]);
    expect([preview.changes, preview.skipped, preview.changeId]).toEqual([2, 2, null]);
    const applied = await prices.change(list, { ...percent, kind: "percent" });
    expect({ ...applied, changeId: null }).toEqual(preview);

    const tiny = await prices.change(list, { skuIds: [other.topup.skuId], kind: "percent", value: "-99.99" });
    // 0.02 × 0.0001 rounds to 0.00: a computed price never goes below 0.01.
    expect(tiny.rows[0]).toMatchObject({ before: "0.0200", after: "0.0100", skipped: null });

    const marginBody = {
      skuIds: [shop.login.skuId, shop.gift.skuId, shop.topup.skuId, other.login.skuId, 999999],
      kind: "margin",
      value: "12.5",
    };
    const margin = await prices.change(list, marginBody);
    // The gift card costs 3 CNY and no CNY–USD rate is set: left out until one is.
    expect(margin.rows.map((r) => [r.skuId, r.after, r.cost, r.costCurrency, r.margin, r.skipped])).toEqual([
      [shop.login.skuId, "22.5000", "20.0000", "USD", "2.5000", null],
      [shop.gift.skuId, null, "3.0000", "CNY", null, "costCurrency"],
      [shop.topup.skuId, "10.6100", null, null, null, "noCost"],
      [other.login.skuId, null, null, null, null, "notFound"],
      [999999, null, null, null, null, "notFound"],
    ]);
    expect([margin.changes, margin.skipped]).toEqual([1, 4]);
    const [login] = (
      await prices.ok<Page<PricedSku>>(priceCalls.skus, { id: list.id }, undefined, `?keyword=${shop.login.code}`)
    ).list;
    expect(login).toMatchObject({ price: "22.5000", cost: "20.0000", margin: "2.5000", marginPercent: "11.11" });

    // With a rate, the cost is converted: 3 CNY at 1 / 7.5 = 0.13333333 is 0.4000 USD, + 12.5 % = 0.45.
    await prices.ok(exchangeRateCalls.set, {}, { base: "USD", quote: "CNY", rate: "7.5" });
    const converted = await prices.change(list, { ...marginBody, skuIds: [shop.gift.skuId] });
    expect(converted.rows.map((r) => [r.after, r.cost, r.costCurrency, r.margin, r.skipped])).toEqual([
      ["0.4500", "0.4000", "USD", "0.0500", null],
    ]);

    const nothing = await prices.api(
      priceCalls.apply,
      { id: list.id },
      { skuIds: [shop.login.skuId], kind: "set", value: "22.5" },
    );
    expectFailure(nothing, 409, "None of the chosen SKUs would change: see the reason beside each");
    const audit = (await prices.auditOf("prices.changed")).filter((a) => a.targetId === String(list.id));
    expect(audit.at(-2)?.after).toEqual({
      list: list.name,
      change: margin.changeId,
      kind: "margin",
      value: "12.5",
      effectiveTime: start.toISOString(),
      skus: 1,
    });
  });

  it("runs two changes of one list one after the other: the second computes from the first's prices", async () => {
    const list = await prices.newList();
    const shop = await openShop(t);
    await prices.set(list, [shop.topup.skuId], "10");
    const up = { skuIds: [shop.topup.skuId], kind: "percent", value: "10" };
    const both = await Promise.all([prices.change(list, up), prices.change(list, up)]);
    expect(both.map((c) => c.rows[0]!.after).sort()).toEqual(["11.0000", "12.1000"]);
    const unpriced = await prices.ok<Page<PricedSku>>(
      priceCalls.skus,
      { id: list.id },
      undefined,
      `?productId=${shop.topup.productId}&priced=unpriced`,
    );
    expect(unpriced).toEqual({ total: 0, list: [] });
    const [priced] = (
      await prices.ok<Page<PricedSku>>(
        priceCalls.skus,
        { id: list.id },
        undefined,
        `?productId=${shop.topup.productId}`,
      )
    ).list;
    // No routes: the simulator, its default supplier, quotes it.
    expect(priced).toMatchObject({
      skuId: shop.topup.skuId,
      price: "12.1000",
      cost: "1.3677",
      costSource: "defaultSupplier",
      margin: "10.7323",
      next: null,
    });
  });

  it("refuses a moment in the past, and takes one a few seconds ago as now", async () => {
    const list = await prices.newList();
    const shop = await openShop(t);
    const body = { skuIds: [shop.topup.skuId], kind: "set", value: "3" };
    const past = await prices.api(
      priceCalls.preview,
      { id: list.id },
      {
        ...body,
        effectiveAt: new Date(start.getTime() - MINUTE).toISOString(),
      },
    );
    const sentence = "Choose now or a later time: prices already in effect cannot be changed in the past";
    expectFailure(past, 400, sentence, { errors: { effectiveAt: sentence } });
    const justNow = await prices.change(list, {
      ...body,
      effectiveAt: new Date(start.getTime() - 2_000).toISOString(),
    });
    expect(justNow.effectiveTime).toBe(start.toISOString());
  });
});

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

/** A product of one fixed value: `receive` delivered for `send`, no discount, no fee. */
const fixedEntry = (
  externalId: string,
  kind: CatalogEntry["kind"],
  value: { send: string; receive: string; sendCurrency: string; receiveCurrency: string },
): CatalogEntry => ({
  externalId,
  kind,
  name: `Product ${externalId}`,
  country: null,
  sendCurrency: value.sendCurrency,
  receiveCurrency: value.receiveCurrency,
  denomination: "fixed",
  fixed: [{ send: value.send, receive: value.receive }],
  range: null,
  fxRate: null,
  localAmounts: false,
  discountPercent: "0",
  fee: "0",
});
