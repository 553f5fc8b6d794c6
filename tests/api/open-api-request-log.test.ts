import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRequestEntry, Page } from "#contracts";
import { merchants } from "../../server/src/db/schema";
import { apiRequests } from "../../server/src/modules/openapi/openapi.schema";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
import { type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

const REQUESTS = "/portal/merchant/api/app/requests";

/**
 * The inbound request log (issue 17 §7): API Settings lists each of the AppID's recent requests with time, path,
 * status, error code, latency and request id — refused ones too, which is what a developer debugging a
 * signature needs — and never a body or a signature. Another merchant's requests are never in it.
 */
describe.each(engines)("the Open API request log on %s", (engine) => {
  let t: TestApp;
  let m: TestMerchant;
  let admin: string;
  let client: OpenApiClient;
  const logged = async (token = admin) =>
    expectOk<Page<ApiRequestEntry>>(await call(t, "GET", `${REQUESTS}?pageSize=100`, { token, lang: EN }), EN);

  beforeAll(async () => {
    t = await startTestApp(engine);
    m = await t.merchant();
    admin = await t.login(m.users.admin.username);
    const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, m.merchantNo));
    client = await openApiClient(t, row!.id);
  });
  afterAll(() => closeTestApp(t));

  it("lists the AppID's requests, refused ones with their error code, newest first", async () => {
    const ok = await openApiCall(t, client, { method: "GET", url: "/openapi/v1/balance" });
    const forged = await openApiCall(t, client, {
      method: "GET",
      url: "/openapi/v1/balance?x=1",
      signature: "bm9wZQ==",
    });
    await openApiCall(t, client, { method: "GET", url: "/openapi/v1/balance", appId: "app_nobody" });
    expect([ok.statusCode, forged.statusCode]).toEqual([200, 401]);

    await expect.poll(async () => (await logged()).total, { timeout: 5_000 }).toBe(2);
    const { list } = await logged();
    expect(list.map((r) => [r.method, r.path, r.status, r.errorCode, r.appId])).toEqual([
      ["GET", "/openapi/v1/balance?x=1", 401, "INVALID_SIGNATURE", client.appId],
      ["GET", "/openapi/v1/balance", 200, null, client.appId],
    ]);
    expect(list.map((r) => r.requestId)).toEqual([forged.headers["x-request-id"], ok.headers["x-request-id"]]);
    expect(list.every((r) => r.latencyMs >= 0)).toBe(true);
    // Nothing of the request's content is kept: the table has no column for a body, a header or a signature.
    expect(Object.keys(apiRequests)).not.toEqual(expect.arrayContaining(["body", "signature", "headers"]));
  });

  it("shows a merchant only its own requests, and only to who may see API Settings", async () => {
    const other = await t.merchant();
    expect((await logged(await t.login(other.users.admin.username))).total).toBe(0);
    const operator = await call(t, "GET", REQUESTS, { token: await t.login(m.users.operator.username), lang: EN });
    expect(operator.statusCode).toBe(403);
  });
});
