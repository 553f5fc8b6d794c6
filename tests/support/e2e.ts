import { mkdirSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { onTestFailed } from "vitest";
import { merchants, productSkus, products } from "../../server/src/db/schema";
import { seedDemoCatalog } from "../../server/src/modules/provisioning/demo-catalog";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./browser";
import { fund } from "./order-fixtures";
import { codeFor, startTestApp, TEST_PASSWORD, type TestApp } from "./test-app";

/** The embedded database, as `npm start` runs; `E2E_ENGINE=postgres` (with DATABASE_URL) runs them on PostgreSQL. */
const E2E_ENGINE = process.env.E2E_ENGINE === "postgres" ? "postgres" : "pglite";

export interface E2E {
  t: TestApp;
  baseUrl: string;
  browser: Browser;
  /** A fresh browser context (own storage and cookies) whose page fails the test on page or console errors. */
  newPage(options?: {
    locale?: string;
    storage?: Record<string, string>;
    permissions?: string[];
    /** The window's size; the desktop default is 1366 × 900. `phone` and `laptop` are the issues' two widths. */
    viewport?: { width: number; height: number };
  }): Promise<Page>;
  close(): Promise<void>;
}

/** Chromium reports failed HTTP answers as console errors; our API answers 4xx on purpose in many tests. */
const expectedConsoleNoise = /^Failed to load resource: the server responded with a status of 4\d\d/;

export async function startE2E(options: { config?: Record<string, string> } = {}): Promise<E2E> {
  const t = await startTestApp(E2E_ENGINE, { webRoot: path.resolve("dist"), config: options.config });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("server has no TCP address");
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const contexts: BrowserContext[] = [];

  return {
    t,
    baseUrl,
    browser,
    async newPage({ locale = "en-US", storage, permissions, viewport = { width: 1366, height: 900 } } = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, locale, viewport });
      contexts.push(context);
      if (permissions) await context.grantPermissions(permissions, { origin: baseUrl });
      if (storage) {
        await context.addInitScript((entries: Record<string, string>) => {
          if (sessionStorage.getItem("__e2e_seeded")) return;
          sessionStorage.setItem("__e2e_seeded", "1");
          for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
        }, storage);
      }
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !expectedConsoleNoise.test(message.text()))
          problems.push(`console error: ${message.text()}`);
      });
      onTestFailed(async ({ task }) => {
        mkdirSync("test-results", { recursive: true });
        const file = path.join("test-results", `${task.name.replace(/[^\w-]+/g, "_")}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      });
      (page as Page & { problems: string[] }).problems = problems;
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await t.close();
    },
  };
}

/** The two widths staff use: a laptop's window and a phone held upright. */
export const viewports = {
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Page and console errors seen so far (each test asserts there are none). */
export function problemsOf(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/** Fills the sign-in form and submits it. */
export async function submitLogin(page: Page, username: string, password: string, code = "") {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (code) await page.getByLabel("MFA code").fill(code);
  await page.getByRole("button", { name: "Log in" }).click();
}

/**
 * Walks the forced MFA bind the way a person does: reads the key shown beside the QR code, lets an
 * "authenticator" (the test) compute the code for the server's clock, and submits it.
 */
export async function bindMfaInDialog(page: Page, e2e: E2E): Promise<string> {
  const dialog = page.getByRole("dialog", { name: "Bind MFA" });
  await dialog.waitFor();
  const key = ((await dialog.getByTestId("mfa-key").textContent()) ?? "").replace(/\s+/g, "");
  await dialog.getByRole("button", { name: "Next Step" }).click();
  const codeDialog = page.getByRole("dialog", { name: "Enter MFA code" });
  await codeDialog.getByLabel("MFA code").fill(codeFor(key, e2e.t.clock.now()));
  await codeDialog.getByRole("button", { name: "Submit" }).click();
  await page.getByText("Operation successful").first().waitFor();
  await dialog.waitFor({ state: "hidden" });
  return key;
}

/**
 * Answers the step-up dialog (a secret, a key, a member change) with the next code of the user's authenticator:
 * the test's clock moves on one 30-second step, since the last code was used already.
 */
export async function confirmStepUp(page: Page, e2e: E2E, mfaKey: string) {
  const dialog = page.getByRole("dialog", { name: "Confirm with your MFA code" });
  await dialog.waitFor();
  e2e.t.clock.advance(30_000);
  await dialog.getByLabel("MFA code").fill(codeFor(mfaKey, e2e.t.clock.now()));
  await dialog.getByRole("button", { name: "Submit" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/**
 * A new merchant with the demo catalog priced for it and `balance` USD, and its operator signed in (MFA bound)
 * in a fresh page.
 */
export async function demoShopOperator(e2e: E2E, balance = "100") {
  const m = await e2e.t.merchant({ mfa: false });
  await seedDemoCatalog(e2e.t.deps, m.merchantNo);
  const [row] = await e2e.t.deps.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.merchantNo, m.merchantNo));
  await fund(e2e.t, row!.id, balance);
  const page = await e2e.newPage();
  await page.goto("/login");
  await submitLogin(page, m.users.operator.username, TEST_PASSWORD);
  await bindMfaInDialog(page, e2e);
  return { page, merchantId: row!.id, merchantNo: m.merchantNo };
}

/** The demo catalog's DEMO-MOBILE-TOPUP 10 CNY (1.42 USD to the demo shop): the SKU most browser tests order. */
export async function demoTopupSku(t: TestApp): Promise<{ productId: number; skuId: number }> {
  const [sku] = await t.deps.db
    .select({ productId: products.id, skuId: productSkus.id })
    .from(products)
    .innerJoin(productSkus, and(eq(productSkus.productId, products.id), eq(productSkus.spec, "10 CNY")))
    .where(eq(products.code, "DEMO-MOBILE-TOPUP"));
  if (!sku) throw new Error("the demo catalog has no DEMO-MOBILE-TOPUP 10 CNY");
  return sku;
}
