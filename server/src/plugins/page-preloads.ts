import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { pageFileForPath } from "#contracts";

/** What Vite's build manifest (dist/.vite/manifest.json) says of each chunk: its file, static imports and CSS. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The merchant portal's start-up (vite.config.ts makes it an entry of its own). */
const APP_ENTRY = "src/full-app.tsx";

/** One page's HTML as sent: as it is, and its brotli and gzip copies. */
export interface PageHtml {
  html: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * `index.html` for each page of the merchant portal with the files its first screen needs named in its head: the
 * app's start-up and the page's own code (`<link rel="modulepreload">`) and their styles (`rel="preload"`). The
 * browser then fetches them all as the HTML arrives, side by side with the start-up switch (src/main.tsx), where
 * it would otherwise learn of the app's files once the switch has run, and of the page's once the app has run: two
 * round trips and two start-ups, on a phone's network. Other addresses (the sign-in pages, the console) get
 * `index.html` as it is. Undefined when the build has no manifest (the bench's floor page).
 */
export function pagePreloads(webRoot: string): ((pathname: string) => PageHtml | null) | undefined {
  const manifestFile = path.join(webRoot, ".vite/manifest.json");
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const index = readFileSync(path.join(webRoot, "index.html"), "utf8");
  if (!manifest[APP_ENTRY] || !index.includes("</head>")) return undefined;

  /** A chunk's file and those of its static imports, each once, with their CSS. */
  const filesOf = (key: string, scripts: Set<string>, styles: Set<string>): void => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) filesOf(imported, scripts, styles);
  };
  const pages = new Map<string, PageHtml>();
  const pageHtml = (pageFile: string): PageHtml => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    filesOf(APP_ENTRY, scripts, styles);
    filesOf(pageFile, scripts, styles);
    // crossorigin as Vite's own links have it, so the browser takes these answers for them.
    const links = [
      ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ];
    const html = index.replace("</head>", `${links.join("\n    ")}\n  </head>`);
    const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`;
    return { html, etag, br: brotliCompressSync(html), gzip: gzipSync(html) };
  };
  return (pathname) => {
    const pageFile = pageFileForPath(pathname);
    if (!pageFile || !manifest[pageFile]) return null;
    let page = pages.get(pageFile);
    if (!page) {
      page = pageHtml(pageFile);
      pages.set(pageFile, page);
    }
    return page;
  };
}

/** The encodings a request accepts (`Accept-Encoding`), those it refuses with `q=0` left out. */
function accepted(header: string | undefined): Set<string> {
  const names = (header ?? "").split(",").flatMap((part) => {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return q !== undefined && Number(q) === 0 ? [] : [name.trim()];
  });
  return new Set(names);
}

/** Sends a page's HTML in the best encoding the request accepts, with an ETag so a revisit can be answered 304. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: PageHtml) {
  reply.header("etag", page.etag).header("vary", "accept-encoding").type("text/html; charset=utf-8");
  if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
  const encodings = accepted(request.headers["accept-encoding"]);
  if (encodings.has("br")) return reply.header("content-encoding", "br").send(page.br);
  if (encodings.has("gzip")) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.html);
}
