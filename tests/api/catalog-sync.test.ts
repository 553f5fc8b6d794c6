import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CatalogEntry,
  type CatalogSync,
  type Page,
  type RoutedSku,
  routeCalls,
  type SupplierCatalogState,
  type SupplierProductView,
  supplierCatalogCalls,
} from "#contracts";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { simulatorAdapter, simulatorEntry } from "../../server/src/modules/supplier/adapters/simulator";
import { runCatalogSyncs, syncCatalog } from "../../server/src/modules/supplier/catalog-sync";
import { type SupplierRegistry, supplierRegistry } from "../../server/src/modules/supplier/registry";
import type { SupplierAdapter } from "../../server/src/modules/supplier/supplier";
import { supplierCommands } from "../../server/src/modules/supplier/supplier.commands";
import {
  catalogSyncs,
  skuRoutes,
  supplierAccounts,
  supplierProducts,
} from "../../server/src/modules/supplier/supplier.schema";
import { call, closeTestApp, EN, expectFailure, expectFieldErrors, expectOk, M, ZH } from "../support/api-helpers";
import { openShop } from "../support/order-fixtures";
import { consoleUrl, staffLogin, staffMember } from "../support/staff";
import { addStandinAccount } from "../support/standin-accounts";
import { DING_SKUS, dingPrice, startDingConnectStandin } from "../support/standins/dingconnect-standin";
import { STANDIN_IDS, startReloadlyStandin } from "../support/standins/reloadly-standin";
import { startTestApp, TEST_OPERATOR, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const MINUTE = 60_000;
/** The simulator's catalog: a top-up and a gift card for each of its 19 currencies. */
const SIMULATOR_PRODUCTS = 38;

/**
 * A supplier of the simulator's kind whose catalog is what the test says it is now (or a failure): the catalog a
 * real supplier changes between two syncs. Everything else is the simulator's.
 */
function catalogStandin(catalog: () => CatalogEntry[]): SupplierRegistry {
  const adapter: SupplierAdapter = {
    ...simulatorAdapter,
    connect: (account, context) => ({ ...simulatorAdapter.connect(account, context), catalog: async () => catalog() }),
  };
  return new Map([...supplierRegistry(), ["simulator", adapter]]);
}

const entry = (kind: "topup" | "giftCard", currency: string) => simulatorEntry(kind, currency)!;

/**
 * Local stand-ins of both suppliers, each selling a CNY top-up through China Mobile whose rate a test moves (and
 * then takes off the list), with what a 10 CNY SKU costs through it before and after.
 */
const standins = [
  {
    name: "Reloadly",
    /** Its four operators and two gift-card products. */
    products: 6,
    product: String(STANDIN_IDS.cnLocal),
    productName: "China Mobile China",
    // Sent as 10 CNY (local amounts); 1.41 USD at 7.1, less its 2 %. At 6.9: 1.45 USD, 1.4210 (+2.8 %).
    send: { amount: "10.00", currency: "CNY", local: true },
    cost: { old: "1.3818", new: "1.4210" },
    fx: { old: "7.1", new: "6.9" },
    async start() {
      const reloadly = await startReloadlyStandin();
      const { state } = reloadly;
      return {
        account: { kind: "reloadly" as const, standin: reloadly },
        moveRate: () => {
          state.operators = state.operators.map((o) =>
            o.id === STANDIN_IDS.cnLocal ? { ...o, fx: { rate: 6.9, currencyCode: "CNY" } } : o,
          );
        },
        removeProduct: () => {
          state.operators = state.operators.filter((o) => o.id !== STANDIN_IDS.cnLocal);
        },
        close: () => reloadly.close(),
      };
    },
  },
  {
    name: "DingConnect",
    products: 3,
    product: DING_SKUS.cnRange,
    productName: "China Mobile 7 CNY to 1050 CNY",
    // Sent in dollars: 10 CNY at 7 is 1.43 USD, less its 4 % commission. At 6.8: 1.48 USD, 1.4208 (+3.5 %).
    send: { amount: "1.43", currency: "USD", local: false },
    cost: { old: "1.3728", new: "1.4208" },
    fx: { old: "7", new: "6.8" },
    async start() {
      const ding = await startDingConnectStandin();
      const { state } = ding;
      return {
        account: { kind: "dingconnect" as const, standin: ding },
        moveRate: () => {
          state.products = state.products.map((p) =>
            p.SkuCode === DING_SKUS.cnRange
              ? { ...p, Minimum: dingPrice("1", "USD", "6.8", "CNY"), Maximum: dingPrice("150", "USD", "1020", "CNY") }
              : p,
          );
        },
        removeProduct: () => {
          state.products = state.products.filter((p) => p.SkuCode !== DING_SKUS.cnRange);
        },
        close: () => ding.close(),
      };
    },
  },
];

/**
 * Catalog syncs (issue 19) through the real app: the simulator's catalog read into supplier_products, counted,
 * searchable; routes picked from it and refused with the catalog's reason; what later syncs change flagged on the
 * routes (and a route whose product is gone disabled) until cleared; a failing supplier changing nothing.
 */
describe.each(engines)("catalog syncs on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let accounts = 0;
  beforeAll(async () => {
    t = await startTestApp(engine);
    token = await staffLogin(t, await staffMember(t, ["superAdmin"]));
  });
  afterAll(() => closeTestApp(t));

  /** A new simulator account, never synced. */
  async function newSimulator() {
    const code = `sim-${engine}-${accounts++}`;
    const [row] = await t.deps.db
      .insert(supplierAccounts)
      .values({ code, name: `Simulator ${code}`, kind: "simulator", baseUrl: "simulator:" })
      .returning();
    return row!;
  }
  const consoleSync = (id: number, as = token) =>
    call(t, "POST", consoleUrl(supplierCatalogCalls.sync, { id }), { token: as, lang: EN });
  const products = async (id: number, query = "") =>
    expectOk<Page<SupplierProductView>>(
      await call(t, "GET", `${consoleUrl(supplierCatalogCalls.products, { id })}${query}`, { token }),
    );
  const routesOf = async (skuCode: string, query = "") =>
    expectOk<Page<RoutedSku>>(
      await call(t, "GET", `${consoleUrl(routeCalls.routedSkus)}?keyword=${skuCode}${query}`, { token, lang: EN }),
      EN,
    );
  const setRoutes = (skuId: number, payload: object, lang = EN) =>
    call(t, "PUT", consoleUrl(routeCalls.setRoutes, { id: skuId }), { token, lang, payload });

  it("syncs every enabled account never synced, then each once SUPPLIER_SYNC_MS has passed", async () => {
    const start = t.clock.now();
    expect(await runCatalogSyncs(t.deps)).toBe(false);
    const first = await t.deps.db.select().from(catalogSyncs);
    // A fresh database's built-in accounts: the simulator and the sandbox's.
    const builtIn = await t.deps.db.select().from(supplierAccounts);
    expect(first.map((s) => [s.supplierId, s.trigger, s.state, s.products, s.added])).toEqual(
      builtIn.map((a) => [a.id, "schedule", "done", SIMULATOR_PRODUCTS, SIMULATOR_PRODUCTS]),
    );
    expect(builtIn.map((a) => a.catalogSyncedAt)).toEqual(builtIn.map(() => start));
    // Nothing is due again before its time; a scheduled sync is not audited (no one asked for it).
    t.clock.set(new Date(start.getTime() + t.deps.config.SUPPLIER_SYNC_MS - 1));
    await runCatalogSyncs(t.deps);
    expect(await t.deps.db.select().from(catalogSyncs)).toHaveLength(first.length);
    t.clock.set(new Date(start.getTime() + t.deps.config.SUPPLIER_SYNC_MS));
    await runCatalogSyncs(t.deps);
    const second = await t.deps.db.select().from(catalogSyncs);
    expect(second.slice(first.length).map((s) => [s.state, s.added, s.changed, s.gone])).toEqual(
      builtIn.map(() => ["done", 0, 0, 0]),
    );
    expect(await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "supplier.catalogSynced"))).toEqual(
      [],
    );
    t.clock.set(start);
  });

  it("reads the simulator's whole catalog on demand, searchable; a second sync changes nothing", async () => {
    const sim = await newSimulator();
    const start = t.clock.now();
    const synced = expectOk<CatalogSync>(await consoleSync(sim.id), EN);
    expect(synced).toEqual({
      id: expect.any(Number),
      supplierId: sim.id,
      trigger: "staff",
      state: "done",
      startTime: start.toISOString(),
      finishTime: start.toISOString(),
      products: SIMULATOR_PRODUCTS,
      added: SIMULATOR_PRODUCTS,
      changed: 0,
      gone: 0,
      flagged: 0,
      error: "",
    });
    const cny = await products(sim.id, "?keyword=cny");
    const listed = (e: CatalogEntry) => ({
      ...e,
      id: expect.any(Number),
      supplierId: sim.id,
      syncTime: start.toISOString(),
      goneTime: null,
    });
    expect(cny).toEqual({ total: 2, list: [listed(entry("giftCard", "CNY")), listed(entry("topup", "CNY"))] });
    const gifts = await products(sim.id, "?kind=giftCard&receiveCurrency=eur");
    expect(gifts.list.map((p) => p.externalId)).toEqual(["giftCard-EUR"]);
    const paged = await products(sim.id, "?pageSize=5&pageNum=2");
    expect([paged.total, paged.list.length]).toEqual([SIMULATOR_PRODUCTS, 5]);
    const bad = await call(
      t,
      "GET",
      `${consoleUrl(supplierCatalogCalls.products, { id: sim.id })}?receiveCurrency=yuan`,
      {
        token,
        lang: EN,
      },
    );
    expectFieldErrors(bad, { receiveCurrency: "The currency is a three-letter code such as USD" });

    const later = new Date(start.getTime() + MINUTE);
    t.clock.set(later);
    const again = expectOk<CatalogSync>(await consoleSync(sim.id), EN);
    expect([again.products, again.added, again.changed, again.gone, again.flagged]).toEqual([38, 0, 0, 0, 0]);
    const [row] = await t.deps.db
      .select()
      .from(supplierProducts)
      .where(and(eq(supplierProducts.supplierId, sim.id), eq(supplierProducts.externalId, "topup-CNY")));
    expect([row!.syncedAt, row!.changedAt]).toEqual([later, start]);

    const states = expectOk<SupplierCatalogState[]>(
      await call(t, "GET", consoleUrl(supplierCatalogCalls.states), { token }),
    );
    expect(states.find((s) => s.supplierId === sim.id)).toEqual({
      supplierId: sim.id,
      products: SIMULATOR_PRODUCTS,
      lastSync: again,
    });
    const history = expectOk<Page<CatalogSync>>(
      await call(t, "GET", consoleUrl(supplierCatalogCalls.syncs, { id: sim.id }), { token }),
    );
    expect(history).toEqual({ total: 2, list: [again, synced] });
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, sim.code));
    expect(audit.map((a) => [a.action, a.actorKind, a.after])).toEqual([
      ["supplier.catalogSynced", "staff", { state: "done", products: 38, added: 38, changed: 0, gone: 0, flagged: 0 }],
      ["supplier.catalogSynced", "staff", { state: "done", products: 38, added: 0, changed: 0, gone: 0, flagged: 0 }],
    ]);
    const [account] = await t.deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.id, sim.id));
    expect(account!.catalogSyncedAt).toEqual(later);
    t.clock.set(start);
  });

  it("keeps the catalog as it was when the supplier fails, the sync failed with why", async () => {
    const sim = await newSimulator();
    await syncCatalog(t.deps, sim.id, "operator", TEST_OPERATOR);
    const down = catalogStandin(() => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:9");
    });
    const failed = await syncCatalog(t.deps, sim.id, "operator", TEST_OPERATOR, down);
    expect(failed).toMatchObject({ state: "failed", products: 0, added: 0, error: "connect ECONNREFUSED 127.0.0.1:9" });
    // An entry the tables cannot hold fails the sync the same way.
    const odd = catalogStandin(() => [{ ...entry("topup", "USD"), receiveCurrency: "usd" }]);
    expect((await syncCatalog(t.deps, sim.id, "operator", TEST_OPERATOR, odd)).error).toBe(
      "The catalog has an entry we cannot read (0.receiveCurrency: Invalid string: must match pattern /^[A-Z]{3}$/)",
    );
    const twice = catalogStandin(() => [entry("topup", "USD"), entry("topup", "USD")]);
    expect((await syncCatalog(t.deps, sim.id, "operator", TEST_OPERATOR, twice)).error).toBe(
      "The catalog lists topup product topup-USD twice",
    );
    expect((await products(sim.id)).total).toBe(SIMULATOR_PRODUCTS);
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, sim.code));
    expect(audit.map((a) => [a.actorKind, a.actorName, a.after])[1]).toEqual([
      "operator",
      TEST_OPERATOR.name,
      { state: "failed", error: "connect ECONNREFUSED 127.0.0.1:9" },
    ]);
  });

  it("applies two syncs of one account at once one after the other: the second finds the first's catalog", async () => {
    const sim = await newSimulator();
    const both = await Promise.all([consoleSync(sim.id), consoleSync(sim.id)]);
    const counts = both.map((res) => expectOk<CatalogSync>(res, EN)).map((s) => [s.state, s.added, s.changed]);
    expect(counts.sort()).toEqual([
      ["done", 0, 0],
      ["done", 38, 0],
    ]);
    expect((await products(sim.id)).total).toBe(SIMULATOR_PRODUCTS);
  });

  it("saves a route picked from the catalog with its quote, refusing one it does not list or that cannot buy", async () => {
    const shop = await openShop(t);
    const sim = await newSimulator();
    const route = (supplierProduct: string, supplierId = sim.id) => ({ supplierId, supplierProduct });
    // Never synced: the catalog lists nothing yet.
    const unsynced = await setRoutes(shop.topup.skuId, { routes: [route("topup-CNY")] });
    const notListed =
      "The supplier's synced catalog does not list this product: sync the catalog, or pick a product it lists";
    expectFieldErrors(unsynced, { "routes.0.supplierProduct": notListed });
    await syncCatalog(t.deps, sim.id, "operator", TEST_OPERATOR);
    const refused = await setRoutes(shop.topup.skuId, {
      routes: [route("topup-CNY"), route("CN-10"), route("topup-USD"), route("giftCard-CNY")],
    });
    expectFieldErrors(refused, {
      "routes.1.supplierProduct": notListed,
      "routes.2.supplierProduct": "The product delivers USD, while the SKU's face value is in CNY",
      "routes.3.supplierProduct": "The product is of another kind (top-up or gift card) than the SKU",
    });
    const zh = await setRoutes(shop.topup.skuId, { routes: [route("topup-USD")] }, ZH);
    expectFieldErrors(zh, { "routes.0.supplierProduct": "该产品到账币种为 USD，而此 SKU 的面值币种为 CNY" });

    const saved = expectOk<RoutedSku>(
      await setRoutes(shop.topup.skuId, { routes: [route("topup-CNY")], allowLoss: true }),
      EN,
    );
    const now = t.clock.now().toISOString();
    // 10 CNY at 7.1 a dollar is 1.41 USD (rounded up to the cent), less the simulator's 3 %: 1.3677 USD.
    expect(saved).toMatchObject({ faceValue: "10.0000", currency: "CNY", allowLoss: true });
    expect(saved.routes).toEqual([
      {
        supplierId: sim.id,
        supplierCode: sim.code,
        supplierName: sim.name,
        supplierProduct: "topup-CNY",
        productName: "Simulator top-up CNY",
        cost: "1.3677",
        costCurrency: "USD",
        quote: {
          send: { amount: "10.00", currency: "CNY", local: true },
          delivers: { value: "10.00", currency: "CNY" },
          cost: { amount: "1.3677", currency: "USD" },
        },
        refusal: null,
        quoteTime: now,
        flags: [],
        enabled: true,
      },
    ]);
    expect((await routesOf(shop.topup.code)).list).toEqual([saved]);
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "route.changed"));
    expect(audit.at(-1)).toMatchObject({
      targetId: `${shop.topup.code}/A`,
      before: { routes: [], allowLoss: false },
      after: { routes: [`${sim.code}:topup-CNY 1.3677 USD`], allowLoss: true },
    });
  });

  it("refuses a fixed-value product without the SKU's face value, naming the values it has", async () => {
    const shop = await openShop(t);
    const sim = await newSimulator();
    const fixed: CatalogEntry = {
      ...entry("topup", "CNY"),
      externalId: "cn-fixed",
      denomination: "fixed",
      fixed: [
        { send: "2.9", receive: "20" },
        { send: "7.2", receive: "50" },
      ],
      range: null,
    };
    await syncCatalog(
      t.deps,
      sim.id,
      "operator",
      TEST_OPERATOR,
      catalogStandin(() => [fixed]),
    );
    const payload = { routes: [{ supplierId: sim.id, supplierProduct: "cn-fixed" }] };
    expectFieldErrors(await setRoutes(shop.topup.skuId, payload), {
      "routes.0.supplierProduct": "The product does not offer this face value (it offers 20.00, 50.00)",
    });
    expectFieldErrors(await setRoutes(shop.topup.skuId, payload, ZH), {
      "routes.0.supplierProduct": "该产品不提供此面值（可选面值：20.00, 50.00）",
    });
  });

  it("flags what later syncs change on a route, disables it when its product is gone, until the flags are cleared", async () => {
    const shop = await openShop(t);
    const sim = await newSimulator();
    const start = t.clock.now();
    let catalog = [entry("topup", "CNY"), entry("topup", "USD")];
    const supplier = catalogStandin(() => catalog);
    const sync = async (minutes: number) => {
      t.clock.set(new Date(start.getTime() + minutes * MINUTE));
      return syncCatalog(t.deps, sim.id, "operator", TEST_OPERATOR, supplier);
    };
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE).toISOString();
    await sync(0);
    expectOk(await setRoutes(shop.topup.skuId, { routes: [{ supplierId: sim.id, supplierProduct: "topup-CNY" }] }), EN);
    const routeRow = async () =>
      (await t.deps.db.select().from(skuRoutes).where(eq(skuRoutes.skuId, shop.topup.skuId)))[0]!;

    // The FX rate falls 2.8 %: 10 CNY now needs 1.45 USD, 1.4065 after the discount (+2.8 %): both flagged.
    catalog = [{ ...entry("topup", "CNY"), fxRate: "6.9" }, entry("topup", "USD")];
    expect(await sync(1)).toMatchObject({ state: "done", products: 2, added: 0, changed: 1, gone: 0, flagged: 1 });
    expect((await routeRow()).flags).toEqual([
      { kind: "costChanged", params: { old: "1.3677", new: "1.4065", currency: "USD" }, at: at(1) },
      { kind: "fxChanged", params: { old: "7.1", new: "6.9" }, at: at(1) },
    ]);
    // Under 2 % (6.9 → 6.85, cost 1.4065 → 1.4162): requoted, not flagged.
    catalog = [{ ...entry("topup", "CNY"), fxRate: "6.85" }, entry("topup", "USD")];
    expect(await sync(2)).toMatchObject({ changed: 1, flagged: 0 });
    expect(await routeRow()).toMatchObject({ cost: "1.4162", costCurrency: "USD", quotedAt: new Date(at(2)) });
    // Its range no longer reaches the SKU's 10 CNY.
    const small = { ...entry("topup", "CNY"), fxRate: "6.85" };
    catalog = [{ ...small, range: { ...small.range!, maxReceive: "5.00" } }, entry("topup", "USD")];
    expect(await sync(3)).toMatchObject({ changed: 1, flagged: 1 });
    expect(await routeRow()).toMatchObject({ cost: null, refusal: "valueOutOfRange", enabled: true });
    expect((await routeRow()).flags.at(-1)).toEqual({
      kind: "valueGone",
      params: { reason: "valueOutOfRange", min: "1.00", max: "5.00" },
      at: at(3),
    });
    // Gone from the catalog: flagged once, and disabled.
    catalog = [entry("topup", "USD")];
    expect(await sync(4)).toMatchObject({ products: 1, gone: 1, flagged: 1 });
    expect(await sync(5)).toMatchObject({ gone: 0, flagged: 0 });
    const [listed] = (await routesOf(shop.topup.code, "&flagged=true")).list;
    expect(listed!.routes.map((r) => [r.enabled, r.productName, r.refusal, r.flags.map((f) => f.kind)])).toEqual([
      [false, null, { reason: "notInCatalog", params: {} }, ["costChanged", "fxChanged", "valueGone", "productGone"]],
    ]);
    expect((await products(sim.id, "?gone=true&keyword=CNY")).list.map((p) => p.goneTime)).toEqual([at(4)]);
    expect((await products(sim.id, "?keyword=CNY")).total).toBe(0);

    // Back in the catalog at another rate than it left with: quoted again (flagged), still disabled until a staff
    // member enables it.
    catalog = [entry("topup", "CNY"), entry("topup", "USD")];
    expect(await sync(6)).toMatchObject({ added: 1, gone: 0, flagged: 1 });
    expect(await routeRow()).toMatchObject({ cost: "1.3677", refusal: null, enabled: false });
    const flags = (await routeRow()).flags;
    expect(flags.map((f) => f.kind)).toEqual(["costChanged", "fxChanged", "valueGone", "productGone", "fxChanged"]);
    expect(flags.at(-1)).toEqual({ kind: "fxChanged", params: { old: "6.85", new: "7.1" }, at: at(6) });

    const cleared = expectOk<RoutedSku>(
      await call(t, "POST", consoleUrl(routeCalls.clearFlags, { id: shop.topup.skuId }), { token, lang: EN }),
      EN,
    );
    expect(cleared.routes.map((r) => r.flags)).toEqual([[]]);
    expect((await routesOf(shop.topup.code, "&flagged=true")).total).toBe(0);
    expect((await routesOf(shop.topup.code, "&flagged=false")).total).toBe(1);
    await call(t, "POST", consoleUrl(routeCalls.clearFlags, { id: shop.topup.skuId }), { token, lang: EN });
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "route.flagsCleared"));
    expect(audit.filter((a) => a.targetId === `${shop.topup.code}/A`).map((a) => a.before)).toEqual([
      { flags: { [`${sim.code}:topup-CNY`]: flags } },
    ]);
    t.clock.set(start);
  });

  for (const supplier of standins)
    it(`picks up a changed FX rate at ${supplier.name} and flags the route; a product gone is flagged and disabled`, async () => {
      const standin = await supplier.start();
      try {
        const accountId = await addStandinAccount(t, {
          ...standin.account,
          code: `${standin.account.kind}-${engine}`,
          name: supplier.name,
        });
        const start = t.clock.now();
        const first = expectOk<CatalogSync>(await consoleSync(accountId), EN);
        expect(first).toMatchObject({
          state: "done",
          products: supplier.products,
          added: supplier.products,
          error: "",
        });

        const shop = await openShop(t);
        const route = { supplierId: accountId, supplierProduct: supplier.product };
        const saved = expectOk<RoutedSku>(await setRoutes(shop.topup.skuId, { routes: [route] }), EN);
        expect(saved.routes[0]).toMatchObject({
          productName: supplier.productName,
          cost: supplier.cost.old,
          costCurrency: "USD",
          quote: { send: supplier.send, cost: { amount: supplier.cost.old, currency: "USD" } },
        });

        const rated = new Date(start.getTime() + MINUTE);
        t.clock.set(rated);
        standin.moveRate();
        expect(expectOk<CatalogSync>(await consoleSync(accountId), EN)).toMatchObject({
          products: supplier.products,
          added: 0,
          changed: 1,
          gone: 0,
          flagged: 1,
        });
        const [flagged] = (await routesOf(shop.topup.code, "&flagged=true")).list;
        expect(flagged!.routes.map((r) => [r.cost, r.enabled, r.flags])).toEqual([
          [
            supplier.cost.new,
            true,
            [
              { kind: "costChanged", params: { ...supplier.cost, currency: "USD" }, at: rated.toISOString() },
              { kind: "fxChanged", params: supplier.fx, at: rated.toISOString() },
            ],
          ],
        ]);

        // The product leaves the supplier's list: the route is flagged and disabled, nothing is sent through it.
        const removed = new Date(start.getTime() + 2 * MINUTE);
        t.clock.set(removed);
        standin.removeProduct();
        expect(expectOk<CatalogSync>(await consoleSync(accountId), EN)).toMatchObject({
          products: supplier.products - 1,
          gone: 1,
          flagged: 1,
        });
        const [gone] = (await routesOf(shop.topup.code)).list;
        expect(gone!.routes.map((r) => [r.enabled, r.cost, r.productName, r.refusal, r.flags.at(-1)])).toEqual([
          [
            false,
            null,
            null,
            { reason: "notInCatalog", params: {} },
            { kind: "productGone", params: {}, at: removed.toISOString() },
          ],
        ]);
        t.clock.set(start);
      } finally {
        await standin.close();
      }
    });

  it("lets suppliers:show read catalogs and suppliers:edit sync them; answers 404 for no such account", async () => {
    const tech = await staffLogin(t, await staffMember(t, ["technology"]));
    const service = await staffLogin(t, await staffMember(t, ["customerService"]));
    const [sim] = await t.deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.code, "simulator"));
    expectFailure(await consoleSync(sim!.id, tech), 403, M.forbidden[EN]);
    for (const path of [
      consoleUrl(supplierCatalogCalls.states),
      consoleUrl(supplierCatalogCalls.products, { id: sim!.id }),
      consoleUrl(supplierCatalogCalls.syncs, { id: sim!.id }),
    ]) {
      expectOk(await call(t, "GET", path, { token: tech, lang: EN }), EN);
      expectFailure(await call(t, "GET", path, { token: service, lang: EN }), 403, M.forbidden[EN]);
    }
    expectFailure(await consoleSync(999999), 404, "This supplier does not exist");
    const none = await call(t, "GET", consoleUrl(supplierCatalogCalls.products, { id: 999999 }), { token, lang: ZH });
    expect([none.statusCode, none.json().code]).toEqual([404, 404]);
  });

  it("syncs and lists from the operator CLI, audited as the operator", async () => {
    const sim = await newSimulator();
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    await supplierCommands["supplier:sync"]!.run(t.deps, { supplier: sim.code }, out, TEST_OPERATOR);
    await supplierCommands["supplier:products"]!.run(
      t.deps,
      { supplier: sim.code, keyword: "JPY" },
      out,
      TEST_OPERATOR,
    );
    expect(lines).toEqual([
      `Synced ${sim.code}: 38 products (38 new, 0 changed, 0 gone); routes flagged: 0`,
      "giftCard-JPY\tgiftCard\tSimulator gift card JPY\t-\t1.00 to 100000.00 JPY",
      "topup-JPY\ttopup\tSimulator top-up JPY\t-\t1.00 to 100000.00 JPY",
    ]);
    const [audit] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, sim.code));
    expect([audit!.action, audit!.actorKind]).toEqual(["supplier.catalogSynced", "operator"]);
  });
});
