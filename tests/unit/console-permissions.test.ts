import { describe, expect, it } from "vitest";
import { builtInStaffRoles, consolePermissions, consoleResources, permissionsOf, SUPER_ADMIN } from "#contracts";

/** The console's permission catalogue and built-in roles (contracts/console.ts): roles as data, checked here. */
describe("console permissions", () => {
  it("are every declared action of every console resource, once each", () => {
    const expected = consoleResources.flatMap((r) => r.actions.map((a) => `${r.name}:${a}`));
    expect([...consolePermissions]).toEqual(expected);
    expect(new Set(consolePermissions).size).toBe(consolePermissions.length);
  });

  it("give the built-in roles only permissions of the catalogue", () => {
    for (const [code, grants] of Object.entries(builtInStaffRoles)) {
      if (grants === "all") continue;
      for (const permission of grants) expect(consolePermissions, `${code} ${permission}`).toContain(permission);
    }
  });

  it("answer every permission for a super administrator, however its row reads, and the union otherwise", () => {
    expect(permissionsOf([{ code: SUPER_ADMIN, permissions: [] }])).toEqual(new Set(consolePermissions));
    const held = permissionsOf([
      { code: null, permissions: ["audit:list", "moon:land"] },
      { code: "technology", permissions: ["audit:list", "orders:show"] },
    ]);
    expect([...held].sort()).toEqual(["audit:list", "orders:show"]);
    expect(permissionsOf([])).toEqual(new Set());
  });
});
