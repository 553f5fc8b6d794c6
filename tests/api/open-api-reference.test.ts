import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_REVISION } from "#contracts";
import { call, closeTestApp } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";

/** docs/open-api.md is served as a page: API Settings links to it, developers read it without signing in. */
describe("the Open API reference page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("pglite");
  });
  afterAll(() => closeTestApp(t));

  it("serves docs/open-api.md as HTML to anyone, its contents linking to its headings", async () => {
    const res = await call(t, "GET", "/portal/reference/open-api");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toContain("<title>Open API</title>");
    expect(res.body).toContain('<a href="#signing-a-request">Signing a request</a>');
    expect(res.body).toContain('<h2 id="signing-a-request">Signing a request</h2>');
    // Tables (GitHub's Markdown) come out as tables.
    expect(res.body).toMatch(/<table>[\s\S]*<th>/);
  });

  it("lists the revision every answer and callback names as the changelog's latest entry", async () => {
    const res = await call(t, "GET", "/portal/reference/open-api");
    const revisions = [...res.body.matchAll(/<td>(\d{4}-\d{2}-\d{2})<\/td>/g)].map((m) => m[1]);
    expect(revisions[0]).toBe(OPENAPI_REVISION);
    // Newest first, one row per revision.
    expect(revisions).toEqual([...new Set(revisions)].sort().reverse());
  });
});
