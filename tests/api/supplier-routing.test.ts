import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type ConsoleOrderDetail,
  consoleOrderCalls,
  type OrderDetail,
  type RoutedSku,
  type SkuRoutesBody,
  type SupplierAccountBody,
  type SupplierAccountView,
  supplierCalls,
} from "#contracts";
import { orders } from "../../server/src/db/schema";
import { FULFILMENT, runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
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
  const addSupplier = async (body: Partial<SupplierAccountBody> = {}) =>
    expectOk<SupplierAccountView>(
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
  const route = (supplier: SupplierAccountView, supplierProduct: string, cost: string, enabled = true) => ({
    supplierId: supplier.id,
    supplierProduct,
    cost,
    costCurrency: "USD",
    enabled,
  });
  const setRoutes = async (skuId: number, routes: SkuRoutesBody["routes"]) =>
    expectOk<RoutedSku>(
      await call(t, "PUT", consoleUrl(supplierCalls.setRoutes, { id: skuId }), {
        token,
        lang: EN,
        payload: { routes },
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
  const simulator = async () =>
    (await t.deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.code, "simulator")))[0]!;

  it("fails over from a refusing route to the next, records both attempts, and shows the margin", async () => {
    shop = await openShop(t);
    const refusing = await addSupplier({ name: "Refuses all", credentials: { refuse: "all" } });
    const builtIn = await simulator();
    await setRoutes(shop.topup.skuId, [
      route(refusing, "CN-10", "9.5000"),
      { ...route({ id: builtIn.id } as SupplierAccountView, "CN-10-B", "9.2500") },
    ]);
    const orderNo = await place();
    expect(await runFulfilmentOnce(t.deps)).toBe(1);
    t.clock.advance(DELAY_MS);
    expect(await runFulfilmentOnce(t.deps)).toBe(1);
    expect(await status(orderNo)).toBe("success");

    const seen = await detail(orderNo);
    expect(seen.attempts.map((a) => [a.seq, a.supplierCode, a.supplierProduct, a.reference, a.state])).toEqual([
      [1, refusing.code, "CN-10", orderNo, "failed"],
      [2, "simulator", "CN-10-B", `${orderNo}-2`, "success"],
    ]);
    expect(seen.attempts[0]).toMatchObject({
      detail: "Recharge account rejected by the supplier (simulator rule: ends in 0000)",
      cost: "9.5000",
    });
    expect(seen.attempts[1]).toMatchObject({ transactionId: `SIM-${orderNo}-2`, cost: "9.2500", costCurrency: "USD" });
    expect(seen).toMatchObject({ cost: "9.2500", costCurrency: "USD", margin: "0.7500", amount: "10.0000" });
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
    await setRoutes(shop.topup.skuId, [route(a, "X", "1"), route(b, "Y", "1")]);
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
    const [off, down, up] = [await addSupplier(), await addSupplier(), await addSupplier()];
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

    await setRoutes(shop.topup.skuId, [
      route(off, "P", "1"),
      route(up, "disabled route", "1", false),
      route(down, "P", "1"),
      route(up, "P", "1"),
    ]);
    const orderNo = await place();
    await runFulfilmentOnce(t.deps, { suppliers });
    expect((await detail(orderNo)).attempts.map((a) => [a.supplierCode, a.supplierProduct, a.state])).toEqual([
      [up.code, "P", "success"],
    ]);
  });

  it("never sends an order to a second supplier while the first may still deliver it", async () => {
    shop = await openShop(t);
    const [first, second] = [await addSupplier(), await addSupplier()];
    await setRoutes(shop.topup.skuId, [route(first, "P", "1"), route(second, "P", "1")]);
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
    await setRoutes(shop.topup.skuId, [route(first, "P", "1"), route(second, "P", "1")]);
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
    await setRoutes(shop.topup.skuId, [route(first, "P", "1"), route(second, "P", "1")]);
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
});

const ok = (r: SupplierRequest): SupplierAnswer => ({ state: "success", transactionId: `T-${r.reference}` });
