import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bindMfaInDialog, confirmStepUp, type E2E, problemsOf, startE2E, submitLogin } from "../support/e2e";
import { TEST_PASSWORD, type TestMerchant } from "../support/test-app";

/** An admin of a fresh merchant, signed in (MFA bound) and on Operator Management. */
async function adminOnMembers(e2e: E2E, m: TestMerchant) {
  const page = await e2e.newPage({ permissions: ["clipboard-read", "clipboard-write"] });
  await page.goto("/login");
  await submitLogin(page, m.users.admin.username, TEST_PASSWORD);
  const mfaKey = await bindMfaInDialog(page, e2e);
  await page.waitForURL(/\/merchant\/info$/);
  const nav = page.getByRole("navigation", { name: "Main menu" });
  await nav.getByRole("menuitem", { name: "Operator Management" }).click();
  await page.waitForURL(/\/merchant-setting\/merchant-member$/);
  await page.getByRole("row", { name: new RegExp(m.users.finance.username) }).waitFor();
  return { page, mfaKey };
}

describe("operator management", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it("creates an operator with a generated password shown once, who then signs in with it and binds MFA", async () => {
    const m = await e2e.t.merchant({ mfa: false });
    const { page, mfaKey } = await adminOnMembers(e2e, m);
    const username = `new.operator.${Date.now().toString(36)}@e2e.test`;

    await page.getByRole("button", { name: "Create" }).click();
    const form = page.getByRole("dialog", { name: "Create member" });
    // An account already in use: refused, and the form says so beside the field.
    await form.getByLabel("Account").fill(m.users.operator.username);
    await form.getByRole("button", { name: "Save" }).click();
    await confirmStepUp(page, e2e, mfaKey);
    await form.getByText(`The account ${m.users.operator.username} is already in use`).first().waitFor();
    // The role offered by default is Operator, with what it may do.
    await form.getByText("Operator — Read-only plus placing orders").waitFor();
    await form.getByLabel("Account").fill(username.toUpperCase());
    await form.getByLabel("Phone").fill("+1 555 0100");
    await form.getByLabel("Remark").fill("created by e2e");
    await form.getByRole("button", { name: "Save" }).click();
    await confirmStepUp(page, e2e, mfaKey);

    const shown = page.getByRole("dialog", { name: `Password of ${username}` });
    await shown.waitFor();
    const text = (await shown.getByTestId("generated-password").textContent()) ?? "";
    const password = /[A-Za-z0-9]{16}/.exec(text)?.[0];
    expect(password).toBeDefined();
    await shown.getByRole("button", { name: "Copy", exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await shown.getByRole("checkbox", { name: /I have copied it and stored it safely/ }).check();
    await shown.getByRole("button", { name: "Done" }).click();
    await shown.waitFor({ state: "hidden" });

    // The list refreshed itself: the new member, lower-cased, an enabled operator without MFA yet.
    const row = page.getByRole("row", { name: new RegExp(username.replace(/\./g, "\\.")) });
    await row.waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells).toEqual(
      expect.arrayContaining([username, "+1 555 0100", "Operator", "Not bound", "Enabled", "created by e2e"]),
    );

    // A fresh browser: the operator signs in with the password from the dialog, binds MFA, lands on their page.
    const operator = await e2e.newPage();
    await operator.goto("/login");
    await submitLogin(operator, username, password!);
    await bindMfaInDialog(operator, e2e);
    await operator.waitForURL(/\/merchant\/info$/);
    await operator
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("menuitem", { name: "Order Management" })
      .waitFor();

    // Back on the admin's page a refresh shows the operator's MFA bound and a last sign-in.
    await page.getByRole("button", { name: "Refresh" }).click();
    await row.getByText("Bound", { exact: true }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    expect(problemsOf(operator)).toEqual([]);
  });

  it("disables a member after a confirmation, resets a password, and offers no self-destruction on the admin's own row", async () => {
    const m = await e2e.t.merchant({ mfa: false });
    const { page, mfaKey } = await adminOnMembers(e2e, m);
    const row = page.getByRole("row", { name: new RegExp(m.users.finance.username) });
    await row.getByRole("button", { name: "Disable" }).click();
    await page.getByText(`Disable ${m.users.finance.username}?`).waitFor();
    await page.getByRole("tooltip").getByRole("button", { name: "OK" }).click();
    await confirmStepUp(page, e2e, mfaKey);
    await page.getByText(`${m.users.finance.username} is disabled and signed out`).waitFor();
    await row.getByText("Disabled", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Enable" }).waitFor();

    // Reset a password leaving it empty: a random one is shown once, and only it signs the member in now.
    const operatorRow = page.getByRole("row", { name: new RegExp(m.users.operator.username) });
    await operatorRow.getByRole("button", { name: "Reset password" }).click();
    const reset = page.getByRole("dialog", { name: `Reset password of ${m.users.operator.username}` });
    await reset.getByRole("button", { name: "Submit" }).click();
    await confirmStepUp(page, e2e, mfaKey);
    const shown = page.getByRole("dialog", { name: `Password of ${m.users.operator.username}` });
    const password = /[A-Za-z0-9]{16}/.exec((await shown.getByTestId("generated-password").textContent()) ?? "")?.[0];
    expect(password).toBeDefined();
    await shown.getByRole("checkbox", { name: /I have copied it and stored it safely/ }).check();
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(e2e.t.login(m.users.operator.username)).rejects.toThrow(/login failed/);
    await e2e.t.login(m.users.operator.username, password);

    const own = page.getByRole("row", { name: new RegExp(m.users.admin.username) });
    for (const name of ["Disable", "Reset MFA", "Reset password", "Delete"])
      expect(await own.getByRole("button", { name }).isDisabled()).toBe(true);
    expect(problemsOf(page)).toEqual([]);
  });
});
