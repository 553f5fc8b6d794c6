import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storageKeys } from "../../src/lib/storage-keys";
import { auditedPaths, openSettled } from "../support/browser";
import { type E2E, problemsOf, startE2E, viewports } from "../support/e2e";
import { type EveryStatusShop, shopInEveryStatus } from "../support/every-status";
import { splitHeaderWords } from "../support/table-reach";

/** Lists whose every column must be in sight without scrolling sideways, at a laptop's and a phone's width. */
const lists = [
  { path: "/merchant/product", button: { "en-US": /^Order$/, "zh-CN": /^下\s?单$/ } },
  { path: "/merchant-setting/merchant-member", button: { "en-US": /^Edit$/, "zh-CN": /^编\s?辑$/ } },
] as const;

/** How far the table reaches past its frame (0 when it fits), and the page's own sideways scroll. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const content = document.querySelector(".ant-table-content, .ant-table-body") as HTMLElement;
    return {
      table: content.scrollWidth - content.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

describe("tables fit their card", () => {
  let e2e: E2E;
  let shop: EveryStatusShop;
  let token: string;
  beforeAll(async () => {
    e2e = await startE2E();
    shop = await shopInEveryStatus(e2e.t);
    token = await e2e.t.login(shop.merchant.users.admin.username);
  });
  afterAll(() => e2e.close());

  for (const locale of ["en-US", "zh-CN"] as const)
    for (const [width, viewport] of Object.entries(viewports))
      it(`shows every column and the row actions, and titles whole, at ${width} width (${locale})`, async () => {
        const page = await e2e.newPage({
          locale,
          viewport,
          storage: { [storageKeys.loginToken]: token, [storageKeys.language]: locale },
        });
        for (const { path, button } of lists) {
          await page.goto(path);
          await page.locator(".ant-table-row").first().waitFor();
          expect({ path, ...(await overflow(page)) }).toEqual({ path, table: 0, page: 0 });
          const action = page.locator(".ant-table-row").first().getByRole("button", { name: button[locale] });
          const box = await action.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= viewport.width, `${path}: ${button[locale].source}`).toBe(
            true,
          );
        }
        // On every page, however a table is squeezed, no column title is split inside a word ("姓/名").
        const split: string[] = [];
        for (const path of auditedPaths) {
          await openSettled(page, path);
          for (const word of await splitHeaderWords(page)) split.push(`${path}: ${word}`);
        }
        expect(split).toEqual([]);
        expect(problemsOf(page)).toEqual([]);
      });
});
