import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contracts from "#contracts";
import { apiSettingsCalls, authCalls, type CallDeclaration, catalogCalls, consoleMerchantCalls } from "#contracts";
import { describeCall } from "../../server/src/plugins/api-document";
import { call, closeTestApp } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, walked by the assertions below
type Json = any;

const isCall = (v: unknown): v is CallDeclaration =>
  typeof v === "object" && v !== null && "method" in v && "path" in v && "access" in v;
const callsIn = (value: unknown, depth = 0): CallDeclaration[] => {
  if (isCall(value)) return [value];
  if (typeof value !== "object" || value === null || depth > 1) return [];
  return Object.values(value).flatMap((inner) => callsIn(inner, depth + 1));
};
/** Every call the contracts declare (objects named `…Calls`), once each. */
const declared = [
  ...new Set(Object.entries(contracts).flatMap(([group, value]) => (group.endsWith("Calls") ? callsIn(value) : []))),
];

const METHODS = ["get", "put", "post", "delete", "patch"];

/** The document's operations with where they are. */
const operationsOf = (document: Json) =>
  Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );

/** Every `$ref` in a JSON value, with where it is. */
const refsIn = (value: unknown, at = "#"): { at: string; ref: string }[] => {
  if (Array.isArray(value)) return value.flatMap((item, i) => refsIn(item, `${at}/${i}`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === "$ref" && typeof inner === "string" ? [{ at, ref: inner }] : refsIn(inner, `${at}/${key}`),
  );
};

/** A local reference's target (`#/a/b~1c`), or undefined. */
const resolve = (document: Json, ref: string): unknown =>
  ref.startsWith("#/")
    ? ref
        .slice(2)
        .split("/")
        .map((part) => decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<Json>((node, part) => (node === undefined || node === null ? undefined : node[part]), document)
    : undefined;

/**
 * The portal's own API document (/portal/docs/json), as the browser app's and the console's integrators read it:
 * valid under Redocly's recommended rules, every declared call named and summarised from its declaration.
 */
describe("the portal's API document", () => {
  let t: TestApp;
  let document: Json;
  let text: string;
  beforeAll(async () => {
    t = await startTestApp("pglite");
    const res = await call(t, "GET", "/portal/docs/json");
    expect(res.statusCode).toBe(200);
    text = res.body;
    document = res.json();
  });
  afterAll(() => closeTestApp(t));

  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: text, absoluteRef: "portal.json", config });
    const errors = problems
      .filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ""}`);
    expect(errors).toEqual([]);
  });

  it("resolves every $ref within the document", () => {
    const refs = refsIn(document);
    expect(refs.map((r) => r.ref)).toContain("#/components/schemas/MenuEntry");
    expect(refs.filter(({ ref }) => resolve(document, ref) === undefined)).toEqual([]);
  });

  it("is served by the server it describes, its paths under their API's prefix", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "/" })]);
    for (const { path } of operationsOf(document)) expect(path).toMatch(/^\/(portal|openapi\/v1)\//);
  });

  it("has every declared call once, with the operationId and summary derived from its name", () => {
    const operations = operationsOf(document);
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[A-Za-z0-9._-]+$/.test(id))).toBe(true);
    const byId = new Map(operations.map((o) => [o.operation.operationId as string, o]));
    const missing = declared.filter((c) => {
      const { operationId, summary } = describeCall(c);
      const found = byId.get(operationId);
      return found?.operation.summary !== summary || found.method !== c.method.toLowerCase();
    });
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
    // Nothing is documented that is not a declared call, and every call is named after its group and key.
    expect(ids.sort()).toEqual(declared.map((c) => describeCall(c).operationId).sort());
    expect(ids.filter((id) => !/^[a-z][A-Za-z]*(\.[a-z][A-Za-z0-9]*)+$/.test(id))).toEqual([]);
  });

  it("names a call after its group and key, a listed-again call after where it is declared", () => {
    expect(describeCall(apiSettingsCalls.rotateSecret)).toEqual({
      operationId: "apiSettings.rotateSecret",
      summary: "API settings: rotate secret",
    });
    expect(describeCall(catalogCalls.categories.list)).toEqual({
      operationId: "catalog.categories.list",
      summary: "Catalog categories: list",
    });
    // Also the console's merchants resource's list call (its `calls`), for the console's data provider.
    expect(describeCall(consoleMerchantCalls.list).operationId).toBe("consoleMerchant.list");
    expect(describeCall(authCalls.bindMfa).summary).toBe("Auth: bind MFA");
  });

  it("documents the failures a call's declaration implies, and who may call without signing in", () => {
    const at = (path: string, method: string) => document.paths[path][method];
    const reset = at("/portal/merchant/api/member/{id}/mfa/reset", "post");
    expect(Object.keys(reset.responses)).toEqual(["200", "400", "401", "403"]);
    expect(reset.responses["403"].description).toContain("STEP_UP_REQUIRED");
    expect(reset.parameters).toContainEqual(
      expect.objectContaining({ in: "header", name: "x-mfa-code", required: true }),
    );
    expect(reset.responses["401"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Failure",
    });
    const login = at("/portal/merchant/api/login", "post");
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(["200", "400"]);
    const info = at("/portal/merchant/api/logged/info", "get");
    expect(info.security).toBeUndefined();
    expect(Object.keys(info.responses)).toEqual(["200", "401"]);
    // Its declared query is empty and strict: a parameter sent anyway is refused.
    expect(Object.keys(at("/openapi/v1/balance", "get").responses)).toEqual(["200", "400", "401", "403", "429"]);
    expect(Object.keys(at("/portal/health", "get").responses)).toEqual(["200"]);
  });
});
