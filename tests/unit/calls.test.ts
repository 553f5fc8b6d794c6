import { describe, expect, it } from "vitest";
import * as contracts from "#contracts";
import { type CallDeclaration, pathOf, type ResourceDeclaration, resourceCall, resources } from "#contracts";

/** Every declared call in the contracts (objects named `…Calls`, one level of nesting for the export map). */
function declaredCalls(): Map<string, CallDeclaration> {
  const found = new Map<string, CallDeclaration>();
  const isCall = (v: unknown): v is CallDeclaration =>
    typeof v === "object" && v !== null && "method" in v && "path" in v && "access" in v;
  for (const [group, value] of Object.entries(contracts)) {
    if (!group.endsWith("Calls") || typeof value !== "object") continue;
    for (const [name, call] of Object.entries(value as object)) {
      if (isCall(call)) found.set(`${group}.${name}`, call);
    }
  }
  return found;
}

describe("declared calls", () => {
  const calls = declaredCalls();
  const line = (c: CallDeclaration) => `${c.method} ${c.path}`;

  it("keep the spec's paths exactly (spec §7) and the Open API's documented ones", () => {
    const lines = new Set([...calls.values()].map(line));
    for (const expected of [
      "POST /merchant/api/login",
      "GET /merchant/api/logged/info",
      "POST /merchant/api/logout",
      "GET /merchant/api/mfa/key",
      "POST /merchant/api/mfa/bind",
      "POST /merchant/api/mfa/unbind",
      "POST /merchant/api/updatePassword",
      "GET /merchant/api/merchant/info",
      "GET /merchant/api/product/list",
      "GET /merchant/api/order/list",
      "GET /merchant/api/fund/transaction/list",
      "GET /merchant/api/fund/deposit/list",
      "GET /merchant/api/member",
      "GET /merchant/export/list",
      "PATCH /merchant/export/kill/:id",
      "DELETE /merchant/export/kill/:id",
      "POST /merchant/export/download/:id",
      "GET /merchant/export/product/detail",
      "GET /merchant/export/order/detail",
      "GET /merchant/export/transaction/detail",
      "GET /balance",
      "GET /products",
      "POST /orders",
      "GET /orders/:merchantOrderNo",
    ])
      expect(lines, expected).toContain(expected);
  });

  it("never declare one method and path twice", () => {
    const all = [...calls.values()].map(line);
    expect(all.length).toBeGreaterThan(40);
    expect(new Set(all).size).toBe(all.length);
  });

  it("guard by declared resources and actions only", () => {
    const names = {
      merchant: new Set<string>(resources.map((r) => r.name)),
      console: new Set<string>(contracts.consoleResources.map((r) => r.name)),
    };
    for (const [name, call] of calls) {
      const realm = names[call.realm ?? "merchant"];
      if (typeof call.access === "object") expect(realm.has(call.access.resource), name).toBe(true);
      if (call.stepUp) expect(typeof call.access, name).toBe("object");
    }
  });

  it("fill path parameters, encoded, and refuse a missing one", () => {
    expect(pathOf(contracts.memberCalls.setStatus, { id: 7 })).toBe("/merchant/api/member/7/status");
    expect(pathOf(contracts.orderCalls.one, { orderNo: "a/b" })).toBe("/merchant/api/order/a%2Fb");
    expect(() => pathOf(contracts.memberCalls.delete, {})).toThrow(/needs "id"/);
  });
});

describe("resource calls", () => {
  it("give every resource with pages the calls its pages read through the data provider", () => {
    for (const r of resources as readonly ResourceDeclaration[]) {
      if (r.group || r.hidden) continue;
      expect(r.calls?.list ?? r.calls?.one, r.name).toBeDefined();
    }
  });

  it("answer the export tasks' terminate as their update (PATCH), and refuse an undeclared operation", () => {
    expect(resourceCall("export-task", "update").method).toBe("PATCH");
    expect(() => resourceCall("merchant-fund", "list")).toThrow(/declares no list call/);
    expect(() => resourceCall("product", "delete")).toThrow(/declares no delete call/);
  });
});
