import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type CatalogSync,
  type ConsoleOrder,
  type ConsoleOrderDetail,
  consoleOrderCalls,
  type Page,
  type RoutedSku,
  routeCalls,
  supplierCatalogCalls,
} from "#contracts";
import { merchants, products } from "../../server/src/db/schema";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { importCatalog, setPrice } from "../../server/src/modules/product/catalog-import";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
import { fund, topupFields } from "../support/order-fixtures";
import { consoleUrl, staffLogin, staffMember } from "../support/staff";
import { addStandinAccount } from "../support/standin-accounts";
import { DING_SKUS, type DingConnectStandin, startDingConnectStandin } from "../support/standins/dingconnect-standin";
import { STANDIN_IDS, startReloadlyStandin } from "../support/standins/reloadly-standin";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

type Reloadly = Awaited<ReturnType<typeof startReloadlyStandin>>;
const ORDER = "/portal/merchant/api/order";

/**
 * Money at the supplier boundary (issue 19), through the real server and worker against local stand-ins of
 * Reloadly and DingConnect (written from their public API descriptions), each with an account in USD: a CNY and a
 * USD SKU reach the recipient at exactly their face value, the attempt records what the stand-in charged, a route
 * whose cost is above the price is skipped, and a short delivery is flagged. The figures here are the ones the
 * issue's closing note quotes.
 */
describe.each(engines)("money at the suppliers on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let reloadly: Reloadly;
  let ding: DingConnectStandin;
  const accounts = { reloadly: 0, ding: 0 };

  beforeAll(async () => {
    t = await startTestApp(engine);
    token = await staffLogin(t, await staffMember(t, ["superAdmin"]));
    reloadly = await startReloadlyStandin();
    ding = await startDingConnectStandin();
    accounts.reloadly = await addStandinAccount(t, { kind: "reloadly", code: `reloadly-${engine}`, standin: reloadly });
    accounts.ding = await addStandinAccount(t, { kind: "dingconnect", code: `ding-${engine}`, standin: ding });
    for (const id of Object.values(accounts))
      expect(
        expectOk<CatalogSync>(
          await call(t, "POST", consoleUrl(supplierCatalogCalls.sync, { id }), { token, lang: EN }),
          EN,
        ),
      ).toMatchObject({ state: "done" });
  });
  afterAll(async () => {
    await reloadly.close();
    await ding.close();
    await closeTestApp(t);
  });
  afterEach(async () => {
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  });

  /** A merchant (USD) with a top-up product of a 10 CNY and a 5 USD SKU at the given prices, funded. */
  async function shop(prices: { CNY10: string; USD5: string }) {
    const merchant = await t.merchant();
    const code = `MONEY-${randomBytes(4).toString("hex").toUpperCase()}`;
    await importCatalog(t.deps, {
      products: [
        {
          code,
          type: 1,
          name: "Mobile top-up",
          fields: topupFields,
          skus: [
            { code: "CNY10", spec: "10 CNY", faceValue: "10", currency: "CNY" },
            { code: "USD5", spec: "5 USD", faceValue: "5", currency: "USD" },
          ],
        },
      ],
    });
    for (const [skuCode, price] of Object.entries(prices))
      await setPrice(t.deps, { merchantNo: merchant.merchantNo, productCode: code, skuCode, price });
    const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, merchant.merchantNo));
    await fund(t, row!.id, "100");
    const listed = expectOk<Page<RoutedSku>>(
      await call(t, "GET", `${consoleUrl(routeCalls.routedSkus)}?keyword=${code}`, { token, lang: EN }),
      EN,
    );
    const [product] = await t.deps.db.select().from(products).where(eq(products.code, code));
    const sku = (skuCode: string) => ({ ...listed.list.find((s) => s.skuCode === skuCode)!, productId: product!.id });
    return { merchant, token: await t.login(merchant.users.operator.username), sku };
  }

  type Sku = RoutedSku & { productId: number };
  const route = async (sku: Sku, routes: { supplierId: number; supplierProduct: string }[]) =>
    expectOk<RoutedSku>(
      await call(t, "PUT", consoleUrl(routeCalls.setRoutes, { id: sku.skuId }), {
        token,
        lang: EN,
        payload: { routes },
      }),
      EN,
    );

  /** Places an order of the SKU and runs the worker until it is final; answers the console's detail. */
  async function order(s: Awaited<ReturnType<typeof shop>>, sku: Sku, account = "13800138000") {
    const placed = expectOk<{ orderNo: string }>(
      await call(t, "POST", ORDER, {
        token: s.token,
        payload: { productId: sku.productId, skuId: sku.skuId, inputs: { account } },
      }),
    );
    for (let round = 0; round < 5; round++) await runFulfilmentOnce(t.deps);
    return expectOk<ConsoleOrderDetail>(
      await call(t, "GET", consoleUrl(consoleOrderCalls.one, { orderNo: placed.orderNo }), { token, lang: EN }),
      EN,
    );
  }

  /** What the stand-in took from its balance while `act` ran. */
  async function charged(balance: () => string, act: () => Promise<ConsoleOrderDetail>) {
    const before = balance();
    const detail = await act();
    return { detail, charged: (Number(before) - Number(balance())).toFixed(2) };
  }

  it("Reloadly: a CNY SKU by local amount, a CNY SKU by FX rate, a USD SKU; exactly the face value, the charge recorded", async () => {
    const s = await shop({ CNY10: "1.60", USD5: "5.20" });
    const sent = () => reloadly.state.requests.filter((r) => r.method === "POST" && r.path === "/topups");

    // China Mobile takes local amounts: sent 10 CNY itself; 10 / 7.1 = 1.41 USD, less 2 % = 1.38 charged.
    await route(s.sku("CNY10"), [{ supplierId: accounts.reloadly, supplierProduct: String(STANDIN_IDS.cnLocal) }]);
    const local = await charged(
      () => reloadly.state.balance,
      () => order(s, s.sku("CNY10")),
    );
    expect(sent().at(-1)!.body).toMatchObject({
      operatorId: STANDIN_IDS.cnLocal,
      amount: 10,
      useLocalAmount: true,
      recipientPhone: { countryCode: "CN", number: "13800138000" },
    });
    expect(local.charged).toBe("1.38");
    expect(local.detail).toMatchObject({
      status: "success",
      cost: "1.3800",
      costCurrency: "USD",
      orderCost: "1.3800",
      margin: "0.2200",
      shortDelivery: false,
      attempts: [
        {
          state: "success",
          face: { amount: "10.0000", currency: "CNY" },
          sent: { amount: "10.0000", currency: "CNY", local: true },
          expectedCost: { amount: "1.3818", currency: "USD" },
          delivered: { amount: "10.0000", currency: "CNY" },
          cost: "1.3800",
          costCurrency: "USD",
        },
      ],
    });

    // China Unicom takes only dollars: 10 / 7.0 rounded up to the cent, 1.43 USD, delivers 10.01 CNY.
    await route(s.sku("CNY10"), [{ supplierId: accounts.reloadly, supplierProduct: String(STANDIN_IDS.cnRate) }]);
    const byRate = await charged(
      () => reloadly.state.balance,
      () => order(s, s.sku("CNY10")),
    );
    expect(sent().at(-1)!.body).toMatchObject({ operatorId: STANDIN_IDS.cnRate, amount: 1.43, useLocalAmount: false });
    expect(byRate.charged).toBe("1.39");
    expect(byRate.detail.attempts).toMatchObject([
      {
        sent: { amount: "1.4300", currency: "USD", local: false },
        delivered: { amount: "10.0100", currency: "CNY" },
        cost: "1.3900",
        shortDelivery: false,
      },
    ]);

    // AT&T, 5 USD fixed: sent 5 USD, charged 5 less 1 % = 4.95.
    await route(s.sku("USD5"), [{ supplierId: accounts.reloadly, supplierProduct: String(STANDIN_IDS.us) }]);
    const usd = await charged(
      () => reloadly.state.balance,
      () => order(s, s.sku("USD5"), "12025550123"),
    );
    expect(usd.charged).toBe("4.95");
    expect(usd.detail).toMatchObject({
      status: "success",
      cost: "4.9500",
      margin: "0.2500",
      attempts: [{ sent: { amount: "5.0000", currency: "USD", local: true }, delivered: { amount: "5.0000" } }],
    });
  });

  it("DingConnect: a CNY SKU by EstimatePrices and by a fixed product, a USD SKU; always sent in the account's dollars", async () => {
    const s = await shop({ CNY10: "1.60", USD5: "5.20" });
    const transfers = () => ding.sent() as Record<string, unknown>[];

    await route(s.sku("CNY10"), [{ supplierId: accounts.ding, supplierProduct: DING_SKUS.cnRange }]);
    const range = await charged(
      () => ding.state.balance,
      () => order(s, s.sku("CNY10")),
    );
    expect(transfers().at(-1)).toMatchObject({ SkuCode: DING_SKUS.cnRange, SendCurrencyIso: "USD", SendValue: 1.43 });
    expect(range.charged).toBe("1.37");
    expect(range.detail).toMatchObject({
      status: "success",
      attempts: [
        {
          sent: { amount: "1.4300", currency: "USD", local: false },
          delivered: { amount: "10.0100", currency: "CNY" },
          cost: "1.3728",
          costCurrency: "USD",
          shortDelivery: false,
        },
      ],
    });

    await route(s.sku("CNY10"), [{ supplierId: accounts.ding, supplierProduct: DING_SKUS.cn10 }]);
    const fixed = await charged(
      () => ding.state.balance,
      () => order(s, s.sku("CNY10")),
    );
    expect(transfers().at(-1)).toMatchObject({ SkuCode: DING_SKUS.cn10, SendCurrencyIso: "USD", SendValue: 1.5 });
    expect(fixed.detail.attempts).toMatchObject([
      {
        sent: { amount: "1.5000", currency: "USD" },
        delivered: { amount: "10.0000", currency: "CNY" },
        cost: "1.4400",
      },
    ]);
    expect(fixed.charged).toBe("1.44");

    await route(s.sku("USD5"), [{ supplierId: accounts.ding, supplierProduct: DING_SKUS.us5 }]);
    const usd = await charged(
      () => ding.state.balance,
      () => order(s, s.sku("USD5"), "12025550123"),
    );
    expect(transfers().at(-1)).toMatchObject({ SkuCode: DING_SKUS.us5, SendCurrencyIso: "USD", SendValue: 5 });
    // AT&T 5 USD: 5.00 less Ding's 3 % commission.
    expect(usd.detail).toMatchObject({
      status: "success",
      cost: "4.8500",
      margin: "0.3500",
      attempts: [{ sent: { amount: "5.0000", currency: "USD" }, delivered: { amount: "5.0000", currency: "USD" } }],
    });
    expect(usd.charged).toBe("4.85");
  });

  it("skips a route whose expected cost is above the price and buys through the next", async () => {
    // 1.385 USD: China Unicom (1.43 USD less 3 %, 1.3871 expected) is above it, China Mobile (1.3818) is not.
    const s = await shop({ CNY10: "1.385", USD5: "5.20" });
    await route(s.sku("CNY10"), [
      { supplierId: accounts.reloadly, supplierProduct: String(STANDIN_IDS.cnRate) },
      { supplierId: accounts.reloadly, supplierProduct: String(STANDIN_IDS.cnLocal) },
    ]);
    const before = reloadly.state.requests.length;
    const detail = await order(s, s.sku("CNY10"));
    expect(detail.status).toBe("success");
    expect(detail.attempts.map((a) => [a.supplierProduct, a.state, a.detail, a.cost])).toEqual([
      [
        String(STANDIN_IDS.cnRate),
        "skipped",
        "Skipped: the expected cost 1.3871 USD (1.3871 USD) is above the order's price 1.385 USD",
        null,
      ],
      [String(STANDIN_IDS.cnLocal), "success", "", "1.3800"],
    ]);
    // The skipped route was never asked anything.
    const topups = reloadly.state.requests.slice(before).filter((r) => r.path === "/topups");
    expect(topups.map((r) => (r.body as { operatorId: number }).operatorId)).toEqual([STANDIN_IDS.cnLocal]);
  });

  it("flags a delivery short of the face value, on the order and in the console's list", async () => {
    const s = await shop({ CNY10: "1.60", USD5: "5.20" });
    await route(s.sku("CNY10"), [{ supplierId: accounts.reloadly, supplierProduct: String(STANDIN_IDS.cnLocal) }]);
    reloadly.state.shortDelivery = "0.50";
    try {
      const short = await order(s, s.sku("CNY10"));
      expect(short).toMatchObject({
        status: "success",
        shortDelivery: true,
        attempts: [{ delivered: { amount: "9.5000", currency: "CNY" }, shortDelivery: true }],
      });
      const listed = expectOk<Page<ConsoleOrder>>(
        await call(t, "GET", `${consoleUrl(consoleOrderCalls.list)}?shortDelivery=true&pageSize=100`, {
          token,
          lang: EN,
        }),
        EN,
      );
      expect(listed.list.map((o) => [o.orderNo, o.shortDelivery])).toContainEqual([short.orderNo, true]);
      expect(listed.list.every((o) => o.shortDelivery)).toBe(true);
    } finally {
      reloadly.state.shortDelivery = "0";
    }
    ding.state.bySku.set(DING_SKUS.cn10, { kind: "short", less: "1" });
    await route(s.sku("CNY10"), [{ supplierId: accounts.ding, supplierProduct: DING_SKUS.cn10 }]);
    expect(await order(s, s.sku("CNY10"))).toMatchObject({
      shortDelivery: true,
      attempts: [{ delivered: { amount: "9.0000", currency: "CNY" }, shortDelivery: true }],
    });
  });
});
