import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoShopOperator, type E2E, problemsOf, startE2E } from "../support/e2e";

/** The demo catalog's mobile top-up: one required input, `account`, 6 to 20 digits; 10 CNY costs 1.42 USD. */
const PRODUCT = "DEMO-MOBILE-TOPUP";

describe("products and placing orders in the browser", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  const operator = async () => (await demoShopOperator(e2e)).page;

  const productRow = (page: Page) => page.getByRole("row", { name: new RegExp(PRODUCT) });

  it("lists products with this merchant's prices, follows the language, and places an order from the list", async () => {
    const page = await operator();
    await page.goto("/merchant/product");
    await productRow(page).getByText("1.42 – 14.05 USD").waitFor();
    await page
      .getByRole("row", { name: /DEMO-PIXEL-RACERS/ })
      .getByText("500 Coins · 4.80 USD")
      .waitFor();
    await page.getByLabel("Product name").fill("Mobile");
    await page.getByLabel("Product name").press("Enter");
    await page.getByRole("row", { name: /DEMO-ELECTRICITY/ }).waitFor({ state: "detached" });
    await page.getByText("Total 1 item").waitFor();

    // Names come from the server in the request's language: a switch refetches them.
    await page.getByRole("button", { name: /English/ }).click();
    await page.getByRole("menuitem", { name: "简体中文" }).click();
    await productRow(page).getByRole("link", { name: "手机话费充值" }).waitFor();
    await page.getByRole("button", { name: /简体中文/ }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await productRow(page).getByRole("link", { name: "Mobile Top-up" }).click();

    await page.waitForURL(/\/merchant\/product\/\d+$/);
    await page.getByRole("cell", { name: "Mobile number" }).waitFor();
    await page
      .getByRole("row", { name: /20 CNY/ })
      .getByRole("button", { name: "Order", exact: true })
      .click();

    await page.waitForURL(/\/merchant\/order\/create\?productId=\d+&skuId=\d+$/);
    await page.getByLabel("Quantity").fill("2");
    await page.getByText("5.66 USD").waitFor();
    await page.getByLabel("Mobile number").fill("12345");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByText("The format is not valid").waitFor();
    await page.getByLabel("Mobile number").fill("13800138000");
    await page.getByRole("button", { name: "Place order" }).click();

    await page.waitForURL(/\/merchant\/order\/P\d+$/);
    const orderNo = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
    await page.getByText(`Order ${orderNo} placed`).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });

  it("checks batch rows before sending them, imports the generated template and reports each row", async () => {
    const page = await operator();
    await page.goto("/merchant/product");
    await productRow(page).getByRole("button", { name: "Batch order" }).click();
    await page.waitForURL(/\/merchant\/order\/batch\?productId=\d+$/);

    await page.getByRole("button", { name: "Submit batch" }).click();
    await page.getByText("Batch order list is empty").waitFor();

    await page.getByLabel("Mobile number 1", { exact: true }).fill("13900000001");
    await page.getByRole("button", { name: "Add row" }).click();
    await page.getByLabel("Mobile number 2", { exact: true }).fill("12");
    await page.getByLabel("Quantity 2", { exact: true }).fill("0");
    await page.getByText("The format is not valid").waitFor();
    await page.getByText("Quantity must be between 1 and 100").waitFor();
    await page.getByRole("button", { name: "Submit batch" }).click();
    // With a row in error, the page offers to send only the valid rows; here the user corrects first.
    await page
      .getByRole("dialog", { name: "1 row(s) have errors" })
      .getByRole("button", { name: "Correct them first" })
      .click();
    await page.getByText("1 row(s) have errors; correct or remove them before submitting").waitFor();
    await page.getByRole("button", { name: "Remove row 2" }).click();

    // The template is built in the browser (exceljs loaded on demand); filled in, it imports back into the grid.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("button", { name: "Download template" })
        .click()
        .then(() => page.getByRole("menuitem", { name: "Excel (.xlsx)" }).click()),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path()) ?? "");
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Mobile number (account)",
      "Quantity (quantity)",
      "Merchant order number (merchantOrderNo)",
    ]);
    sheet.addRow(["13900000002", "2", ""]);
    sheet.addRow(["13900000003", "", "MINE-1"]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Import" }).click();
    await (await chooser).setFiles({ name: "orders.xlsx", mimeType: "application/octet-stream", buffer: file });
    await page.getByText("Imported 2 rows").waitFor();
    expect(await page.getByLabel("Mobile number 3", { exact: true }).inputValue()).toBe("13900000003");
    // 1.42 USD × (1 + 2 + 1)
    await page.getByText("5.68 USD").waitFor();

    await page.getByRole("button", { name: "Submit batch" }).click();
    await page.getByText("Batch order successful").first().waitFor();
    await page.getByText("3 placed, 0 not placed", { exact: false }).waitFor();
    await page
      .getByRole("row", { name: /MINE-1/ })
      .getByRole("link", { name: /^P\d+$/ })
      .waitFor();
    // Numbers were generated for the rows without one and kept in the grid: sending again is idempotent.
    expect(await page.getByLabel("Merchant order number 1", { exact: true }).inputValue()).toMatch(/^\d{14}\w{8}$/);
    expect(problemsOf(page)).toEqual([]);
  });
});
