import { describe, expect, it } from "vitest";
import { landingPath, type ResourceDeclaration, resources } from "#contracts";
import { appResources, appRoutes, HOME_PATH } from "../../src/resources";
import { hasPage, viewsOf } from "../../src/resources/pages";
import { breadcrumbTrail, deriveRoutes, resourceForPath, viewForPath } from "../../src/resources/routes";

describe("derived routes", () => {
  it("give every resource with a page a route at its declared path", () => {
    const pages = resources.filter((r) => hasPage(r.name));
    for (const r of pages)
      expect(appRoutes).toContainEqual({ kind: "page", path: r.path, resource: r.name, view: "list", action: "list" });
  });

  it("give every non-group, visible resource a page (export tasks live in a drawer)", () => {
    const missing = resources.filter((r) => !("group" in r) && !("hidden" in r) && !hasPage(r.name)).map((r) => r.name);
    expect(missing).toEqual([]);
    expect(hasPage("export-task")).toBe(false);
  });

  it("route both readings of the recharge history to the same page", () => {
    const fund = appRoutes.filter((r) => r.kind === "page" && r.resource === "deposit").map((r) => r.path);
    expect(fund.sort()).toEqual(["/merchant-fund/fund", "/merchant/fund"]);
  });

  it("lead a group's own path to its first child page", () => {
    expect(appRoutes.filter((r) => r.kind === "redirect")).toEqual([
      { kind: "redirect", path: "/merchant", to: "/merchant/overview" },
      { kind: "redirect", path: "/merchant-fund", to: "/merchant-fund/transaction-log" },
      { kind: "redirect", path: "/merchant-setting", to: "/merchant-setting/merchant-development" },
    ]);
  });

  it("never declare a path twice", () => {
    const paths = appRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("reach every landing page and the home path", () => {
    const pagePaths = appRoutes.filter((r) => r.kind === "page").map((r) => r.path);
    for (const path of [...Object.values(landingPath), HOME_PATH]) expect(pagePaths).toContain(path);
  });

  it("skip a group without a child page and resources without a page", () => {
    const declarations: ResourceDeclaration[] = [
      { name: "g", path: "/g", sort: 1, icon: "", group: true, access: {} },
      { name: "a", parent: "g", path: "/g/a", sort: 1, icon: "", access: {} },
      { name: "b", path: "/b", aliases: ["/old-b"], sort: 1, icon: "", access: {} },
    ];
    expect(deriveRoutes(declarations, (n) => (n === "b" ? ["list", "show", "create"] : []))).toEqual([
      { kind: "page", path: "/b", resource: "b", view: "list", action: "list" },
      { kind: "page", path: "/old-b", resource: "b", view: "list", action: "list" },
      { kind: "page", path: "/b/:id", resource: "b", view: "show", action: "show" },
      { kind: "page", path: "/b/create", resource: "b", view: "create", action: "create" },
    ]);
    expect(deriveRoutes(declarations, (n) => (n === "a" ? ["show"] : []))).toEqual([]);
  });

  it("declare every contracts resource to Refine, pages with list routes, parents and hidden kept", () => {
    expect(appResources.map((r) => r.name)).toEqual(resources.map((r) => r.name));
    expect(appResources.find((r) => r.name === "deposit")).toEqual({
      name: "deposit",
      list: "/merchant-fund/fund",
      meta: { parent: "merchant-fund" },
    });
    expect(appResources.find((r) => r.name === "merchant")?.list).toBeUndefined();
    expect(viewsOf("merchant")).toEqual([]);
    expect(appResources.find((r) => r.name === "export-task")?.meta).toEqual({ hide: true });
  });
});

describe("resourceForPath and breadcrumbs", () => {
  it("find a resource by path, alias or trailing slash, never a group", () => {
    expect(resourceForPath("/merchant/info")?.name).toBe("merchant-info");
    expect(resourceForPath("/merchant/fund")?.name).toBe("deposit");
    expect(resourceForPath("/merchant-fund/fund/")?.name).toBe("deposit");
    expect(resourceForPath("/merchant")).toBeUndefined();
    expect(resourceForPath("/nowhere")).toBeUndefined();
  });

  it("trail from the group down to the page", () => {
    expect(breadcrumbTrail("/merchant-setting/merchant-member")).toEqual(["merchant-setting", "member"]);
    expect(breadcrumbTrail("/merchant/fund")).toEqual(["merchant-fund", "deposit"]);
    expect(breadcrumbTrail("/404")).toEqual([]);
  });
});

describe("viewForPath", () => {
  it("tells a resource's list from the pages below it", () => {
    expect(viewForPath("/merchant/order")).toBe("list");
    expect(viewForPath("/merchant/fund")).toBe("list");
    expect(viewForPath("/merchant/order/create")).toBe("create");
    expect(viewForPath("/merchant/order/batch/")).toBe("batch");
    expect(viewForPath("/merchant/order/P202611210000000001")).toBe("show");
    expect(viewForPath("/nowhere")).toBeNull();
  });
});
