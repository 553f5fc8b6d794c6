import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { browserContract, callsAndAnswers } from "../../scripts/vite-browser-contracts";

describe("the contracts as the browser's build takes them", () => {
  it("leaves out each call's answer and marks every call pure, keeping the rest of the declaration", () => {
    const source = [
      'import { z } from "zod";',
      "export const item = z.object({ id: z.number() });",
      "export const calls = {",
      '  one: defineCall({ method: "GET", path: "/item/:id", access: "public", answer: pageOf(item), tag: "items" }),',
      '  two: defineCall({ ...inConsole, method: "POST", path: "/item", access: "public", answer: item }),',
      "};",
    ].join("\n");
    const edited = browserContract(source)?.code ?? "";
    expect(edited).not.toMatch(/answer/);
    expect(edited).toContain('path: "/item/:id", access: "public", tag: "items" })');
    expect(edited).toContain('...inConsole, method: "POST", path: "/item", access: "public",  })');
    expect(() => parseAst(edited, { lang: "ts" })).not.toThrow();
    expect(edited).toContain("/*@__PURE__*/ z.object({ id: /*@__PURE__*/ z.number() })");
    expect(edited.match(/\/\*@__PURE__\*\/ defineCall\(/g)).toHaveLength(2);
  });

  it("leaves alone the calls whose work may be an effect: statements of their own, and function bodies", () => {
    const source = [
      "const matrix = new Map();",
      'for (const role of roles) matrix.set(role, can(role, "list"));',
      "seal(matrix);",
      "export function can(role, action) { return rules.get(role).includes(action); }",
      "export const allowed = () => matrix.get(current());",
      "export const sorted = [...roles].sort(byName);",
    ].join("\n");
    const edited = browserContract(source)?.code ?? source;
    expect(edited.match(/@__PURE__/g)).toHaveLength(1);
    expect(edited).toContain("export const sorted = /*@__PURE__*/ [...roles].sort(byName);");
  });

  it("keeps every contract module valid, with no call answer left and every call path still declared", () => {
    const folder = path.resolve("contracts");
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".ts"))) {
      const source = readFileSync(path.join(folder, file), "utf8");
      const edited = browserContract(source)?.code ?? source;
      const tree = (code: string) => parseAst(code, { lang: "ts" }) as unknown as Parameters<typeof callsAndAnswers>[0];
      expect(callsAndAnswers(tree(edited)).answers, file).toEqual([]);
      expect(edited.match(/\bpath: /g)?.length ?? 0, file).toBe(source.match(/\bpath: /g)?.length ?? 0);
    }
  });
});
