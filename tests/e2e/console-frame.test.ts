import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleResources } from "#contracts";
import { storageKeys } from "../../src/lib/storage-keys";
import { openSettled } from "../support/browser";
import { type E2E, problemsOf, startE2E, viewports } from "../support/e2e";
import { shopInEveryStatus } from "../support/every-status";
import { staffLogin, staffMember } from "../support/staff";
import { splitHeaderWords } from "../support/table-reach";

const words = {
  "en-US": { menu: "Toggle menu", orders: "Orders", audit: "Audit log" },
  "zh-CN": { menu: "展开/收起菜单", orders: "订单", audit: "审计日志" },
} as const;

/** The console's frame at a laptop's and a phone's width: every area within the window, the areas in reach. */
describe("the console's frame", () => {
  let e2e: E2E;
  let token: string;
  beforeAll(async () => {
    e2e = await startE2E();
    await shopInEveryStatus(e2e.t);
    token = await staffLogin(e2e.t, await staffMember(e2e.t, ["superAdmin"]));
  });
  afterAll(() => e2e.close());

  for (const locale of ["en-US", "zh-CN"] as const)
    for (const [width, viewport] of Object.entries(viewports))
      it(`keeps every area within a ${width}'s width and its menu in reach (${locale})`, async () => {
        const page = await e2e.newPage({
          locale,
          viewport,
          storage: { [storageKeys.consoleToken]: token, [storageKeys.language]: locale },
        });
        // No area makes the page scroll sideways: wide tables scroll inside their card. No column title is split
        // inside a word, squeezed as a table may be.
        const wider: string[] = [];
        const split: string[] = [];
        for (const { path } of consoleResources) {
          await openSettled(page, path);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) wider.push(`${path} by ${overflow} px`);
          for (const word of await splitHeaderWords(page)) split.push(`${path}: ${word}`);
        }
        expect(wider).toEqual([]);
        expect(split).toEqual([]);

        // A laptop shows the areas beside the page; a phone opens them from the top bar.
        await page.goto("/console/orders");
        const nav = page.getByRole("navigation", { name: locale === "zh-CN" ? "主菜单" : "Main menu" });
        if (width === "phone") {
          expect(await nav.isVisible()).toBe(false);
          await page.getByRole("button", { name: words[locale].menu }).click();
        }
        await nav.getByRole("menuitem", { name: words[locale].audit }).click();
        await page.waitForURL(/\/console\/audit$/);
        await page.getByRole("heading", { name: words[locale].audit }).first().waitFor();
        if (width === "phone") await nav.waitFor({ state: "hidden" });
        expect(problemsOf(page)).toEqual([]);
      });
});
