import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventTypes, OPENAPI_REVISION, openApiCalls, openApiErrorCodes, openApiErrorStatus } from "#contracts";
import { call, closeTestApp } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, walked by the assertions below
type Json = any;

/**
 * The Open API's OpenAPI 3.1 document (issue 17 §5), served at /openapi/v1/openapi.json and checked by an
 * independent validator: Redocly's linter with its recommended rules, not our own code.
 */
describe("the Open API's OpenAPI document", () => {
  let t: TestApp;
  let document: Json;
  let text: string;
  beforeAll(async () => {
    t = await startTestApp("pglite");
    const res = await call(t, "GET", "/openapi/v1/openapi.json");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    text = res.body;
    document = res.json();
  });
  afterAll(() => closeTestApp(t));

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: text, absoluteRef: "openapi.json", config });
    const said = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ""}`);
    expect(said).toEqual([]);
  });

  it("has every Open API call, with the signing headers, the error codes, the callbacks and the revision", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe(OPENAPI_REVISION);
    const operations = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((methods) => Object.values(methods))
      .map((o) => o.operationId);
    expect(operations.sort()).toEqual(Object.keys(openApiCalls).sort());
    expect(Object.values(document.components.securitySchemes).map((s: Json) => s.name)).toEqual([
      "X-App-Id",
      "X-Timestamp",
      "X-Nonce",
      "X-Signature",
    ]);
    const errorData = document.components.schemas.Error.properties.data;
    expect(errorData.properties.errorCode.enum).toEqual([...openApiErrorCodes]);
    expect(errorData.properties.errorDocs).toMatchObject({ type: "string", format: "uri-reference" });
    expect(errorData.required).toEqual(["errorCode", "errorDocs"]);
    expect(Object.keys(document.webhooks)).toEqual([...eventTypes]);
    const place = document.paths["/orders"].post;
    expect(place.requestBody.content["application/json"].schema.properties.merchantOrderNo).toBeDefined();
    expect(Object.keys(place.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "409", "413", "415", "422", "429", "500", "503"]),
    );
    expect(place.responses["404"].description).toContain("`PRODUCT_NOT_FOUND`");
    expect(place.responses["409"].description).toContain("`PRODUCT_UNAVAILABLE`");
    expect(document.paths["/orders/{merchantOrderNo}"].get.parameters).toEqual([
      expect.objectContaining({ name: "merchantOrderNo", in: "path", required: true }),
    ]);
  });

  it("names each error code under the one status it is answered with", () => {
    const operations = Object.values(document.paths as Record<string, Record<string, Json>>).flatMap((methods) =>
      Object.values(methods),
    );
    const named = new Set<string>();
    for (const operation of operations)
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        if (status === "200") continue;
        const codes = [...String(response.description).matchAll(/`([A-Z_]+)`/g)].map((m) => m[1] as string);
        expect(codes.length, `${operation.operationId} ${status}`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(openApiErrorCodes, code).toContain(code);
          expect({ code, status: openApiErrorStatus[code as keyof typeof openApiErrorStatus] }).toEqual({
            code,
            status: Number(status),
          });
          named.add(code);
        }
      }
    // Every code is said somewhere: the document describes them all.
    expect([...named].sort()).toEqual([...openApiErrorCodes].sort());
  });
});
