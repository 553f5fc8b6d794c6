import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantApps, merchantEvents, merchants } from "../../server/src/db/schema";
import { postBalanceChange } from "../../server/src/modules/ledger/ledger.service";
import { bindMfaInDialog, confirmStepUp, type E2E, problemsOf, startE2E, submitLogin } from "../support/e2e";
import { codeFor, TEST_PASSWORD } from "../support/test-app";

const PAGE = "/merchant-setting/merchant-development";

describe("API settings from the admin's side", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  async function signedInAdmin() {
    const m = await e2e.t.merchant({ mfa: false });
    const page = await e2e.newPage();
    await page.goto("/login");
    await submitLogin(page, m.users.admin.username, TEST_PASSWORD);
    const mfaKey = await bindMfaInDialog(page, e2e);
    const [merchant] = await e2e.t.deps.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.merchantNo, m.merchantNo));
    return { m, page, merchantId: merchant!.id, mfaKey };
  }

  it("generates the secret once, saves URLs and whitelist, and after a reload shows only the mask", async () => {
    const { m, page, merchantId, mfaKey } = await signedInAdmin();
    await page.goto(PAGE);

    // The first visit created the application.
    await page.getByText(m.merchantNo, { exact: true }).waitFor();
    const [app] = await e2e.t.deps.db.select().from(merchantApps).where(eq(merchantApps.merchantId, merchantId));
    await page.getByText(app!.appId, { exact: true }).waitFor();
    await page.getByText("No secret has been generated yet.").waitFor();

    // A secret is access to the merchant's money: the server wants the current code first (step-up). The code
    // that bound MFA a moment ago is refused on the field; the next one goes through.
    await page.getByRole("button", { name: "Generate secret" }).click();
    const stepUp = page.getByRole("dialog", { name: "Confirm with your MFA code" });
    await stepUp.getByText("Enter the current code from your authenticator app", { exact: false }).waitFor();
    await stepUp.getByLabel("MFA code").fill(codeFor(mfaKey, e2e.t.clock.now()));
    await stepUp.getByRole("button", { name: "Submit" }).click();
    await stepUp.getByText("This MFA code has already been used; wait for the next one").waitFor();
    await confirmStepUp(page, e2e, mfaKey);
    const dialog = page.getByRole("dialog", { name: "Your new merchant secret" });
    await dialog.getByText("It will not be shown again", { exact: false }).waitFor();
    const secret = (await dialog.getByTestId("api-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Shown once: Esc does not close it, and neither does its button until the admin says the secret is stored.
    await page.keyboard.press("Escape");
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: "I have saved it" }).isDisabled()).toBe(true);
    await dialog.getByRole("checkbox", { name: /I have copied it and stored it safely/ }).check();
    await dialog.getByRole("button", { name: "I have saved it" }).click();
    await dialog.waitFor({ state: "hidden" });
    const masked = `********${secret.slice(-4)}`;
    await page.getByText(masked, { exact: true }).waitFor();

    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Callback URL").fill("not a url");
    await page.getByLabel("Notification URL").fill("https://shop.example/notify");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Please enter a valid URL").waitFor();

    // Only the server can tell this one: the page shows its reason on the field.
    await page.getByLabel("Callback URL").fill("http://127.0.0.1:9000/callback");
    await page.getByRole("button", { name: "Save" }).click();
    await page
      .getByText("This address points to a private or local network, which the server may not call")
      .first()
      .waitFor();

    await page.getByLabel("Callback URL").fill("https://shop.example/callback");
    await page.getByLabel("IP whitelist").fill("203.0.113.7, 10.0.0.0/8, 2001:db8::/32");
    await page.getByLabel("Low-balance threshold").fill("150");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Save successful!").first().waitFor();

    await page.reload();
    await page.getByText(masked, { exact: true }).waitFor();
    await page.getByText("https://shop.example/callback", { exact: true }).waitFor();
    await page.getByText("https://shop.example/notify", { exact: true }).waitFor();
    await page.getByText("203.0.113.7, 10.0.0.0/8, 2001:db8::/32", { exact: true }).waitFor();
    await page.getByText("150 USD", { exact: true }).waitFor();
    expect(await page.content()).not.toContain(secret);

    // A reset keeps the old secret working for the overlap chosen (a day unless said), until it is revoked.
    await page.getByRole("button", { name: "Reset secret" }).click();
    expect(await page.getByRole("radio", { name: "24 hours" }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "1 hour" }).check();
    await page.getByRole("button", { name: "Reset secret" }).last().click();
    await confirmStepUp(page, e2e, mfaKey);
    const again = page.getByRole("dialog", { name: "Your new merchant secret" });
    await again.getByRole("checkbox", { name: /I have copied it and stored it safely/ }).check();
    await again.getByRole("button", { name: "I have saved it" }).click();
    await page.getByText("The previous secret is accepted until", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Revoke it now" }).click();
    await page.getByRole("button", { name: "Revoke it now" }).last().click();
    await confirmStepUp(page, e2e, mfaKey);
    await page.getByText("The previous secret is no longer accepted").waitFor();
    await page.getByText("The previous secret is accepted until", { exact: false }).waitFor({ state: "hidden" });
    expect(problemsOf(page)).toEqual([]);
  });

  it("has a sandbox tab: its own AppID, a play balance to reset, the simulator's rules and a test callback", async () => {
    const { m, page, merchantId } = await signedInAdmin();
    await page.goto(PAGE);
    await page.getByText(m.merchantNo, { exact: true }).waitFor();
    await page.getByRole("tab", { name: "Sandbox" }).click();
    await page.waitForURL(/environment=sandbox/);
    await page.getByText(`${m.merchantNo}-SANDBOX`, { exact: true }).waitFor();
    const [sandbox] = await e2e.t.deps.db.select().from(merchants).where(eq(merchants.sandboxOf, merchantId));
    const [app] = await e2e.t.deps.db.select().from(merchantApps).where(eq(merchantApps.merchantId, sandbox!.id));
    await page.getByText(app!.appId, { exact: true }).waitFor();
    await page.getByText("10,000.00").waitFor();
    await page.getByText("Ends in 0000").waitFor();
    await page.getByText("Fails at once (ACCOUNT_INVALID) and is refunded").waitFor();

    // Spent play money comes back with Reset (a ledger entry of the sandbox's own).
    await postBalanceChange(e2e.t.deps.db, {
      merchantId: sandbox!.id,
      type: "reduce",
      amount: "-2500",
      remark: "spent in tests",
      at: e2e.t.clock.now(),
    });
    await page.reload();
    await page.getByText("7,500.00").waitFor();
    await page.getByRole("button", { name: "Reset balance" }).click();
    await page.getByText("The play balance goes back to 10000.00 USD", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Reset balance" }).last().click();
    await page.getByText("Sandbox balance reset").waitFor();
    await page.getByText("10,000.00").waitFor();

    // No callback URL yet: nothing to test. With one, the page says what came of the try.
    expect(await page.getByRole("button", { name: "Send a test callback" }).isDisabled()).toBe(true);
    await e2e.t.deps.db
      .update(merchantApps)
      .set({ callbackUrl: "https://shop.invalid/callback" })
      .where(eq(merchantApps.merchantId, sandbox!.id));
    await page.reload();
    await page.getByRole("button", { name: "Send a test callback" }).click();
    await page.getByText("Test callback not delivered:", { exact: false }).waitFor();
    // The delivery log below lists it at once, with no Refresh.
    await page.getByRole("cell", { name: "callback.test", exact: true }).waitFor();
    // The live tab is the live application still.
    await page.getByRole("tab", { name: "Live" }).click();
    await page.getByText(m.merchantNo, { exact: true }).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });

  it("lists deliveries with their outcome, filters them, and resends one after confirmation", async () => {
    const { page, merchantId } = await signedInAdmin();
    const at = e2e.t.clock.now();
    await e2e.t.deps.db.insert(merchantEvents).values([
      {
        eventId: "evt_e2e_failed",
        merchantId,
        channel: "callback",
        type: "order.success",
        payload: {},
        status: "failed",
        attempts: 10,
        lastStatus: 500,
        lastUrl: "https://shop.example/callback",
        lastAttemptAt: at,
        createdAt: at,
      },
      {
        eventId: "evt_e2e_delivered",
        merchantId,
        channel: "notification",
        type: "balance.low",
        payload: {},
        status: "delivered",
        attempts: 1,
        lastStatus: 200,
        lastUrl: "https://shop.example/notify",
        deliveredAt: at,
        createdAt: at,
      },
    ]);
    await page.goto(PAGE);

    const failed = page.getByRole("row", { name: /evt_e2e_failed/ });
    await failed.waitFor();
    const cells = await failed.getByRole("cell").allTextContents();
    expect(cells).toEqual(
      expect.arrayContaining([
        "Callback",
        "order.success",
        "https://shop.example/callback",
        "10 / 10",
        "500",
        "Failed",
      ]),
    );
    await page
      .getByRole("row", { name: /evt_e2e_delivered/ })
      .getByText("Delivered", { exact: true })
      .waitFor();

    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByTitle("Failed", { exact: true }).click();
    await page.getByRole("row", { name: /evt_e2e_delivered/ }).waitFor({ state: "detached" });
    await failed.waitFor();

    await failed.getByRole("button", { name: "Resend" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "Resend" }).click();
    // The Resend is tried at once; shop.example cannot be reached from here, so it fails, and says so. It is an
    // extra try: the event stays failed with its 10 automatic tries, and its log shows the manual one.
    await page.getByText("Sent again, but the receiver did not take it", { exact: false }).waitFor();
    const [row] = await e2e.t.deps.db
      .select({ status: merchantEvents.status, attempts: merchantEvents.attempts })
      .from(merchantEvents)
      .where(eq(merchantEvents.eventId, "evt_e2e_failed"));
    expect(row).toEqual({ status: "failed", attempts: 10 });
    await failed.getByRole("button", { name: "Expand row" }).click();
    // The expanded row lists the tries; the manual one is marked "Resend".
    const tries = page.getByRole("row").filter({ has: page.getByRole("table") });
    await tries.getByRole("cell", { name: "Resend", exact: true }).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });
});
