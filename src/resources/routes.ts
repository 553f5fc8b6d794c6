import type { ResourceProps } from "@refinedev/core";
import { type ResourceDeclaration, resources } from "../../server/src/contracts/resources";

/**
 * Routes, Refine resources and breadcrumbs derived from the one resource declaration in the contracts.
 * Pure: which resources have a page is passed in, so the derivation is testable without loading pages.
 */
export type DerivedRoute =
  | { kind: "page"; path: string; resource: string }
  | { kind: "redirect"; path: string; to: string };

const byName = new Map<string, ResourceDeclaration>(resources.map((r) => [r.name, r]));

function childrenOf(name: string, declarations: readonly ResourceDeclaration[]): ResourceDeclaration[] {
  return declarations.filter((r) => r.parent === name).sort((a, b) => b.sort - a.sort);
}

/**
 * One page route per resource that has a page, one more per alias; a group's own path leads to its first
 * child with a page (the route guard then sends a role that may not open it to its landing page).
 */
export function deriveRoutes(
  declarations: readonly ResourceDeclaration[],
  hasPage: (name: string) => boolean,
): DerivedRoute[] {
  const routes: DerivedRoute[] = [];
  for (const r of declarations) {
    if (r.group) {
      const first = childrenOf(r.name, declarations).find((c) => hasPage(c.name));
      if (first) routes.push({ kind: "redirect", path: r.path, to: first.path });
    } else if (hasPage(r.name)) {
      for (const path of [r.path, ...(r.aliases ?? [])]) routes.push({ kind: "page", path, resource: r.name });
    }
  }
  return routes;
}

/** Refine's view of the same declaration (list routes for pages, parents for grouping, hidden ones hidden). */
export function refineResources(
  declarations: readonly ResourceDeclaration[],
  hasPage: (name: string) => boolean,
): ResourceProps[] {
  return declarations.map((r) => ({
    name: r.name,
    ...(hasPage(r.name) ? { list: r.path } : {}),
    meta: { ...(r.parent ? { parent: r.parent } : {}), ...(r.hidden ? { hide: true } : {}) },
  }));
}

/** The resource whose page a browser path shows (its own path or an alias), ignoring a trailing slash. */
export function resourceForPath(pathname: string, declarations: readonly ResourceDeclaration[] = resources) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return declarations.find((r) => !r.group && (r.path === path || (r.aliases ?? []).includes(path)));
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
