import { randomBytes } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderCalls, PORTAL_BASE, type PriceList, priceCalls } from "#contracts";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { call, EN, expectOk } from "../support/api-helpers";
import { type E2E, problemsOf, startE2E } from "../support/e2e";
import { openShop } from "../support/order-fixtures";
import { consoleUrl, staffCode, staffLogin, staffMember } from "../support/staff";
import { addStandinAccount } from "../support/standin-accounts";
import { STANDIN_IDS, startReloadlyStandin } from "../support/standins/reloadly-standin";
import { TEST_PASSWORD } from "../support/test-app";

/** Opens an antd select and picks an option (as in console-suppliers.test.ts: the open list's visible options). */
async function choose(page: Page, shown: Locator, option: string) {
  await shown.click();
  const open = page.locator("[aria-selected][title]").filter({ visible: true });
  await open.and(page.getByTitle(option, { exact: true })).click();
  await open.first().waitFor({ state: "hidden" });
}

/** What the console says, in each language the test walks it in. */
const texts = {
  "en-US": {
    username: "Username",
    password: "Password",
    code: "MFA code",
    logIn: /^Log in$/,
    menu: "Main menu",
    suppliers: "Suppliers",
    routes: "Routes",
    prices: "Prices",
    reconciliation: "Reconciliation",
    neverSynced: "Never synced",
    syncNow: "Sync now",
    synced: (name: string) => `Catalog of ${name} synced: products 6 (new 6, changed 0, gone 0); routes flagged: 0`,
    products: "Products: 6",
    syncedTag: "Synced",
    catalogOf: (name: string) => `Catalog of ${name}`,
    catalogKeyword: "Name, id or country",
    search: "Search",
    syncHistory: "Sync history",
    byStaff: "Staff",
    close: "Close",
    productOrSku: "Product or SKU",
    priceKeyword: "Product or SKU",
    noRoutes: "None: the default supplier",
    editRoutes: "Edit routes",
    routesOf: "Routes of Test Mobile Top-up 10 CNY",
    addRoute: "Add route",
    route1: "Route 1",
    supplier: "Supplier",
    supplierProduct: "Supplier product",
    onlyForSku: "Top-up products delivering CNY only",
    mobileTerms: "CN · 1.00 to 1,000.00 CNY · paid in USD · takes local amounts · FX 7.1 · 2% off",
    notSaved: "Not saved yet: from the synced catalog now",
    save: "Save",
    routesSaved: "Routes of Test Mobile Top-up 10 CNY saved",
    routeLine: (code: string) => `1. ${code} · China Mobile China (535)`,
    sends: "Sends 10.00 CNY (local amount) · delivers 10.00 CNY",
    costs: "Costs 1.3818 USD per unit",
    noRate: "1.3818 USD (no USD → CNY rate)",
    setRate: "Set a rate",
    base: "Base currency",
    quote: "Quote currency",
    rate: "Rate",
    rateSet: "Exchange rate set: 1 USD = 7.2 CNY",
    rateReads: "1 USD = 7.2 CNY",
    expand: "Expand row",
    runReconciliation: "Run reconciliation",
    startDate: "Start date",
    endDate: "End date",
    reconciled: (name: string) => `${name} reconciled for 2026-11-21 (UTC): matched 1, discrepancies 1`,
    runTitle: (name: string) => `Reconciliation of ${name} · 2026-11-21 (UTC)`,
    unknownTransaction: "Unknown transaction",
    resolve: "Resolve",
    resolveTitle: "Resolve: Unknown transaction · OTHER-SHOP-1",
    note: "Note",
    noteText: "Not ours: Reloadly asked to refund it",
    resolved: "Discrepancy OTHER-SHOP-1 resolved",
    success: "Success",
    day: "2026-11-21 (UTC)",
    openOnly: "With open discrepancies only",
    allResolved: "All resolved",
    matchedOf: "1 of 2",
    orders: "Orders",
    orderNo: "Order number",
    delivery: "Delivery",
    deliveredShort: "Delivered short",
    shortDelivery: "Short delivery",
    shortWarning: "A supplier says it delivered less than the face value (or another currency): see its attempt below.",
    order: (no: string) => `Order ${no}`,
    delivered: "9.50 CNY",
    flaggedOnly: "Flagged by a sync only",
    syncedFlagged: (name: string) =>
      `Catalog of ${name} synced: products 6 (new 0, changed 1, gone 0); routes flagged: 1`,
    costFlag: "Cost 1.3818 → 1.5092 USD",
    fxFlag: "FX rate 7.1 → 6.5",
    clearFlags: "Clear flags",
    flagsCleared: "Flags of Test Mobile Top-up 10 CNY cleared",
  },
  "zh-CN": {
    username: "用户名",
    password: "密码",
    code: "MFA 验证码",
    logIn: /^登\s?录$/,
    menu: "主菜单",
    suppliers: "供应商",
    routes: "供货线路",
    prices: "价格",
    reconciliation: "对账",
    neverSynced: "从未同步",
    syncNow: "立即同步",
    synced: (name: string) => `${name} 的目录已同步：共 6 个产品（新增 6，变化 0，下架 0）；被标记的线路：0`,
    products: "产品 6 个",
    syncedTag: "已同步",
    catalogOf: (name: string) => `${name} 的目录`,
    catalogKeyword: "名称、编号或国家",
    search: "查 询",
    syncHistory: "同步记录",
    byStaff: "员工",
    close: "关闭",
    productOrSku: "产品或 SKU",
    priceKeyword: "商品或 SKU",
    noRoutes: "无：由默认供应商供货",
    editRoutes: "编辑线路",
    routesOf: "测试话费直充 10 CNY 的供货线路",
    addRoute: "添加线路",
    route1: "线路 1",
    supplier: "供应商",
    supplierProduct: "供应商产品",
    onlyForSku: "仅显示到账币种为 CNY 的充值产品",
    mobileTerms: "CN · 1.00 至 1,000.00 CNY · 以 USD 支付 · 按到账币种下单 · 汇率 7.1 · 折扣 2%",
    notSaved: "尚未保存：按当前已同步的目录计算",
    save: "保 存",
    routesSaved: "测试话费直充 10 CNY 的供货线路已保存",
    routeLine: (code: string) => `1. ${code} · China Mobile China (535)`,
    sends: "发送 10.00 CNY（按到账币种） · 到账 10.00 CNY",
    costs: "单位成本 1.3818 USD",
    noRate: "1.3818 USD（未设置 USD → CNY 汇率）",
    setRate: "设置汇率",
    base: "基准币种",
    quote: "报价币种",
    rate: "汇率",
    rateSet: "汇率已设置：1 USD = 7.2 CNY",
    rateReads: "1 USD = 7.2 CNY",
    expand: "展开行",
    runReconciliation: "发起对账",
    startDate: "开始日期",
    endDate: "结束日期",
    reconciled: (name: string) => `${name} 2026-11-21（UTC） 对账完成：匹配 1 笔，差异 1 笔`,
    runTitle: (name: string) => `${name} 对账 · 2026-11-21（UTC）`,
    unknownTransaction: "未知交易",
    resolve: "处 理",
    resolveTitle: "处理差异：未知交易 · OTHER-SHOP-1",
    note: "说明",
    noteText: "不是我们的交易：已请 Reloadly 退款",
    resolved: "差异 OTHER-SHOP-1 已处理",
    success: "成功",
    day: "2026-11-21（UTC）",
    openOnly: "仅看有未处理差异的",
    allResolved: "已全部处理",
    matchedOf: "1 / 2",
    orders: "订单",
    orderNo: "订单号",
    delivery: "到账情况",
    deliveredShort: "到账不足",
    shortDelivery: "到账不足",
    shortWarning: "供应商表示实际到账低于面值（或币种不同）：请查看下方的尝试记录。",
    order: (no: string) => `订单 ${no}`,
    delivered: "9.50 CNY",
    flaggedOnly: "仅看同步时被标记的",
    syncedFlagged: (name: string) => `${name} 的目录已同步：共 6 个产品（新增 0，变化 1，下架 0）；被标记的线路：1`,
    costFlag: "成本 1.3818 → 1.5092 USD",
    fxFlag: "汇率 7.1 → 6.5",
    clearFlags: "清除标记",
    flagsCleared: "已清除 测试话费直充 10 CNY 的标记",
  },
} as const;

/**
 * Suppliers for real money in the console (issue 19), with the real server and the Reloadly stand-in, in both
 * languages: a super administrator syncs a Reloadly account's catalog, routes a SKU to a product picked from it
 * (a product of the wrong kind is refused on its route), sees the SKU's cost and, once finance's exchange rate is
 * set, its margin on the Prices page; an order goes through the route and is delivered short (tagged, found by the
 * orders' filter, warned about in its drawer); a reconciliation of the day matches it and finds a transaction that
 * is not ours, resolved with a note; a later sync flags the route's changed cost and rate until they are cleared.
 */
describe.each(["en-US", "zh-CN"] as const)("supplier money in the console (%s)", (locale) => {
  const L = texts[locale];
  let e2e: E2E;
  let reloadly: Awaited<ReturnType<typeof startReloadlyStandin>>;
  beforeAll(async () => {
    e2e = await startE2E();
    reloadly = await startReloadlyStandin({ now: () => e2e.t.clock.now() });
  });
  afterAll(async () => {
    await reloadly.close();
    await e2e.close();
  });

  it("maps a synced product to a SKU, sees the margin, reconciles the day and resolves a discrepancy", async () => {
    const tag = randomBytes(3).toString("hex");
    const account = { code: `reloadly-${tag}`, name: `Reloadly ${tag}` };
    await addStandinAccount(e2e.t, { kind: "reloadly", standin: reloadly, ...account });
    const shop = await openShop(e2e.t);
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    // A price list in CNY with the shop's top-up at 12 CNY: its cost comes in USD, so the margin needs a rate.
    const token = await staffLogin(e2e.t, chief);
    const api = async <T>(c: { method: "POST"; path: string }, params: object, payload: object) =>
      expectOk<T>(await call(e2e.t, c.method, consoleUrl(c, params), { token, lang: EN, payload }), EN);
    const list = await api<PriceList>(priceCalls.createList, {}, { name: `Retail CNY ${tag}`, currency: "CNY" });
    await api(priceCalls.apply, { id: list.id }, { skuIds: [shop.topup.skuId], kind: "set", value: "12" });

    const page = await e2e.newPage({ locale, storage: { language: locale } });
    await page.goto("/console/login");
    await page.getByLabel(L.username).fill(chief.username);
    await page.getByLabel(L.password, { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel(L.code).fill(await staffCode(e2e.t, chief));
    await page.getByRole("button", { name: L.logIn }).click();
    await page.waitForURL(/\/console\/merchants$/);
    const nav = page.getByRole("navigation", { name: L.menu });

    // The account has never been synced; "Sync now" reads its catalog and says what it found.
    await nav.getByRole("menuitem", { name: L.suppliers }).click();
    const supplierRow = page.getByRole("row", { name: new RegExp(account.code) });
    await supplierRow.getByText(L.neverSynced).waitFor();
    await supplierRow.getByRole("button", { name: L.syncNow }).click();
    await page.getByText(L.synced(account.name)).waitFor();
    await supplierRow.getByText(L.products, { exact: true }).waitFor();
    await supplierRow.getByText(L.syncedTag, { exact: true }).waitFor();
    // Its drawer lists the synced products (searchable) and the sync.
    await supplierRow.getByRole("button", { name: L.products }).click();
    const drawer = page.getByRole("dialog", { name: L.catalogOf(account.name) });
    await drawer.getByText("Tmall China").waitFor();
    await drawer.getByLabel(L.catalogKeyword).fill("Mobile");
    await drawer.getByRole("button", { name: L.search, exact: true }).click();
    await drawer.getByText("Tmall China").waitFor({ state: "detached" });
    await drawer
      .getByRole("row", { name: /China Mobile China/ })
      .getByText(L.mobileTerms)
      .waitFor();
    await drawer.getByRole("tab", { name: L.syncHistory }).click();
    const sync = drawer.getByRole("row").filter({ hasText: L.byStaff });
    await sync.getByText(L.syncedTag, { exact: true }).waitFor();
    await drawer.getByRole("button", { name: L.close }).click();
    await drawer.waitFor({ state: "hidden" });

    // The shop's top-up SKU, routed to a product picked from that catalog (a gift card first: refused on its route).
    await nav.getByRole("menuitem", { name: L.routes }).click();
    await page.getByLabel(L.productOrSku).fill(shop.topup.code);
    await page.getByRole("button", { name: L.search, exact: true }).click();
    const sku = page.getByRole("row", { name: new RegExp(shop.topup.code) });
    await sku.getByText(L.noRoutes).waitFor();
    await sku.getByRole("button", { name: L.editRoutes }).click();
    const editor = page.getByRole("dialog", { name: L.routesOf });
    await editor.getByRole("button", { name: L.addRoute }).click();
    const first = editor.getByRole("group", { name: L.route1 });
    await choose(page, first.getByLabel(L.supplier, { exact: true }), `${account.name} (${account.code})`);
    // Only the top-ups delivering the SKU's currency: not AT&T (USD) nor the CNY gift card.
    await first.getByText(L.onlyForSku).waitFor();
    await first.getByLabel(L.supplierProduct).click();
    await page.getByTitle("China Telecom China (538)", { exact: true }).waitFor();
    expect(await page.getByTitle("AT&T United States (537)", { exact: true }).count()).toBe(0);
    expect(await page.getByTitle("Tmall China (120)", { exact: true }).count()).toBe(0);
    // Quoted as soon as it is picked, before saving: its 10 CNY value is 1.45 USD, less 2.5 %.
    await choose(page, first.getByLabel(L.supplierProduct), "China Telecom China (538)");
    await first.getByText(L.notSaved).waitFor();
    await first.getByText("1.4138 USD").waitFor();
    // Searched on the server by name.
    await first.getByLabel(L.supplierProduct).fill("Mobile");
    const offered = (title: string) =>
      page
        .locator("[aria-selected]")
        .filter({ visible: true })
        .and(page.getByTitle(title, { exact: true }));
    // The search is the server's: China Unicom does not match "Mobile" (China Telecom stays as the current value).
    await offered("China Mobile China (535)").waitFor();
    await expect.poll(() => offered("China Unicom China (536)").count()).toBe(0);
    await choose(page, first.getByLabel(L.supplierProduct), "China Mobile China (535)");
    await first.getByText(L.mobileTerms).waitFor();
    await editor.getByRole("button", { name: L.save }).click();
    await page.getByText(L.routesSaved).waitFor();
    await sku.getByText(L.routeLine(account.code)).waitFor();
    await sku.getByText(L.sends).waitFor();
    await sku.getByText(L.costs).waitFor();

    // On the list's Prices page: the cost in USD and no margin until finance sets a USD → CNY rate.
    await nav.getByRole("menuitem", { name: L.prices }).click();
    // The only list, chosen already.
    await page.getByTitle(`${list.name} · CNY`, { exact: true }).waitFor();
    await page.getByLabel(L.priceKeyword).fill(shop.topup.code);
    await page.getByRole("button", { name: L.search, exact: true }).click();
    const priced = page.getByRole("row", { name: new RegExp(`${shop.topup.code}`) }).first();
    await priced.getByText(L.noRate).waitFor();
    await page.getByRole("button", { name: L.setRate }).click();
    const rateForm = page.getByRole("dialog", { name: L.setRate });
    await rateForm.getByLabel(L.base).fill("usd");
    await rateForm.getByLabel(L.quote).fill("CNY");
    await rateForm.getByLabel(L.rate, { exact: true }).fill("7.2");
    await rateForm.getByRole("button", { name: L.save }).click();
    await page.getByText(L.rateSet).waitFor();
    await page
      .getByRole("row", { name: /USD → CNY/ })
      .getByText(L.rateReads)
      .waitFor();
    // 1.3818 USD at 7.2 is 9.9490 CNY: 2.0510 CNY kept of the 12 CNY price.
    await priced.getByText("9.949 CNY", { exact: true }).waitFor();
    await priced.getByText("2.051 CNY (17.09%)").waitFor();
    await priced.getByRole("button", { name: L.expand }).click();
    const route = page.getByRole("row", { name: /China Mobile China \(535\)/ });
    await route.getByText("1.3818 USD", { exact: true }).waitFor();
    await route.getByText("2.051 CNY (17.09%)").waitFor();

    // An order through the route (Reloadly delivers 0.50 CNY short), and a transaction of someone else's on the same
    // account, the same day.
    reloadly.state.shortDelivery = "0.50";
    const placed = await e2e.t.app.inject({
      method: "POST",
      url: `${PORTAL_BASE}${orderCalls.create.path}`,
      headers: { authorization: shop.token },
      payload: { productId: shop.topup.productId, skuId: shop.topup.skuId, inputs: { account: "13800138000" } },
    });
    expect(placed.json().code, placed.body).toBe(200);
    await runFulfilmentOnce(e2e.t.deps);
    reloadly.plant({ reference: "OTHER-SHOP-1", status: "SUCCESSFUL", cost: "2.00" });
    const orderNo = placed.json().data.orderNo as string;

    // The orders a supplier delivered short are tagged and found; the order's drawer says so.
    await nav.getByRole("menuitem", { name: L.orders }).click();
    await choose(page, page.getByLabel(L.delivery), L.deliveredShort);
    await page.getByRole("button", { name: L.search, exact: true }).click();
    const shortRow = page.getByRole("row", { name: new RegExp(orderNo) });
    await shortRow.getByText(L.shortDelivery, { exact: true }).waitFor();
    await shortRow.getByRole("button", { name: orderNo }).click();
    const orderDrawer = page.getByRole("dialog", { name: L.order(orderNo) });
    await orderDrawer.getByText(L.shortWarning).waitFor();
    await orderDrawer.getByText(L.delivered, { exact: true }).waitFor();
    await orderDrawer.getByRole("button", { name: L.close }).click();
    await orderDrawer.waitFor({ state: "hidden" });

    // The day reconciled on demand: one transaction matched, one that is not ours, resolved with a note.
    await nav.getByRole("menuitem", { name: L.reconciliation }).click();
    await page.getByRole("button", { name: L.runReconciliation }).click();
    const start = page.getByRole("dialog", { name: L.runReconciliation });
    await choose(page, start.getByLabel(L.supplier, { exact: true }), `${account.name} (${account.code})`);
    await start.getByPlaceholder(L.startDate).fill("2026-11-21");
    await start.getByPlaceholder(L.startDate).press("Enter");
    await start.getByPlaceholder(L.endDate).fill("2026-11-21");
    await start.getByPlaceholder(L.endDate).press("Enter");
    await start.getByRole("button", { name: L.save }).click();
    await page.getByText(L.reconciled(account.name)).waitFor();
    const run = page.getByRole("dialog", { name: L.runTitle(account.name) });
    const discrepancy = run.getByRole("row", { name: /OTHER-SHOP-1/ });
    await discrepancy.getByText(L.unknownTransaction).waitFor();
    await discrepancy.getByText(L.success, { exact: true }).waitFor();
    await discrepancy.getByText("2.00 USD", { exact: true }).waitFor();
    await discrepancy.getByRole("button", { name: L.resolve }).click();
    const resolve = page.getByRole("dialog", { name: L.resolveTitle });
    await resolve.getByRole("button", { name: L.save }).click();
    await resolve.getByText(locale === "zh-CN" ? "此项为必填项" : "This field is required").waitFor();
    await resolve.getByLabel(L.note).fill(L.noteText);
    await resolve.getByRole("button", { name: L.save }).click();
    await page.getByText(L.resolved).waitFor();
    await discrepancy.getByText(L.noteText).waitFor();
    await discrepancy.getByText(new RegExp(`^${chief.username.replace(/[.]/g, "\\.")} · 2026-11-21`)).waitFor();
    await run.getByRole("button", { name: L.close }).click();
    await run.waitFor({ state: "hidden" });

    // The day's run in the list: its counts, and no longer among the runs with open discrepancies.
    const day = page.getByRole("row", { name: new RegExp(L.day.replace(/[()（）]/g, ".")) });
    await day.getByText(L.matchedOf, { exact: true }).waitFor(); // matched of the supplier's transactions
    await day.getByText(L.allResolved, { exact: true }).waitFor();
    await page.getByText(L.openOnly).click();
    await page.getByRole("button", { name: L.search, exact: true }).click();
    await day.waitFor({ state: "detached" });

    // Reloadly's rate for China Mobile falls to 6.5: the next sync flags the route's cost and FX rate, until cleared.
    reloadly.state.operators = reloadly.state.operators.map((o) =>
      o.id === STANDIN_IDS.cnLocal ? { ...o, fx: { rate: 6.5, currencyCode: "CNY" } } : o,
    );
    await nav.getByRole("menuitem", { name: L.suppliers }).click();
    await supplierRow.getByRole("button", { name: L.syncNow }).click();
    await page.getByText(L.syncedFlagged(account.name)).waitFor();
    await nav.getByRole("menuitem", { name: L.routes }).click();
    await page.getByText(L.flaggedOnly).click();
    await page.getByRole("button", { name: L.search, exact: true }).click();
    await sku.getByText(L.costFlag, { exact: true }).waitFor();
    await sku.getByText(L.fxFlag, { exact: true }).waitFor();
    await sku.getByRole("button", { name: L.clearFlags }).click();
    await page.getByText(L.flagsCleared).waitFor();
    await sku.waitFor({ state: "detached" }); // no longer flagged
    expect(problemsOf(page)).toEqual([]);
  });
});
