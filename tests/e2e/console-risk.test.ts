import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoShopOperator, demoTopupSku, type E2E, problemsOf, startE2E, submitLogin } from "../support/e2e";
import { staffCode, staffMember } from "../support/staff";
import { TEST_PASSWORD } from "../support/test-app";

const BLOCKED = "13800006666";

/** A merchant's operator places an order for `account` in the portal: the demo top-up SKU, 1.42 USD. */
async function placeOrder(page: Page, sku: { productId: number; skuId: number }, account: string) {
  await page.goto(`/merchant/order/create?productId=${sku.productId}&skuId=${sku.skuId}`);
  await page.getByLabel("Mobile number").fill(account);
  await page.getByRole("button", { name: "Place order" }).click();
}

/** The value cell beside a label of a bordered antd Descriptions. */
const described = (scope: Locator, label: string) =>
  scope.locator("th", { hasText: label }).locator("xpath=following-sibling::td[1]");

/**
 * Risk control in the console (issue 16), with the real server and a browser each: a super administrator changes
 * the settings, blocks a recharge account, sees a merchant's order for it refused and listed as a risk event,
 * unblocks it, and sets the merchant's daily count limit, which refuses its next order.
 */
describe("risk control in the console", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it("a super administrator blocks an account, the merchant's order for it is refused and listed, and a daily limit applies", async () => {
    const shop = await demoShopOperator(e2e);
    const sku = await demoTopupSku(e2e.t);
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    const page = await e2e.newPage();
    await page.goto("/console/login");
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    await page.waitForURL(/\/console\/merchants$/);
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await nav.getByRole("menuitem", { name: "Risk control" }).click();
    await page.getByRole("heading", { name: "Risk control" }).waitFor();

    // The settings: every rule off until set; a bad value is refused in place.
    const settings = page.getByRole("tabpanel", { name: "Settings" });
    await settings.getByText("Not changed yet").waitFor();
    const velocity = settings.getByLabel("At most N orders to one account per hour");
    await velocity.fill("many");
    await settings.getByRole("button", { name: "Save" }).click();
    await settings.getByText("Enter a whole number").waitFor();
    await velocity.fill("30");
    await settings.getByRole("button", { name: "Save" }).click();
    await page.getByText("Risk settings saved").waitFor();
    await settings.getByText(/^Last updated /).waitFor();

    // A blocked account, with its reason; blocking it twice is refused on the account field.
    await page.getByRole("tab", { name: "Blocked accounts" }).click();
    const blockedTab = page.getByRole("tabpanel", { name: "Blocked accounts" });
    await blockedTab.getByRole("button", { name: "Block an account" }).click();
    const form = page.getByRole("dialog", { name: "Block an account" });
    await form.getByRole("button", { name: "Block" }).click();
    await form.getByText("This field is required").first().waitFor();
    await form.getByLabel("Recharge account").fill(BLOCKED);
    await form.getByLabel("Reason").fill("Chargeback fraud");
    await form.getByRole("button", { name: "Block" }).click();
    await page.getByText(`${BLOCKED} is blocked: no merchant can order for it`).waitFor();
    const blockedRow = blockedTab.getByRole("row", { name: new RegExp(BLOCKED) });
    await blockedRow.getByText("Chargeback fraud").waitFor();
    await blockedRow.getByText(chief.username).waitFor();
    await blockedTab.getByRole("button", { name: "Block an account" }).click();
    await form.getByLabel("Recharge account").fill(BLOCKED);
    await form.getByLabel("Reason").fill("Again");
    await form.getByRole("button", { name: "Block" }).click();
    await form.getByText("This account is already blocked").waitFor();
    await form.getByRole("button", { name: "Cancel" }).click();
    await form.waitFor({ state: "hidden" });

    // The merchant's order for it is refused in its own words, and nothing is debited.
    await placeOrder(shop.page, sku, BLOCKED);
    await shop.page
      .getByText(`The recharge account ${BLOCKED} is blocked: no order can be placed for it`)
      .first()
      .waitFor();
    await shop.page.getByRole("link", { name: "Balance: 100.00 USD" }).waitFor();

    // The refusal is a risk event: rule, merchant, account, amount and where the order came from.
    await page.getByRole("tab", { name: "Risk events" }).click();
    const events = page.getByRole("tabpanel", { name: "Risk events" });
    const event = events.getByRole("row", { name: new RegExp(BLOCKED) });
    await event.getByText("Blocked account", { exact: true }).waitFor();
    await event.getByText(shop.merchantNo, { exact: false }).waitFor();
    await event.getByText("1.42 USD").waitFor();
    await event.getByText("Portal", { exact: true }).waitFor();

    // Unblocked (after a confirmation), the account leaves the list.
    await page.getByRole("tab", { name: "Blocked accounts" }).click();
    await blockedRow.getByRole("button", { name: "Unblock" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "Unblock" }).click();
    await page.getByText(`${BLOCKED} is unblocked`).waitFor();
    await blockedRow.waitFor({ state: "detached" });

    // The merchant's daily count limit, set in its form, shows once saved.
    await nav.getByRole("menuitem", { name: "Merchants" }).click();
    await page.getByLabel("Number or name").fill(shop.merchantNo);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page
      .getByRole("row", { name: new RegExp(shop.merchantNo) })
      .getByRole("button", { name: "Open" })
      .click();
    const drawer = page.getByRole("dialog").filter({ hasText: shop.merchantNo });
    await described(drawer, "Daily order count limit").getByText("No limit").waitFor();
    await drawer.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = page.getByRole("dialog", { name: /^Edit / });
    const count = edit.getByLabel("Daily order count limit");
    await count.fill("1.5");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.getByText("Enter a whole number").waitFor();
    await count.fill("1");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText(/^Merchant .+ saved$/).waitFor();
    await edit.waitFor({ state: "hidden" });
    await described(drawer, "Daily order count limit").getByText("1", { exact: true }).waitFor();
    await described(drawer, "Daily order amount limit").getByText("No limit").waitFor();

    // The merchant's first order of the day goes through; the second is refused, and listed under its rule.
    await placeOrder(shop.page, sku, "13800001234");
    await shop.page.waitForURL(/\/merchant\/order\/P\d+$/);
    await placeOrder(shop.page, sku, "13800001235");
    await shop.page.getByText("Your daily limit of 1 orders is reached for today").first().waitFor();
    await drawer.getByRole("button", { name: "Close", exact: true }).click();
    await nav.getByRole("menuitem", { name: "Risk control" }).click();
    await page.getByRole("tab", { name: "Risk events" }).click();
    await events.getByLabel("Rule").click();
    await page.getByTitle("Daily count limit", { exact: true }).click();
    await events.getByRole("button", { name: "Search", exact: true }).click();
    await events.getByRole("row", { name: new RegExp(BLOCKED) }).waitFor({ state: "detached" });
    await events
      .getByRole("row", { name: /13800001235/ })
      .getByText("Daily count limit", { exact: true })
      .waitFor();
    expect(problemsOf(page)).toEqual([]);
    expect(problemsOf(shop.page)).toEqual([]);
  });
});
