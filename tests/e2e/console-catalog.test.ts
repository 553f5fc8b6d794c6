import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogCalls, orderCalls, PORTAL_BASE, type ProductBody } from "#contracts";
import { confirmStepUp, type E2E, problemsOf, startE2E, submitLogin } from "../support/e2e";
import { openShop } from "../support/order-fixtures";
import { consoleUrl, staffCode, staffLogin, staffMember } from "../support/staff";
import { TEST_PASSWORD } from "../support/test-app";

/**
 * Opens an antd select and picks an option (as in console-suppliers.test.ts): the open list's options are the only
 * visible elements with `aria-selected` and that title; waits until the list has closed.
 */
async function choose(page: Page, shown: Locator, option: string) {
  await shown.click();
  const open = page.locator("[aria-selected][title]").filter({ visible: true });
  await open.and(page.getByTitle(option, { exact: true })).click();
  await open.first().waitFor({ state: "hidden" });
}

/** Serious or critical WCAG 2.1 A/AA violations, once nothing but spinners animates (as accessibility.test.ts). */
async function blockingViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Fills a SKU row of the product form. */
async function fillSku(row: Locator, code: string, spec: string, faceValue: string) {
  await row.getByLabel("SKU code").fill(code);
  await row.getByLabel("Specification").fill(spec);
  await row.getByLabel("Face value").fill(faceValue);
  await row.getByLabel("Currency").fill("USD");
}

/** Fills an order field's key and labels. */
async function fillField(field: Locator, key: string, en: string, zh: string) {
  await field.getByLabel("Key", { exact: true }).fill(key);
  await field.getByLabel("Label (English)", { exact: true }).fill(en);
  await field.getByLabel("Label (Chinese)", { exact: true }).fill(zh);
}

/**
 * The console's catalog (issue 16), with the real server: a super administrator files a new product under a
 * category and a brand with an attribute, gives it two SKUs and two order fields, sends a SKU and then the whole
 * product to the recycle bin and back, purges a SKU (step-up), is told on the field when a code is taken, and
 * exports the catalog and imports a changed copy of it.
 */
describe("the catalog in the console", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it("a super administrator builds a product, bins and restores it, and exports and imports the catalog", async () => {
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    const page = await e2e.newPage();
    await page.goto("/console/login");
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    await page.waitForURL(/\/console\/merchants$/);
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("menuitem", { name: "Catalog" }).click();
    await page.waitForURL(/\/console\/catalog$/);
    const tab = (name: string) => page.getByRole("tab", { name, exact: true }).click();

    // What products are filed under and described by.
    await tab("Categories");
    await page.getByRole("button", { name: "Add category" }).click();
    const category = page.getByRole("dialog", { name: "Add category" });
    await category.getByLabel("Name", { exact: true }).fill("Games");
    await category.getByLabel("Chinese name").fill("游戏");
    await category.getByRole("button", { name: "Save" }).click();
    await page.getByText("Category Games added").waitFor();
    await page.getByRole("row", { name: /Games/ }).getByText("游戏").waitFor();

    await tab("Brands");
    await page.getByRole("button", { name: "Add brand" }).click();
    const brand = page.getByRole("dialog", { name: "Add brand" });
    await brand.getByLabel("Name", { exact: true }).fill("Acme");
    await brand.getByRole("button", { name: "Save" }).click();
    await page.getByText("Brand Acme added").waitFor();

    await tab("Attributes");
    await page.getByRole("button", { name: "Add attribute" }).click();
    const attribute = page.getByRole("dialog", { name: "Add attribute" });
    await attribute.getByLabel("Code").fill("region");
    await attribute.getByLabel("Name", { exact: true }).fill("Region");
    for (const option of ["Global", "China"]) {
      await attribute.getByLabel("Options").fill(option);
      await attribute.getByLabel("Options").press("Enter");
    }
    await attribute.getByRole("button", { name: "Save" }).click();
    await page.getByText("Attribute Region added").waitFor();
    const region = page.getByRole("row", { name: /region/ });
    await region.getByText("Global", { exact: true }).waitFor();
    await region.getByText("China", { exact: true }).waitFor();

    // A product with two SKUs and two order fields, the second a choice.
    await tab("Products");
    await page.getByRole("button", { name: "New product" }).click();
    const form = page.getByRole("dialog", { name: "New product" });
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("This field is required").first().waitFor();
    await form.getByLabel("Code", { exact: true }).fill("E2E-GAME");
    await form.getByText("Login Topup", { exact: true }).click();
    await form.getByLabel("Name", { exact: true }).fill("E2E Game Gems");
    await form.getByLabel("Chinese name").fill("E2E 游戏钻石");
    await choose(page, form.getByLabel("Category"), "Games (游戏)");
    await choose(page, form.getByLabel("Brand"), "Acme");
    await choose(page, form.getByLabel("Region"), "China");
    await fillSku(form.getByRole("group", { name: "SKU 1" }), "G100", "100 gems", "1");
    await form.getByRole("button", { name: "Add SKU" }).click();
    await fillSku(form.getByRole("group", { name: "SKU 2" }), "G500", "500 gems", "5");
    const account = form.getByRole("group", { name: "Field 1" });
    await fillField(account, "account", "Player ID", "玩家 ID");
    await form.getByRole("button", { name: "Add field" }).click();
    const server = form.getByRole("group", { name: "Field 2" });
    await fillField(server, "server", "Server", "服务器");
    await server.getByText("Choice", { exact: true }).click();
    await server.getByRole("button", { name: "Add option" }).click();
    const asia = server.getByRole("group", { name: "Option 1" });
    await asia.getByLabel("Value").fill("asia");
    await asia.getByLabel("Option label (English)").fill("Asia");
    await asia.getByLabel("Option label (Chinese)").fill("亚洲");
    // The primary key is one field: choosing the second unchooses the first, and back.
    await server.getByLabel("Recharge account").check();
    expect(await account.getByLabel("Recharge account").isChecked()).toBe(false);
    await account.getByLabel("Recharge account").check();
    expect(await server.getByLabel("Recharge account").isChecked()).toBe(false);
    // None at all is refused before anything is sent.
    await account.getByLabel("Recharge account").uncheck();
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Exactly one field must be the primary key").waitFor();
    await account.getByLabel("Recharge account").check();
    expect(await blockingViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Product E2E Game Gems created").waitFor();
    const product = page.getByRole("row", { name: /E2E-GAME/ });
    await product.getByText("E2E 游戏钻石").waitFor();
    await product.getByText("Login Topup").waitFor();
    await product.getByText("Games", { exact: true }).waitFor();
    await product.getByText("Acme", { exact: true }).waitFor();
    await product.getByRole("cell", { name: "2", exact: true }).waitFor();
    await product.getByText("On sale").waitFor();

    // A taken code: the server says so on the code field.
    await page.getByRole("button", { name: "New product" }).click();
    await form.getByLabel("Code", { exact: true }).fill("E2E-GAME");
    await form.getByLabel("Name", { exact: true }).fill("Another");
    await fillSku(form.getByRole("group", { name: "SKU 1" }), "X1", "One", "1");
    await fillField(form.getByRole("group", { name: "Field 1" }), "account", "Account", "账号");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("A product with this code already exists (it may be in the recycle bin)").waitFor();
    await form.getByRole("button", { name: "Cancel" }).click();
    await form.waitFor({ state: "hidden" });

    // Removing a SKU sends it to the recycle bin, where it is restored.
    await product.getByRole("button", { name: "Edit E2E-GAME", exact: true }).click();
    const edit = page.getByRole("dialog", { name: "Edit product E2E-GAME" });
    await expect
      .poll(() => edit.getByRole("group", { name: "SKU 2" }).getByLabel("SKU code").inputValue())
      .toBe("G500");
    await edit.getByText("China", { exact: true }).waitFor();
    expect(await edit.getByLabel("Code", { exact: true }).isDisabled()).toBe(true);
    await edit.getByRole("button", { name: "Remove SKU 2" }).click();
    await page.getByText("SKU G500 goes to the recycle bin when you save").waitFor();
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText("Product E2E Game Gems saved").waitFor();
    await page.getByText("Moved to the recycle bin: G500").waitFor();
    await product.getByRole("cell", { name: "1", exact: true }).waitFor();

    await tab("Recycle bin");
    const binnedSku = page.getByRole("row", { name: /G500/ });
    await binnedSku.getByText("SKU", { exact: true }).waitFor();
    await binnedSku.getByText("E2E Game Gems").waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    await binnedSku.getByRole("button", { name: "Restore E2E-GAME / G500" }).click();
    await page.getByText("E2E-GAME / G500 restored").waitFor();
    await binnedSku.waitFor({ state: "detached" });

    // The whole product goes to the bin and comes back.
    await tab("Products");
    await product.getByRole("cell", { name: "2", exact: true }).waitFor();
    await product.getByRole("button", { name: "Delete E2E-GAME", exact: true }).click();
    await page.getByText("Merchants can no longer see or order it. It can be restored from the recycle bin.").waitFor();
    await page.getByRole("tooltip").getByRole("button", { name: "Delete" }).click();
    await page.getByText("E2E Game Gems moved to the recycle bin").waitFor();
    await product.waitFor({ state: "detached" });
    await tab("Recycle bin");
    const binnedProduct = page.getByRole("row", { name: /E2E-GAME/ });
    await binnedProduct.getByText("Product", { exact: true }).waitFor();
    await binnedProduct.getByRole("button", { name: "Restore E2E-GAME", exact: true }).click();
    await page.getByText("E2E-GAME restored").waitFor();
    await tab("Products");
    await product.getByText("E2E Game Gems").waitFor();

    // A SKU no order refers to is purged for good, with the MFA code again.
    await product.getByRole("button", { name: "Edit E2E-GAME", exact: true }).click();
    await expect
      .poll(() => edit.getByRole("group", { name: "SKU 2" }).getByLabel("SKU code").inputValue())
      .toBe("G500");
    await edit.getByRole("button", { name: "Remove SKU 2" }).click();
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText("Product E2E Game Gems saved").waitFor();
    await tab("Recycle bin");
    await page.getByRole("button", { name: "Purge E2E-GAME / G500" }).click();
    await page.getByText("Delete E2E-GAME / G500 for good? This cannot be undone.").waitFor();
    await page.getByRole("tooltip").getByRole("button", { name: "Purge" }).click();
    await confirmStepUp(page, e2e, chief.mfaSecret!);
    await page.getByText("E2E-GAME / G500 deleted for good").waitFor();
    await page.getByRole("row", { name: /G500/ }).waitFor({ state: "detached" });

    // Export: the whole catalog as a dated JSON file, the product in it as built here.
    await tab("Products");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^catalog-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
      products: { code: string; name: string; skus: { code: string }[]; fields: { key: string }[] }[];
    };
    const game = exported.products.find((p) => p.code === "E2E-GAME");
    expect(game?.skus.map((s) => s.code)).toEqual(["G100"]);
    expect(game?.fields.map((f) => f.key)).toEqual(["account", "server"]);

    // Import: the product renamed, and a copy of it under a new code.
    const changed = {
      products: [
        { ...game, name: "E2E Game Gems II" },
        { ...game, code: "E2E-GEMS", name: "Gems Copy" },
      ],
    };
    await page.getByRole("button", { name: "Import" }).click();
    const importing = page.getByRole("dialog", { name: "Import products" });
    await importing.locator('input[type="file"]').setInputFiles({
      name: "catalog.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(changed)),
    });
    await expect.poll(() => importing.getByLabel("Catalog document (JSON)").inputValue()).toContain("E2E-GEMS");
    await importing.getByRole("button", { name: "Import" }).click();
    await importing.getByText("Import finished").waitFor();
    await importing
      .getByText("Products: 1 created, 1 updated. SKUs: 1 created, 1 updated, 0 disabled.", { exact: true })
      .waitFor();
    await importing.getByRole("button", { name: "Done" }).click();
    await page
      .getByRole("row", { name: /E2E-GEMS/ })
      .getByText("Gems Copy")
      .waitFor();
    await product.getByText("E2E Game Gems II").waitFor();
    expect(problemsOf(page)).toEqual([]);
  });

  it("a staff member who may only read the catalog sees a product's form read-only", async () => {
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    const body: ProductBody = {
      code: "E2E-READ",
      type: 1,
      name: "Read-only Top-up",
      fields: [{ key: "account", label: { "en-US": "Phone", "zh-CN": "手机号" }, kind: "text", primaryKey: true }],
      skus: [{ code: "R10", spec: "10 USD", faceValue: "10", currency: "USD" }],
    };
    const created = await e2e.t.app.inject({
      method: "POST",
      url: consoleUrl(catalogCalls.createProduct),
      headers: { authorization: await staffLogin(e2e.t, chief) },
      payload: body,
    });
    expect(created.json().code).toBe(200);

    const reader = await staffMember(e2e.t, ["technology"]);
    const page = await e2e.newPage();
    await page.goto("/console/catalog");
    await submitLogin(page, reader.username, TEST_PASSWORD, await staffCode(e2e.t, reader));
    await page.waitForURL(/\/console\/catalog$/);
    const product = page.getByRole("row", { name: /E2E-READ/ });
    await product.getByText("Read-only Top-up").waitFor();
    expect(await page.getByRole("button", { name: "New product" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Import" }).count()).toBe(0);
    expect(await product.getByRole("button", { name: "Delete E2E-READ" }).count()).toBe(0);
    await product.getByRole("button", { name: "View E2E-READ" }).click();
    const view = page.getByRole("dialog", { name: "Product E2E-READ" });
    await expect.poll(() => view.getByLabel("Name", { exact: true }).inputValue()).toBe("Read-only Top-up");
    expect(await view.getByLabel("Name", { exact: true }).isDisabled()).toBe(true);
    expect(await view.getByRole("group", { name: "SKU 1" }).getByLabel("SKU code").inputValue()).toBe("R10");
    expect(await view.getByRole("button", { name: "Save" }).count()).toBe(0);
    await view.getByRole("button", { name: "Done" }).click();
    await view.waitFor({ state: "hidden" });
    expect(problemsOf(page)).toEqual([]);
  });

  it("keeps in the bin what an order refers to: purging it is not offered", async () => {
    const shop = await openShop(e2e.t);
    const placed = await e2e.t.app.inject({
      method: "POST",
      url: `${PORTAL_BASE}${orderCalls.create.path}`,
      headers: { authorization: shop.token },
      payload: { productId: shop.topup.productId, skuId: shop.topup.skuId, inputs: { account: "13800138000" } },
    });
    expect(placed.json().code).toBe(200);
    const chief = await staffMember(e2e.t, ["superAdmin"]);
    const page = await e2e.newPage();
    await page.goto("/console/catalog");
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    await page.waitForURL(/\/console\/catalog$/);

    const code = shop.topup.code;
    await page.getByLabel("Code or name").fill(code);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const product = page.getByRole("row", { name: new RegExp(code) });
    await product.getByRole("button", { name: `Delete ${code}`, exact: true }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Test Mobile Top-up moved to the recycle bin").waitFor();

    await page.getByRole("tab", { name: "Recycle bin", exact: true }).click();
    const binned = page.getByRole("row", { name: new RegExp(code) });
    await binned.getByRole("cell", { name: "1", exact: true }).waitFor();
    const purge = binned.getByRole("button", { name: `Purge ${code}` });
    expect(await purge.isDisabled()).toBe(true);
    await purge.hover({ force: true });
    await page.getByRole("tooltip").getByText("1 order(s) refer to it: it cannot be purged").waitFor();
    await binned.getByRole("button", { name: `Restore ${code}` }).click();
    await page.getByText(`${code} restored`).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });
});
