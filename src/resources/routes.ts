import type { ResourceProps } from "@refinedev/core";
import {
  type Action,
  type ResourceDeclaration,
  resourceForPath,
  resources,
  type View,
  viewRoutes,
  views,
} from "#contracts";

export { resourceForPath, type View, viewForPath, viewRoutes, views } from "#contracts";

/**
 * Routes, Refine resources and breadcrumbs derived from the one resource declaration in the contracts.
 * Pure: which resources have a page is passed in, so the derivation is testable without loading pages.
 */
export type DerivedRoute =
  | { kind: "page"; path: string; resource: string; view: View; action: Action }
  | { kind: "redirect"; path: string; to: string };

const byName = new Map<string, ResourceDeclaration>(resources.map((r) => [r.name, r]));

function childrenOf(name: string, declarations: readonly ResourceDeclaration[]): ResourceDeclaration[] {
  return declarations.filter((r) => r.parent === name).sort((a, b) => b.sort - a.sort);
}

/**
 * One route per page of a resource (list at its path and each alias; show, create and batch below the path);
 * a group's own path leads to its first child with a list page (the route guard then sends a role that may
 * not open it to its landing page). `viewsOf` says which pages a resource has; a resource without a list has
 * none.
 */
export function deriveRoutes(
  declarations: readonly ResourceDeclaration[],
  viewsOf: (name: string) => readonly View[],
): DerivedRoute[] {
  const routes: DerivedRoute[] = [];
  const hasList = (name: string) => viewsOf(name).includes("list");
  for (const r of declarations) {
    if (r.group) {
      const first = childrenOf(r.name, declarations).find((c) => hasList(c.name));
      if (first) routes.push({ kind: "redirect", path: r.path, to: first.path });
    } else if (hasList(r.name)) {
      for (const view of views.filter((v) => viewsOf(r.name).includes(v))) {
        const { suffix, action } = viewRoutes[view];
        const bases = view === "list" ? [r.path, ...(r.aliases ?? [])] : [r.path];
        for (const base of bases) routes.push({ kind: "page", path: base + suffix, resource: r.name, view, action });
      }
    }
  }
  return routes;
}

/** Refine's view of the same declaration (routes of its pages, parents for grouping, hidden ones hidden). */
export function refineResources(
  declarations: readonly ResourceDeclaration[],
  viewsOf: (name: string) => readonly View[],
): ResourceProps[] {
  return declarations.map((r) => {
    const has = viewsOf(r.name);
    const route = (view: "list" | "show" | "create") =>
      has.includes("list") && has.includes(view) ? { [view]: r.path + viewRoutes[view].suffix } : {};
    return {
      name: r.name,
      ...route("list"),
      ...route("show"),
      ...route("create"),
      meta: { ...(r.parent ? { parent: r.parent } : {}), ...(r.hidden ? { hide: true } : {}) },
    };
  });
}

/** Resource names from the top group down to the resource shown at `pathname` (empty for other paths). */
export function breadcrumbTrail(pathname: string): string[] {
  const trail: string[] = [];
  let current = resourceForPath(pathname);
  while (current) {
    trail.unshift(current.name);
    current = current.parent ? byName.get(current.parent) : undefined;
  }
  return trail;
}
