import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as contracts from "#contracts";
import { type CallDeclaration, consoleResources, type ResourceDeclaration, resources } from "#contracts";
import { moduleFolders } from "../../server/src/modules";

/**
 * An area is declared once and found by its name (README, "Add a resource"): this fails when a declared
 * resource lacks one of its parts, so a half-added area cannot land.
 */
const root = path.resolve(import.meta.dirname, "../..");
const languages = ["en-US", "zh-CN"] as const;
const areas = (resources as readonly ResourceDeclaration[]).filter((r) => !r.group);
const catalog = (language: string, name: string) =>
  JSON.parse(readFileSync(path.join(root, "locales", language, `${name}.json`), "utf8")) as Record<string, unknown>;

describe.each(areas.map((r) => [r.name, r] as const))("area %s", (name, resource) => {
  it("has its contract file, which declares its data calls", () => {
    expect(existsSync(path.join(root, "contracts", `${name}.ts`))).toBe(true);
    expect(resource.calls?.list ?? resource.calls?.one).toBeDefined();
  });

  it("has its server module, found by its folder", () => {
    expect(moduleFolders()).toContain(name);
    expect(existsSync(path.join(root, "server/src/modules", name, `${name}.routes.ts`))).toBe(true);
  });

  it.skipIf(resource.hidden)("has the page that opens at its path, and its icon", () => {
    const page = resource.singleton ? `${name}-show-page.tsx` : `${name}-list-page.tsx`;
    expect(existsSync(path.join(root, "src/pages", name, page))).toBe(true);
    expect(existsSync(path.join(root, "src/pages", name, `${name}-icon.tsx`))).toBe(true);
  });

  it("has its catalog, with its title, in both languages", () => {
    for (const language of languages) {
      expect(existsSync(path.join(root, "locales", language, `${name}.json`)), language).toBe(true);
      expect(catalog(language, name).title, language).toEqual(expect.any(String));
    }
  });
});

/**
 * A console area has one name too (README, "Add a resource", the console): `contracts/console-<name>.ts` declares
 * it and every call on it, `server/src/modules/console-<name>/` serves them, `src/console/pages/<name>/` shows it and
 * `locales/<language>/console-<name>.json` words it. Nothing of the console is found under another name.
 */
const consoleNames = consoleResources.map((r) => r.name);
const filesIn = (dir: string) => readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" });
const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const isCall = (value: unknown): value is CallDeclaration =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "access" in value;

/** Every exported `…Calls` group's calls (nested groups too), with the group's name. */
function callGroups(exported: Record<string, unknown>): { group: string; call: CallDeclaration }[] {
  const found: { group: string; call: CallDeclaration }[] = [];
  const visit = (group: string, value: unknown) => {
    if (isCall(value)) found.push({ group, call: value });
    else if (typeof value === "object" && value !== null) for (const inner of Object.values(value)) visit(group, inner);
  };
  for (const [name, value] of Object.entries(exported)) if (name.endsWith("Calls")) visit(name, value);
  return found;
}
const calls = callGroups(contracts);
/** The contract file each call group is declared in. */
/** The TypeScript sources under a folder, read once: each area's checks search them again. */
const sourcesIn = (dir: string) =>
  filesIn(dir)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => ({ file: f, text: readFileSync(path.join(root, dir, f), "utf8") }));
const contractSources = sourcesIn("contracts");
const moduleSources = sourcesIn("server/src/modules");
const declaredIn = (group: string) => contractSources.find((s) => s.text.includes(`export const ${group} = `))?.file;
/** The module folders whose files serve a call of the group (`serve(app, group.…`). */
const servedBy = (group: string) => [
  ...new Set(
    moduleSources.filter((s) => s.text.includes(`serve(app, ${group}.`)).map((s) => s.file.split(path.sep)[0]),
  ),
];

describe.each(consoleResources.map((r) => [r.name, r] as const))("console area %s", (name, resource) => {
  const onIt = calls.filter(({ call }) => typeof call.access === "object" && call.access.resource === name);

  it("is declared in its contract file, with every call on it", () => {
    const file = `console-${name}.ts`;
    const source = readFileSync(path.join(root, "contracts", file), "utf8");
    expect(source).toMatch(new RegExp(`export const ${camel(`console-${name}`)}Resource = defineConsoleResource\\(`));
    expect(onIt.length, "calls on it").toBeGreaterThan(0);
    for (const { group } of onIt)
      expect(declaredIn(group), group).toMatch(new RegExp(`^console-${name}(-[a-z-]+)?\\.ts$`));
    for (const call of Object.values(resource.calls)) expect(onIt.map((c) => c.call)).toContain(call);
  });

  it("is served by its own module, and only there", () => {
    expect(moduleFolders()).toContain(`console-${name}`);
    for (const group of new Set(onIt.map((c) => c.group))) expect(servedBy(group), group).toEqual([`console-${name}`]);
  });

  it("has its page folder and its texts in both languages", () => {
    expect(existsSync(path.join(root, "src/console/pages", name, `${name}-page.tsx`))).toBe(true);
    // Its `title` names it in the menu and the page title.
    for (const language of languages)
      expect(catalog(language, `console-${name}`).title, language).toEqual(expect.any(String));
  });
});

describe("the console's parts", () => {
  it("are each named after a declared area (no second name)", () => {
    const pageFolders = readdirSync(path.join(root, "src/console/pages"), { withFileTypes: true });
    expect(pageFolders.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([]);
    expect(pageFolders.map((e) => e.name).sort()).toEqual([...consoleNames].sort());
    const modules = moduleFolders().filter((m) => m.startsWith("console-"));
    expect(modules.sort()).toEqual(consoleNames.map((n) => `console-${n}`).sort());
    for (const language of languages) {
      const texts = readdirSync(path.join(root, "locales", language)).filter((f) => f.startsWith("console-"));
      expect(texts.sort(), language).toEqual(consoleNames.map((n) => `console-${n}.json`).sort());
    }
    const contractFiles = readdirSync(path.join(root, "contracts")).filter(
      (f) => f.startsWith("console-") && f !== "console-areas.ts",
    );
    for (const f of contractFiles)
      expect(
        consoleNames.some((n) => f === `console-${n}.ts` || f.startsWith(`console-${n}-`)),
        f,
      ).toBe(true);
  });
});
