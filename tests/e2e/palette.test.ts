import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bindMfaInDialog,
  demoShopOperator,
  demoTopupSku,
  type E2E,
  problemsOf,
  startE2E,
  submitLogin,
} from "../support/e2e";
import { TEST_PASSWORD } from "../support/test-app";

/** Issue 14: the command palette's actions, by permission, and the help link of API Settings. */
describe("the command palette and the help links", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  async function signedIn(role: "admin" | "finance") {
    const m = await e2e.t.merchant({ mfa: false });
    const page = await e2e.newPage();
    await page.goto("/login");
    await submitLogin(page, m.users[role].username, TEST_PASSWORD);
    await bindMfaInDialog(page, e2e);
    // The bind's "Operation successful" sits over the top bar's middle for 3 s, and antd keeps a message open
    // while the pointer is on it: a click on the palette's button then waits on the message forever.
    await page.getByText("Operation successful").waitFor({ state: "hidden" });
    return page;
  }

  it("keeps every key typed right after Ctrl+K, and places an order from it", async () => {
    const { page } = await demoShopOperator(e2e);
    await page.waitForURL("**/merchant/info");
    await page.keyboard.press("Control+k");
    await page.keyboard.type("place order");
    const search = page.getByRole("combobox", { name: "Type a page or command…" });
    expect(await search.inputValue()).toBe("place order");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/merchant/order/create");

    await page.keyboard.press("Control+k");
    await page.keyboard.type("batch");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/merchant/order/batch");

    // On a 390 px phone the palette stays inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press("Control+k");
    // The palette animates in: measure it once it is shown, not while it is still being mounted.
    const phoneSearch = page.getByRole("combobox", { name: "Type a page or command…" });
    await phoneSearch.waitFor({ state: "visible" });
    const box = await phoneSearch.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problemsOf(page)).toEqual([]);
  });

  it("opens from the top bar, closes on the backdrop, and runs the entry chosen with the arrow keys", async () => {
    const page = await signedIn("admin");
    const search = page.getByRole("combobox", { name: "Type a page or command…" });
    await page.getByRole("button", { name: "Search pages and commands (Ctrl+K)" }).click();
    await search.waitFor();
    expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.mouse.click(5, 5);
    await search.waitFor({ state: "detached" });

    // Switch language opens its own list (简体中文, English), and Enter runs its first entry.
    await page.keyboard.press("Control+k");
    await page.keyboard.type("language");
    await page.keyboard.press("Enter");
    await page.getByRole("combobox", { name: "Switch language" }).waitFor();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "搜索页面和命令 (Ctrl+K)" }).waitFor();

    // The arrow keys, pressed at once, choose the entry Enter runs: down twice (it stops at the last), up, down.
    await page.keyboard.press("Control+k");
    await page.keyboard.type("language");
    await page.keyboard.press("Enter");
    const languages = page.getByRole("combobox", { name: "切换语言" });
    await languages.waitFor();
    for (const key of ["ArrowDown", "ArrowDown", "ArrowUp", "ArrowDown", "Enter"]) await page.keyboard.press(key);
    await page.getByRole("button", { name: "Search pages and commands (Ctrl+K)" }).waitFor();
    await languages.waitFor({ state: "detached" });
    expect(problemsOf(page)).toEqual([]);
  });

  it("goes to an order by its number, typed straight after Ctrl+K", async () => {
    const { page } = await demoShopOperator(e2e);
    const token = (await page.evaluate(() => localStorage.getItem("loginToken"))) ?? "";
    const sku = await demoTopupSku(e2e.t);
    const res = await e2e.t.app.inject({
      method: "POST",
      url: "/portal/merchant/api/order",
      headers: { authorization: token },
      payload: { productId: sku.productId, skuId: sku.skuId, inputs: { account: "13800138000" } },
    });
    const orderNo = (res.json().data as { orderNo: string }).orderNo;

    await page.keyboard.press("Control+k");
    await page.keyboard.type(orderNo.toLowerCase());
    await page.getByText(`Go to order ${orderNo}`).waitFor();
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/merchant/order/${orderNo}`);
    await page.getByText("13800138000").first().waitFor();
    expect(problemsOf(page)).toEqual([]);
  });

  it("offers finance only what finance may do: export tasks and the password, no orders", async () => {
    const page = await signedIn("finance");
    await page.waitForURL("**/merchant/fund");
    await page.keyboard.press("Control+k");
    await page.keyboard.type("order");
    const search = page.getByRole("combobox", { name: "Type a page or command…" });
    expect(await search.inputValue()).toBe("order");
    expect(await page.getByText("Place order").count()).toBe(0);
    expect(await page.getByText("Batch order").count()).toBe(0);
    await page.keyboard.press("Escape");

    await page.keyboard.press("Control+k");
    await page.keyboard.type("export tasks");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Export Task" }).waitFor();
    await page.keyboard.press("Escape");

    await page.keyboard.press("Control+k");
    await page.keyboard.type("password");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Update Password" }).getByLabel("Old password").waitFor();
    expect(problemsOf(page)).toEqual([]);
  });

  it("links API Settings to the Open API reference, which the server serves", async () => {
    const page = await signedIn("admin");
    await page.goto("/merchant-setting/merchant-development");
    const link = page.getByRole("link", { name: "Open API reference" });
    expect(await link.getAttribute("href")).toBe("/portal/reference/open-api");
    const [reference] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await reference.getByRole("heading", { name: "Signing a request", level: 2 }).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });
});
