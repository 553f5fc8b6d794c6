import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants } from "../../server/src/db/schema";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { placeOrder } from "../../server/src/modules/order/place-order";
import { seedDemoCatalog } from "../../server/src/modules/provisioning/demo-catalog";
import { bindMfaInDialog, demoTopupSku, type E2E, problemsOf, startE2E, submitLogin } from "../support/e2e";
import { fund } from "../support/order-fixtures";
import { TEST_PASSWORD } from "../support/test-app";

const DAY = 86_400_000;

/** The Overview page: figures of orders the test placed, a period switch, finance's money part, a phone. */
describe("overview", () => {
  let e2e: E2E;
  let merchant: Awaited<ReturnType<E2E["t"]["merchant"]>>;

  beforeAll(async () => {
    e2e = await startE2E({ config: { SIMULATOR_DELAY_MS: "3000" } });
    const t = e2e.t;
    merchant = await t.merchant({ mfa: false });
    await seedDemoCatalog(t.deps, merchant.merchantNo);
    const [m] = await t.deps.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.merchantNo, merchant.merchantNo));
    await fund(t, m!.id, "100");
    const sku = await demoTopupSku(t);
    const order = (account: string) =>
      placeOrder(
        t.deps,
        { merchantId: m!.id, userId: null, source: "manual" },
        { ...sku!, quantity: 1, inputs: { account } },
      );
    // Ten days ago: inside the last 30 days, outside the last 7; it succeeds then.
    t.clock.advance(-10 * DAY);
    await order("13800138009");
    t.clock.advance(3_000);
    await runFulfilmentOnce(t.deps);
    t.clock.advance(10 * DAY);
    // Today: one succeeds, one is rejected (ends in 0000) and refunded, one is never answered (ends in 9999).
    await order("13800138001");
    await order("13800000000");
    t.clock.advance(3_000);
    await runFulfilmentOnce(t.deps);
    await order("13800139999");
  });
  afterAll(() => e2e.close());

  /** Signs in in a browser whose today is the server's (the test's clock), and opens the overview from the menu. */
  async function openOverview(role: "admin" | "operator" | "finance"): Promise<Page> {
    const page = await e2e.newPage();
    await page.clock.setFixedTime(e2e.t.clock.now());
    await page.goto("/login");
    await submitLogin(page, merchant.users[role].username, TEST_PASSWORD);
    await bindMfaInDialog(page, e2e);
    await page.getByRole("menuitem", { name: "Overview" }).click();
    await page.waitForURL("**/merchant/overview");
    return page;
  }

  const card = (page: Page, id: string) => page.getByTestId(`overview-${id}`);

  it("shows the admin the figures of the orders placed, and switches the period", async () => {
    const page = await openOverview("admin");
    // Last 30 days (the default): 4 orders at 1.42 USD, one of them refunded.
    await card(page, "orders").getByText("4", { exact: true }).waitFor();
    await card(page, "spend").getByText("4.26 USD").waitFor();
    await card(page, "success-rate").getByText("66.7%").waitFor();
    await card(page, "deposits").getByText("0.00 USD").waitFor();
    // The charts load after the figures, each named, with its figures as a table.
    await page.getByRole("table", { name: "Orders by status" }).getByRole("row", { name: "Processing 1" }).waitFor();
    await page.getByRole("table", { name: "Top products" }).getByText("4.26 USD").waitFor();
    await page.getByTestId("overview-spend-chart").locator("svg").first().waitFor();

    await page.getByText("Last 7 days", { exact: true }).click();
    await card(page, "orders").getByText("3", { exact: true }).waitFor();
    await card(page, "spend").getByText("2.84 USD").waitFor();
    await card(page, "success-rate").getByText("50.0%").waitFor();
    await page.getByRole("table", { name: "Spend per day" }).getByRole("row").nth(7).waitFor();
    expect(await page.getByRole("table", { name: "Spend per day" }).getByRole("row").count()).toBe(8);
    expect(problemsOf(page)).toEqual([]);
  });

  it("shows finance the money part only", async () => {
    const page = await openOverview("finance");
    await card(page, "spend").getByText("4.26 USD").waitFor();
    await card(page, "deposits").waitFor();
    await page.getByRole("table", { name: "Deposits per day" }).waitFor();
    expect(await card(page, "orders").count()).toBe(0);
    expect(await card(page, "success-rate").count()).toBe(0);
    expect(await page.getByRole("table", { name: "Orders by status" }).count()).toBe(0);
    expect(problemsOf(page)).toEqual([]);
  });

  it("fits a phone: the cards stack and nothing is wider than 390 px", async () => {
    const page = await openOverview("operator");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId("overview-spend-chart").locator("svg").first().waitFor();
    const spend = await card(page, "spend").boundingBox();
    const orders = await card(page, "orders").boundingBox();
    expect(orders!.y).toBeGreaterThan(spend!.y); // stacked, not side by side
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problemsOf(page)).toEqual([]);
  });
});
