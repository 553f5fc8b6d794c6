import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storageKeys } from "../../src/lib/storage-keys";
import { type E2E, problemsOf, startE2E, viewports } from "../support/e2e";
import { type EveryStatusShop, shopInEveryStatus } from "../support/every-status";
import { TEST_PASSWORD } from "../support/test-app";

const words = {
  "en-US": {
    balance: /Balance: 1,0\d\d\.\d\d USD/,
    palette: "Type a page or command…",
    refresh: "Refresh",
    period: "Period",
    last90: "Last 90 days",
    spendPerDay: "Spend per day",
    empty: "No figures in this period",
    apiTitle: "Live application",
    merchantOrderNo: "Merchant order number",
    ledgerEntry: "Ledger entry",
    codeInvalid: "The MFA code is not valid",
    username: "Username",
    password: "Password",
    code: "MFA code",
    login: "Log in",
  },
  "zh-CN": {
    balance: /余额：1,0\d\d\.\d\d USD/,
    palette: "输入页面或命令…",
    refresh: "刷新",
    period: "统计周期",
    last90: "最近 90 天",
    spendPerDay: "每日消费",
    empty: "该周期内暂无数据",
    apiTitle: "正式应用",
    merchantOrderNo: "商户订单号",
    ledgerEntry: "资金流水号",
    codeInvalid: "MFA 验证码无效",
    username: "用户名",
    password: "密码",
    code: "MFA 验证码",
    login: "登录",
  },
} as const;

/** Issue 36's findings on the merchant portal, at a laptop's and a phone's width, in both languages. */
describe("the portal at 1280 and 390 px", () => {
  let e2e: E2E;
  let shop: EveryStatusShop;
  beforeAll(async () => {
    e2e = await startE2E();
    shop = await shopInEveryStatus(e2e.t);
  });
  afterAll(() => e2e.close());

  async function signedIn(locale: keyof typeof words, viewport: { width: number; height: number }) {
    const token = await e2e.t.login(shop.merchant.users.admin.username);
    return e2e.newPage({
      locale,
      viewport,
      storage: { [storageKeys.loginToken]: token, [storageKeys.language]: locale },
    });
  }

  /** How many lines an element's text takes (one client rect per line box). */
  const lines = (page: Page, text: string) =>
    page
      .getByText(text, { exact: true })
      .first()
      .evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });

  for (const locale of ["en-US", "zh-CN"] as const)
    for (const [width, viewport] of Object.entries(viewports)) {
      const w = words[locale];

      it(`shows the balance figure, the recharge account, whole labels and the timeline's ledger entries at ${width} width (${locale})`, async () => {
        const page = await signedIn(locale, viewport);
        // The top bar's balance: the figure, not only its icon, on a phone too.
        await page.goto("/merchant/order");
        const balance = page.getByRole("link", { name: w.balance });
        expect(await balance.innerText()).toMatch(/1,0\d\d\.\d\d USD/);
        // The list's rows carry the recharge account, on a phone under the order number.
        await page
          .getByRole("row", { name: new RegExp(shop.orders.success) })
          .getByText("13800138001")
          .waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        // The detail's labels stay whole words; the timeline labels its balance entries and links them.
        await page.goto(`/merchant/order/${shop.orders.failed}`);
        await page.getByText(w.merchantOrderNo, { exact: true }).first().waitFor();
        // Chinese has no spaces to wrap at: the label's five characters stay on one line.
        if (locale === "zh-CN") expect(await lines(page, w.merchantOrderNo)).toBe(1);
        const entries = page.getByText(w.ledgerEntry, { exact: true });
        await entries.first().waitFor();
        expect(await entries.count()).toBe(2); // the deduction at creation and the refund
        const link = page.getByRole("link", { name: /^F\d+$/ }).first();
        const fundNo = await link.innerText();
        await link.click();
        await page.waitForURL(new RegExp(`/merchant-fund/transaction-log\\?fundNo=${fundNo}`));
        await page.getByRole("row", { name: new RegExp(fundNo) }).waitFor();
        expect(problemsOf(page)).toEqual([]);
      });

      it(`keeps a list's rows in sight while it reloads at ${width} width (${locale})`, async () => {
        const page = await signedIn(locale, viewport);
        await page.goto("/merchant/order");
        const row = page.getByRole("row", { name: new RegExp(shop.orders.processing) });
        await row.waitFor();
        // The next reload is held until the test has looked: rows shown, no grey overlay, the button spinning.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let asked = false;
        await page.route("**/merchant/api/order/list**", async (route) => {
          asked = true;
          await held;
          await route.continue();
        });
        await page.getByRole("button", { name: w.refresh }).click();
        await expect.poll(() => asked).toBe(true);
        await page.getByRole("button", { name: w.refresh }).locator(".ant-btn-loading-icon").waitFor();
        expect(await row.isVisible()).toBe(true);
        expect(
          await page.locator(".ant-table-wrapper .ant-spin-blur, .ant-table-wrapper .ant-spin-spinning").count(),
        ).toBe(0);
        release();
        await page
          .getByRole("button", { name: w.refresh })
          .locator(".ant-btn-loading-icon")
          .waitFor({ state: "detached" });
        expect(await row.isVisible()).toBe(true);
        await page.unrouteAll({ behavior: "wait" });
        expect(problemsOf(page)).toEqual([]);
      });

      it(`lays out the Overview and API Settings within the window at ${width} width (${locale})`, async () => {
        const page = await signedIn(locale, viewport);
        await page.goto("/merchant/overview");
        const spend = page.getByTestId("overview-spend-chart");
        await spend.locator(".recharts-cartesian-axis-tick").last().waitFor({ state: "attached" });
        // The period choice is whole: on a phone one field that drops the choices down.
        const period = page.getByLabel(w.period).first();
        const box = (await period.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        if (width === "phone") {
          await period.click();
          await page.getByTitle(w.last90).click();
        } else await page.getByText(w.last90, { exact: true }).click();
        await page.waitForLoadState("networkidle");
        // The value axis names the currency, the last date is inside the chart, the page ends with its content.
        await spend.getByText("USD", { exact: true }).waitFor();
        const fits = await spend.evaluate((card) => {
          const frame = card.querySelector(".recharts-wrapper")!.getBoundingClientRect();
          // The date ticks (MM-DD); recharts draws every tick label in a layer of its own.
          const dates = [...card.querySelectorAll(".recharts-cartesian-axis-tick-value")].filter((tick) =>
            /^\d\d-\d\d$/.test(tick.textContent ?? ""),
          );
          const last = dates[dates.length - 1]!.getBoundingClientRect();
          return last.right <= frame.right && last.left >= frame.left;
        });
        expect(fits).toBe(true);
        const blank = await page.evaluate(
          () =>
            document.documentElement.scrollHeight -
            document.querySelector(".ant-layout-content")!.getBoundingClientRect().bottom -
            window.scrollY,
        );
        expect(blank).toBeLessThan(40);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        // API Settings: the whole title, and its details within the card.
        await page.goto("/merchant-setting/merchant-development");
        const title = page.getByRole("heading", { name: w.apiTitle });
        await title.waitFor();
        expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        const details = page.locator(".ant-descriptions").first();
        await details.waitFor();
        const inside = await details.evaluate((el) => {
          const card = el.closest(".ant-card")!.getBoundingClientRect();
          return [...el.querySelectorAll("td, th")].every(
            (cell) => cell.getBoundingClientRect().right <= card.right + 1,
          );
        });
        expect(inside).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(problemsOf(page)).toEqual([]);
      });

      it(`shows an empty state, not an empty axis, for a merchant with nothing yet at ${width} width (${locale})`, async () => {
        const fresh = await e2e.t.merchant();
        const token = await e2e.t.login(fresh.users.admin.username);
        const page = await e2e.newPage({
          locale,
          viewport,
          storage: { [storageKeys.loginToken]: token, [storageKeys.language]: locale },
        });
        await page.goto("/merchant/overview");
        const spend = page.getByTestId("overview-spend-chart");
        await spend.getByText(w.empty).waitFor();
        expect(await spend.locator(".recharts-wrapper").count()).toBe(0);
        expect(await page.getByTestId("overview-deposits-chart").getByText(w.empty).count()).toBe(1);
        expect(problemsOf(page)).toEqual([]);
      });

      it(`opens the command palette in the app's font at ${width} width (${locale})`, async () => {
        const page = await signedIn(locale, viewport);
        await page.goto("/merchant/order");
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await page.keyboard.press("Control+k");
        const search = page.getByRole("combobox", { name: w.palette });
        await search.waitFor();
        const fonts = await search.evaluate((input) => ({
          input: getComputedStyle(input).fontFamily,
          app: getComputedStyle(document.querySelector(".ant-card") ?? document.body).fontFamily,
        }));
        expect(fonts.input).toBe(fonts.app);
        expect(fonts.input).not.toMatch(/^(serif|"?Times)/);
        expect(problemsOf(page)).toEqual([]);
      });

      it(`says a wrong MFA code once, on its field, at ${width} width (${locale})`, async () => {
        const page = await e2e.newPage({ locale, viewport, storage: { [storageKeys.language]: locale } });
        await page.goto("/login");
        await page.getByLabel(w.username).fill(shop.merchant.users.finance.username);
        await page.getByLabel(w.password, { exact: true }).fill(TEST_PASSWORD);
        await page.getByLabel(w.code).fill("000000");
        await page.getByRole("button", { name: w.login }).click();
        const said = page.getByText(w.codeInvalid);
        await said.first().waitFor();
        expect(await said.count()).toBe(1);
        expect(await page.getByLabel(w.code).evaluate((el) => el === document.activeElement)).toBe(true);
        expect(problemsOf(page)).toEqual([]);
      });
    }
});
