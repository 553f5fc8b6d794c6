import { describe, expect, it } from "vitest";
import { landingPath, type ResourceDeclaration, resources } from "../../contracts/resources";
import { appResources, appRoutes, HOME_PATH } from "../../src/resources";
import { apiPath, resourceApis } from "../../src/resources/api-paths";
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
    const fund = appRoutes.filter((r) => r.kind === "page" && r.resource === "fund-deposit").map((r) => r.path);
    expect(fund.sort()).toEqual(["/merchant-fund/fund", "/merchant/fund"]);
  });

  it("lead a group's own path to its first child page", () => {
    expect(appRoutes.filter((r) => r.kind === "redirect")).toEqual([
      { kind: "redirect", path: "/merchant", to: "/merchant/info" },
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
    expect(appResources.find((r) => r.name === "fund-deposit")).toEqual({
      name: "fund-deposit",
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
    expect(resourceForPath("/merchant/fund")?.name).toBe("fund-deposit");
    expect(resourceForPath("/merchant-fund/fund/")?.name).toBe("fund-deposit");
    expect(resourceForPath("/merchant")).toBeUndefined();
    expect(resourceForPath("/nowhere")).toBeUndefined();
  });

  it("trail from the group down to the page", () => {
    expect(breadcrumbTrail("/merchant-setting/merchant-member")).toEqual(["merchant-setting", "member"]);
    expect(breadcrumbTrail("/merchant/fund")).toEqual(["merchant-fund", "fund-deposit"]);
    expect(breadcrumbTrail("/404")).toEqual([]);
  });
});

describe("API paths", () => {
  it("read and update a singleton at its own path", () => {
    expect(apiPath("merchant-info", "one", "current")).toBe("/merchant/api/merchant/info");
    expect(apiPath("merchant-info", "update", "current")).toBe("/merchant/api/merchant/info");
  });

  it("use the spec's export task paths", () => {
    expect(apiPath("export-task", "list")).toBe("/merchant/export/list");
    expect(apiPath("export-task", "update", 12)).toBe("/merchant/export/kill/12");
    expect(apiPath("export-task", "delete", 12)).toBe("/merchant/export/kill/12");
    expect(resourceApis["export-task"]?.updateMethod).toBe("patch");
  });

  it("list and create at the collection, items under it", () => {
    expect(apiPath("member", "list")).toBe("/merchant/api/member");
    expect(apiPath("member", "create")).toBe("/merchant/api/member");
    expect(apiPath("member", "one", "a/b")).toBe("/merchant/api/member/a%2Fb");
  });

  it("refuse a resource without an API and an item call without an id", () => {
    expect(() => apiPath("merchant-fund", "list")).toThrow(/No API is declared/);
    expect(() => apiPath("member", "delete")).toThrow(/needs an id/);
  });

  it("only declare APIs for contracts resources", () => {
    const names = new Set<string>(resources.map((r) => r.name));
    for (const name of Object.keys(resourceApis)) expect(names.has(name), name).toBe(true);
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
