import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type ConsoleOrderDetail,
  consoleOrderCalls,
  type OrderDetail,
  type RoutedSku,
  routeCalls,
  type SkuRoutesBody,
  type SupplierAccountBody,
  type SupplierAccountView,
  supplierCalls,
  supplierCatalogCalls,
} from "#contracts";
import { merchants, orders } from "../../server/src/db/schema";
import { operatorActor } from "../../server/src/modules/audit/audit.service";
import { FULFILMENT, runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { setExchangeRate } from "../../server/src/modules/pricing/exchange-rate.service";
import { setPrice } from "../../server/src/modules/product/catalog-import";
import { SIMULATOR_RULES } from "../../server/src/modules/supplier/adapters/simulator";
import type { SupplierAnswer, SupplierRequest } from "../../server/src/modules/supplier/supplier";
import { fulfilmentAttempts, supplierAccounts } from "../../server/src/modules/supplier/supplier.schema";
import { runSupplierChecks } from "../../server/src/modules/supplier/supplier-health";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
import { openShop, type Shop } from "../support/order-fixtures";
import { consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { standInSupplier } from "../support/supplier-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const ORDER = "/portal/merchant/api/order";
const DELAY_MS = 3000; // the default SIMULATOR_DELAY_MS

/**
 * Routing and failover (issue 16): an order goes to its SKU's first healthy route; a definitive refusal moves it
 * to the next; an unclear outcome is looked up at the same supplier and never sent to a second one while it may
 * still succeed at the first. Every attempt is recorded and shown in the console with the order's margin.
 */
describe.each(engines)("supplier routing on %s", (engine) => {
  let t: TestApp;
  let admin: TestStaff;
  let token: string;
  let shop: Shop;

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await staffMember(t, ["superAdmin"]);
    token = await staffLogin(t, admin);
  });
  afterAll(() => closeTestApp(t));
  afterEach(async () => {
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  });

  let codes = 0;
  /** Reads an account's catalog, as the scheduled sync does (routes name its products). */
  const sync = async (id: number) =>
    expectOk(await call(t, "POST", consoleUrl(supplierCatalogCalls.sync, { id }), { token, lang: EN }), EN);
  const addSupplier = async (body: Partial<SupplierAccountBody> = {}) => {
    const added = expectOk<SupplierAccountView>(
      await call(t, "POST", consoleUrl(supplierCalls.create), {
        token,
        lang: EN,
        headers: { "x-mfa-code": await staffCode(t, admin) },
        payload: {
          code: `sim-${engine}-${codes++}`,
          name: "Simulator B",
          kind: "simulator",
          baseUrl: "simulator:",
          ...body,
        },
      }),
      EN,
    );
    await sync(added.id);
    return added;
  };
  /** The shop's top-up is 10 CNY: the simulator's CNY top-up buys it. */
  const CNY_TOPUP = "topup-CNY";
  const route = (supplier: { id: number }, enabled = true) => ({
    supplierId: supplier.id,
    supplierProduct: CNY_TOPUP,
    enabled,
  });
  const setRoutes = async (skuId: number, routes: SkuRoutesBody["routes"], allowLoss = false) =>
    expectOk<RoutedSku>(
      await call(t, "PUT", consoleUrl(routeCalls.setRoutes, { id: skuId }), {
        token,
        lang: EN,
        payload: { routes, allowLoss },
      }),
      EN,
    );
  const place = async (account = "13800138000") =>
    expectOk<{ orderNo: string }>(
      await call(t, "POST", ORDER, {
        token: shop.token,
        payload: { productId: shop.topup.productId, skuId: shop.topup.skuId, inputs: { account } },
      }),
    ).orderNo;
  const detail = async (orderNo: string) =>
    expectOk<ConsoleOrderDetail>(
      await call(t, "GET", consoleUrl(consoleOrderCalls.one, { orderNo }), { token, lang: EN }),
      EN,
    );
  const status = async (orderNo: string) =>
    (await t.deps.db.select({ s: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)))[0]!.s;
  const simulator = async () => {
    const [account] = await t.deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.code, "simulator"));
    await sync(account!.id);
    return account!;
  };

  it("fails over from a refusing route to the next, records both attempts, and shows the margin", async () => {
    shop = await openShop(t);
    const refusing = await addSupplier({ name: "Refuses all", credentials: { refuse: "all" } });
    const builtIn = await simulator();
    await setRoutes(shop.topup.skuId, [route(refusing), route(builtIn)]);
    const orderNo = await place();
    expect(await runFulfilmentOnce(t.deps)).toBe(1);
    t.clock.advance(DELAY_MS);
    expect(await runFulfilmentOnce(t.deps)).toBe(1);
    expect(await status(orderNo)).toBe("success");

    const seen = await detail(orderNo);
    expect(seen.attempts.map((a) => [a.seq, a.supplierCode, a.supplierProduct, a.reference, a.state])).toEqual([
      [1, refusing.code, CNY_TOPUP, orderNo, "failed"],
      [2, "simulator", CNY_TOPUP, `${orderNo}-2`, "success"],
    ]);
    // The simulator is sent the face value itself (it takes local amounts) and expects 10 / 7.1 = 1.41 USD less
    // 3 %; a refusal charged nothing.
    const planned = {
      face: { amount: "10.0000", currency: "CNY" },
      sent: { amount: "10.0000", currency: "CNY", local: true },
      expectedCost: { amount: "1.3677", currency: "USD" },
    };
    expect(seen.attempts[0]).toMatchObject({
      ...planned,
      detail: "Recharge account rejected by the supplier (simulator rule: ends in 0000)",
      cost: null,
      costCurrency: null,
      orderCost: null,
    });
    expect(seen.attempts[1]).toMatchObject({
      ...planned,
      transactionId: `SIM-${orderNo}-2`,
      cost: "1.3677",
      costCurrency: "USD",
      delivered: { amount: "10.0000", currency: "CNY" },
      shortDelivery: false,
      orderCost: "1.3677",
      rate: "1.00000000",
    });
    expect(seen).toMatchObject({
      cost: "1.3677",
      costCurrency: "USD",
      orderCost: "1.3677",
      costEstimated: false,
      margin: "8.6323",
      amount: "10.0000",
      shortDelivery: false,
    });
    // The merchant's own view never names a supplier.
    const mine = expectOk<OrderDetail>(
      await call(t, "GET", `${ORDER}/${orderNo}`, { token: shop.token, lang: EN }),
      EN,
    );
    expect(JSON.stringify(mine)).not.toContain(refusing.code);
    expect(mine.status).toBe("success");
  });

  it("fails and refunds once when every route refuses, with the last refusal's reason", async () => {
    shop = await openShop(t);
    const [a, b] = [
      await addSupplier({ credentials: { refuse: "all" } }),
      await addSupplier({ credentials: { refuse: "all" } }),
    ];
    await setRoutes(shop.topup.skuId, [route(a), route(b)]);
    const orderNo = await place();
    expect(await runFulfilmentOnce(t.deps)).toBe(1);
    expect(await status(orderNo)).toBe("failed");
    const seen = await detail(orderNo);
    expect(seen.attempts.map((x) => x.state)).toEqual(["failed", "failed"]);
    expect(seen.failReason).toBe(seen.attempts[1]!.detail);
    expect(seen.failCode).toBe("SUPPLIER_REFUSED");
    expect(seen.timeline.filter((e) => e.kind === "refunded")).toHaveLength(1);
  });

  it("skips disabled routes and accounts, and tries an account whose check failed last", async () => {
    shop = await openShop(t);
    const [off, down, up, spare] = [await addSupplier(), await addSupplier(), await addSupplier(), await addSupplier()];
    await call(t, "PUT", consoleUrl(supplierCalls.update, { id: off.id }), {
      token,
      headers: { "x-mfa-code": await staffCode(t, admin) },
      payload: { code: off.code, name: off.name, kind: "simulator", baseUrl: "simulator:", enabled: false },
    });
    // `down`'s balance check fails; the others answer.
    const suppliers = standInSupplier("simulator", (account) =>
      account.id === down.id
        ? { balance: async () => Promise.reject(new Error("connect ECONNREFUSED")) }
        : {
            balance: async () => ({ amount: "50.00", currency: "USD" }),
            submit: async (r) => ok(r),
            lookup: async (r) => ok(r),
          },
    );
    t.clock.advance(t.deps.config.SUPPLIER_CHECK_MS);
    await runSupplierChecks(t.deps, suppliers);
    const checked = expectOk<SupplierAccountView[]>(
      await call(t, "GET", consoleUrl(supplierCalls.list), { token, lang: EN }),
      EN,
    );
    expect(checked.find((s) => s.id === down.id)).toMatchObject({ health: "down", lastError: "connect ECONNREFUSED" });
    expect(checked.find((s) => s.id === up.id)).toMatchObject({
      health: "up",
      balance: "50.0000",
      balanceCurrency: "USD",
    });
    expect(checked.find((s) => s.id === off.id)).toMatchObject({ enabled: false, health: "unknown" });

    await setRoutes(shop.topup.skuId, [route(off), route(spare, false), route(down), route(up)]);
    const orderNo = await place();
    await runFulfilmentOnce(t.deps, { suppliers });
    expect((await detail(orderNo)).attempts.map((a) => [a.supplierCode, a.supplierProduct, a.state])).toEqual([
      [up.code, CNY_TOPUP, "success"],
    ]);
  });

  it("never sends an order to a second supplier while the first may still deliver it", async () => {
    shop = await openShop(t);
    const [first, second] = [await addSupplier(), await addSupplier()];
    await setRoutes(shop.topup.skuId, [route(first), route(second)]);
    // The first supplier accepts each order but the answer is lost (a time-out, a dropped connection); it keeps
    // what it accepted and finds it by our reference. The second counts what it is sent.
    const accepted = new Map<string, SupplierAnswer>();
    const sentToFirst: string[] = [];
    const sentToSecond: string[] = [];
    const suppliers = standInSupplier("simulator", (account) =>
      account.id === first.id
        ? {
            submit: async (r: SupplierRequest) => {
              sentToFirst.push(r.reference);
              accepted.set(r.reference, { state: "pending", transactionId: `T-${r.reference}` });
              throw new Error("socket hang up");
            },
            lookup: async (r) => accepted.get(r.reference) ?? { state: "notFound" },
            query: async (r) => ({ state: "success", transactionId: r.transactionId }),
          }
        : {
            submit: async (r) => {
              sentToSecond.push(r.reference);
              return ok(r);
            },
          },
    );
    const orderNo = await place();
    await runFulfilmentOnce(t.deps, { suppliers });
    const [attempt] = await t.deps.db
      .select()
      .from(fulfilmentAttempts)
      .where(eq(fulfilmentAttempts.reference, orderNo));
    expect(attempt).toMatchObject({ state: "sent", supplierId: first.id });

    // The next steps look it up at the first supplier (pending there), then ask it until it succeeds.
    for (let round = 0; round < 5 && (await status(orderNo)) === "processing"; round++) {
      t.clock.advance(FULFILMENT.maxBackoffMs);
      await runFulfilmentOnce(t.deps, { suppliers });
    }
    expect(await status(orderNo)).toBe("success");
    expect(sentToFirst).toEqual([orderNo]);
    expect(sentToSecond).toEqual([]);
    expect((await detail(orderNo)).attempts.map((a) => [a.supplierCode, a.state, a.transactionId])).toEqual([
      [first.code, "success", `T-${orderNo}`],
    ]);
  });

  it("sends an attempt its supplier never received again, to the same supplier with the same reference", async () => {
    shop = await openShop(t);
    const [first, second] = [await addSupplier(), await addSupplier()];
    await setRoutes(shop.topup.skuId, [route(first), route(second)]);
    const sent: string[] = [];
    let reachable = false;
    const suppliers = standInSupplier("simulator", (account) =>
      account.id === first.id
        ? {
            // Down at first: nothing arrives. Then it answers, and has no trace of the first try.
            submit: async (r: SupplierRequest) => {
              if (!reachable) throw new Error("connect ETIMEDOUT");
              sent.push(`${account.id}:${r.reference}`);
              return ok(r);
            },
            lookup: async () => ({ state: "notFound" }),
          }
        : {
            submit: async (r) => {
              sent.push(`${account.id}:${r.reference}`);
              return ok(r);
            },
          },
    );
    const orderNo = await place();
    await runFulfilmentOnce(t.deps, { suppliers });
    reachable = true;
    t.clock.advance(FULFILMENT.maxBackoffMs);
    await runFulfilmentOnce(t.deps, { suppliers });
    expect(await status(orderNo)).toBe("success");
    expect(sent).toEqual([`${first.id}:${orderNo}`]);
  });

  it("past the deadline asks a lost attempt's supplier once more: delivered is kept, unknown fails and is refunded", async () => {
    shop = await openShop(t);
    const [first, second] = [await addSupplier(), await addSupplier()];
    await setRoutes(shop.topup.skuId, [route(first), route(second)]);
    const delivered = new Set<string>();
    const sent: string[] = [];
    const suppliers = standInSupplier("simulator", (account) => ({
      submit: async (r: SupplierRequest) => {
        sent.push(`${account.id}:${r.reference}`);
        throw new Error("socket hang up");
      },
      lookup: async (r) =>
        delivered.has(r.reference) ? { state: "success", transactionId: `T-${r.reference}` } : { state: "notFound" },
    }));
    const [late, lost] = [await place("13800000101"), await place("13800000102")];
    await runFulfilmentOnce(t.deps, { suppliers });
    expect(sent.sort()).toEqual([`${first.id}:${late}`, `${first.id}:${lost}`].sort());
    // The supplier delivered one of them; the answer never came. The deadline (600 s) passes.
    delivered.add(late);
    t.clock.advance(601_000);
    await runFulfilmentOnce(t.deps, { suppliers });
    expect([await status(late), await status(lost)]).toEqual(["success", "failed"]);
    expect((await detail(lost)).failReason).toBe("No final answer from the supplier before the deadline");
    // Nothing was sent again, and never to the second supplier.
    expect(sent).toHaveLength(2);
  });

  it("keeps the simulator's rules for a SKU without routes: the product's default supplier", async () => {
    shop = await openShop(t);
    const orderNo = await place(`1380000${SIMULATOR_RULES.rejectSuffix}`);
    await runFulfilmentOnce(t.deps);
    const seen = await detail(orderNo);
    expect(seen.status).toBe("failed");
    expect(seen.attempts).toMatchObject([
      { supplierCode: "simulator", supplierProduct: "A", reference: orderNo, cost: null },
    ]);
    expect(seen.margin).toBeNull();
  });

  it("skips a route whose expected cost is above the order's price, unless the SKU allows a loss", async () => {
    shop = await openShop(t);
    await setPrice(t.deps, {
      merchantNo: shop.merchant.merchantNo,
      productCode: shop.topup.code,
      skuCode: "A",
      price: "1.30",
    });
    const builtIn = await simulator();
    await setRoutes(shop.topup.skuId, [route(builtIn)]);
    const skipped = await place();
    await runFulfilmentOnce(t.deps);
    const refused = await detail(skipped);
    expect(refused).toMatchObject({
      status: "failed",
      failCode: "PRODUCT_UNAVAILABLE",
      failReason: "No supplier can deliver this product at its price now",
    });
    // Nothing was sent: the attempt says why, and cost nothing.
    expect(refused.attempts).toMatchObject([
      {
        supplierCode: "simulator",
        state: "skipped",
        detail: "Skipped: the expected cost 1.3677 USD (1.3677 USD) is above the order's price 1.30 USD",
        expectedCost: { amount: "1.3677", currency: "USD" },
        cost: null,
        transactionId: null,
      },
    ]);
    expect(refused.timeline.filter((e) => e.kind === "refunded")).toHaveLength(1);

    await setRoutes(shop.topup.skuId, [route(builtIn)], true);
    const atALoss = await place();
    await runFulfilmentOnce(t.deps);
    t.clock.advance(DELAY_MS);
    await runFulfilmentOnce(t.deps);
    expect(await detail(atALoss)).toMatchObject({ status: "success", orderCost: "1.3677", margin: "-0.0677" });
  });

  it("converts the cost into the order's currency at the rate finance set, and skips a route it cannot compare", async () => {
    shop = await openShop(t);
    // A merchant that pays in CNY: the simulator's USD cost needs a USD→CNY rate to be held against its price.
    await t.deps.db.update(merchants).set({ currency: "CNY" }).where(eq(merchants.id, shop.merchantId));
    const builtIn = await simulator();
    await setRoutes(shop.topup.skuId, [route(builtIn)]);
    const noRate = await place();
    await runFulfilmentOnce(t.deps);
    expect(await detail(noRate)).toMatchObject({
      status: "failed",
      failCode: "PRODUCT_UNAVAILABLE",
      attempts: [
        {
          state: "skipped",
          detail:
            "Skipped: no exchange rate from USD to CNY is set, so the expected cost 1.3677 USD cannot be held against the price",
        },
      ],
    });
    // Set the other way round, it works both ways: 1 CNY = 0.14 USD, so 1 USD = 7.14285714 CNY.
    await setExchangeRate(t.deps, operatorActor("finance"), { base: "CNY", quote: "USD", rate: "0.14" });
    const converted = await place();
    await runFulfilmentOnce(t.deps);
    t.clock.advance(DELAY_MS);
    await runFulfilmentOnce(t.deps);
    expect(await detail(converted)).toMatchObject({
      status: "success",
      currency: "CNY",
      cost: "1.3677",
      costCurrency: "USD",
      orderCost: "9.7693",
      margin: "0.2307",
    });
  });
});

const ok = (r: SupplierRequest): SupplierAnswer => ({ state: "success", transactionId: `T-${r.reference}` });
