import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, closeTestApp, EN, expectOk, ZH } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const PUBLIC_CONFIG = "/portal/merchant/api/public/config";

describe.each(engines)("public calls on %s", (engine) => {
  let t: TestApp;
  let withWidget: TestApp;
  beforeAll(async () => {
    [t, withWidget] = await Promise.all([
      startTestApp(engine),
      startTestApp(engine, {
        config: { CHAT_WIDGET_SCRIPT_URL: "http://127.0.0.1/widget.js", CHAT_WIDGET_SETTINGS: '{"siteId":"x"}' },
      }),
    ]);
  });
  afterAll(() => Promise.all([closeTestApp(t), closeTestApp(withWidget)]));

  it("answers the product name and no chat widget without a token when none is configured", async () => {
    const res = await call(t, "GET", PUBLIC_CONFIG, { lang: EN });
    expect(res.json()).toEqual({
      code: 200,
      message: "Operation successful",
      data: { productName: "Merchant Portal", chatWidget: null },
    });
  });

  it("answers the configured chat widget", async () => {
    const data = expectOk(await call(withWidget, "GET", PUBLIC_CONFIG, { lang: ZH }), ZH);
    expect(data).toEqual({
      productName: "Merchant Portal",
      chatWidget: { scriptUrl: "http://127.0.0.1/widget.js", settings: { siteId: "x" } },
    });
  });

  it("ignores a stale token on a public call", async () => {
    const res = await call(t, "GET", PUBLIC_CONFIG, { token: "Bearer not-a-session" });
    expect(expectOk(res)).toEqual({ productName: "Merchant Portal", chatWidget: null });
  });

  it("serves the OpenAPI document without a token, listing the calls", async () => {
    const res = await call(t, "GET", "/portal/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("Merchant Portal API");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/portal/merchant/api/login",
        "/portal/merchant/api/logged/info",
        "/portal/merchant/api/mfa/unbind",
        "/portal/merchant/api/member",
        "/portal/merchant/export/kill/{id}",
      ]),
    );
    const login = doc.paths["/portal/merchant/api/login"].post;
    expect(login.requestBody.content["application/json"].schema.required).toEqual(["username", "password"]);
    expect(Object.keys(doc.paths["/portal/merchant/export/kill/{id}"]).sort()).toEqual(["delete", "patch"]);
  });

  it("serves the API explorer page at /portal/docs", async () => {
    const res = await call(t, "GET", "/portal/docs");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
  });
});
