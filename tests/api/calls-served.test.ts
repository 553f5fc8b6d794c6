import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contracts from "#contracts";
import { type CallDeclaration, OPENAPI_BASE, PORTAL_BASE } from "#contracts";
import { closeTestApp } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const isCall = (v: unknown): v is CallDeclaration =>
  typeof v === "object" && v !== null && "method" in v && "path" in v && "access" in v;

/** A group's calls, and those of the groups inside it (the catalog's categories, brands, attributes). */
const callsIn = (name: string, value: unknown, depth = 0): { name: string; call: CallDeclaration }[] => {
  if (isCall(value)) return [{ name, call: value }];
  if (typeof value !== "object" || value === null || depth > 1) return [];
  return Object.entries(value).flatMap(([key, inner]) => callsIn(`${name}.${key}`, inner, depth + 1));
};

/** Every call the contracts declare (objects named `…Calls`), with the API it belongs to. */
const declared = Object.entries(contracts).flatMap(([group, value]) =>
  group.endsWith("Calls") ? callsIn(group, value) : [],
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
