// Builds the browser app when it is missing or older than its sources (used by `npm start` and `npm run test:e2e`).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "dist", "index.html");
const sources = ["src", "locales", "server/src/contracts", "index.html", "vite.config.ts", "package-lock.json"];

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
  const { build } = await import("vite");
  await build({ root, logLevel: "warn" });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureBrowserBuild();
