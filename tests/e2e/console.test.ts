import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Deposit } from "#contracts";
import {
  bindMfaInDialog,
  confirmStepUp,
  demoShopOperator,
  demoTopupSku,
  type E2E,
  problemsOf,
  startE2E,
  submitLogin,
} from "../support/e2e";
import { DEPOSIT, depositForm, merchantIdOf, TINY_PNG } from "../support/funds-fixtures";
import { balanceOf, fund } from "../support/order-fixtures";
import { staffCode, staffMember } from "../support/staff";
import { TEST_PASSWORD } from "../support/test-app";

/** What a merchant's finance user sends through the portal's calls: a proof of payment, then the deposit. */
async function recharge(e2e: E2E, token: string, extra: Record<string, string>): Promise<Deposit> {
  const send = async (path: string, body: FormData | string) => {
    const headers: Record<string, string> = { Authorization: token, "Accept-Language": "en-US" };
    if (typeof body === "string") headers["Content-Type"] = "application/json";
    const answer = await (await fetch(`${e2e.baseUrl}${path}`, { method: "POST", headers, body })).json();
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    return answer.data;
  };
  const form = new FormData();
  form.append("file", new Blob([TINY_PNG], { type: "image/png" }), "proof.png");
  const proof = await send("/portal/merchant/api/upload/image", form);
  return send(DEPOSIT, JSON.stringify(depositForm(proof.fileId, extra)));
}

describe("the reseller's console", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it("a finance officer binds MFA at first sign-in, approves a deposit at a previewed settlement, and the merchant's balance shows it", async () => {
    const m = await e2e.t.merchant();
    const deposit = await recharge(e2e, await e2e.t.login(m.users.finance.username), {
      amount: "710.00",
      currency: "CNY",
      referenceNo: "REF-CONSOLE-1",
    });
    const officer = await staffMember(e2e.t, ["financeOfficer"], { mfa: false });

    // A deep link without a console session: the console's own sign-in, which brings the officer back. The
    // browser's today is the server's (the test's clock), for the statistics' period.
    const page = await e2e.newPage();
    await page.clock.setFixedTime(e2e.t.clock.now());
    await page.goto("/console/deposits");
    await page.waitForURL(/\/console\/login\?to=%2Fconsole%2Fdeposits$/);
    await page.getByRole("heading", { name: "Merchant Portal Console" }).waitFor();
    await submitLogin(page, officer.username, TEST_PASSWORD);
    await bindMfaInDialog(page, e2e);
    await page.waitForURL(/\/console\/deposits$/);
    const menu = await page.getByRole("navigation", { name: "Main menu" }).getByRole("menuitem").allInnerTexts();
    expect(menu).toContain("Deposit review");

    // The pending queue holds the merchant's deposit; its proof is shown large in the review.
    const row = page.getByRole("row", { name: /REF-CONSOLE-1/ });
    await row.getByText("710.00 CNY").waitFor();
    await row.getByRole("button", { name: "Review" }).click();
    const review = page.getByRole("dialog", { name: `Deposit ${deposit.depositNo}` });
    await review.getByRole("img", { name: "Proof of payment" }).waitFor();

    // A bad rate is refused in place; a good one previews what the server will credit (710.00 x 0.1408 = 99.968).
    const rate = review.getByLabel("Exchange rate (CNY to USD)");
    await rate.fill("-1");
    await review.getByText("The exchange rate is a number above 0 with at most 8 decimals, e.g. 7.1234").waitFor();
    await rate.fill("0.1408");
    await review.getByText("The merchant's balance will grow by 99.97 USD").waitFor();
    await review.getByRole("button", { name: "Approve and credit the balance" }).click();
    await page.getByText(`Deposit ${deposit.depositNo} approved: the merchant's balance is credited`).waitFor();
    await row.waitFor({ state: "detached" });

    // The reseller's statistics count it at once (the hourly rollups follow every change).
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("menuitem", { name: "Statistics" }).click();
    await page.getByText("Deposits (1)").waitFor();
    await page.getByText("99.97 USD").first().waitFor();

    // The merchant sees it in its own portal, the server untouched in between.
    const merchantPage = await e2e.newPage();
    await merchantPage.goto("/login");
    await submitLogin(
      merchantPage,
      m.users.finance.username,
      TEST_PASSWORD,
      await e2e.t.code(m.users.finance.username),
    );
    await merchantPage.getByRole("link", { name: "Balance: 99.97 USD" }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    expect(problemsOf(merchantPage)).toEqual([]);
  });

  it("a super administrator creates a merchant and its first admin, who signs in to the merchant portal", async () => {
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    const page = await e2e.newPage();
    await page.goto("/console/login");
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    // The first area a super administrator's roles open.
    await page.waitForURL(/\/console\/merchants$/);

    await page.getByRole("button", { name: "New merchant" }).click();
    const form = page.getByRole("dialog", { name: "New merchant" });
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Merchant name is required").waitFor();
    await form.getByLabel("Merchant name").fill("Lotus Telecom");
    await form.getByLabel("Company name").fill("Lotus Telecom Ltd");
    await form.getByLabel("Balance currency").fill("usd");
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Merchant Lotus Telecom created: add its first admin below").waitFor();

    // The new merchant opens; its first admin gets a one-time password, after the chief's code (step-up).
    const merchant = page.getByRole("dialog", { name: "Lotus Telecom" });
    await merchant.getByText("0.00 USD").waitFor();
    await merchant.getByRole("button", { name: "Add user" }).click();
    const userForm = page.getByRole("dialog", { name: "Create member" });
    const username = `owner.${Date.now().toString(36)}@lotus.test`;
    await userForm.getByLabel("Account").fill(username);
    // The role offered by default is Operator: the chief picks Admin instead.
    await userForm.getByText("Operator — Read-only plus placing orders").click();
    await page.getByTitle(/^Admin — /).click();
    await userForm.getByRole("button", { name: "Save" }).click();
    await confirmStepUp(page, e2e, chief.mfaSecret!);
    const shown = page.getByRole("dialog", { name: `Password of ${username}` });
    const password = /[A-Za-z0-9]{16}/.exec((await shown.getByTestId("generated-password").textContent()) ?? "")?.[0];
    expect(password).toBeDefined();
    await shown.getByRole("checkbox", { name: /I have copied it and stored it safely/ }).check();
    await shown.getByRole("button", { name: "Done" }).click();
    const row = merchant.getByRole("row", { name: new RegExp(username.replace(/\./g, "\\.")) });
    expect(await row.getByRole("cell").allTextContents()).toEqual(expect.arrayContaining(["Admin", "Not bound"]));

    // The admin signs in to the merchant portal with it, binds MFA, and lands on Merchant Information.
    const owner = await e2e.newPage();
    await owner.goto("/login");
    await submitLogin(owner, username, password!);
    await bindMfaInDialog(owner, e2e);
    await owner.waitForURL(/\/merchant\/info$/);
    await owner.getByText("Lotus Telecom Ltd").waitFor();

    // The console speaks Chinese too: its own texts load with the other language.
    await merchant.getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("button", { name: /English/ }).click();
    await page.getByRole("menuitem", { name: "简体中文" }).click();
    await page.getByRole("navigation", { name: "主菜单" }).getByRole("menuitem", { name: "充值审核" }).waitFor();
    await page.getByRole("heading", { name: "商户" }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    expect(problemsOf(owner)).toEqual([]);
  });

  it("customer service asks the supplier again about a stuck order, then fails it, and the merchant sees it refunded", async () => {
    const shop = await demoShopOperator(e2e);
    const sku = await demoTopupSku(e2e.t);
    // The simulator never answers for an account ending in 9999, and no worker runs here: the order stays stuck.
    await shop.page.goto(`/merchant/order/create?productId=${sku.productId}&skuId=${sku.skuId}`);
    await shop.page.getByLabel("Mobile number").fill("13800009999");
    await shop.page.getByRole("button", { name: "Place order" }).click();
    await shop.page.waitForURL(/\/merchant\/order\/P\d+$/);
    const orderNo = decodeURIComponent(new URL(shop.page.url()).pathname.split("/").pop() ?? "");
    await shop.page.getByRole("link", { name: "Balance: 98.58 USD" }).waitFor();

    const service = await staffMember(e2e.t, ["customerService"]);
    const page = await e2e.newPage();
    await page.goto("/console/login");
    await submitLogin(page, service.username, TEST_PASSWORD, await staffCode(e2e.t, service));
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await nav.getByRole("menuitem", { name: "Orders" }).click();
    // Customer service's roles open merchants, orders and (to read) risk control, not deposits or staff.
    expect(await nav.getByRole("menuitem").allInnerTexts()).toEqual(["Merchants", "Orders", "Risk control"]);
    await page.getByLabel("Order number", { exact: true }).fill(orderNo);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const row = page.getByRole("row", { name: new RegExp(orderNo) });
    await row.getByText(shop.merchantNo, { exact: false }).waitFor();
    await row.getByRole("button", { name: orderNo }).click();

    const drawer = page.getByRole("dialog", { name: `Order ${orderNo}` });
    await drawer.getByRole("button", { name: "Ask the supplier again" }).click();
    await page.getByText(`Order ${orderNo} is being asked at the supplier again`).waitFor();
    await drawer.getByRole("button", { name: "Fail and refund" }).click();
    const confirm = page.getByRole("dialog", { name: `Fail order ${orderNo}` });
    await confirm.getByRole("button", { name: "Fail and refund" }).click();
    await confirm.getByText("This field is required").waitFor();
    await confirm.getByLabel("Failure reason").fill("Supplier confirmed it never arrived");
    await confirm.getByRole("button", { name: "Fail and refund" }).click();
    await page.getByText(`Order ${orderNo} failed and refunded`).waitFor();
    await drawer.getByText("Failed", { exact: true }).first().waitFor();

    // The merchant's page shows the failure, its reason and the money back.
    await shop.page.reload();
    await shop.page.getByText("Supplier confirmed it never arrived").first().waitFor();
    await shop.page.getByRole("link", { name: "Balance: 100.00 USD" }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    expect(problemsOf(shop.page)).toEqual([]);
  });

  it("a super administrator adds a colleague and a role; an adjustment above the four-eyes amount waits for the colleague; the audit log shows it all", async () => {
    const m = await e2e.t.merchant();
    const merchantId = await merchantIdOf(e2e.t, m.merchantNo);
    await fund(e2e.t, merchantId, "2000");
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    const page = await e2e.newPage();
    await page.goto("/console/login");
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    await page.waitForURL(/\/console\/merchants$/);
    const nav = page.getByRole("navigation", { name: "Main menu" });

    // A colleague with two roles, a one-time password shown once.
    await nav.getByRole("menuitem", { name: "Staff" }).click();
    await page.getByRole("button", { name: "New staff member" }).click();
    const staffForm = page.getByRole("dialog", { name: "New staff member" });
    const colleague = `colleague.${Date.now().toString(36)}@reseller.test`;
    await staffForm.getByLabel("Account").fill(colleague);
    await staffForm.getByLabel("Roles").click();
    await page.getByTitle("Finance officer").click();
    await page.getByTitle("Customer service").click();
    await staffForm.getByLabel("Name").click(); // closes the role list, which covers the buttons
    await staffForm.getByRole("button", { name: "Save" }).click();
    await confirmStepUp(page, e2e, chief.mfaSecret!);
    const shown = page.getByRole("dialog", { name: `Password of ${colleague}` });
    const password = /[A-Za-z0-9]{16}/.exec((await shown.getByTestId("generated-password").textContent()) ?? "")?.[0];
    await shown.getByRole("checkbox", { name: /I have copied it and stored it safely/ }).check();
    await shown.getByRole("button", { name: "Done" }).click();
    const staffRow = page.getByRole("row", { name: new RegExp(colleague.replace(/\./g, "\\.")) });
    await staffRow.getByText("Finance officer").waitFor();
    await staffRow.getByText("Customer service").waitFor();

    // A role of the reseller's own: read the audit log, nothing else.
    await nav.getByRole("menuitem", { name: "Roles" }).click();
    await page.getByRole("button", { name: "New role" }).click();
    const roleForm = page.getByRole("dialog", { name: "New role" });
    await roleForm.getByLabel("Role", { exact: true }).fill("Auditor");
    await roleForm
      .getByRole("row", { name: /Audit log/ })
      .getByLabel("View list")
      .check();
    await roleForm.getByRole("button", { name: "Save" }).click();
    await confirmStepUp(page, e2e, chief.mfaSecret!);
    await page
      .getByRole("row", { name: /Auditor/ })
      .getByText("Audit log: View list")
      .waitFor();
    // Opened again, the dialog shows what the role holds.
    await page
      .getByRole("row", { name: /Auditor/ })
      .getByRole("button", { name: "Edit" })
      .click();
    const editRole = page.getByRole("dialog", { name: "Edit role" });
    await expect.poll(() => editRole.getByLabel("Role", { exact: true }).inputValue()).toBe("Auditor");
    const auditRow = editRole.getByRole("row", { name: /Audit log/ });
    expect(await auditRow.getByLabel("View list").isChecked()).toBe(true);
    expect(await editRole.getByRole("checkbox", { checked: true }).count()).toBe(1);
    await editRole.getByRole("button", { name: "Cancel" }).click();

    // 1,500.00 is above the four-eyes amount (1,000): it waits, and its requester may not approve it.
    await nav.getByRole("menuitem", { name: "Balance adjustments" }).click();
    await page.getByRole("button", { name: "New adjustment" }).click();
    const adjustment = page.getByRole("dialog", { name: "New adjustment" });
    await adjustment.getByLabel("Merchant number").fill(m.merchantNo);
    await adjustment.getByLabel("Amount").fill("1500");
    await adjustment.getByLabel("Remark").fill("Chargeback from the card acquirer");
    await adjustment.getByRole("button", { name: "Submit" }).click();
    await page
      .getByText("Above the four-eyes amount: the adjustment waits for a second staff member's approval")
      .waitFor();
    const waiting = page.getByRole("row", { name: /Chargeback from the card acquirer/ });
    await waiting.getByText("Awaiting approval").waitFor();
    expect(await waiting.getByRole("button", { name: "Approve" }).count()).toBe(0);
    expect(await balanceOf(e2e.t, merchantId)).toBe("2000.0000");

    // The colleague signs in with the one-time password, binds MFA, and approves it.
    const second = await e2e.newPage();
    await second.goto("/console/login");
    await submitLogin(second, colleague, password!);
    await bindMfaInDialog(second, e2e);
    await second
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("menuitem", { name: "Balance adjustments" })
      .click();
    const row = second.getByRole("row", { name: /Chargeback from the card acquirer/ });
    await row.getByRole("button", { name: "Approve" }).click();
    await second.getByRole("button", { name: "OK" }).click();
    await second.getByText("Adjustment approved and posted").waitFor();
    await row.getByText("Posted").waitFor();
    await row.getByText("500.00 USD", { exact: true }).waitFor();
    expect(await balanceOf(e2e.t, merchantId)).toBe("500.0000");

    // The one-time password is replaced by the colleague's own: every session ends, and the sign-in says why.
    await second.getByRole("button", { name: "User menu" }).click();
    await second.getByRole("menuitem", { name: "Update Password" }).click();
    const change = second.getByRole("dialog", { name: "Update Password" });
    await change.getByLabel("Old password").fill(password!);
    await change.getByLabel("New password").fill("N3w-console-pass!");
    await change.getByLabel("Confirm password").fill("N3w-console-pass!");
    await change.getByRole("button", { name: "Submit" }).click();
    await second.waitForURL("**/console/login?notice=passwordChanged");
    await second.getByText("Your password was changed. Log in with the new password.").waitFor();

    // The audit log holds each of these, newest first, with who did it.
    await nav.getByRole("menuitem", { name: "Audit log" }).click();
    await page
      .getByRole("row", { name: /Adjusted a balance/ })
      .getByText(colleague, { exact: false })
      .waitFor();
    await page
      .getByRole("row", { name: /Requested an adjustment/ })
      .getByText(chief.username, { exact: false })
      .waitFor();
    await page
      .getByRole("row", { name: /Created a role/ })
      .getByText(chief.username, { exact: false })
      .waitFor();
    await page
      .getByRole("row", { name: /Created a staff member/ })
      .filter({ hasText: colleague })
      .waitFor();
    // Filtered to one action, the export is a spreadsheet of the same entries.
    await page.getByLabel("Action", { exact: true }).fill("Requested an adjustment");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("row", { name: /Created a role/ }).waitFor({ state: "detached" });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    expect(problemsOf(page)).toEqual([]);
    expect(problemsOf(second)).toEqual([]);
  });

  it("a console list keeps its search and page in the address, through a reload and Back", async () => {
    for (let i = 1; i <= 22; i++) await e2e.t.merchant({ name: `Paging Co ${String(i).padStart(2, "0")}`, mfa: false });
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    const page = await e2e.newPage();
    await page.goto("/console/login");
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    await page.waitForURL(/\/console\/merchants$/);
    const rows = page.getByRole("row", { name: /Paging Co/ });
    const keyword = page.getByLabel("Number or name");

    // Twenty a page, as in the merchant portal; the search and the page go into the address.
    await keyword.fill("Paging Co");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/keyword=Paging/);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(20);
    await page.getByTitle("Next Page").click();
    await page.waitForURL(/page=2/);
    const url = page.url();
    expect(new URL(url).search).toBe("?keyword=Paging+Co&page=2");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);

    // A reload: the same page of the same search, the form showing it.
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(page.url()).toBe(url);
    expect(await keyword.inputValue()).toBe("Paging Co");

    // Away to another area and Back: the list as it was left.
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("menuitem", { name: "Audit log" }).click();
    await page.waitForURL(/\/console\/audit$/);
    await page.goBack();
    await page.waitForURL(url);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await keyword.inputValue()).toBe("Paging Co");
    expect(problemsOf(page)).toEqual([]);
  });

  it("says so when the staff member's info cannot be read, and reads it again on Retry", async () => {
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    const page = await e2e.newPage();
    await page.goto("/console/login");
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    await page.waitForURL(/\/console\/merchants$/);
    // The network drops `me` on the next page load, retries included: the token stays, the page says what failed.
    let failing = true;
    await page.route("**/portal/console/api/me", (route) =>
      failing ? route.abort("connectionreset") : route.continue(),
    );
    await page.reload();
    await page.getByText("failed to get login status").waitFor();
    failing = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "Merchants" }).waitFor();
  });
});
