import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ResourceDeclaration, resources } from "#contracts";
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
