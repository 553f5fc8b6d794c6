import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseSync, Visitor } from "vite";
import { describe, expect, it } from "vitest";

/**
 * No circle of imports in the server, the contracts or the browser app, type-only imports included: a file never
 * reaches itself through its imports. A circle makes the order files load in decide what a value is (an import
 * read before its module ran), and it is how layers end up knowing each other (the container and the modules that
 * take it). Parsed by oxc (vite's `parseSync`, TypeScript's syntax), so comments, strings and regular expressions
 * never pass for imports; every form counts: `import`, `import type`, `export … from`, `import()`,
 * `import("…").T` in a type, `import x = require()`.
 */
const root = path.resolve(import.meta.dirname, "../..");
const folders = ["server", "contracts", "src"];

/** The specifiers a TypeScript source imports, in any form. */
function importsOf(file: string, source: string): string[] {
  const { program, errors } = parseSync(file, source, { lang: file.endsWith(".tsx") ? "tsx" : "ts" });
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  const found: string[] = [];
  const from = (node: { source?: unknown }) => {
    const literal = node.source as { type?: string; value?: unknown } | null | undefined;
    if (literal?.type === "Literal" && typeof literal.value === "string") found.push(literal.value);
  };
  new Visitor({
    ImportDeclaration: from,
    ExportNamedDeclaration: from,
    ExportAllDeclaration: from,
    ImportExpression: from,
    TSImportType: from,
    TSExternalModuleReference: (node) => from({ source: node.expression }),
  }).visit(program);
  return found;
}

/** package.json `imports` (`#contracts`, `#contracts/*`), as the bundler and Node resolve them. */
const subpaths = Object.entries(
  (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { imports: Record<string, string> }).imports,
);

/** The file a specifier names, or null for a package; a local one that names no file fails the walk. */
function resolve(from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  let base: string | undefined;
  if (bare.startsWith(".")) base = path.resolve(path.dirname(from), bare);
  else if (bare.startsWith("#")) {
    for (const [key, target] of subpaths) {
      const star = key.endsWith("/*") && bare.startsWith(key.slice(0, -1));
      if (bare === key || star) base = path.join(root, star ? target.replace("*", bare.slice(key.length - 1)) : target);
    }
  } else return null;
  const candidates = base
    ? [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]
    : [];
  const file = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  if (!file) throw new Error(`${path.relative(root, from)} imports "${specifier}", which names no file`);
  return file;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Each file and the TypeScript files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap((f) => sourceFiles(path.join(root, f)))) {
    const targets = importsOf(file, readFileSync(file, "utf8"))
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== null && /\.tsx?$/.test(target));
    graph.set(path.relative(root, file), [...new Set(targets.map((t) => path.relative(root, t)))]);
  }
  return graph;
}

/**
 * One circle per group of files that reach each other (Tarjan's strongly connected components), written
 * `a -> b -> a`: the shortest way back to the group's first file.
 */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = new Set<string>();
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.add(member);
    } while (member !== node);
    if (group.size > 1 || graph.get(node)?.includes(node)) found.push(shortestCircle(graph, node, group));
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

function shortestCircle(graph: ReadonlyMap<string, readonly string[]>, start: string, group: Set<string>): string {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (next === start) {
        const way = [start];
        for (let at: string | undefined = node; at && at !== start; at = cameFrom.get(at)) way.splice(1, 0, at);
        return [...way, start].join(" -> ");
      }
      if (group.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...group].join(", ");
}

describe("imports", () => {
  it("are read in every form, type-only ones included, never from comments or strings", () => {
    const source = `import type { A } from "./a"; import { type B } from "./b"; export type { C } from "./c";
      export * from "./d"; const e = () => import("./e"); type F = import("./f").F; import g = require("./g");
      // import { h } from "./h"
      const i = 'import { i } from "./i"'; const j = /from "\\.\\/j"/;`;
    expect(importsOf("x.ts", source)).toEqual(["./a", "./b", "./c", "./d", "./e", "./f", "./g"]);
  });

  it("go round in a circle when a file reaches itself, however far", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "d.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    expect(circles(graph)).toEqual(["a.ts -> b.ts -> c.ts -> a.ts", "e.ts -> e.ts"]);
    const chain = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", []],
    ]);
    expect(circles(chain)).toEqual([]);
  });

  it("form no circle in server/, contracts/ and src/", () => {
    const graph = importGraph();
    // The walk sees the whole tree and its edges: the container is imported through the module declaration.
    expect(graph.size).toBeGreaterThan(400);
    expect(graph.get("server/src/modules/module.ts")).toContain("server/src/app-deps.ts");
    expect(graph.get("server/src/app.ts")).toContain("contracts/index.ts");
    expect(circles(graph)).toEqual([]);
  });
});
