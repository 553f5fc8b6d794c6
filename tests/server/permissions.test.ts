import { describe, expect, it } from "vitest";
import {
  actions,
  allowedActions,
  can,
  canOpen,
  grantsFor,
  landingPath,
  type ResourceDeclaration,
  type Role,
  resources,
  roles,
} from "#contracts";

/**
 * The matrix as the spec reads it (§6), written out by hand for the spec's areas so a change to their declarations is
 * a visible diff. An area added later is held to its own declaration instead (below), so adding one edits no test.
 */
const specMatrix: Record<Exclude<Role, "admin">, Record<string, readonly string[]>> = {
  operator: {
    merchant: ["list"],
    overview: ["list"],
    "merchant-info": ["list", "show"],
    product: ["list", "show", "export"],
    order: ["list", "show", "create", "export"],
    "merchant-fund": ["list"],
    ledger: ["list", "show", "export"],
    deposit: ["list", "show"],
    "merchant-setting": [],
    "api-settings": [],
    member: [],
    "export-task": ["list", "show", "create", "delete"],
    notification: ["list", "edit"],
  },
  finance: {
    merchant: ["list"],
    overview: ["list"],
    "merchant-info": [],
    product: [],
    order: [],
    "merchant-fund": ["list"],
    ledger: ["list", "show", "export"],
    deposit: ["list", "show", "create"],
    "merchant-setting": [],
    "api-settings": [],
    member: [],
    "export-task": ["list", "show", "create", "delete"],
    notification: ["list", "edit"],
  },
};
const specAreas = Object.keys(specMatrix.operator);

/** What a role may do on an area: the spec's matrix for its areas, else what the area's declaration grants. */
const expectedActions = (role: Role, resource: ResourceDeclaration): readonly string[] =>
  role === "admin"
    ? actions
    : specAreas.includes(resource.name)
      ? (specMatrix[role][resource.name] ?? [])
      : (resource.access[role] ?? []);

describe("permission matrix", () => {
  for (const role of roles) {
    for (const resource of resources) {
      it(`${role} on ${resource.name}`, () => {
        const allowed = expectedActions(role, resource);
        expect([...allowedActions(role, resource.name)].sort()).toEqual([...allowed].sort());
        for (const action of actions) expect(can(role, resource.name, action)).toBe(allowed.includes(action));
      });
    }
  }

  it("declares every area of the spec", () => {
    expect(resources.map((r) => r.name)).toEqual(expect.arrayContaining(specAreas));
  });

  it("treats a resource with empty access as admin-only", () => {
    const adminOnly = resources.filter((r) => Object.keys(r.access).length === 0).map((r) => r.name);
    expect(adminOnly.filter((name) => specAreas.includes(name))).toEqual([
      "merchant-setting",
      "api-settings",
      "member",
    ]);
    for (const name of adminOnly) {
      expect(canOpen("admin", name)).toBe(true);
      expect(canOpen("operator", name)).toBe(false);
      expect(canOpen("finance", name)).toBe(false);
    }
  });

  it("allows nothing on an unknown resource, even to admin", () => {
    for (const role of roles) expect(can(role, "no-such-thing", "list")).toBe(false);
  });

  it("lets every role open its landing page", () => {
    for (const role of roles) {
      const landing = resources.find(
        (r: ResourceDeclaration) => r.path === landingPath[role] || (r.aliases ?? []).includes(landingPath[role]),
      );
      expect(landing, role).toBeDefined();
      expect(canOpen(role, landing?.name ?? "")).toBe(true);
    }
    expect(landingPath).toEqual({ admin: "/merchant/info", operator: "/merchant/info", finance: "/merchant/fund" });
  });

  it("lists grants only where the role may do something", () => {
    for (const role of roles)
      expect(grantsFor(role).map((g) => g.name)).toEqual(
        resources.filter((r) => expectedActions(role, r).length > 0).map((r) => r.name),
      );
    expect(grantsFor("admin")).toHaveLength(resources.length);
  });
});
