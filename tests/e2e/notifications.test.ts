import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runExportsOnce } from "../../server/src/modules/export-task/export-task.worker";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { demoShopOperator, demoTopupSku, type E2E, problemsOf, startE2E } from "../support/e2e";

/** Issue 14: the bell in the top bar, from the operator's side (a failure spike and their own export). */
describe("the notification bell", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  async function inject(token: string, method: "GET" | "POST", url: string, payload?: object) {
    const res = await e2e.t.app.inject({ method, url, headers: { authorization: token }, payload });
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as unknown;
  }

  /** Five DEMO-MOBILE-TOPUP orders to accounts ending in 0000, which the simulator rejects: a failure spike. */
  async function failFiveOrders(token: string) {
    const sku = await demoTopupSku(e2e.t);
    for (let i = 1; i <= 5; i += 1)
      await inject(token, "POST", "/portal/merchant/api/order", { ...sku, inputs: { account: `1380000${i}0000` } });
    e2e.t.clock.advance(1_000);
    await runFulfilmentOnce(e2e.t.deps);
  }

  it("shows the unread count, lists the notifications and leads to what each is about", async () => {
    const { page } = await demoShopOperator(e2e);
    const token = (await page.evaluate(() => localStorage.getItem("loginToken"))) ?? "";
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();

    await failFiveOrders(token);
    await inject(token, "GET", "/portal/merchant/export/order/detail");
    expect(await runExportsOnce(e2e.t.deps)).toBe(1);
    await page.reload();

    const bell = page.getByRole("button", { name: "Notifications: 2 unread" });
    await bell.click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await panel.getByText("Your order export is ready to download.").waitFor();
    await panel
      .getByText("Many orders are failing: 5 of your last 10 orders placed within 10 minutes failed.")
      .waitFor();

    await panel.getByRole("button", { name: "View failed orders" }).click();
    await page.waitForURL("**/merchant/order?status=failed");
    await page.getByRole("row", { name: /13800001000/ }).waitFor();
    expect(await page.getByRole("row", { name: /Success|Processing/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Notifications: 1 unread" }).click();

    await panel.getByRole("button", { name: "Open Export Task" }).click();
    await page.getByRole("dialog", { name: "Export Task" }).getByText("Completed", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });

  it("keeps the bell and the user menu inside the top bar on a phone (390 px), and marks all read", async () => {
    const { page } = await demoShopOperator(e2e);
    const token = (await page.evaluate(() => localStorage.getItem("loginToken"))) ?? "";
    await inject(token, "GET", "/portal/merchant/export/product/detail");
    expect(await runExportsOnce(e2e.t.deps)).toBe(1);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    const bell = page.getByRole("button", { name: "Notifications: 1 unread" });
    await bell.waitFor();
    for (const control of [bell, page.getByRole("button", { name: "User menu" })]) {
      const box = await control.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await bell.click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await panel.getByText("Your product export is ready to download.").waitFor();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await panel.getByRole("button", { name: "Mark all read" }).click();
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });
});
