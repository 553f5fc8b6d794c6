import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoShopOperator, demoTopupSku, type E2E, problemsOf, startE2E } from "../support/e2e";

/**
 * Issue 14's lists from the operator's side: search by recharge account, sort, a reload that keeps the search
 * and the page, the column chooser, the key columns at 1280 px, and a phone's width in both languages.
 */
describe("lists", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  /** Twelve DEMO-MOBILE-TOPUP orders through the API, accounts …01 to …12, quantities 1, 2, 3, 1, 2, 3, … */
  async function placeOrders(page: Page): Promise<{ account: string; quantity: number; orderNo: string }[]> {
    const token = (await page.evaluate(() => localStorage.getItem("loginToken"))) ?? "";
    const sku = await demoTopupSku(e2e.t);
    const placed = [];
    for (let i = 1; i <= 12; i++) {
      const account = `138001380${String(i).padStart(2, "0")}`;
      const quantity = ((i - 1) % 3) + 1;
      const res = await e2e.t.app.inject({
        method: "POST",
        url: "/portal/merchant/api/order",
        headers: { authorization: token },
        payload: { productId: sku.productId, skuId: sku.skuId, quantity, inputs: { account } },
      });
      expect(res.json().code).toBe(200);
      placed.push({ account, quantity, orderNo: res.json().data.orderNo as string });
      e2e.t.clock.advance(1_000);
    }
    return placed;
  }

  /**
   * The antd components whose styles were generated in the browser: none of the shell's and the lists' should be,
   * as the build ships them (scripts/antd-styles.ts). A nested theme or an antd upgrade that changes the styles'
   * keys would bring their generation back, silently but for this.
   */
  const generatedStyles = (page: Page) =>
    page.evaluate(() =>
      ["ant-layout", "ant-menu", "ant-card", "ant-btn", "ant-table", "ant-pagination", "ant-tag", "ant-form"].filter(
        (component) =>
          [...document.querySelectorAll("style[data-css-hash]")].some((style) =>
            style.textContent?.includes(`.${component}{`),
          ),
      ),
    );

  const dataRows = (page: Page) => page.getByRole("table").getByRole("row").filter({ hasText: /\d{6}/ });
  const search = (page: Page) => page.getByRole("button", { name: "Search", exact: true }).click();

  it("finds orders by recharge account, sorts, and keeps search, sort and page through a reload", async () => {
    const { page } = await demoShopOperator(e2e);
    const placed = await placeOrders(page);
    await page.goto("/merchant/order");
    await dataRows(page).first().waitFor();

    // The most common support question: which orders recharged this number?
    const account = page.getByLabel("Recharge account");
    expect(await account.getAttribute("placeholder")).toBe("Exact account, e.g. 13800138000");
    await account.fill(placed[4]!.account);
    await search(page);
    await page.waitForURL(/rechargeAccount=13800138005/);
    await expect.poll(() => dataRows(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await dataRows(page).first().textContent()).toContain(placed[4]!.orderNo);
    await page.getByRole("button", { name: "Reset", exact: true }).click();
    await expect.poll(() => dataRows(page).count(), { timeout: 15_000 }).toBe(12);

    // Sorted by amount, largest first (the server sorts; ties keep the order of placing).
    const amount = page.getByRole("columnheader", { name: "Transaction amount" });
    await amount.click();
    await page.waitForURL(/sort=amount/);
    await amount.click();
    await page.waitForURL(/sort=-amount/);
    expect(await amount.getAttribute("aria-sort")).toBe("descending");
    await expect
      .poll(async () => (await dataRows(page).first().textContent()) ?? "", { timeout: 15_000 })
      .toContain(placed[11]!.orderNo);

    // Ten a page, page 2, then a reload: the same list, and the form shows the search.
    await page.goto("/merchant/order?sort=-amount&pageSize=10");
    // The list refreshes while orders are Processing; the keyboard picks the first status (Processing).
    await page.getByLabel("Status").press("ArrowDown");
    await page.getByLabel("Status").press("Enter");
    await search(page);
    await page.getByTitle("Next Page").click();
    await page.waitForURL(/page=2/);
    const url = page.url();
    expect(new URL(url).search).toBe("?status=processing&sort=-amount&page=2&pageSize=10");
    await page.reload();
    await expect.poll(() => dataRows(page).count(), { timeout: 15_000 }).toBe(2);
    expect(page.url()).toBe(url);
    // The status select shows its choice (antd titles the chosen item with its label).
    await page.getByTitle("Processing", { exact: true }).first().waitFor();
    expect(await page.getByRole("columnheader", { name: "Transaction amount" }).getAttribute("aria-sort")).toBe(
      "descending",
    );

    // A date preset fills the range and becomes startTime / endTime.
    await page.getByPlaceholder("Start time").click();
    await page.getByText("Last 7 days", { exact: true }).click();
    await search(page);
    await page.waitForURL(/startTime=.*endTime=/);
    expect(problemsOf(page)).toEqual([]);
  });

  it("sends each read of a list's first screen once: the reads started early are taken, not repeated", async () => {
    const { page } = await demoShopOperator(e2e);
    const reads: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/portal/")) reads.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    const listRead = page.waitForResponse((response) => response.url().includes("/order/list?"));
    await page.goto("/merchant/order");
    await listRead;
    await page.getByRole("table").waitFor();
    await page.waitForLoadState("networkidle");
    // The top bar's, the bell's and the list's reads go out with the user info (src/providers/first-screen-calls.ts)
    // and the screen takes their answers: a read sent twice would mean the screen asked again for its own.
    expect([...reads].sort()).toEqual(
      [
        "GET /portal/merchant/api/fund/balance",
        "GET /portal/merchant/api/logged/info",
        "GET /portal/merchant/api/notification/unread",
        "GET /portal/merchant/api/order/list?pageNum=1&pageSize=20",
        "GET /portal/merchant/api/public/config",
      ].sort(),
    );
    expect(problemsOf(page)).toEqual([]);
  });

  it("remembers the columns a user chose, through a reload", async () => {
    const { page } = await demoShopOperator(e2e);
    await page.goto("/merchant-fund/transaction-log");
    const source = page.getByRole("columnheader", { name: "Remark" });
    await source.waitFor();
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("checkbox", { name: "Remark" }).uncheck();
    await source.waitFor({ state: "detached" });
    // The identifying column cannot be hidden.
    expect(await page.getByRole("checkbox", { name: "Fund number" }).isDisabled()).toBe(true);
    await page.reload();
    await page.getByRole("columnheader", { name: "Amount" }).waitFor();
    expect(await page.getByRole("columnheader", { name: "Remark" }).count()).toBe(0);
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("listColumns:")));
    expect(keys).toEqual([expect.stringMatching(/^listColumns:\d+:ledger:wide$/)]);
    expect(problemsOf(page)).toEqual([]);
  });

  /** Whether `inner`'s box lies inside the box of the element that shows the table (its scrolling frame). */
  async function insideTableFrame(cell: Locator): Promise<boolean> {
    return cell.evaluate((el) => {
      const frame = el.closest("table")?.parentElement?.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return Boolean(frame) && box.left >= frame!.left && box.right <= frame!.right && box.width > 0;
    });
  }

  it("keeps status and amount in sight at 1280 x 800 without scrolling sideways", async () => {
    const { page } = await demoShopOperator(e2e);
    await placeOrders(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [path, columns] of [
      ["/merchant/order", ["Status", "Transaction amount"]],
      ["/merchant-fund/transaction-log", ["Type", "Amount"]],
      ["/merchant-fund/fund", ["Amount", "Status"]],
    ] as const) {
      await page.goto(path);
      await page.getByRole("columnheader", { name: columns[0], exact: true }).waitFor();
      for (const name of columns)
        expect(await insideTableFrame(page.getByRole("columnheader", { name, exact: true }))).toBe(true);
    }
    expect(await generatedStyles(page)).toEqual([]);
    expect(problemsOf(page)).toEqual([]);
  });

  for (const locale of ["en-US", "zh-CN"] as const) {
    it(`fits a 390 px phone (${locale}): wrapped header, folded filters, no sideways page`, async () => {
      const { page } = await demoShopOperator(e2e);
      await placeOrders(page);
      await page.evaluate((language) => localStorage.setItem("language", language), locale);
      await page.setViewportSize({ width: 390, height: 844 });
      const zh = locale === "zh-CN";
      for (const [path, title] of [
        ["/merchant/order", zh ? "订单管理" : "Order Management"],
        ["/merchant-fund/transaction-log", zh ? "资金明细" : "Funds Details"],
        ["/merchant-fund/fund", zh ? "充值记录" : "Recharge History"],
      ] as const) {
        await page.goto(path);
        const heading = page.getByRole("heading", { name: title, exact: true });
        await heading.waitFor();
        const toggle = page.getByRole("button", { name: zh ? "筛选" : "Filters" });
        expect(await toggle.getAttribute("aria-expanded")).toBe("false");
        expect(await page.getByRole("button", { name: zh ? "查 询" : "Search", exact: true }).isVisible()).toBe(false);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // The title is whole and nothing sits on it.
        const box = (await heading.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        const covered = await heading.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + 2, r.top + r.height / 2);
          return !hit || !el.contains(hit);
        });
        expect(covered).toBe(false);
        await page.screenshot({ path: `test-results/lists-390-${locale}-${path.split("/").pop()}.png` });
      }
      // The filters unfold, and once searched the toggle counts them.
      await page.goto("/merchant/order");
      // The key columns fit the phone's width: the last of them is in sight without scrolling sideways.
      const amount = page.getByRole("columnheader", { name: zh ? "交易金额" : "Transaction amount" });
      expect(await insideTableFrame(amount)).toBe(true);
      // A phone's cells are smaller than antd's small table (list-page.tsx), set on the cells, with no second theme.
      expect(await amount.evaluate((el) => getComputedStyle(el.closest(".ant-table")!).fontSize)).toBe("12px");
      expect(await generatedStyles(page)).toEqual([]);
      await page.getByRole("button", { name: zh ? "筛选" : "Filters" }).click();
      await page.getByLabel(zh ? "充值账号" : "Recharge account").fill("13800138003");
      await page.getByRole("button", { name: zh ? "查 询" : "Search", exact: true }).click();
      await page.getByRole("button", { name: zh ? "筛选（1）" : "Filters (1)" }).waitFor();
      await expect.poll(() => dataRows(page).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `test-results/lists-390-${locale}-filtered.png`, fullPage: true });
      expect(problemsOf(page)).toEqual([]);
    });
  }
});
