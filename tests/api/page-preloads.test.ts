import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderResource } from "#contracts";
import { call, closeTestApp } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";

const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;

/**
 * A build in miniature, as Vite's manifest describes it: the app's start-up (with a chunk it shares with a page,
 * and its styles), the order list's page, and the merchant information page (a singleton: its `show` file opens
 * at its own path). No page file for the order's own page.
 */
const manifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true },
  "src/full-app.tsx": { file: "assets/app-1.js", isEntry: true, imports: ["_shared-1.js"], css: ["assets/app-1.css"] },
  "_shared-1.js": { file: "assets/shared-1.js" },
  "src/pages/order/order-list-page.tsx": { file: "assets/order-list-1.js", imports: ["_shared-1.js", "_table-1.js"] },
  "_table-1.js": { file: "assets/table-1.js", css: ["assets/table-1.css"] },
  "src/pages/merchant-info/merchant-info-show-page.tsx": { file: "assets/merchant-info-1.js" },
};

function webRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), "mp-preloads-"));
  mkdirSync(path.join(root, ".vite"), { recursive: true });
  writeFileSync(path.join(root, "index.html"), INDEX);
  writeFileSync(path.join(root, ".vite/manifest.json"), JSON.stringify(manifest));
  return root;
}

/** The files a page's HTML names, by kind of link. */
const links = (html: string) => ({
  scripts: [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
  styles: [...html.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
});

/**
 * A page of the merchant portal is answered with index.html naming the app's start-up files and the page's own in
 * its head, so the browser fetches them as the HTML arrives (server/src/plugins/page-preloads.ts).
 */
describe("page preloads", () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = webRoot();
    t = await startTestApp("pglite", { webRoot: root });
  });
  afterAll(async () => {
    await closeTestApp(t);
    rmSync(root, { recursive: true, force: true });
  });

  it("names the app's start-up and the order list's code, each file once, on the order list's address", async () => {
    for (const url of [orderResource.path, `${orderResource.path}/`, `${orderResource.path}?status=2`]) {
      const page = await call(t, "GET", url, { headers: { "accept-encoding": "identity" } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-type"], url).toMatch(/^text\/html/);
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(page.headers["content-security-policy"], url).toContain("script-src 'self'");
      expect(links(page.body), url).toEqual({
        scripts: ["/assets/app-1.js", "/assets/shared-1.js", "/assets/order-list-1.js", "/assets/table-1.js"],
        styles: ["/assets/app-1.css", "/assets/table-1.css"],
      });
      // The rest of index.html as built.
      expect(page.body, url).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    }
  });

  it("finds a singleton's page by its own path", async () => {
    const page = await call(t, "GET", "/merchant/info");
    expect(links(page.body).scripts).toEqual(["/assets/app-1.js", "/assets/shared-1.js", "/assets/merchant-info-1.js"]);
  });

  it("answers other addresses with index.html as built: sign-in, the console, unknown pages, a page not built", async () => {
    for (const url of [
      "/",
      "/login",
      "/console/login",
      "/console/merchants",
      "/no-such-page",
      `${orderResource.path}/P1`,
    ]) {
      const page = await call(t, "GET", url, { headers: { "accept-encoding": "identity" } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(INDEX);
    }
  });

  it("sends brotli or gzip as asked, never an encoding refused, and 304 to a browser holding this version", async () => {
    const plain = (await call(t, "GET", orderResource.path, { headers: { "accept-encoding": "identity" } })).body;
    const br = await call(t, "GET", orderResource.path, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await call(t, "GET", orderResource.path, { headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);

    const etag = String(br.headers.etag);
    const again = await call(t, "GET", orderResource.path, { headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const head = await call(t, "HEAD", orderResource.path);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
  });
});
