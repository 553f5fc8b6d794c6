import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../server/src/db/schema";
import { bindMfaInDialog, type E2E, problemsOf, startE2E, submitLogin } from "../support/e2e";
import { TEST_PASSWORD } from "../support/test-app";

describe("the session in the shell", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  async function signedIn(role: "admin" | "operator" | "finance" = "admin") {
    const m = await e2e.t.merchant({ mfa: false });
    const page = await e2e.newPage();
    await page.goto("/login");
    await submitLogin(page, m.users[role].username, TEST_PASSWORD);
    await bindMfaInDialog(page, e2e);
    // The landing page loads once MFA is bound; wait for its data so later calls are the test's own.
    await page.getByText(m.merchantNo, { exact: true }).first().waitFor();
    return { page, user: m.users[role] };
  }

  it("shows the logged-out prompt when the server revokes the session", async () => {
    const { page, user } = await signedIn();
    const storedLogin = () =>
      page.evaluate(() => ({
        stored: localStorage.getItem("loginToken"),
        cookie: document.cookie.includes("loginToken="),
      }));
    expect(await storedLogin()).toEqual({ stored: expect.stringMatching(/^Bearer \S+$/), cookie: true });
    await e2e.t.deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Export Task" }).click();
    const prompt = page.getByRole("dialog", { name: "You have been logged out" });
    await prompt.waitFor();
    await prompt.getByRole("button", { name: "Log in again" }).click();
    // Back at sign-in, which will bring the user back to the page they were on. Polled on the address (not the
    // page's load event) so a slow machine's late load does not fail it, and a wrong address is printed.
    const address = () => page.url().replace(/^https?:\/\/[^/]+/, "");
    await expect.poll(address, { timeout: 30_000 }).toBe("/login?to=%2Fmerchant%2Finfo");
    await page.getByLabel("Username").waitFor();
    expect(await storedLogin()).toEqual({ stored: null, cookie: false });
    expect(problemsOf(page)).toEqual([]);
  });

  it("signs the user out after a password change, and the new password works", async () => {
    const { page, user } = await signedIn("operator");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Update Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Password" });
    await dialog.getByLabel("Old password").fill(TEST_PASSWORD);
    await dialog.getByLabel("New password").fill("N3w-password!");
    await dialog.getByLabel("Confirm password").fill("N3w-password?");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByText("The password entered twice does not match").waitFor();
    await dialog.getByLabel("Confirm password").fill("N3w-password!");
    await dialog.getByRole("button", { name: "Submit" }).click();
    // The page is replaced at once; the sign-in page is where the success is said.
    await page.waitForURL("**/login?notice=passwordChanged");
    await page.getByText("Your password was changed. Log in with the new password.").waitFor();
    e2e.t.clock.advance(30_000);
    const res = await e2e.t.app.inject({
      method: "POST",
      url: "/portal/merchant/api/login",
      payload: { username: user.username, password: TEST_PASSWORD, captcha: "" },
    });
    expect(res.statusCode).toBe(400);
    expect(problemsOf(page)).toEqual([]);
  });

  /** Error toasts on screen: each carries antd's error icon, which is named for screen readers. */
  const errorToasts = (page: Page) => page.getByRole("img", { name: "close-circle" }).count();

  it("prompts in a tab whose session another tab ended (a 401 without a token), with one toast", async () => {
    const { page } = await signedIn();
    const other = await page.context().newPage();
    await other.goto("/merchant/info");
    await other.getByRole("button", { name: "User menu" }).click();
    await other.getByRole("menuitem", { name: "Logout" }).click();
    await other.waitForURL("**/login");
    // This tab still shows the shell; its next call carries no token and meets a 401.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Export Task" }).click();
    await page.getByRole("dialog", { name: "You have been logged out" }).waitFor();
    expect(await errorToasts(page)).toBeLessThanOrEqual(1);
    expect(problemsOf(page)).toEqual([]);
  });

  it("keeps a deep link through sign-in, and says why a role is turned away from a page", async () => {
    const m = await e2e.t.merchant({ mfa: false });
    const page = await e2e.newPage();
    await page.goto("/merchant-fund/fund?pageSize=50");
    await page.waitForURL("**/login?to=*");
    await submitLogin(page, m.users.operator.username, TEST_PASSWORD);
    await bindMfaInDialog(page, e2e);
    await page.waitForURL("**/merchant-fund/fund?pageSize=50");
    await page.goto("/merchant-setting/merchant-member");
    await page.waitForURL("**/merchant/info");
    await page
      .getByText("You don't have access to Operator Management, so you were taken to your home page.")
      .waitFor();
    expect(problemsOf(page)).toEqual([]);
  });

  it("shows one message per failure: nine wrong sign-ins, a wrong MFA code", async () => {
    const m = await e2e.t.merchant({ mfa: false });
    const page = await e2e.newPage();
    await page.goto("/login");
    for (let i = 0; i < 9; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith("/merchant/api/login"));
      await submitLogin(page, m.users.finance.username, "not-the-password");
      await answered;
    }
    // The sign-in page's one message region (role alert): each failure replaces the message before it.
    expect(await page.getByRole("alert").count()).toBe(1);

    const fresh = await e2e.newPage();
    await fresh.goto("/login");
    await submitLogin(fresh, m.users.admin.username, TEST_PASSWORD);
    const bind = fresh.getByRole("dialog", { name: "Bind MFA" });
    await bind.getByRole("button", { name: "Next Step" }).click();
    const codeDialog = fresh.getByRole("dialog", { name: "Enter MFA code" });
    await codeDialog.getByLabel("MFA code").fill("000000");
    await codeDialog.getByRole("button", { name: "Submit" }).click();
    await fresh.getByText("Operation failed：", { exact: false }).waitFor();
    expect(await errorToasts(fresh)).toBe(1);
    // The toast says it; the field does not repeat it.
    expect(await codeDialog.getByText("The MFA code is not valid").count()).toBe(0);
  });

  it("titles the sign-in and not-found pages in the reader's language, on a page without a body margin", async () => {
    const page = await e2e.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in" }).waitFor();
    expect(await page.title()).toBe("Login - Merchant Portal");
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
    await page.goto("/no-such-page");
    await page.waitForURL("**/404");
    await page.getByRole("button", { name: "Back Home" }).waitFor();
    expect(await page.title()).toBe("Not found - Merchant Portal");
    const zh = await e2e.newPage({ locale: "zh-CN" });
    await zh.goto("/login");
    await zh
      .getByRole("button", { name: "登 录" })
      .or(zh.getByRole("button", { name: "登录" }))
      .waitFor();
    expect(await zh.title()).toBe("登录 - Merchant Portal");
    expect(problemsOf(page)).toEqual([]);
  });

  it("says that resetting MFA unbinds the authenticator", async () => {
    const { page } = await signedIn("operator");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Reset MFA" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset MFA" });
    await dialog.getByText("Resetting unbinds your authenticator app from this account", { exact: false }).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });

  it("on a phone (390 px) names the account at the head of the user menu, on one line, not in the top bar", async () => {
    const { page, user } = await signedIn("operator");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole("button", { name: "User menu" }).waitFor();
    expect(await page.getByRole("banner").getByText(user.username, { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "User menu" }).click();
    const name = page.getByRole("menuitem", { name: user.username });
    await name.waitFor();
    const box = await name.boundingBox();
    // One line of 14 px text: a wrapped name was three lines (about 66 px) tall.
    expect(box?.height).toBeLessThan(45);
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(problemsOf(page)).toEqual([]);
  });

  it("opens the command palette with Ctrl+K and navigates to a page", async () => {
    const { page } = await signedIn();
    await page.waitForURL("**/merchant/info");
    await page.keyboard.press("Control+k");
    const search = page.getByPlaceholder("Type a page or command…");
    await search.waitFor();
    await search.fill("Operator");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/merchant-setting/merchant-member");
    expect(problemsOf(page)).toEqual([]);
  });
});
