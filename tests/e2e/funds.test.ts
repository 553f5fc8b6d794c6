import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "#contracts";
import { deposits, merchants } from "../../server/src/db/schema";
import { addBankAccount } from "../../server/src/modules/deposit/bank-account.service";
import { approveDeposit } from "../../server/src/modules/deposit/deposit-review.service";
import {
  bindMfaInDialog,
  demoShopOperator,
  demoTopupSku,
  type E2E,
  problemsOf,
  startE2E,
  submitLogin,
} from "../support/e2e";
import { TINY_PNG } from "../support/funds-fixtures";
import { fund } from "../support/order-fixtures";
import { TEST_OPERATOR, TEST_PASSWORD } from "../support/test-app";

/** Opens the recharge form and fills every field, the proof uploaded for real. */
async function fillRecharge(page: Page, referenceNo: string) {
  await page.getByRole("button", { name: "Recharge" }).click();
  const dialog = page.getByRole("dialog", { name: "Recharge" });
  await dialog.getByLabel("Amount").fill("710.00");
  await dialog.getByLabel("Currency").fill("cny");
  await dialog.getByLabel("Reference number").fill(referenceNo);
  await dialog.getByLabel("Payment gateway").fill("SWIFT");
  await dialog.getByLabel("Transaction time").fill("2026-11-20 08:30:00");
  await dialog.getByLabel("Transaction time").press("Enter");
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: TINY_PNG });
  await dialog.getByRole("img", { name: "Proof of payment" }).waitFor();
  await dialog.getByLabel("Company name").fill("ACME Trading Ltd");
  await dialog.getByLabel("Bank account").fill("6222 0000 1111");
  return dialog;
}

describe("recharge from the finance side", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it("submits a recharge with a proof, sees it Pending, then Success with its ledger entry once approved", async () => {
    const m = await e2e.t.merchant({ mfa: false });
    const page = await e2e.newPage();
    await page.goto("/login");
    await submitLogin(page, m.users.finance.username, TEST_PASSWORD);
    await bindMfaInDialog(page, e2e);
    await page.waitForURL(/\/merchant\/fund$/);

    const dialog = await fillRecharge(page, "REF-E2E-1");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Save successful!").first().waitFor();
    await dialog.waitFor({ state: "hidden" });

    // The same reference again: refused, and the form says why beside the field.
    await fillRecharge(page, "REF-E2E-1");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog
      .getByText("Reference number REF-E2E-1 was already used for another deposit of this merchant")
      .waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const row = page.getByRole("row", { name: /REF-E2E-1/ });
    await row.getByText("Pending", { exact: true }).waitFor();
    expect(await row.getByText("710.00 CNY").count()).toBe(1);
    await row.getByRole("img", { name: "Proof of payment" }).waitFor();

    const [stored] = await e2e.t.deps.db
      .select({ depositNo: deposits.depositNo })
      .from(deposits)
      .where(eq(deposits.referenceNo, "REF-E2E-1"));
    // 710.00 x 0.1408 = 99.968, rounded half-up to the dollar's cents.
    await approveDeposit(e2e.t.deps, TEST_OPERATOR, {
      depositNo: stored!.depositNo,
      settledCurrency: "USD",
      rate: "0.1408",
    });

    await page.getByRole("button", { name: "Refresh" }).click();
    await row.getByText("Success", { exact: true }).waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells).toEqual(expect.arrayContaining(["99.97 USD", "0.1408", "0.00 USD"]));

    await page.goto("/merchant-fund/transaction-log");
    const entry = page.getByRole("row", { name: /Add deposit/ });
    await entry.getByText("+99.97 USD").waitFor();
    expect(await entry.getByRole("cell").allTextContents()).toContain("99.97 USD");
    await page.getByTestId("ledger-summary").getByText("+99.97 USD").waitFor();
    // Filtered to refunds, the entry and its credit leave the page.
    await page.getByLabel("Type").click();
    await page.getByTitle("Refund deposit").click();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByTestId("ledger-summary").getByText("0.00 USD").first().waitFor();
    await entry.waitFor({ state: "detached" });
    expect(problemsOf(page)).toEqual([]);
  });

  it("checks uploads in the browser and says why the server refused one; the preview's keys are debounced", async () => {
    const m = await e2e.t.merchant({ mfa: false });
    const page = await e2e.newPage();
    await page.goto("/login");
    await submitLogin(page, m.users.admin.username, TEST_PASSWORD);
    await bindMfaInDialog(page, e2e);
    await page.goto("/merchant-fund/fund");
    await page.getByRole("button", { name: "Recharge" }).click();
    const dialog = page.getByRole("dialog", { name: "Recharge" });
    const file = dialog.locator('input[type="file"]');

    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByText("Please upload the proof of payment").waitFor();
    await dialog.getByText("Please enter the reference number").waitFor();

    await file.setInputFiles({ name: "x.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await page.getByText("Only PNG, JPEG, WebP images and PDF files can be uploaded").first().waitFor();
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1);
    TINY_PNG.copy(big);
    await file.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
    await page.getByText("The file is larger than 10 MB").first().waitFor();
    // Named and typed as a PNG, but its bytes are not: the server says so, and the page says what failed, once
    // (the earlier checks' toasts gone first, so what is counted is this failure's alone).
    const errorToasts = page.getByRole("img", { name: "close-circle" });
    await expect.poll(() => errorToasts.count(), { timeout: 10_000 }).toBe(0);
    await file.setInputFiles({ name: "tool.png", mimeType: "image/png", buffer: Buffer.from("MZ this is no image") });
    await page.getByText("Upload image failed: Only PNG, JPEG, WebP images and PDF files can be uploaded").waitFor();
    expect(await errorToasts.count()).toBe(1);

    await file.setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: TINY_PNG });
    await dialog.getByRole("img", { name: "Proof of payment" }).waitFor();
    await dialog.getByText("Preview", { exact: true }).click(); // the thumbnail's mask, over the image
    // The preview shows the same image a second time, above everything.
    const preview = page.getByRole("img", { name: "Proof of payment" }).nth(1);
    await preview.waitFor();
    // Presses closer than 300 ms are one burst acting once, after the last: a second of them leaves the preview
    // open (an undebounced Escape would have closed it at the first press).
    for (let i = 0; i < 7; i += 1) {
      await page.keyboard.press("Escape");
      await page.waitForTimeout(150);
    }
    expect(await preview.isVisible()).toBe(true);
    await preview.waitFor({ state: "hidden" });
    // The Escape burst went to the preview only: the form stays open.
    expect(await dialog.isVisible()).toBe(true);

    // A PDF proof shows as a link that opens the file the browser fetched with the session's token.
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
    await file.setInputFiles({ name: "proof.pdf", mimeType: "application/pdf", buffer: pdf });
    const link = dialog.getByRole("link", { name: "Open PDF" });
    await link.waitFor();
    expect(await link.getAttribute("href")).toMatch(/^blob:/);
    expect(problemsOf(page)).toEqual([]);
  });

  it("shows the operator both pages read-only; an order's debit links to the order", async () => {
    const { page } = await demoShopOperator(e2e);
    const sku = await demoTopupSku(e2e.t);
    await page.goto(`/merchant/order/create?productId=${sku.productId}&skuId=${sku.skuId}`);
    await page.getByLabel("Mobile number").fill("13800138000");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/merchant\/order\/P\d+$/);
    const orderNo = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");

    await page.goto("/merchant-fund/fund");
    await page.getByRole("columnheader", { name: "Reference number" }).waitFor();
    expect(await page.getByRole("button", { name: "Recharge" }).count()).toBe(0);

    await page.goto("/merchant-fund/transaction-log");
    const debit = page.getByRole("row", { name: /Deduct deposit/ });
    await debit.getByText("-1.42 USD").waitFor();
    await page.getByTestId("ledger-summary").getByText("-1.42 USD").waitFor();
    await debit.getByRole("link", { name: orderNo }).click();
    await page.waitForURL(new RegExp(`/merchant/order/${orderNo}$`));
    expect(problemsOf(page)).toEqual([]);
  });

  it("shows finance the balance in the top bar, and a banner with the way to top up once it is below the threshold", async () => {
    const m = await e2e.t.merchant({ mfa: false });
    const [row] = await e2e.t.deps.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.merchantNo, m.merchantNo));
    await fund(e2e.t, row!.id, "100");
    const page = await e2e.newPage();
    await page.goto("/login");
    await submitLogin(page, m.users.finance.username, TEST_PASSWORD);
    await bindMfaInDialog(page, e2e);
    await page.getByRole("link", { name: "Balance: 100.00 USD" }).waitFor();
    expect(await page.getByText("below your low-balance threshold", { exact: false }).count()).toBe(0);

    await e2e.t.deps.db.update(merchants).set({ lowBalanceThreshold: "500" }).where(eq(merchants.id, row!.id));
    await page.reload();
    await page
      .getByText("Your balance 100.00 USD is below your low-balance threshold of 500.00 USD", { exact: false })
      .waitFor();
    await page.getByRole("link", { name: "Recharge", exact: true }).click();
    await page.waitForURL(/\/merchant-fund\/fund$/);
    await page.getByRole("link", { name: "Balance: 100.00 USD" }).click();
    await page.waitForURL(/\/merchant-fund\/transaction-log$/);
    expect(problemsOf(page)).toEqual([]);
  });

  it("tells where to send the money (or that nowhere is set up yet), copies the account number, explains the statuses", async () => {
    const m = await e2e.t.merchant({ mfa: false });
    const page = await e2e.newPage({ permissions: ["clipboard-read", "clipboard-write"] });
    await page.goto("/login");
    await submitLogin(page, m.users.finance.username, TEST_PASSWORD);
    await bindMfaInDialog(page, e2e);
    await page.waitForURL(/\/merchant\/fund$/);
    await page.getByRole("button", { name: "Recharge" }).click();
    const dialog = page.getByRole("dialog", { name: "Recharge" });
    await dialog.getByText("No bank account for USD deposits is set up yet.", { exact: false }).waitFor();
    await dialog.getByText("Pending: your record was received", { exact: false }).waitFor();
    await dialog.getByText("Success: the transfer arrived", { exact: false }).waitFor();
    await dialog.getByText("Failed: the deposit was rejected", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    await addBankAccount(e2e.t.deps, {
      bankName: "HSBC Hong Kong",
      accountName: "Reseller Ltd.",
      accountNumber: "400-123456-838",
      swiftOrBranch: "HSBCHKHHHKH",
      currency: "USD",
      note: "Your merchant number as the reference",
    });
    await page.getByRole("button", { name: "Recharge" }).click();
    await dialog.getByText("HSBC Hong Kong").waitFor();
    await dialog.getByText("HSBCHKHHHKH").waitFor();
    await dialog.getByText("Your merchant number as the reference").waitFor();
    await dialog.getByRole("button", { name: "Copy account number" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("400-123456-838");
    expect(problemsOf(page)).toEqual([]);
  });
});
