import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adjustmentCalls,
  type CallDeclaration,
  consoleMerchantCalls,
  riskCalls,
  roleCalls,
  type SupplierAccountView,
  supplierCalls,
  supplierCatalogCalls,
} from "#contracts";
import { merchants, users } from "../../server/src/db/schema";
import { newTotpSecret } from "../../server/src/modules/auth/totp";
import { DEMO_BANK_ACCOUNT, seedDemo } from "../../server/src/modules/provisioning/demo-seed";
import { call, EN, expectOk } from "../support/api-helpers";
import { confirmStepUp, type E2E, problemsOf, startE2E, submitLogin, viewports } from "../support/e2e";
import { submitDeposit } from "../support/funds-fixtures";
import { openShop, type Shop } from "../support/order-fixtures";
import { consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { inSight, isCut, unreachableColumns } from "../support/table-reach";
import { TEST_PASSWORD } from "../support/test-app";

const locales = ["en-US", "zh-CN"] as const;
type Locale = (typeof locales)[number];
const widths = Object.keys(viewports) as (keyof typeof viewports)[];

const texts = {
  "en-US": {
    open: "Open",
    columns: "Columns",
    resetMfa: "Reset MFA",
    lastLogin: "Last login",
    disabledMember: "Disabled a member",
    merchantUser: "Merchant user",
    enabledChange: "Enabled: Yes → No",
    enabled: "Enabled",
    yesToNo: "Yes → No",
    targetId: (id: number) => `(Id: ${id})`,
    enabledColumn: "Enabled",
  },
  "zh-CN": {
    open: /^打\s?开$/,
    columns: "显示列",
    resetMfa: "重置 MFA",
    lastLogin: "最后登录",
    disabledMember: "停用成员",
    merchantUser: "商户用户",
    enabledChange: "启用：是 → 否",
    enabled: "启用",
    yesToNo: "是 → 否",
    targetId: (id: number) => `(ID：${id})`,
    enabledColumn: "启用",
  },
} as const;

const LONG_REMARK = "Compensation for the failed batch of 2026-11-20, agreed with the merchant's owner by phone";
const LONG_REASON = "Reported stolen by the carrier on 2026-11-19; keep blocked until the police report is closed";

/**
 * The console's tables at the two widths staff use, a 1280 px laptop and a 390 px phone, in both languages (issue
 * 36): each shows the columns that fit its width (the rest one click away in its column chooser), long values wrap
 * instead of being cut, and no column hides behind a fixed one out of reach. The merchant drawer offers Reset MFA
 * only for users who bound MFA; the audit log names each entry's target and shows its changes field by field.
 */
describe("the console's tables at a laptop's and a phone's width", () => {
  let e2e: E2E;
  let chief: TestStaff;
  let token: string;
  let shop: Shop;
  let shopName: string;

  /** A console call as the chief, through the real server (a step-up call with the chief's current code). */
  async function asChief<T>(c: CallDeclaration, options: { params?: object; payload?: object } = {}) {
    const headers = c.stepUp ? { "x-mfa-code": await staffCode(e2e.t, chief) } : undefined;
    const res = await call(e2e.t, c.method, consoleUrl(c, options.params), { token, lang: EN, headers, ...options });
    return expectOk<T>(res, EN);
  }

  beforeAll(async () => {
    e2e = await startE2E();
    chief = await staffMember(e2e.t, ["superAdmin"]);
    token = await staffLogin(e2e.t, chief);
    // A console with a day's work in it, wide values and all: the demo merchant, a shop, a deposit with a long
    // reference, adjustments with long remarks, a blocked account, the suppliers checked and synced, a role.
    await seedDemo(e2e.t.deps);
    shop = await openShop(e2e.t);
    const [named] = await e2e.t.deps.db.select().from(merchants).where(eq(merchants.id, shop.merchantId));
    shopName = named!.name;
    const finance = await e2e.t.login(shop.merchant.users.finance.username);
    await submitDeposit(e2e.t, finance, shop.merchantId, { referenceNo: "TT-2026-11-21-HSBC-HK-0048213377-REF" });
    await asChief(adjustmentCalls.create, {
      payload: { merchantNo: shop.merchant.merchantNo, type: "other", amount: "5000", remark: LONG_REMARK },
    });
    await asChief(riskCalls.block, { payload: { account: "13800138000", reason: LONG_REASON } });
    for (const supplier of await asChief<SupplierAccountView[]>(supplierCalls.list)) {
      await asChief(supplierCalls.check, { params: { id: supplier.id } });
      await asChief(supplierCatalogCalls.sync, { params: { id: supplier.id } });
    }
    await asChief(roleCalls.createRole, { payload: { name: "Auditors", permissions: ["audit:list", "audit:export"] } });
  });
  afterAll(() => e2e.close());

  /** The chief signed in to the console in a fresh page of this width, reading it in `locale`. */
  async function consolePage(width: keyof typeof viewports, locale: Locale): Promise<Page> {
    const page = await e2e.newPage({ viewport: viewports[width] });
    await page.goto("/console/login");
    await submitLogin(page, chief.username, TEST_PASSWORD, await staffCode(e2e.t, chief));
    await page.waitForURL(/\/console\/merchants$/);
    await page.evaluate((language) => localStorage.setItem("language", language), locale);
    return page;
  }

  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  describe("the merchant drawer's users", () => {
    let merchantName: string;
    let bound: { id: number; username: string };
    let unbound: { id: number; username: string };

    beforeAll(async () => {
      merchantName = "Lotus Telecom Shenzhen Trading Co.";
      const m = await e2e.t.merchant({ name: merchantName, mfa: false });
      // Both sign in (their last login is known); then the admin binds an authenticator, the operator does not.
      for (const u of [m.users.admin, m.users.operator]) await e2e.t.login(u.username);
      const mfaSecret = e2e.t.deps.cipher.encrypt(newTotpSecret());
      await e2e.t.deps.db.update(users).set({ mfaSecret }).where(eq(users.id, m.users.admin.id));
      [bound, unbound] = [m.users.admin, m.users.operator];
    });

    async function openMerchant(page: Page, locale: Locale) {
      await page.goto("/console/merchants");
      const row = page.getByRole("row").filter({ hasText: merchantName });
      await row.getByRole("button", { name: texts[locale].open }).click();
      const drawer = page.getByRole("dialog", { name: merchantName });
      await drawer.getByRole("row").filter({ hasText: bound.username }).waitFor();
      return drawer;
    }

    for (const locale of locales)
      for (const width of widths)
        it(`offers Reset MFA only to who bound MFA, and shows Last login whole (${width}, ${locale})`, async () => {
          const L = texts[locale];
          const page = await consolePage(width, locale);
          const drawer = await openMerchant(page, locale);
          const boundRow = drawer.getByRole("row").filter({ hasText: bound.username });
          const unboundRow = drawer.getByRole("row").filter({ hasText: unbound.username });
          await boundRow.getByRole("button", { name: L.resetMfa }).waitFor();
          expect(await unboundRow.getByRole("button", { name: L.resetMfa }).count()).toBe(0);

          // The columns the width shows by default fit it.
          const users = drawer.getByRole("table").filter({ hasText: bound.username });
          for (const shown of await users.getByRole("columnheader").all())
            expect(await inSight(shown), (await shown.textContent()) ?? "").toBe(true);
          // A laptop shows Last login at once; on a phone it is one choice away, in the column chooser.
          const header = drawer.getByRole("columnheader", { name: L.lastLogin });
          if (width === "phone") {
            expect(await header.count()).toBe(0);
            await drawer.getByRole("button", { name: L.columns }).click();
            await page.getByRole("checkbox", { name: L.lastLogin }).check();
            await header.scrollIntoViewIfNeeded();
          }
          const cell = boundRow
            .getByRole("cell")
            .nth(await header.evaluate((th) => (th as HTMLTableCellElement).cellIndex));
          expect(await cell.textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
          for (const shown of [header, cell]) {
            expect(await inSight(shown)).toBe(true);
            expect(await isCut(shown)).toBe(false);
          }
          expect(await unreachableColumns(users)).toEqual([]);
          expect(await pageWidth(page)).toBeLessThanOrEqual(viewports[width].width);
          await page.screenshot({ path: `test-results/console-drawer-${width}-${locale}.png`, animations: "disabled" });
          expect(problemsOf(page)).toEqual([]);
        });

    it("resets a bound user's MFA after the staff member's code; the action then leaves the row", async () => {
      const page = await consolePage("laptop", "en-US");
      const drawer = await openMerchant(page, "en-US");
      const row = drawer.getByRole("row").filter({ hasText: bound.username });
      await row.getByRole("button", { name: "Reset MFA" }).click();
      await page.getByRole("button", { name: "OK", exact: true }).click();
      await confirmStepUp(page, e2e, chief.mfaSecret!);
      await page.getByText(`MFA of ${bound.username}`, { exact: false }).first().waitFor();
      await row.getByText("Not bound").waitFor();
      expect(await row.getByRole("button", { name: "Reset MFA" }).count()).toBe(0);
      expect(problemsOf(page)).toEqual([]);
    });
  });

  describe("the audit log", () => {
    let operator: { id: number; username: string };

    beforeAll(async () => {
      // A console action with a before and an after: the chief disables the shop's operator.
      operator = shop.merchant.users.operator;
      await asChief(consoleMerchantCalls.setUserStatus, {
        params: { id: shop.merchantId, userId: operator.id },
        payload: { enabled: false },
      });
    });

    for (const locale of locales)
      for (const width of widths)
        it(`names the target and shows the change field by field, whole in the entry's drawer (${width}, ${locale})`, async () => {
          const L = texts[locale];
          const page = await consolePage(width, locale);
          await page.goto("/console/audit");
          const entry = page
            .getByRole("row")
            .filter({ hasText: L.disabledMember })
            .filter({ hasText: operator.username });
          await entry.waitFor();
          // The target by name, with its kind and merchant; on a laptop the change too, "before → after".
          await entry.getByText(operator.username, { exact: true }).waitFor();
          await entry.getByText(`${L.merchantUser} · ${shopName}`).waitFor();
          if (width === "laptop") await entry.getByText(L.enabledChange).waitFor();
          expect(await unreachableColumns(page.getByRole("table"))).toEqual([]);
          expect(await pageWidth(page)).toBeLessThanOrEqual(viewports[width].width);
          await page.screenshot({ path: `test-results/console-audit-${width}-${locale}.png`, fullPage: true });

          // The entry whole: every field, the change first; the target's id kept beside its name.
          await entry.getByRole("button", { name: L.disabledMember }).click();
          const drawer = page.getByRole("dialog", { name: L.disabledMember });
          const changed = drawer.getByRole("row").filter({ hasText: L.enabled }).filter({ hasText: L.yesToNo });
          await changed.waitFor();
          await drawer.getByText(L.targetId(operator.id), { exact: false }).waitFor();
          await drawer.getByText(operator.username).first().waitFor();
          expect(await pageWidth(page)).toBeLessThanOrEqual(viewports[width].width);
          await page.screenshot({
            path: `test-results/console-audit-entry-${width}-${locale}.png`,
            animations: "disabled",
          });
          expect(problemsOf(page)).toEqual([]);
        });
  });

  for (const locale of locales)
    for (const width of widths)
      it(`keeps every supplier column in sight or a scroll away, never behind Actions (${width}, ${locale})`, async () => {
        const page = await consolePage(width, locale);
        await page.goto("/console/suppliers");
        const table = page.getByRole("table").filter({ hasText: "sandbox" });
        await table.getByRole("row").filter({ hasText: "sandbox" }).waitFor();
        const headers = () => table.getByRole("columnheader").allTextContents();
        // The columns a width shows fit it; the rest wait in the chooser.
        for (const header of await table.getByRole("columnheader").all()) expect(await inSight(header)).toBe(true);
        const shown = await headers();
        await page.getByRole("button", { name: texts[locale].columns }).click();
        const choices = page.getByRole("checkbox");
        // The checklist's code comes with the first opening.
        await expect.poll(() => choices.count()).toBe(7);
        for (const choice of await choices.all()) await choice.check();
        await expect.poll(async () => (await headers()).length).toBe(7);
        // Every one of them shown: each is in sight or a scroll away, none behind a fixed column, nothing cut.
        expect(await unreachableColumns(table)).toEqual([]);
        expect(shown.length).toBeLessThanOrEqual(7);
        if (width === "laptop") expect(shown).not.toContain(texts[locale].enabledColumn);
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewports[width].width);
        expect(problemsOf(page)).toEqual([]);
      });

  describe("every list", () => {
    /**
     * Each console list (Orders and Statistics aside), the tab it sits in, and a value its rows show at both widths
     * once read (the long reference and remark above are in its rows, shown on a laptop).
     */
    const lists: { path: string; tab?: number; shows: () => string }[] = [
      { path: "/console/merchants", shows: () => shopName },
      { path: "/console/deposits", shows: () => shopName },
      { path: "/console/adjustments", shows: () => shopName },
      { path: "/console/catalog", shows: () => "Mobile Top-up" },
      { path: "/console/suppliers", shows: () => "sandbox" },
      { path: "/console/risk", tab: 1, shows: () => LONG_REASON },
      { path: "/console/payments", shows: () => DEMO_BANK_ACCOUNT.accountNumber },
      { path: "/console/audit", shows: () => chief.username },
      { path: "/console/staff", shows: () => chief.username },
      { path: "/console/roles", shows: () => "Auditors" },
    ];

    for (const locale of locales)
      for (const width of widths)
        it(`shows every column in sight or a scroll away, nothing cut or under a fixed column (${width}, ${locale})`, async () => {
          const page = await consolePage(width, locale);
          for (const list of lists) {
            await page.goto(list.path);
            if (list.tab !== undefined) await page.getByRole("tab").nth(list.tab).click();
            const row = page.getByRole("row").filter({ hasText: list.shows() }).first();
            await row.waitFor();
            const table = page.getByRole("table").filter({ has: row });
            expect(await unreachableColumns(table), list.path).toEqual([]);
            // The columns a list shows by default fit its width; the page never scrolls sideways.
            for (const header of await table.getByRole("columnheader").all())
              expect(await inSight(header), `${list.path} ${await header.textContent()}`).toBe(true);
            expect(await pageWidth(page), list.path).toBeLessThanOrEqual(viewports[width].width);
          }
          expect(problemsOf(page)).toEqual([]);
        });
  });
});
