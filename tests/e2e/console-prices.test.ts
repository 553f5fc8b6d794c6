import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeCalls, supplierCatalogCalls } from "#contracts";
import { productSkus, products } from "../../server/src/db/schema";
import { importCatalog } from "../../server/src/modules/product/catalog-import";
import { demoCatalog } from "../../server/src/modules/provisioning/demo-catalog-data";
import { supplierAccounts } from "../../server/src/modules/supplier/supplier.schema";
import { type E2E, problemsOf, startE2E, submitLogin } from "../support/e2e";
import { consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { TEST_PASSWORD } from "../support/test-app";

/** Opens an antd select and picks an option (as in console-suppliers.test.ts: the open list's visible options). */
async function choose(page: Page, shown: Locator, option: string) {
  await shown.click();
  const open = page.locator("[aria-selected][title]").filter({ visible: true });
  await open.and(page.getByTitle(option, { exact: true })).click();
  await open.first().waitFor({ state: "hidden" });
}

/** The demo catalog's DEMO-MOBILE-TOPUP SKU with this code. */
async function topupSku(e2e: E2E, code: string) {
  const [sku] = await e2e.t.deps.db
    .select({ productId: products.id, skuId: productSkus.id })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(and(eq(products.code, "DEMO-MOBILE-TOPUP"), eq(productSkus.code, code)));
  if (!sku) throw new Error(`the demo catalog has no DEMO-MOBILE-TOPUP ${code}`);
  return sku;
}

/**
 * Routes a SKU to the built-in simulator's CNY top-up, picked from its synced catalog (issue 19): its cost, which the
 * price list's margins are taken from, is the catalog's (10 CNY: 10 / 7.1 = 1.41 USD less 3 %, 1.3677 USD).
 */
async function routeToSimulator(e2e: E2E, staff: TestStaff, skuId: number) {
  const [simulator] = await e2e.t.deps.db
    .select({ id: supplierAccounts.id })
    .from(supplierAccounts)
    .where(eq(supplierAccounts.code, "simulator"));
  const authorization = await staffLogin(e2e.t, staff);
  const synced = await e2e.t.app.inject({
    method: "POST",
    url: consoleUrl(supplierCatalogCalls.sync, { id: simulator!.id }),
    headers: { authorization },
  });
  expect(synced.json().code, synced.body).toBe(200);
  const answer = await e2e.t.app.inject({
    method: "PUT",
    url: consoleUrl(routeCalls.setRoutes, { id: skuId }),
    headers: { authorization },
    payload: { routes: [{ supplierId: simulator!.id, supplierProduct: "topup-CNY", enabled: true }] },
  });
  expect(answer.json().code, answer.body).toBe(200);
}

/**
 * Price lists in the console (issues 16 and 19), with the real server: a super administrator creates a list in a
 * merchant's currency, prices two SKUs (previewed, then applied), sees price, cost (from the simulator's synced
 * catalog) and margin, schedules a 10 %
 * rise for tomorrow and cancels it, assigns the list to the merchant and gives it its own price of one SKU. The
 * merchant's portal then shows its own price for that SKU and the list's for the other.
 */
describe("prices in the console", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it("a super administrator prices SKUs in a list, schedules and cancels a change, and a merchant pays the list's and its own prices", async () => {
    // A USD merchant and the demo catalog with no prices of its own: what it pays comes from the list.
    const m = await e2e.t.merchant({ name: "Lotus Prices" });
    await importCatalog(e2e.t.deps, demoCatalog);
    const ten = await topupSku(e2e, "CNY10");
    const twenty = await topupSku(e2e, "CNY20");
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    await routeToSimulator(e2e, chief, ten.skuId);
    await routeToSimulator(e2e, chief, twenty.skuId);

    // The browser's today is the server's (the test's clock): "tomorrow" is the server's tomorrow.
    const page = await e2e.newPage();
    await page.clock.setFixedTime(e2e.t.clock.now());
    await page.goto("/console/login");
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    await page.waitForURL(/\/console\/merchants$/);
    const nav = page.getByRole("navigation", { name: "Main menu" });

    // A new list in the merchant's currency (typed in lower case: the contract makes it upper case).
    await nav.getByRole("menuitem", { name: "Prices" }).click();
    await page.getByText("No price lists yet.", { exact: false }).waitFor();
    await page.getByRole("button", { name: "New price list" }).click();
    const listForm = page.getByRole("dialog", { name: "New price list" });
    await listForm.getByLabel("Name").fill("Retail USD");
    await listForm.getByLabel("Currency").fill("usd");
    await listForm.getByRole("button", { name: "Save" }).click();
    await page.getByText("Price list Retail USD created").waitFor();
    await page.getByText("Priced SKUs: 0 · merchants: 0 · scheduled changes: 0").waitFor();

    // The catalog's SKUs, none priced yet; searched down to the top-up's, two of them chosen. (The SKUs' tab: the
    // change dialog, hidden once closed, keeps its preview's rows in the page.)
    const skus = page.getByRole("tabpanel", { name: "SKUs and prices" });
    const electricity = skus.getByRole("row", { name: /DEMO-ELECTRICITY/ });
    await electricity.first().waitFor();
    await page.getByLabel("Product or SKU").fill("DEMO-MOBILE-TOPUP");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await electricity.first().waitFor({ state: "detached" });
    const tenRow = skus.getByRole("row", { name: /CNY10 · 10 CNY/ });
    const twentyRow = skus.getByRole("row", { name: /CNY20 · 20 CNY/ });
    await tenRow.getByText("Not on the list").waitFor();
    await skus.getByRole("row", { name: /CNY50 · 50 CNY/ }).waitFor();
    await tenRow.getByText("1.3677 USD", { exact: true }).waitFor();
    await tenRow.getByRole("checkbox").check();
    await twentyRow.getByRole("checkbox").check();

    // One price for both: Apply waits for a preview of exactly these inputs.
    await page.getByRole("button", { name: "Change prices (2)" }).click();
    const change = page.getByRole("dialog", { name: "Change prices in Retail USD (SKUs: 2)" });
    const apply = change.getByRole("button", { name: "Apply" });
    await change.getByLabel("New price").fill("3");
    expect(await apply.isDisabled()).toBe(true);
    await change.getByRole("button", { name: "Preview" }).click();
    await change.getByText(/^Prices changing: 2 · left out: 0 · effective /).waitFor();
    const preview = (sku: string) => change.getByRole("row", { name: new RegExp(sku) });
    await preview("CNY10 · 10 CNY").getByText("Not on the list").waitFor();
    await preview("CNY10 · 10 CNY").getByText("3.00 USD", { exact: true }).waitFor();
    await preview("CNY10 · 10 CNY").getByText("1.6323 USD", { exact: true }).waitFor();
    await preview("CNY20 · 20 CNY").getByText("0.2646 USD", { exact: true }).waitFor();
    expect(await apply.isEnabled()).toBe(true);
    await change.getByLabel("New price").fill("3.5");
    await change.getByText("The inputs changed since this preview: preview again before applying.").waitFor();
    expect(await apply.isDisabled()).toBe(true);
    await change.getByLabel("New price").fill("3");
    expect(await apply.isEnabled()).toBe(true);
    await apply.click();
    await page.getByText("Prices changed (SKUs: 2)").waitFor();
    await change.waitFor({ state: "hidden" });

    // Price, cost and margin (and its share of the price) in the table; the list counts its SKUs.
    await tenRow.getByText("3.00 USD", { exact: true }).waitFor();
    await tenRow.getByText("1.6323 USD (54.41%)").waitFor();
    await twentyRow.getByText("2.7354 USD", { exact: true }).waitFor();
    await twentyRow.getByText("0.2646 USD (8.82%)").waitFor();
    await page.getByText("Priced SKUs: 2 · merchants: 0 · scheduled changes: 0").waitFor();

    // 10 % up for one SKU, from tomorrow: scheduled, shown as the SKU's next price.
    await tenRow.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Change prices (1)" }).click();
    const rise = page.getByRole("dialog", { name: "Change prices in Retail USD (SKUs: 1)" });
    await rise.getByText("Percent up or down").click();
    await rise.getByLabel("Percent (negative lowers)").fill("10");
    await rise.getByText("At a chosen time").click();
    const when = rise.getByLabel("Effective time");
    await when.click();
    await when.fill("2026-11-22 10:00");
    await when.press("Enter");
    await rise.getByRole("button", { name: "Preview" }).click();
    await rise.getByText("Prices changing: 1 · left out: 0 · effective 2026-11-22 10:00:00").waitFor();
    await rise
      .getByRole("row", { name: /CNY10 · 10 CNY/ })
      .getByText("3.30 USD")
      .waitFor();
    await rise.getByRole("button", { name: "Apply" }).click();
    await page.getByText("Price change scheduled for 2026-11-22 10:00:00 (SKUs: 1)").waitFor();
    await tenRow.getByText("from 2026-11-22 10:00:00").waitFor();
    await tenRow.getByText("3.30 USD", { exact: true }).waitFor();
    await tenRow.getByText("3.00 USD", { exact: true }).waitFor();

    // Among the list's changes, scheduled; cancelled (after a confirmation), the SKU has no next price.
    await page.getByRole("tab", { name: "Scheduled and past changes" }).click();
    const scheduled = page.getByRole("row", { name: /Percent up or down/ });
    await scheduled.getByText("+10%").waitFor();
    await scheduled.getByText("Scheduled", { exact: true }).waitFor();
    await page
      .getByRole("row", { name: /Set a price/ })
      .getByText("In effect")
      .waitFor();
    await scheduled.getByRole("button", { name: "Cancel change" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "Cancel change" }).click();
    await page.getByText("The change due 2026-11-22 10:00:00 is cancelled").waitFor();
    await scheduled.getByText("Cancelled", { exact: true }).waitFor();
    await page.getByRole("tab", { name: "SKUs and prices" }).click();
    await tenRow.getByText("from 2026-11-22 10:00:00").waitFor({ state: "detached" });
    expect(await tenRow.getByText("3.30 USD").count()).toBe(0);

    // The merchant buys from the list, and pays its own price for the 10 CNY SKU.
    await nav.getByRole("menuitem", { name: "Merchants" }).click();
    await page.getByLabel("Number or name").fill(m.merchantNo);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page
      .getByRole("row", { name: new RegExp(m.merchantNo) })
      .getByRole("button", { name: "Open" })
      .click();
    const drawer = page.getByRole("dialog", { name: "Lotus Prices" });
    await choose(page, drawer.getByLabel("Price list"), "Retail USD");
    await drawer.getByRole("button", { name: "Assign" }).click();
    await page.getByText("Lotus Prices now buys from Retail USD").waitFor();
    const otherProduct = drawer.getByRole("row", { name: /Prepaid Electricity/ });
    await otherProduct.first().waitFor();
    await drawer.getByLabel("Product or SKU").fill("DEMO-MOBILE-TOPUP");
    await drawer.getByRole("button", { name: "Search", exact: true }).click();
    await otherProduct.first().waitFor({ state: "detached" });
    const ownRow = drawer.getByRole("row", { name: /CNY10 · 10 CNY/ });
    await ownRow.getByText("3.00 USD").first().waitFor();
    await ownRow.getByRole("button", { name: "Set own price" }).click();
    const own = page.getByRole("dialog", { name: "Own price of Mobile Top-up 10 CNY" });
    expect(await own.getByLabel("Own price").inputValue()).toBe("3.00");
    await own.getByLabel("Own price").fill("2.75");
    await own.getByRole("button", { name: "Save" }).click();
    await page.getByText("Mobile Top-up 10 CNY now costs this merchant 2.75 USD").waitFor();
    await ownRow.getByText("2.75 USD", { exact: true }).nth(1).waitFor(); // its own price, and what it pays
    await drawer
      .getByRole("row", { name: /CNY20 · 20 CNY/ })
      .getByRole("button", { name: "Set own price" })
      .waitFor();
    expect(problemsOf(page)).toEqual([]);

    // In the merchant's portal: its own price for 10 CNY, the list's for 20 CNY, and 50 CNY not for it.
    const shop = await e2e.newPage();
    await shop.goto("/login");
    await submitLogin(shop, m.users.operator.username, TEST_PASSWORD, await e2e.t.code(m.users.operator.username));
    await shop.waitForURL((url) => url.pathname !== "/login"); // signed in
    await shop.goto(`/merchant/product/${ten.productId}`);
    await shop
      .getByRole("row", { name: /^10 CNY/ })
      .getByText("2.75 USD")
      .waitFor();
    await shop
      .getByRole("row", { name: /^20 CNY/ })
      .getByText("3.00 USD")
      .waitFor();
    await shop
      .getByRole("row", { name: /^50 CNY/ })
      .getByText("Not available for your merchant")
      .waitFor();
    expect(problemsOf(shop)).toEqual([]);
  });
});
