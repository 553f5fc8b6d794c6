// Writes contracts/index.ts and contracts/areas.ts from the files in contracts/, so a new contract file is
// exported, and its resource declared, without editing a list. npm runs it before start, dev, test, build and
// typecheck; `--check` only says whether the written files are current (exit 1 if not).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../contracts");
const written = new Set(["index.ts", "areas.ts"]);
const header = "// Written by scripts/contracts-index.mjs from the files in this folder: do not edit.\n";
const camel = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

/** The two files' contents for the contract files now in the folder. */
export function contractIndexes() {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !written.has(f))
    .map((f) => f.slice(0, -3))
    .sort();
  // An area's contract file declares `export const <area>Resource = defineResource(...)` (README, "Add a resource").
  const areas = files.filter((name) =>
    new RegExp(`export const ${camel(name)}Resource = defineResource\\(`).test(
      readFileSync(path.join(dir, `${name}.ts`), "utf8"),
    ),
  );
  const index = [
    header,
    "/** Contracts shared by the server and the browser: no Node, no database imports here. */",
    ...files.map((name) => `export * from "./${name}";`),
    "",
  ].join("\n");
  const areaList = [
    header,
    ...areas.map((name) => `import { ${camel(name)}Resource } from "./${name}";`),
    "",
    "/** Each area's resource, declared in its own contract file (the menu order comes from `sort`). */",
    "export const areaResources = [",
    ...areas.map((name) => `  ${camel(name)}Resource,`),
    "] as const;",
    "",
  ].join("\n");
  return { "index.ts": index, "areas.ts": areaList };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  let stale = false;
  for (const [file, content] of Object.entries(contractIndexes())) {
    const target = path.join(dir, file);
    let current = "";
    try {
      current = readFileSync(target, "utf8");
    } catch {}
    if (current === content) continue;
    stale = true;
    if (!check) writeFileSync(target, content);
  }
  if (check && stale) {
    console.error("contracts/index.ts or contracts/areas.ts is out of date: run `node scripts/contracts-index.mjs`");
    process.exit(1);
  }
}
