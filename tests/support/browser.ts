import type { Page } from "playwright-core";
import { resources } from "#contracts";
import { orderPath } from "../../src/lib/order-list";

/** Debian's Chromium (`apt-get install -y chromium`); test tools never download a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Flags that work here: no sandbox as root, and no calls home on a machine without internet. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Every page a signed-in admin can open, from the declared resources, plus the order entry pages and the batch history. */
export const auditedPaths: readonly string[] = [
  ...resources.filter((r) => !r.group && !r.hidden).map((r) => r.path),
  orderPath("create"),
  orderPath("batch"),
  orderPath("batches"),
];

/** Opens a page and waits until it has drawn its title and its reads have settled: ready to be measured or shot. */
export async function openSettled(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForLoadState("networkidle");
}
