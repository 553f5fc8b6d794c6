/**
 * Initial JavaScript per route, gzip, per chunk: what `/login` loads, and what the first page after sign-in
 * (Merchant Information) adds. Reads the Vite manifest of `dist/` (run `npm run build` first).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
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
  const rows = [...keys]
    .filter((k) => !alreadyLoaded.has(k))
    .map((k) => ({ file: manifest[k]!.file, gzip: gz(manifest[k]!.file) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  console.log(`\n${title}: ${kb(total)} gzip in ${rows.length} chunk(s)`);
  for (const r of rows) console.log(`  ${kb(r.gzip).padStart(10)}  ${r.file}`);
  return total;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error("no entry in the manifest: run `npm run build`");
const findPage = (pattern: RegExp) => Object.keys(manifest).find((k) => pattern.test(k));

const initial = closure(entryKey);
const initialSize = report("Start-up (index.html)", initial);
const loginKey = findPage(/pages\/login\//);
const login = loginKey ? closure(loginKey) : new Set<string>();
const loginSize = initialSize + report("/login adds", login, initial);
console.log(`\n/login total: ${kb(loginSize)} gzip (target < 450 KB)`);

const infoKey = findPage(/pages\/merchant-info\//);
const shellKey = findPage(/components\/shell\/|components\/layout\//);
const afterSignIn = new Set<string>([...(shellKey ? closure(shellKey) : []), ...(infoKey ? closure(infoKey) : [])]);
const firstPageSize = initialSize + report("First page after sign-in (/merchant/info) adds", afterSignIn, initial);
console.log(`\n/merchant/info total: ${kb(firstPageSize)} gzip`);

const all = Object.values(manifest).reduce((sum, c) => sum + (c.file.endsWith(".js") ? gz(c.file) : 0), 0);
console.log(`Whole app: ${kb(all)} gzip; /login loads ${((loginSize / all) * 100).toFixed(0)}% of it`);
