import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STUCK_MINUTES } from "#contracts";
import { storageKeys } from "../../src/lib/storage-keys";
import { type E2E, problemsOf, startE2E, viewports } from "../support/e2e";
import { type EveryStatusShop, shopInEveryStatus } from "../support/every-status";
import { staffLogin, staffMember } from "../support/staff";

const words = {
  "en-US": {
    hint: "2 succeeded, 2 failed, 1 processing",
    stuck: `Stuck: 1 processing for over ${STUCK_MINUTES} min`,
    deposits: "Deposits (1)",
    headers: ["Deadline", "Supplier", "Margin"],
    filter: "Processing longer than",
    overdue: "Overdue",
  },
  "zh-CN": {
    hint: "成功 2，失败 2，处理中 1",
    stuck: `卡单：1 笔处理超过 ${STUCK_MINUTES} 分钟`,
    deposits: "充值 (1)",
    headers: ["截止", "供应商", "毛利"],
    filter: "处理超过",
    overdue: "已超时",
  },
} as const;

/** Issue 36 §3: stuck orders are easy to find, and the statistics say one thing. */
describe("the console's orders and statistics at 1280 and 390 px", () => {
  let e2e: E2E;
  let shop: EveryStatusShop;
  let token: string;
  beforeAll(async () => {
    e2e = await startE2E();
    shop = await shopInEveryStatus(e2e.t);
    // The Processing order has now waited past the stuck threshold.
    e2e.t.clock.advance((STUCK_MINUTES + 1) * 60_000);
    token = await staffLogin(e2e.t, await staffMember(e2e.t, ["superAdmin"]));
  });
  afterAll(() => e2e.close());

  for (const locale of ["en-US", "zh-CN"] as const)
    for (const [width, viewport] of Object.entries(viewports))
      it(`links the statistics' stuck orders to the list that shows their deadline, supplier and margin at ${width} width (${locale})`, async () => {
        const w = words[locale];
        const page = await e2e.newPage({
          locale,
          viewport,
          storage: { [storageKeys.consoleToken]: token, [storageKeys.language]: locale },
        });
        // The browser's today is the server's (the test's clock), for the statistics' period.
        await page.clock.setFixedTime(e2e.t.clock.now());
        await page.goto("/console/statistics");
        // The Orders card names its statuses as the per-day chart stacks them; sales and deposits name the currency.
        await page.getByText(w.hint).waitFor();
        const deposits = page.locator(".ant-statistic").filter({ hasText: w.deposits });
        expect(await deposits.locator(".ant-statistic-content").innerText()).toMatch(/^100\.00 USD$/);
        await page.getByRole("link", { name: w.stuck }).click();
        await page.waitForURL(new RegExp(`/console/orders\\?.*processingOver=${STUCK_MINUTES}`));

        // The list holds the stuck order alone, overdue, with the supplier holding it; the filter says why.
        const rows = page.locator(".ant-table-row");
        await expect.poll(() => rows.count()).toBe(1);
        const row = page.getByRole("row", { name: new RegExp(shop.orders.processing) });
        await row.getByText(w.overdue).waitFor();
        for (const header of w.headers) await page.getByRole("columnheader", { name: header }).waitFor();
        if (width === "laptop")
          expect(
            await page
              .getByLabel(w.filter)
              .first()
              .evaluate((el) => el.closest(".ant-form-item")?.textContent),
          ).toContain(locale === "zh-CN" ? "15 分钟" : "15 min");
        // Never a sideways page: a wide table scrolls in its card.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        // A successful order's margin, as its drawer computes it.
        await page.goto("/console/orders");
        const done = page.getByRole("row", { name: new RegExp(shop.orders.success) });
        await done.waitFor();
        expect(await done.innerText()).toMatch(/-?\d+\.\d\d USD[\s\S]*-?\d+\.\d\d USD/);
        expect(problemsOf(page)).toEqual([]);
      });
});
