import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiErrorCodes, openApiErrorDocs, openApiErrorStatus, orderFailCodes } from "#contracts";
import { openApiReferencePage, renderMarkdown } from "../../server/src/modules/system/open-api-reference";

/**
 * The error catalogue (issue 17 §3): docs/open-api.md lists every Open API error code once, with its one HTTP
 * status and an anchor `data.errorDocs` links to; every `failCode` has an anchor too. The API tests follow real
 * answers' links to the served page.
 */
const source = readFileSync(path.resolve(import.meta.dirname, "../../docs/open-api.md"), "utf8");

/** The rows of the first table under a heading, split into trimmed cells. */
function tableUnder(heading: string): string[][] {
  const from = source.indexOf(`\n${heading}\n`);
  expect(from, heading).toBeGreaterThan(0);
  const rest = source.slice(from + heading.length + 2);
  const section = rest.slice(0, rest.search(/\n#{2,3} /));
  const lines = section.split("\n").filter((l) => l.startsWith("|"));
  // The header and its |---| line.
  return lines.slice(2).map((l) =>
    l
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim()),
  );
}

const ANCHORED = /^<a id="([^"]+)"><\/a>`([A-Z_]+)`$/;

describe("the Open API's error catalogue in docs/open-api.md", () => {
  const errors = tableUnder("## Errors").map(([status, cell]) => {
    const [, id, code] = ANCHORED.exec(cell ?? "") ?? [];
    return { status: Number(status), id, code };
  });

  it("lists every error code exactly once, with the status it is declared with and its anchor", () => {
    expect(errors.map((e) => e.code).sort()).toEqual([...openApiErrorCodes].sort());
    for (const { status, id, code } of errors) {
      expect({ code, status }).toEqual({ code, status: openApiErrorStatus[code as keyof typeof openApiErrorStatus] });
      expect(id).toBe(`error-${code}`);
    }
  });

  it("gives every failCode of Why an order failed its anchor", () => {
    const fails = tableUnder("### Why an order failed").map(([cell]) => ANCHORED.exec(cell ?? "")?.slice(1));
    expect(fails.map((f) => f?.[1]).sort()).toEqual([...orderFailCodes].sort());
    for (const f of fails) expect(f?.[0]).toBe(`fail-${f?.[1]}`);
  });

  it("renders each anchor on the served page, where errorDocs links", async () => {
    const page = await openApiReferencePage();
    for (const code of openApiErrorCodes) {
      const [, fragment] = openApiErrorDocs(code).split("#");
      expect(page.split(`<a id="${fragment}"></a>`).length, code).toBe(2);
    }
    for (const code of orderFailCodes) expect(page.split(`<a id="fail-${code}"></a>`).length, code).toBe(2);
    // The anchors sit in their table cells, before the code as GitHub shows it.
    expect(page).toContain('<td><a id="error-PRODUCT_NOT_FOUND"></a><code>PRODUCT_NOT_FOUND</code></td>');
  });

  it("lets only anchors through as HTML: any other tag is shown as text", async () => {
    const html = await renderMarkdown(
      'a <a id="error-X"></a>`X` <script>alert(1)</script> <a id="x" onclick="y">z</a>\n\n<div onmouseover="y">block</div>\n',
    );
    expect(html).toContain('<a id="error-X"></a><code>X</code>');
    expect(html).not.toMatch(/<script|<div|onclick="|<a id="x"/);
    expect(html).toContain("&lt;script&gt;");
  });
});
