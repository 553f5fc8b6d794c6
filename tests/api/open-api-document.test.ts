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
    // A method a path does not take has no operation to answer it: the document says so once, in its description.
    const described = [...String(document.info.description).matchAll(/`([A-Z_]+)`/g)].map((m) => m[1] as string);
    expect(described).toEqual(["INVALID_REQUEST", "METHOD_NOT_ALLOWED"]);
    expect(document.info.description).toContain(`${openApiErrorStatus.METHOD_NOT_ALLOWED} \`METHOD_NOT_ALLOWED\``);
    // Every code is said somewhere: the document describes them all.
    expect([...new Set([...named, ...described])].sort()).toEqual([...openApiErrorCodes].sort());
  });

  it("describes the signature as it is made: base64, HMAC-SHA256 or SHA256withRSA", () => {
    const { description } = document.components.securitySchemes.signature;
    expect(description).toMatch(/^Base64 of the signature, HMAC-SHA256 .* or SHA256withRSA/);
    expect(description).not.toMatch(/hex/i);
    expect(document.paths["/balance"].get.responses["200"].headers["X-Signature"].description).toMatch(/^Base64/);
  });

  it("says exactly what each parameter takes: patterns, lengths, ranges and enumerations", () => {
    const parameters = (path: string) =>
      Object.fromEntries((document.paths[path].get.parameters as Json[]).map((p) => [p.name, p.schema]));
    const orders = parameters("/orders");
    const events = parameters("/events");
    const products = parameters("/products");
    for (const date of [orders.updatedFrom, orders.updatedTo, orders.createdFrom, orders.createdTo, events.since]) {
      expect(date.format).toBe("date-time");
      const patterns = (date.allOf as Json[]).map((part) => new RegExp(part.pattern, "u"));
      const takes = (value: string) => patterns.every((pattern) => pattern.test(value));
      expect(["1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999+14:00"].every(takes)).toBe(true);
      expect(["1969-12-31T23:59:59Z", "0000-01-01T00:00:00Z", "2026-01-01T00:00Z"].some(takes)).toBe(false);
    }
    for (const limit of [orders.limit, events.limit, products.pageSize])
      expect(limit).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 100 });
    expect(products.pageNum).toMatchObject({ type: "integer", minimum: 1, maximum: 10_000_000 });
    expect(products.type).toEqual({ type: "string", enum: ["1", "2", "3"] });
    expect(products.status.enum).toEqual(["enabled", "disabled"]);
    expect(orders.status.enum).toEqual(["processing", "success", "failed"]);
    expect(events.type.enum).toEqual([...eventTypes]);
    for (const [path, name] of [
      ["/orders/{merchantOrderNo}", "merchantOrderNo"],
      ["/orders/by-order-no/{orderNo}", "orderNo"],
    ] as const)
      expect(parameters(path)[name]).toEqual({
        type: "string",
        minLength: 1,
        maxLength: 64,
        pattern: "^[A-Za-z0-9_-]{1,64}$",
      });
  });

  it("gives the order's inputs the rules every product shares, and points to each product's own", () => {
    const { inputs } = document.paths["/orders"].post.requestBody.content["application/json"].schema.properties;
    expect(inputs).toMatchObject({
      type: "object",
      maxProperties: 50,
      propertyNames: { type: "string", pattern: "^[a-zA-Z][a-zA-Z0-9_]{0,39}$" },
      additionalProperties: { anyOf: [{ type: "string", maxLength: 1000 }, { type: "number" }] },
    });
    expect(inputs.description).toContain("`fields`");
  });
});
