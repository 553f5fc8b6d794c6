import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_SIZE_CHOICES, pageQuery } from "#contracts";

/**
 * Every list is made by one helper (src/components/use-list-table.ts), so every list keeps its search and page in
 * the address and pages by the sizes declared once in contracts/envelope.ts. This reads the browser's source and
 * fails when a file makes a table of its own with Refine's `useTable` or writes a page size as a number.
 */
const HELPER = "/src/components/use-list-table.ts";
const sources = import.meta.glob<string>("/src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });

/** The code without its comments (a comment may name `useTable` or a size). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** What the rule forbids, and what it looks like. */
const forbidden: [string, RegExp][] = [
  ["imports useTable from @refinedev", /import\s*\{[^}]*\buseTable\b[^}]*\}\s*from\s*["']@refinedev\//],
  ["calls useTable", /\buseTable\s*[<(]/],
  ["writes a page size", /\b(pageSize|defaultPageSize)\s*[:=]\s*\{?\s*\d/],
  ["writes page-size choices", /\bpageSizeOptions\s*[:=]\s*\{?\s*\[\s*["'\d]/],
  ["declares a page size", /\b\w*PAGE(_SIZES?)?\s*(:[^=]+)?=\s*\[?\s*\d/],
];

function offences(files: Record<string, string>) {
  const found: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    if (path === HELPER) continue;
    for (const [what, pattern] of forbidden) if (pattern.test(code(text))) found.push(`${path} ${what}`);
  }
  return found;
}

describe("one list helper", () => {
  it("reads the browser's source (the glob found the helper and the lists)", () => {
    expect(Object.keys(sources)).toContain(HELPER);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(sources[HELPER]).toMatch(/\buseTable</);
  });

  it("has no file but the helper using Refine's useTable, and no page size written outside contracts", () => {
    expect(offences(sources)).toEqual([]);
  });

  it("catches a list made the old way", () => {
    const old = `import { useTable } from "@refinedev/antd";
      // useTable in a comment is fine
      const { tableProps } = useTable<Row, HttpError>({ resource: "x", pagination: { pageSize: 10 } });
      <Table pagination={{ pageSize: 50, pageSizeOptions: [10, 20] }} />;
      const PICKER_PAGE = 30;`;
    expect(offences({ "/src/pages/x.tsx": old })).toEqual([
      "/src/pages/x.tsx imports useTable from @refinedev",
      "/src/pages/x.tsx calls useTable",
      "/src/pages/x.tsx writes a page size",
      "/src/pages/x.tsx writes page-size choices",
      "/src/pages/x.tsx declares a page size",
    ]);
    expect(offences({ "/src/pages/y.tsx": "/* useTable<Row>() pageSize: 10 */ const n = usePagedCall(c);" })).toEqual(
      [],
    );
  });

  it("declares the page sizes once, within the server's ceiling, and the server defaults to the same size", () => {
    expect(PAGE_SIZE_CHOICES).toContain(DEFAULT_PAGE_SIZE);
    for (const size of PAGE_SIZE_CHOICES) expect(size).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    expect(pageQuery.parse({})).toEqual({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  });
});
