import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderCalls, PORTAL_BASE } from "#contracts";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { confirmStepUp, type E2E, problemsOf, startE2E, submitLogin } from "../support/e2e";
import { openShop } from "../support/order-fixtures";
import { staffCode, staffMember } from "../support/staff";
import { TEST_PASSWORD } from "../support/test-app";

const DELAY_MS = 3000;

/**
 * Opens an antd select and picks an option. `shown` is what to click: the text it shows when it has a value (which
 * covers its input), its labelled input when it is empty (which covers the placeholder). The open list's options
 * are the only visible elements with `aria-selected` and that title: a list opened before stays in the page,
 * hidden, and the text a select shows carries the chosen option's title too. Waits until the list has closed, so
 * the next select's options are not confused with this one's.
 */
async function choose(page: Page, shown: Locator, option: string) {
  await shown.click();
  const open = page.locator("[aria-selected][title]").filter({ visible: true });
  await open.and(page.getByTitle(option, { exact: true })).click();
  await open.first().waitFor({ state: "hidden" });
}

/**
 * Suppliers and routing in the console (issue 16), with the real server and the simulator: a super administrator
 * adds a simulator account that refuses every order, checks it, routes a SKU to it first and to the built-in
 * simulator second; an order of that SKU fails over, and its drawer shows both attempts and the margin. The test
 * owns the clock and runs the fulfilment rounds a worker would run.
 */
describe("suppliers and routes in the console", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ config: { SIMULATOR_DELAY_MS: String(DELAY_MS) } });
  });
  afterAll(() => e2e.close());

  it("a super administrator adds a supplier, routes a SKU through it to the simulator, and sees an order fail over", async () => {
    const shop = await openShop(e2e.t);
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    const page = await e2e.newPage();
    await page.goto("/console/login");
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    await page.waitForURL(/\/console\/merchants$/);
    const nav = page.getByRole("navigation", { name: "Main menu" });

    // A simulator account that refuses every order, added through the form (the chief's code again: step-up).
    await nav.getByRole("menuitem", { name: "Suppliers" }).click();
    await page.getByRole("cell", { name: "simulator", exact: true }).waitFor(); // the built-in account
    await page.getByRole("button", { name: "Add supplier" }).click();
    const form = page.getByRole("dialog", { name: "Add supplier" });
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("This field is required").first().waitFor();
    await form.getByLabel("Code").fill("refuser");
    await form.getByLabel("Name", { exact: true }).fill("Refuses everything");
    await choose(page, form.getByLabel("Kind"), "Simulator (built-in)");
    // The kind brings its documented address; its one setting is a choice, not a secret.
    await expect.poll(() => form.getByLabel("Base URL").inputValue()).toBe("simulator:");
    expect(await form.getByLabel("Auth URL").count()).toBe(0);
    await choose(page, form.getByText("Never (the simulator's own rules)"), "Refuse every order");
    await form.getByRole("button", { name: "Save" }).click();
    await confirmStepUp(page, e2e, chief.mfaSecret!);
    await page.getByText("Supplier Refuses everything added").waitFor();
    const supplier = page.getByRole("row", { name: /refuser/ });
    await supplier.getByText("Unknown", { exact: true }).waitFor();
    await supplier.getByRole("button", { name: "Check now" }).click();
    await page.getByText("Refuses everything checked: Up").waitFor();
    await supplier.getByText("Up", { exact: true }).waitFor();
    await supplier.getByText("1,000,000.00 USD").waitFor();

    // The test shop's top-up SKU, found by its product's code; it has no routes yet.
    await nav.getByRole("menuitem", { name: "Routes" }).click();
    await page.getByRole("row", { name: new RegExp(shop.login.code) }).waitFor();
    await page.getByLabel("Product or SKU").fill(shop.topup.code);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("row", { name: new RegExp(shop.login.code) }).waitFor({ state: "detached" });
    const sku = page.getByRole("row", { name: new RegExp(shop.topup.code) });
    await sku.getByText("None: the default supplier").waitFor();
    await sku.getByRole("button", { name: "Edit routes" }).click();

    const editor = page.getByRole("dialog", { name: "Routes of Test Mobile Top-up 10 CNY" });
    await editor.getByText("No routes: orders go to the product's default supplier").waitFor();
    await editor.getByRole("button", { name: "Add route" }).click();
    const first = editor.getByRole("group", { name: "Route 1" });
    await choose(page, first.getByLabel("Supplier", { exact: true }), "Simulator (simulator)");
    await first.getByLabel("Supplier product").fill("CN-10");
    await first.getByLabel("Cost", { exact: true }).fill("9.25");
    await first.getByLabel("Cost currency").fill("USD");
    await editor.getByRole("button", { name: "Add route" }).click();
    const second = editor.getByRole("group", { name: "Route 2" });
    await choose(page, second.getByLabel("Supplier", { exact: true }), "Simulator (simulator)");
    await second.getByLabel("Supplier product").fill("CN-10");
    await second.getByLabel("Cost", { exact: true }).fill("9.50");
    // The same supplier product twice: the server names the second row's field, and the form marks it there.
    await editor.getByRole("button", { name: "Save" }).click();
    await second.getByText("This supplier product is already a route of this SKU").waitFor();
    await choose(page, second.getByText("Simulator (simulator)"), "Refuses everything (refuser)");
    // The refusing account goes first.
    await editor.getByRole("button", { name: "Move route 2 up" }).click();
    await first.getByText("Refuses everything (refuser)").waitFor();
    await editor.getByRole("button", { name: "Save" }).click();
    await page.getByText("Routes of Test Mobile Top-up 10 CNY saved").waitFor();
    await sku.getByText("1. refuser · CN-10 · 9.50 USD").waitFor();
    await sku.getByText("2. simulator · CN-10 · 9.25 USD").waitFor();

    // An order of the SKU: refused by the first route, sent on to the second, done after the simulator's delay.
    const placed = await e2e.t.app.inject({
      method: "POST",
      url: `${PORTAL_BASE}${orderCalls.create.path}`,
      headers: { authorization: shop.token },
      payload: { productId: shop.topup.productId, skuId: shop.topup.skuId, inputs: { account: "13800138000" } },
    });
    const orderNo = placed.json().data.orderNo as string;
    await runFulfilmentOnce(e2e.t.deps);
    e2e.t.clock.advance(DELAY_MS);
    await runFulfilmentOnce(e2e.t.deps);

    await nav.getByRole("menuitem", { name: "Orders" }).click();
    await page.getByLabel("Order number", { exact: true }).fill(orderNo);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page
      .getByRole("row", { name: new RegExp(orderNo) })
      .getByRole("button", { name: orderNo })
      .click();
    const drawer = page.getByRole("dialog", { name: `Order ${orderNo}` });
    await drawer.getByText("Supplier attempts").waitFor();
    const refused = drawer.getByRole("row").filter({ hasText: "Refuses everything (refuser)" });
    await refused.getByText("Failed", { exact: true }).waitFor();
    await refused.getByText(orderNo, { exact: true }).waitFor();
    await refused.getByText("9.50 USD", { exact: true }).waitFor();
    const delivered = drawer.getByRole("row").filter({ hasText: "Simulator (simulator)" });
    await delivered.getByText("Success", { exact: true }).waitFor();
    await delivered.getByText(`${orderNo}-2`, { exact: true }).waitFor();
    await delivered.getByText(`SIM-${orderNo}-2`, { exact: true }).waitFor();
    expect(
      await drawer
        .getByRole("row")
        .filter({ hasText: /\((refuser|simulator)\)/ })
        .count(),
    ).toBe(2);
    // 10.00 USD paid by the merchant, 9.25 USD to the simulator.
    await drawer.getByText("Margin", { exact: true }).waitFor();
    await drawer.getByText("0.75 USD", { exact: true }).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });
});
