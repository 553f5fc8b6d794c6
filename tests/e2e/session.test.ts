import { eq } from "drizzle-orm";
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
    await page.waitForURL("**/login");
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
    await page.waitForURL("**/login");
    e2e.t.clock.advance(30_000);
    const res = await e2e.t.app.inject({
      method: "POST",
      url: "/portal/merchant/api/login",
      payload: { username: user.username, password: TEST_PASSWORD, captcha: "" },
    });
    expect(res.statusCode).toBe(400);
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
