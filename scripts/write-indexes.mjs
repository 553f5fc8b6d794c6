// Writes the lists that follow from the files on disk, so a new contract file is exported, its resource declared,
// and a new server module loaded, without editing a list: contracts/index.ts and contracts/areas.ts from the files
// in contracts/ (and contracts/console-areas.ts for the console's), server/src/modules/all-modules.ts from the folders in server/src/modules/ (a static list, so the
// server bundles to JavaScript: scripts/server-build.mjs). npm runs it before start, dev, test, build and
// typecheck; `--check` only says whether the written files are current (exit 1 if not).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.join(root, "contracts");
const modulesDir = path.join(root, "server/src/modules");
const written = new Set(["index.ts", "areas.ts", "console-areas.ts"]);
const header = "// Written by scripts/write-indexes.mjs from the files in this folder: do not edit.\n";
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
  // A console area's file is contracts/console-<area>.ts with `export const console<Area>Resource = defineConsoleResource(...)`.
  const consoleAreas = files.filter((name) =>
    new RegExp(`export const ${camel(name)}Resource = defineConsoleResource\\(`).test(
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
  const consoleAreaList = [
    header,
    ...consoleAreas.map((name) => `import { ${camel(name)}Resource } from "./${name}";`),
    "",
    "/** Each console area's resource, declared in its own contract file (the menu order comes from `sort`). */",
    "export const consoleAreaResources = [",
    ...consoleAreas.map((name) => `  ${camel(name)}Resource,`),
    "] as const;",
    "",
  ].join("\n");
  return { "index.ts": index, "areas.ts": areaList, "console-areas.ts": consoleAreaList };
}

/** server/src/modules/all-modules.ts: every folder there with an index.ts is a module. */
export function moduleIndex() {
  const folders = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(modulesDir, entry.name, "index.ts")))
    .map((entry) => entry.name)
    .sort();
  // In the order the formatter keeps imports: by path, the ServerModule type among them.
  const imports = [
    ...folders.map((name) => [name, `import ${camel(name)}Module from "./${name}";`]),
    ["module", 'import type { ServerModule } from "./module";'],
  ].sort(([a], [b]) => (a < b ? -1 : 1));
  return [
    header,
    ...imports.map(([, line]) => line),
    "",
    "/** Every module, by its folder's name (a folder with an index.ts), in name order. */",
    "export const modulesByFolder: Record<string, ServerModule> = {",
    ...folders.map((name) => `  ${name.includes("-") ? `"${name}"` : name}: ${camel(name)}Module,`),
    "};",
    "",
  ].join("\n");
}

/** Every written file, by its path from the repository's root. */
export function writtenFiles() {
  const contracts = Object.entries(contractIndexes()).map(([file, content]) => [`contracts/${file}`, content]);
  return Object.fromEntries([...contracts, ["server/src/modules/all-modules.ts", moduleIndex()]]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  let stale = false;
  for (const [file, content] of Object.entries(writtenFiles())) {
    const target = path.join(root, file);
    let current = "";
    try {
      current = readFileSync(target, "utf8");
    } catch {}
    if (current === content) continue;
    stale = true;
    if (!check) writeFileSync(target, content);
  }
  if (check && stale) {
    console.error("A written list is out of date: run `node scripts/write-indexes.mjs`");
    process.exit(1);
  }
}
