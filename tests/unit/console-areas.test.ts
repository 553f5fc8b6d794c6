import { describe, expect, it } from "vitest";
import { consoleResources, type StaffInfo } from "#contracts";
import { consoleAreas, consoleLanding, consoleRefineResources, mayStaff } from "../../src/console/console-resources";

const staff = (permissions: string[]): StaffInfo => ({
  id: 1,
  username: "s@example.test",
  name: "",
  roles: [],
  permissions,
  mfaStatus: 1,
});

describe("the console's areas, from contracts/console.ts", () => {
  it("gives every declared area a page, in the menu's order", () => {
    expect(consoleAreas.map((a) => a.name).sort()).toEqual(consoleResources.map((r) => r.name).sort());
    const sorts = consoleAreas.map((a) => a.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => b - a));
    expect(consoleRefineResources.map((r) => r.list)).toEqual(consoleAreas.map((a) => a.path));
  });

  it("lands each staff member on the first area their roles open, and nowhere without one", () => {
    expect(consoleLanding(staff(["audit:list", "orders:list"]))).toBe("/console/orders");
    expect(consoleLanding(staff(["audit:list"]))).toBe("/console/audit");
    // A permission other than list opens no page by itself.
    expect(consoleLanding(staff(["audit:export"]))).toBeUndefined();
    expect(consoleLanding(staff([]))).toBeUndefined();
  });

  it("answers permissions as the roles hold them, action by action", () => {
    const officer = staff(["deposits:list", "deposits:edit"]);
    expect(mayStaff(officer, "deposits", "edit")).toBe(true);
    expect(mayStaff(officer, "deposits", "show")).toBe(false);
    expect(mayStaff(officer, "staff", "list")).toBe(false);
  });
});
