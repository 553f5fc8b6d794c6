import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { demoShopOperator, demoTopupSku, type E2E, problemsOf, startE2E } from "../support/e2e";
import { balanceOf } from "../support/order-fixtures";

/**
 * The browser scenarios, with the real server and the simulator supplier. The test owns the clock: it
 * moves time past the simulator's delay and runs a fulfilment round where a worker would, so nothing sleeps.
 */
describe("orders from the operator's side", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ config: { SIMULATOR_DELAY_MS: "3000" } });
  });
  afterAll(() => e2e.close());

  /** The demo shop's operator, and the query string that opens the order pages on DEMO-MOBILE-TOPUP 10 CNY. */
  async function operator() {
    const shop = await demoShopOperator(e2e);
    const sku = await demoTopupSku(e2e.t);
    return { ...shop, target: `productId=${sku.productId}&skuId=${sku.skuId}` };
  }

  /** The simulator's delay passes and a worker takes a round. */
  async function fulfil() {
    e2e.t.clock.advance(3_000);
    await runFulfilmentOnce(e2e.t.deps);
  }

  async function placeSingle(page: Page, target: string, account: string): Promise<string> {
    await page.goto(`/merchant/order/create?${target}`);
    await page.getByLabel("Mobile number").fill(account);
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/merchant\/order\/P\d+$/);
    return decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  }

  const status = (page: Page, name: string) => page.getByText(name, { exact: true }).first();

  it("places a single order and watches it go from Processing to Success", async () => {
    const { page, merchantId, target } = await operator();
    const orderNo = await placeSingle(page, target, "13800138000");
    await status(page, "Processing").waitFor();
    expect(await balanceOf(e2e.t, merchantId)).toBe("98.5800");
    // The top bar's balance read again after the order, without a reload.
    await page.getByRole("link", { name: /Balance: 98\.58 USD/ }).waitFor();
    await fulfil();
    // The detail refreshes on its own while the order is Processing.
    await status(page, "Success").waitFor({ timeout: 10_000 });
    await page.goto("/merchant/order");
    await page
      .getByRole("row", { name: new RegExp(orderNo) })
      .getByText("Success")
      .waitFor();

    // Opened on a batch (as from an order's batch link) the list starts filtered by it; Reset clears that too.
    await page.goto("/merchant/order?batchId=B-NO-SUCH-BATCH");
    const batchField = page.getByLabel("Batch ID");
    expect(await batchField.inputValue()).toBe("B-NO-SUCH-BATCH");
    await page.getByRole("table").getByRole("img", { name: "No data" }).waitFor(); // the empty table's picture
    await page.getByRole("button", { name: "Reset", exact: true }).click();
    await page.getByRole("row", { name: new RegExp(orderNo) }).waitFor();
    expect(await batchField.inputValue()).toBe("");
    expect(problemsOf(page)).toEqual([]);
  });

  it("fails an order for an account ending in 0000 and restores the balance", async () => {
    const { page, merchantId, target } = await operator();
    await placeSingle(page, target, "13800000000");
    await status(page, "Processing").waitFor();
    expect(await balanceOf(e2e.t, merchantId)).toBe("98.5800");
    await fulfil();
    await status(page, "Failed").waitFor({ timeout: 10_000 });
    await page.getByText("Recharge account rejected by the supplier (simulator rule: ends in 0000)").first().waitFor();
    expect(await balanceOf(e2e.t, merchantId)).toBe("100.0000");
    await page.goto("/merchant/info");
    await page.getByText("100.00").first().waitFor();
    expect(await ledgerViolations(e2e.t.deps.db, merchantId)).toEqual([]);
    expect(problemsOf(page)).toEqual([]);
  });

  it("shows row errors in a batch, then sends the valid rows for a partially successful result", async () => {
    const { page, target } = await operator();
    await page.goto(`/merchant/order/batch?${target}`);
    await page.getByLabel("Mobile number 1", { exact: true }).fill("13900000001");
    await page.getByRole("button", { name: "Add row" }).click();
    await page.getByLabel("Mobile number 2", { exact: true }).fill("12");
    await page.getByRole("button", { name: "Add row" }).click();
    await page.getByLabel("Mobile number 3", { exact: true }).fill("13900000003");
    await page.getByText("The format is not valid").waitFor();
    await page.getByRole("button", { name: "Submit batch" }).click();
    await page
      .getByRole("dialog", { name: "1 row(s) have errors" })
      .getByRole("button", { name: "Send 2 valid row(s)" })
      .click();
    await page.getByText("Batch order partially successful").first().waitFor();
    await page.getByText("2 placed, 1 not placed", { exact: false }).waitFor();
    await page.getByRole("row", { name: /This row has invalid fields/ }).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });
});
