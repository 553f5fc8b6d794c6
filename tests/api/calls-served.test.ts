import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contracts from "#contracts";
import { type CallDeclaration, OPENAPI_BASE, PORTAL_BASE } from "#contracts";
import { closeTestApp } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const isCall = (v: unknown): v is CallDeclaration =>
  typeof v === "object" && v !== null && "method" in v && "path" in v && "access" in v;

/** Every call the contracts declare (objects named `…Calls`), with the API it belongs to. */
const declared = Object.entries(contracts).flatMap(([group, value]) =>
  group.endsWith("Calls") && typeof value === "object" && value !== null
    ? Object.entries(value).flatMap(([name, call]) => (isCall(call) ? [{ name: `${group}.${name}`, call }] : []))
    : [],
);

describe("the server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engines[0]!);
  });
  afterAll(() => closeTestApp(t));

  it("serves every declared call, found through its module", () => {
    expect(declared.length).toBeGreaterThan(40);
    const missing = declared.filter(({ call }) => {
      const base = call.access === "signature" ? OPENAPI_BASE : PORTAL_BASE;
      return !t.app.hasRoute({ method: call.method, url: base + call.path });
    });
    expect(missing.map((m) => m.name)).toEqual([]);
  });
});
