import { readFile } from "node:fs/promises";
import { Marked, type Tokens } from "marked";
import { fromProjectRoot } from "../../lib/project-root";

/**
 * docs/open-api.md, the Open API's reference, as a page the server serves (`/portal/reference/open-api`): the
 * one document integrating developers need, linked from API Settings, readable without signing in. Rendered
 * once per process from the committed file, so the page and the repository never disagree.
 */
const file = fromProjectRoot("docs/open-api.md");

/** GitHub's heading anchors ("Signing a request" -> "signing-a-request"): the document's contents link to them. */
const headingSlug = (text: string) =>
  text
    .toLowerCase()
    .trim()
    .replace(/<[^>]+>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/**
 * The raw HTML the document may carry: the anchors of its tables' rows (`<a id="error-INSUFFICIENT_BALANCE"></a>`,
 * which GitHub shows too), the targets of `data.errorDocs`. Any other tag is shown as text, never run.
 */
const ANCHOR_TAG = /^(<a id="[A-Za-z0-9_-]+">|<\/a>)$/;

const markdown = new Marked({
  gfm: true,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return ANCHOR_TAG.test(token.text.trim()) ? token.text : escapeHtml(token.text);
    },
    heading(this: { parser: { parseInline(tokens: Tokens.Heading["tokens"]): string } }, token: Tokens.Heading) {
      return `<h${token.depth} id="${escapeHtml(headingSlug(token.text))}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
    },
  },
});

const STYLE = `
body { font: 15px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f1f1f; margin: 0; }
main { max-width: 920px; margin: 0 auto; padding: 24px 16px 64px; }
pre, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
pre { background: #f5f5f5; padding: 12px; overflow-x: auto; border-radius: 6px; }
:not(pre) > code { background: #f5f5f5; padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #e5e5e5; padding: 6px 10px; text-align: left; vertical-align: top; }
td code { overflow-wrap: anywhere; }
a { color: #1677ff; }`;

/** Markdown as the page shows it (exported for the tests of what raw HTML gets through). */
export const renderMarkdown = (source: string): Promise<string> => Promise.resolve(markdown.parse(source));

let page: Promise<string> | null = null;

/** The whole HTML page; the title is the document's first heading. */
export function openApiReferencePage(): Promise<string> {
  page ??= readFile(file, "utf8").then(async (source) => {
    const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? "Open API";
    const body = await renderMarkdown(source);
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
  });
  return page;
}
