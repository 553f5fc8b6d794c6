import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE, SUPER_ADMIN } from "#contracts";
import { merchants } from "../../server/src/db/schema";
import { call, closeTestApp, EN, expectFieldErrors, expectOk, M, MEMBERS } from "../support/api-helpers";
import { type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { staffLogin, staffMember } from "../support/staff";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/** Every GET of the server's OpenAPI document that takes a `pageSize`: every list there is. */
async function lists(t: TestApp): Promise<string[]> {
  await t.app.ready();
  const doc = t.app.swagger() as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
  return Object.entries(doc.paths)
    .filter(([, ops]) => ops.get?.parameters?.some((p) => p.name === "pageSize"))
    .map(([path]) => path);
}

describe.each(engines)("page-size ceilings on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let staffToken: string;
  let client: OpenApiClient;
  beforeAll(async () => {
    t = await startTestApp(engine);
    const m = await t.merchant();
    token = await t.login(m.users.admin.username);
    staffToken = await staffLogin(t, await staffMember(t, [SUPER_ADMIN]));
    const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, m.merchantNo));
    client = await openApiClient(t, row!.id);
  });
  afterAll(() => closeTestApp(t));

  it("caps every list at 100 rows a page (a pageSize of 999999 is a 400 naming pageSize), members excepted", async () => {
    const paths = await lists(t);
    expect(paths.length).toBeGreaterThanOrEqual(7);
    for (const path of paths) {
      // A list under one record (a price list's SKUs): the page size is refused before the record is looked up.
      const url = path.replace(/\{\w+\}/g, "1");
      const at = (size: number) => `${url}?pageSize=${size}`;
      if (path.startsWith("/openapi/")) {
        const over = await openApiCall(t, client, { method: "GET", url: at(MAX_PAGE_SIZE + 1) });
        expect(over.statusCode, path).toBe(400);
        expect(over.json().data.errorCode, path).toBe("INVALID_REQUEST");
        expect((await openApiCall(t, client, { method: "GET", url: at(MAX_PAGE_SIZE) })).statusCode, path).toBe(200);
        continue;
      }
      if (path === MEMBERS) continue;
      // The console's lists answer a staff member's session.
      const caller = path.startsWith("/portal/console/") ? staffToken : token;
      for (const size of [MAX_PAGE_SIZE + 1, 999999])
        expectFieldErrors(await call(t, "GET", at(size), { token: caller, lang: EN }), { pageSize: M.pageSize[EN] });
      if (url === path) expectOk(await call(t, "GET", at(MAX_PAGE_SIZE), { token: caller }));
    }
  });

  it("keeps the spec's member call with pageSize=999999 working (a merchant's members are few)", async () => {
    const page = expectOk<{ total: number; list: unknown[] }>(
      await call(t, "GET", `${MEMBERS}?pageNum=1&pageSize=999999`, { token }),
    );
    expect(page.list).toHaveLength(3);
  });
});
