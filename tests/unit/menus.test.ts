import { describe, expect, it } from "vitest";
import {
  canOpen,
  filterMenus,
  type MenuEntry,
  menusFor,
  type ResourceDeclaration,
  type Role,
  resources,
} from "#contracts";
import { flattenMenus, visibleMenus } from "../../src/lib/menus";

const entry = (name: string, sort: number, children: MenuEntry[] = [], hidden: 0 | 1 = 0): MenuEntry => ({
  name,
  title: name,
  path: `/${name}`,
  icon: "",
  hidden,
  sort,
  children,
});
const names = (menus: MenuEntry[]): unknown[] =>
  menus.map((m) => (m.children.length > 0 ? [m.name, names(m.children)] : m.name));

describe("filterMenus", () => {
  it("drops ungranted entries", () => {
    const granted = new Set(["a"]);
    expect(names(filterMenus([entry("a", 1), entry("b", 2)], (n) => granted.has(n)))).toEqual(["a"]);
  });

  it("keeps an ungranted parent while it has a visible child, and drops it when it has none", () => {
    const tree = [entry("group", 5, [entry("x", 1), entry("y", 2)]), entry("empty", 9, [entry("z", 1)])];
    const granted = new Set(["x"]);
    expect(names(filterMenus(tree, (n) => granted.has(n)))).toEqual([["group", ["x"]]]);
  });

  it("keeps a granted leaf parent even when all its children are dropped", () => {
    const tree = [entry("parent", 1, [entry("child", 1)])];
    expect(names(filterMenus(tree, (n) => n === "parent"))).toEqual(["parent"]);
  });

  it("sorts by sort value, highest first, children included", () => {
    const tree = [entry("low", 1, [entry("c1", 1), entry("c3", 3), entry("c2", 2)]), entry("high", 10)];
    expect(names(filterMenus(tree, () => true))).toEqual(["high", ["low", ["c3", "c2", "c1"]]]);
  });

  it("does not change its input", () => {
    const tree = [entry("b", 1), entry("a", 2)];
    filterMenus(tree, () => true);
    expect(tree.map((e) => e.name)).toEqual(["b", "a"]);
  });
});

/**
 * A role's menu as the declarations say it must be, worked out apart from menusFor: every page the role may open
 * that is not hidden, under its group (a group shown only with something under it), highest `sort` first.
 */
function declaredMenu(role: Role, parent?: string): unknown[] {
  const shown = (r: ResourceDeclaration): boolean =>
    !r.hidden && (r.group ? declaredMenu(role, r.name).length > 0 : canOpen(role, r.name));
  return resources
    .filter((r) => r.parent === parent && shown(r))
    .sort((a, b) => b.sort - a.sort)
    .map((r) => (r.group ? [r.name, declaredMenu(role, r.name)] : r.name));
}

/** The pages of a menu's names, groups left out, in order. */
const pagesOf = (menu: unknown[]): unknown[] =>
  menu.flatMap((item) => (typeof item === "string" ? [item] : pagesOf((item as [string, unknown[]])[1])));

/** The spec's areas (§6); an area added later is held to its declaration only, so adding one edits no test. */
const SPEC_AREAS = new Set([
  ...["merchant", "overview", "merchant-info", "product", "order", "merchant-fund", "ledger", "deposit"],
  ...["merchant-setting", "api-settings", "member", "export-task", "notification"],
]);
/** A menu's names cut down to the spec's areas: what the spec's menus of each role are compared with. */
const specPart = (menu: unknown[]): unknown[] =>
  menu.flatMap((item): unknown[] => {
    if (typeof item === "string") return SPEC_AREAS.has(item) ? [item] : [];
    const [name, children] = item as [string, unknown[]];
    return SPEC_AREAS.has(name) ? [[name, specPart(children)]] : [];
  });

describe("menusFor (what logged/info sends each role)", () => {
  const title = (name: string) => `t:${name}`;

  it("is every page each role may open, under its group, as the declarations say", () => {
    for (const role of ["admin", "operator", "finance"] as const)
      expect(names(menusFor(role, title)), role).toEqual(declaredMenu(role));
  });

  it("admin sees every group and page, hidden export tasks excepted", () => {
    expect(specPart(names(menusFor("admin", title)))).toEqual([
      ["merchant", ["overview", "merchant-info", "product", "order"]],
      ["merchant-fund", ["ledger", "deposit"]],
      ["merchant-setting", ["api-settings", "member"]],
    ]);
  });

  it("operator sees merchant and fund pages, no settings", () => {
    expect(specPart(names(menusFor("operator", title)))).toEqual([
      ["merchant", ["overview", "merchant-info", "product", "order"]],
      ["merchant-fund", ["ledger", "deposit"]],
    ]);
  });

  it("finance sees the overview (its money part) and fund management", () => {
    expect(specPart(names(menusFor("finance", title)))).toEqual([
      ["merchant", ["overview"]],
      ["merchant-fund", ["ledger", "deposit"]],
    ]);
  });

  it("titles entries through the caller and carries the declared paths", () => {
    const [, fund] = menusFor("finance", title);
    expect(fund?.title).toBe("t:merchant-fund");
    const specPages = fund?.children.filter((c) => SPEC_AREAS.has(c.name));
    expect(specPages?.map((c) => c.path)).toEqual(["/merchant-fund/transaction-log", "/merchant-fund/fund"]);
    expect(fund?.children.map((c) => c.path)).toEqual(
      resources
        .filter((r) => r.parent === "merchant-fund" && canOpen("finance", r.name))
        .sort((a, b) => b.sort - a.sort)
        .map((r) => r.path),
    );
  });
});

describe("visibleMenus (the sidebar's own check)", () => {
  it("shows the server's menus for the role unchanged", () => {
    expect(visibleMenus(menusFor("operator", String), "operator")).toEqual(menusFor("operator", String));
  });

  it("drops entries the role may not open even if a server sent them", () => {
    const adminMenus = menusFor("admin", String);
    expect(names(visibleMenus(adminMenus, "finance"))).toEqual(declaredMenu("finance"));
    expect(specPart(names(visibleMenus(adminMenus, "finance")))).toEqual([
      ["merchant", ["overview"]],
      ["merchant-fund", ["ledger", "deposit"]],
    ]);
  });

  it("drops hidden entries and names it does not know", () => {
    const tree = [
      entry("merchant", 100, [entry("merchant-info", 30), entry("product", 20, [], 1), entry("mystery", 50)]),
    ];
    expect(names(visibleMenus(tree, "admin"))).toEqual([["merchant", ["merchant-info"]]]);
  });

  it("flattens to the pages in display order", () => {
    expect(flattenMenus(menusFor("admin", String)).map((m) => m.name)).toEqual(pagesOf(declaredMenu("admin")));
    expect(specPart(flattenMenus(menusFor("admin", String)).map((m) => m.name))).toEqual([
      "overview",
      "merchant-info",
      "product",
      "order",
      "ledger",
      "deposit",
      "api-settings",
      "member",
    ]);
  });
});
