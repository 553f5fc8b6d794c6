/**
 * Initial JavaScript per route, gzip, per chunk: what `/login` loads, and what the first page after sign-in
 * (Merchant Information) adds. Reads the Vite manifest of `dist/` (run `npm run build` first).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve("dist");
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"),
);
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function report(title: string, keys: Set<string>, alreadyLoaded = new Set<string>()) {
  // Two keys may name one file (a module that is also a chunk's facade): count each file once.
  // Stylesheets count too: the app's carries antd's styles, made at build time (scripts/antd-styles.ts).
  const files = new Set(
    [...keys].filter((k) => !alreadyLoaded.has(k)).flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])]),
  );
  const rows = [...files].map((file) => ({ file, gzip: gz(file) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  console.log(`\n${title}: ${kb(total)} gzip in ${rows.length} file(s)`);
  for (const r of rows) console.log(`  ${kb(r.gzip).padStart(10)}  ${r.file}`);
  return total;
}

const entryKey = Object.keys(manifest).find((k) => k === "index.html" && manifest[k]!.isEntry);
if (!entryKey) throw new Error("no entry in the manifest: run `npm run build`");
const findPage = (pattern: RegExp) => Object.keys(manifest).find((k) => pattern.test(k));

// index.html runs a small switch (src/main.tsx): the light sign-in page for a signed-out /login, the app otherwise.
const initial = closure(entryKey);
const initialSize = report("Start-up switch (index.html)", initial);
const signInKey = findPage(/pages\/login\/start-login/);
// The sign-in page's texts: one language's four catalogs, loaded by the switch (the larger of each language pair).
const catalogPairs = new Map<string, string[]>();
const switchImports = [...initial].flatMap((k) => manifest[k]!.dynamicImports ?? []);
for (const key of switchImports.filter((k) => /^(login|common|errors|validation)$/.test(manifest[k]!.name ?? ""))) {
  const name = manifest[key]!.name ?? key;
  catalogPairs.set(name, [...(catalogPairs.get(name) ?? []), key]);
}
const catalogKeys = [...catalogPairs.values()].map(
  (pair) => pair.sort((a, b) => gz(manifest[b]!.file) - gz(manifest[a]!.file))[0]!,
);
const login = new Set<string>([
  ...(signInKey ? closure(signInKey) : []),
  ...catalogKeys.flatMap((k) => [...closure(k)]),
]);
const loginSize = initialSize + report("/login adds", login, initial);
console.log(`\n/login total: ${kb(loginSize)} gzip (target ~100 KB)`);

const appKey = findPage(/src\/full-app\.tsx$/);
const infoKey = findPage(/pages\/merchant-info\//);
// The shell is part of the app's chunk (its command palette, a chunk of its own, loads when first opened).
// The app's texts: one language's chunk (the larger) and the sign-in page's namespaces, which the app loads too.
const localeKey = Object.keys(manifest)
  .filter((k) => manifest[k]!.name?.startsWith("locale-"))
  .sort((a, b) => gz(manifest[b]!.file) - gz(manifest[a]!.file))[0];
const afterSignIn = new Set<string>(
  [appKey, infoKey, localeKey, ...catalogKeys].flatMap((key) => (key ? [...closure(key)] : [])),
);
const firstPageSize = initialSize + report("First page after sign-in (/merchant/info) adds", afterSignIn, initial);
console.log(`\n/merchant/info total: ${kb(firstPageSize)} gzip`);

const all = Object.values(manifest).reduce((sum, c) => sum + (c.file.endsWith(".js") ? gz(c.file) : 0), 0);
console.log(`Whole app: ${kb(all)} gzip; /login loads ${((loginSize / all) * 100).toFixed(0)}% of it`);
