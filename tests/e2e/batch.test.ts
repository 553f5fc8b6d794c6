import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderBatches } from "../../server/src/db/schema";
import { demoShopOperator, demoTopupSku, type E2E, problemsOf, startE2E } from "../support/e2e";
import { balanceOf } from "../support/order-fixtures";

/** The batch order page's cost, a batch sent twice, and the batch history, in the browser on the real server. */
describe("batch orders and their history", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  /** The demo shop's operator on the batch page of DEMO-MOBILE-TOPUP 10 CNY (1.42 USD). */
  async function batchPage() {
    const shop = await demoShopOperator(e2e);
    const sku = await demoTopupSku(e2e.t);
    await shop.page.goto(`/merchant/order/batch?productId=${sku.productId}&skuId=${sku.skuId}`);
    return shop;
  }

  async function fillRow(page: Page, position: number, row: { account: string; quantity?: string; no?: string }) {
    if (position > 1) await page.getByRole("button", { name: "Add row" }).click();
    await page.getByLabel(`Mobile number ${position}`, { exact: true }).fill(row.account);
    if (row.quantity) await page.getByLabel(`Quantity ${position}`, { exact: true }).fill(row.quantity);
    if (row.no) await page.getByLabel(`Merchant order number ${position}`, { exact: true }).fill(row.no);
  }

  const summary = (page: Page, label: string, value: string) =>
    page.getByRole("row", { name: `${label} ${value}`, exact: true }).waitFor();

  it("counts in the cost only the rows that will be sent, and debits exactly that", async () => {
    const { page, merchantId } = await batchPage();
    await fillRow(page, 1, { account: "13900000001", quantity: "3" });
    await fillRow(page, 2, { account: "12", quantity: "5" });
    await fillRow(page, 3, { account: "" }); // blank: never sent
    await page.getByText("The format is not valid").waitFor();
    await summary(page, "Rows", "1");
    await summary(page, "Quantity", "3");
    await summary(page, "Total amount", "4.26 USD");
    await summary(page, "Balance after", "95.74 USD");

    await page.getByRole("button", { name: "Submit batch" }).click();
    await page
      .getByRole("dialog", { name: "1 row(s) have errors" })
      .getByRole("button", { name: "Send 1 valid row(s)" })
      .click();
    await page.getByText("Batch order partially successful").first().waitFor();
    expect(await balanceOf(e2e.t, merchantId)).toBe("95.7400");
    expect(problemsOf(page)).toEqual([]);
  });

  it("says a batch sent again names orders that already exist, and adds no batch", async () => {
    const { page, merchantId } = await batchPage();
    await fillRow(page, 1, { account: "13900000011", no: "E2E-AGAIN-1" });
    await fillRow(page, 2, { account: "13900000012", no: "E2E-AGAIN-2" });
    await page.getByRole("button", { name: "Submit batch" }).click();
    await page.getByText("Batch order successful").first().waitFor();
    const first = await page.getByText(/2 placed, 0 not placed \(batch (B\w+)\)/).textContent();
    const batchId = /\(batch (B\w+)\)/.exec(first ?? "")?.[1] ?? "";
    const balance = await balanceOf(e2e.t, merchantId);

    await page.getByRole("button", { name: "Submit batch" }).click();
    await page.getByText("These orders already exist: nothing new was placed or paid").first().waitFor();
    await page.getByText("0 placed, 0 not placed, 2 already existed; no new batch was created").waitFor();
    await page
      .getByRole("row", { name: /E2E-AGAIN-1/ })
      .getByText("Already placed")
      .waitFor();
    await page
      .getByRole("row", { name: /E2E-AGAIN-2/ })
      .getByText(`Placed earlier in batch ${batchId}`)
      .waitFor();
    expect(await balanceOf(e2e.t, merchantId)).toBe(balance);
    const batches = await e2e.t.deps.db
      .select({ batchNo: orderBatches.batchNo })
      .from(orderBatches)
      .where(eq(orderBatches.merchantId, merchantId));
    expect(batches.map((b) => b.batchNo)).toEqual([batchId]);
    expect(problemsOf(page)).toEqual([]);
  });

  it("lists past batches, reopens one's result, downloads it, and opens its orders", async () => {
    const { page } = await batchPage();
    await fillRow(page, 1, { account: "13900000021", no: "E2E-HIST-1" });
    await fillRow(page, 2, { account: "13900000022", no: "E2E-HIST-2", quantity: "2" });
    await page.getByRole("button", { name: "Submit batch" }).click();
    await page.getByText("Batch order successful").first().waitFor();

    await page.getByRole("tab", { name: "Batch history" }).click();
    await page.waitForURL(/\/merchant\/order\/batches$/);
    const row = page.getByRole("row", { name: /DEMO|Mobile/ }).first();
    await row.getByText("Processing 2").waitFor();
    await row.getByRole("cell", { name: "4.26 USD" }).waitFor();
    const batchId = (await row.getByRole("link").first().textContent()) ?? "";
    expect(batchId).toMatch(/^B\d{14}[0-9A-F]{6}$/);

    await row.getByRole("link", { name: batchId }).click();
    await page.waitForURL(new RegExp(`/merchant/order/batches\\?batchId=${batchId}$`));
    await page
      .getByRole("row", { name: /E2E-HIST-1/ })
      .getByText("Processing")
      .waitFor();
    await page
      .getByRole("row", { name: /E2E-HIST-2/ })
      .getByText("Placed")
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download result (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${batchId}.csv`);
    const csv = await readFile(await download.path(), "utf8");
    expect(csv.split("\r\n")[0]).toBe("\uFEFF#,Merchant order number,Order number,Outcome,Order status,Reason");
    expect(csv).toContain("1,E2E-HIST-1,");
    expect(csv).toContain(",Placed,Processing,");

    await page.getByRole("link", { name: "Orders of this batch" }).click();
    await page.waitForURL(new RegExp(`/merchant/order\\?batchId=${batchId}$`));
    await page.getByRole("row", { name: /E2E-HIST-2/ }).waitFor();
    // The order list leads back to the history.
    await page.getByRole("button", { name: "Batch history" }).click();
    await page.waitForURL(/\/merchant\/order\/batches$/);
    await page.getByRole("link", { name: batchId }).first().waitFor();
    expect(problemsOf(page)).toEqual([]);
  });
});
