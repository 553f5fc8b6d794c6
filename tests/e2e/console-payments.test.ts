import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bindMfaInDialog, confirmStepUp, type E2E, problemsOf, startE2E, submitLogin } from "../support/e2e";
import { TINY_PNG } from "../support/funds-fixtures";
import { staffCode, staffMember } from "../support/staff";
import { TEST_PASSWORD } from "../support/test-app";

/**
 * The open antd select's options: the only visible elements with `aria-selected` and a title (a list opened before
 * stays in the page, hidden).
 */
const openOptions = (page: Page) => page.locator("[aria-selected][title]").filter({ visible: true });

/**
 * Payments in the console (issue 16), with the real server and a browser each: a finance officer adds a USD
 * receiving bank account (step-up) and the payment methods; the merchant's finance user sees the account in the
 * Recharge dialog, is offered the enabled methods only, and submits a recharge naming one.
 */
describe("payments in the console", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it("a finance officer adds a bank account and payment methods, and the merchant's Recharge dialog offers them", async () => {
    const officer = await staffMember(e2e.t, ["financeOfficer"]);
    const page = await e2e.newPage();
    await page.goto("/console/login");
    await submitLogin(page, officer.username, TEST_PASSWORD, await staffCode(e2e.t, officer));
    await page.waitForURL(/\/console\/merchants$/);
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("menuitem", { name: "Payments" }).click();
    await page.getByRole("heading", { name: "Payments" }).waitFor();
    await page
      .getByText("Merchants see the enabled bank accounts in their balance currency", { exact: false })
      .waitFor();

    // A bank account, through the form: every field checked in place, the officer's code asked again (step-up).
    const accounts = page.getByRole("tabpanel", { name: "Receiving bank accounts" });
    await accounts.getByRole("button", { name: "Add bank account" }).click();
    const form = page.getByRole("dialog", { name: "Add bank account" });
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("This field is required").first().waitFor();
    await form.getByLabel("Bank", { exact: true }).fill("HSBC Hong Kong");
    await form.getByLabel("Account name").fill("Reseller Ltd.");
    await form.getByLabel("Account number").fill("400-123456-838");
    await form.getByLabel("SWIFT/BIC or branch").fill("HSBCHKHHHKH");
    await form.getByLabel("Currency").fill("usd");
    await form.getByLabel("Note").fill("Your merchant number as the reference");
    await form.getByRole("button", { name: "Save" }).click();
    await confirmStepUp(page, e2e, officer.mfaSecret!);
    await page.getByText("Bank account 400-123456-838 added").waitFor();
    await form.waitFor({ state: "hidden" });
    const account = accounts.getByRole("row", { name: /400-123456-838/ });
    await account.getByText("USD", { exact: true }).waitFor();
    await account.getByText("HSBCHKHHHKH", { exact: true }).waitFor();
    await account.getByText("Enabled", { exact: true }).waitFor();

    // Two payment methods; a second one of the same name is refused on the name field; one is disabled.
    await page.getByRole("tab", { name: "Payment methods" }).click();
    const methods = page.getByRole("tabpanel", { name: "Payment methods" });
    const method = page.getByRole("dialog", { name: "Add payment method" });
    const addMethod = async (name: string, order: string) => {
      await methods.getByRole("button", { name: "Add payment method" }).click();
      await method.getByLabel("Name").fill(name);
      await method.getByLabel("Display order").fill(order);
      await method.getByRole("button", { name: "Save" }).click();
    };
    await addMethod("USDT (TRC20)", "2");
    await page.getByText("Payment method USDT (TRC20) added").waitFor();
    await method.waitFor({ state: "hidden" });
    await addMethod("Bank transfer", "1");
    await page.getByText("Payment method Bank transfer added").waitFor();
    await method.waitFor({ state: "hidden" });
    await addMethod("Bank transfer", "3");
    await method.getByText("A payment method with this name exists").waitFor();
    await method.getByRole("button", { name: "Cancel" }).click();
    await method.waitFor({ state: "hidden" });
    // In their order: the smaller number first.
    await expect
      .poll(() => methods.getByRole("row").allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Name/),
        expect.stringMatching(/^Bank transfer/),
        expect.stringMatching(/^USDT/),
      ]);
    const usdt = methods.getByRole("row", { name: /USDT \(TRC20\)/ });
    await usdt.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit USDT (TRC20)" });
    await expect.poll(() => edit.getByLabel("Display order").inputValue()).toBe("2");
    await edit.getByRole("switch", { name: "Enabled" }).click();
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText("Payment method USDT (TRC20) saved").waitFor();
    await usdt.getByText("Disabled", { exact: true }).waitFor();

    // The merchant's finance user (balance in USD): the account to send to, and the enabled method to choose.
    const m = await e2e.t.merchant({ mfa: false });
    const portal = await e2e.newPage();
    await portal.goto("/login");
    await submitLogin(portal, m.users.finance.username, TEST_PASSWORD);
    await bindMfaInDialog(portal, e2e);
    await portal.waitForURL(/\/merchant\/fund$/);
    await portal.getByRole("button", { name: "Recharge" }).click();
    const dialog = portal.getByRole("dialog", { name: "Recharge" });
    await dialog.getByText("HSBC Hong Kong").waitFor();
    await dialog.getByText("400-123456-838").waitFor();
    await dialog.getByText("Your merchant number as the reference").waitFor();

    // The gateway is a choice now, still required in the same words.
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByText("Please enter the payment gateway").waitFor();
    await dialog.getByLabel("Payment gateway").click();
    // Only the enabled method (read until the list has settled: antd measures it before showing it).
    await expect
      .poll(() => openOptions(portal).evaluateAll((options) => options.map((o) => o.getAttribute("title"))))
      .toEqual(["Bank transfer"]);
    await openOptions(portal)
      .and(portal.getByTitle("Bank transfer", { exact: true }))
      .click();
    await openOptions(portal).first().waitFor({ state: "hidden" });
    await dialog.getByText("Please enter the payment gateway").waitFor({ state: "detached" });
    // The select carries aria-required on its input alone (axe refuses it on the select's outer div).
    await portal.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    );
    const { violations } = await new AxeBuilder({ page: portal })
      .include('[role="dialog"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // The rest of the form, the proof uploaded for real; the recharge names the chosen method.
    await dialog.getByLabel("Amount").fill("250.00");
    await dialog.getByLabel("Reference number").fill("REF-PAYMENTS-1");
    await dialog.getByLabel("Transaction time").fill("2026-11-20 08:30:00");
    await dialog.getByLabel("Transaction time").press("Enter");
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: TINY_PNG });
    await dialog.getByRole("img", { name: "Proof of payment" }).waitFor();
    await dialog.getByLabel("Company name").fill("ACME Trading Ltd");
    await dialog.getByLabel("Bank account").fill("6222 0000 1111");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await portal.getByText("Save successful!").first().waitFor();
    await dialog.waitFor({ state: "hidden" });
    const row = portal.getByRole("row", { name: /REF-PAYMENTS-1/ });
    await row.getByText("Bank transfer", { exact: true }).waitFor();
    await row.getByText("Pending", { exact: true }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    expect(problemsOf(portal)).toEqual([]);
  });
});
