// Builds the browser app when it is missing or older than its sources (used by `npm start` and `npm run test:e2e`).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "dist", "index.html");
const sources = [
  "src",
  "public",
  "locales",
  "contracts",
  "index.html",
  "vite.config.ts",
  "scripts/antd-styles.ts",
  "scripts/vite-browser-contracts.ts",
  "scripts/vite-precompress.ts",
  "package-lock.json",
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((child) => newestChange(path.join(entry, child))));
}

export async function ensureBrowserBuild() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (builtAt && Math.max(...sources.map(newestChange)) <= builtAt) return;
  process.stdout.write(
    builtAt ? "Browser app is older than its sources; rebuilding...\n" : "Building the browser app (first start)...\n",
  );
  // In its own process: Vite's build sets NODE_ENV=production in the process that runs it, which would then
  // make the server that starts next in this process demand production settings.
  const vitePackage = createRequire(import.meta.url).resolve("vite/package.json");
  const vite = path.join(path.dirname(vitePackage), "bin", "vite.js");
  const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`the browser build failed (exit ${result.status})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureBrowserBuild();
