import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleResources } from "#contracts";
import { orderPath } from "../../src/lib/order-list";
import { storageKeys } from "../../src/lib/storage-keys";
import { auditedPaths, openSettled } from "../support/browser";
import { type E2E, problemsOf, startE2E, submitLogin, viewports } from "../support/e2e";
import { type EveryStatusShop, shopInEveryStatus } from "../support/every-status";
import { staffCode, staffLogin, staffMember } from "../support/staff";
import { TEST_PASSWORD } from "../support/test-app";

/**
 * Every axe-core rule (WCAG 2.1 A and AA and the best practices); a serious or critical violation fails the test.
 * Checked once nothing animates but the endless spinners: a dialog fading in has its colours half-way.
 */
async function blockingViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("accessibility (axe-core)", () => {
  let e2e: E2E;
  let shop: EveryStatusShop;
  beforeAll(async () => {
    e2e = await startE2E();
    shop = await shopInEveryStatus(e2e.t);
  });
  afterAll(() => e2e.close());

  for (const locale of ["en-US", "zh-CN"]) {
    it(`has no serious or critical violation on the public pages (${locale})`, async () => {
      const page = await e2e.newPage({ locale });
      const found: Record<string, string[]> = {};
      for (const path of ["/login", "/no-such-page"]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        found[path] = await blockingViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((p) => [p, []])));
      expect(problemsOf(page)).toEqual([]);
    });
  }

  it("has no serious or critical violation on any page an admin opens, with records in every status, nor in its dialogs", async () => {
    const page = await e2e.newPage();
    await page.goto("/login");
    const admin = shop.merchant.users.admin.username;
    await submitLogin(page, admin, TEST_PASSWORD, await e2e.t.code(admin));
    await page.waitForURL(/\/merchant\/info$/);
    const paths = [...auditedPaths, ...Object.values(shop.orders).map((no) => orderPath("show", no))];
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      await openSettled(page, path);
      found[path] = await blockingViolations(page);
    }
    // The dialogs and drawers the shell and pages open: Recharge, the export tasks, the bell.
    await page.goto("/merchant-fund/fund");
    await page.getByRole("button", { name: "Recharge", exact: true }).click();
    await page.getByRole("dialog", { name: "Recharge" }).waitFor();
    found["Recharge dialog"] = await blockingViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Export Task" }).click();
    await page.getByRole("dialog", { name: "Export Task" }).waitFor();
    found["Export Task drawer"] = await blockingViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Notifications" }).click();
    await page.getByText("Mark all read").waitFor();
    found.notifications = await blockingViolations(page);
    const opened = ["Recharge dialog", "Export Task drawer", "notifications"];
    expect(found).toEqual(Object.fromEntries([...paths, ...opened].map((p) => [p, []])));
    expect(problemsOf(page)).toEqual([]);
  });

  it("has no serious or critical violation on any area of the console, with records in every status", async () => {
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    const page = await e2e.newPage();
    await page.goto("/console/login");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const onSignIn = await blockingViolations(page);
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    await page.waitForURL(/\/console\/merchants$/);
    const found: Record<string, string[]> = { "/console/login": onSignIn };
    for (const { path } of consoleResources) {
      await openSettled(page, path);
      found[path] = await blockingViolations(page);
    }
    // The drawer a merchant opens in (details, users, API settings) and the new merchant's form.
    await page.goto("/console/merchants");
    await page.getByRole("button", { name: "Open" }).first().click();
    await page.getByRole("dialog").getByText("Add user").waitFor();
    found["merchant drawer"] = await blockingViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "New merchant" }).click();
    await page.getByRole("dialog", { name: "New merchant" }).waitFor();
    found["new merchant dialog"] = await blockingViolations(page);
    const paths = ["/console/login", ...consoleResources.map((r) => r.path), "merchant drawer", "new merchant dialog"];
    expect(found).toEqual(Object.fromEntries(paths.map((p) => [p, []])));
    expect(problemsOf(page)).toEqual([]);
  });

  // The pages of issue 36's findings at both widths and in both languages: status tags in every status (their
  // contrast), and the Prices page's row checkboxes (names, and no focusable copy inside antd's aria-hidden row).
  for (const locale of ["en-US", "zh-CN"] as const)
    for (const [width, viewport] of Object.entries(viewports))
      it(`has none on the order pages, recharges and Prices at ${width} width (${locale})`, async () => {
        const language = { [storageKeys.language]: locale };
        const merchantToken = await e2e.t.login(shop.merchant.users.admin.username);
        const staffToken = await staffLogin(e2e.t, await staffMember(e2e.t, ["superAdmin"]));
        const found: Record<string, string[]> = {};
        const visit = async (storage: Record<string, string>, paths: string[]) => {
          const page = await e2e.newPage({ locale, viewport, storage: { ...storage, ...language } });
          for (const path of paths) {
            await page.goto(path);
            await page.locator(".ant-tag, .ant-table-row").first().waitFor();
            await page.waitForLoadState("networkidle");
            found[path] = await blockingViolations(page);
          }
          expect(problemsOf(page)).toEqual([]);
        };
        const orders = Object.values(shop.orders).map((no) => orderPath("show", no));
        await visit({ [storageKeys.loginToken]: merchantToken }, ["/merchant/order", ...orders, "/merchant-fund/fund"]);
        await visit({ [storageKeys.consoleToken]: staffToken }, ["/console/orders", "/console/prices"]);
        expect(found).toEqual(Object.fromEntries(Object.keys(found).map((p) => [p, []])));
      });
});
