/**
 * `npm run bench -- screens [--out=DIR] [--only=TEXT]`: full-page screenshots of every portal and console page, at a
 * laptop's 1280 px and a phone's 390 px, in both languages, with a merchant holding records in every status. For
 * looking at, the way staff will (run `npm run build` first; `apt-get install fonts-noto-cjk` for the Chinese).
 * Prints how many were written and where; `--only` keeps the pages whose path contains TEXT.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { consoleResources } from "#contracts";
import { orderPath } from "../src/lib/order-list";
import { storageKeys } from "../src/lib/storage-keys";
import { auditedPaths, CHROMIUM_ARGS, CHROMIUM_PATH, openSettled } from "../tests/support/browser";
import { viewports } from "../tests/support/e2e";
import { shopInEveryStatus } from "../tests/support/every-status";
import { staffLogin, staffMember } from "../tests/support/staff";
import { startTestApp } from "../tests/support/test-app";
import { baseUrl } from "./support/load";

const flag = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined;
const out = path.resolve(flag("out") ?? "/tmp/mp-screens");
const only = flag("only");
mkdirSync(out, { recursive: true });

const t = await startTestApp("pglite", { webRoot: path.resolve("dist") });
await t.app.listen({ host: "127.0.0.1", port: 0 });
const base = baseUrl(t.app.server);
const shop = await shopInEveryStatus(t);
const merchantToken = await t.login(shop.merchant.users.admin.username);
const consoleToken = await staffLogin(t, await staffMember(t, ["superAdmin"]));

const portalPaths = [...auditedPaths, ...Object.values(shop.orders).map((no) => orderPath("show", no))];
/** Each group of pages opens in its own browser context, with the session it needs already in storage. */
const groups = [
  { paths: ["/login", "/console/login"], storage: {} },
  { paths: portalPaths, storage: { [storageKeys.loginToken]: merchantToken } },
  { paths: consoleResources.map((r) => r.path), storage: { [storageKeys.consoleToken]: consoleToken } },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
let written = 0;
try {
  for (const language of ["en-US", "zh-CN"])
    for (const [width, viewport] of Object.entries(viewports))
      for (const { paths, storage } of groups) {
        const entries = { ...storage, [storageKeys.language]: language };
        const context = await browser.newContext({
          baseURL: base,
          locale: language,
          viewport,
          storageState: {
            cookies: [],
            origins: [
              { origin: base, localStorage: Object.entries(entries).map(([name, value]) => ({ name, value })) },
            ],
          },
        });
        const page = await context.newPage();
        for (const p of paths.filter((p) => !only || p.includes(only))) {
          await openSettled(page, p);
          const name = `${p.replace(/^\//, "").replace(/[^\w-]+/g, "_")}-${width}-${language}.png`;
          await page.screenshot({ path: path.join(out, name), fullPage: true });
          written++;
        }
        await context.close();
      }
} finally {
  await browser.close();
  await t.close();
}
console.log(`${written} screenshots in ${out}`);
