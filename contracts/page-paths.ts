import { findResource } from "./permissions";
import type { ResourceDeclaration } from "./resource";
import { resources } from "./resources";
import type { Action } from "./roles";

/**
 * Which page a browser address opens, from the resource declarations: the browser's routes are derived from it
 * (src/resources/routes.ts), and the server names the page's code in the HTML it answers the address with.
 */
/** The pages a resource can have: its list at its path, the others under it. */
export const views = ["list", "show", "create", "batch", "batches"] as const;
export type View = (typeof views)[number];

/** Where each view lives below the resource's path, and the action a role needs to open it. */
export const viewRoutes: Record<View, { suffix: string; action: Action }> = {
  list: { suffix: "", action: "list" },
  create: { suffix: "/create", action: "create" },
  batch: { suffix: "/batch", action: "create" },
  /** Past batches and their results (the order list's readers may open it). */
  batches: { suffix: "/batches", action: "list" },
  show: { suffix: "/:id", action: "show" },
};

/**
 * The resource whose page a browser path shows (its own path, an alias, or a page below its path), ignoring a
 * trailing slash.
 */
export function resourceForPath(pathname: string, declarations: readonly ResourceDeclaration[] = resources) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const own = declarations.find((r) => !r.group && (r.path === path || (r.aliases ?? []).includes(path)));
  return own ?? declarations.find((r) => !r.group && path.startsWith(`${r.path}/`));
}

/** Which of a resource's pages a path shows: its list, or the page below its path (create, batch, or one item). */
export function viewForPath(pathname: string, declarations: readonly ResourceDeclaration[] = resources): View | null {
  const resource = resourceForPath(pathname, declarations);
  if (!resource) return null;
  const path = pathname.replace(/\/+$/, "");
  if (path === resource.path || (resource.aliases ?? []).includes(path)) return "list";
  const rest = path.slice(resource.path.length);
  return views.find((v) => v !== "list" && v !== "show" && viewRoutes[v].suffix === rest) ?? "show";
}

/**
 * The source file of a resource's page for a view: `src/pages/<resource>/<resource>-<view>-page.tsx`. A singleton
 * resource's page opens at its own path (its list route) and is its `show` file; it has no other show page. The
 * browser finds its pages by this name (src/resources/pages.ts) and the server names a page's files in its HTML by
 * it (page-preloads.ts).
 */
export function pageFileOf(resource: string, view: View): string | null {
  const singleton = findResource(resource)?.singleton === true;
  if (singleton && view === "show") return null;
  const fileView = singleton && view === "list" ? "show" : view;
  return `src/pages/${resource}/${resource}-${fileView}-page.tsx`;
}

/** The source file of the page a path opens, if it is a resource's page (`pageFileOf`). */
export function pageFileForPath(pathname: string): string | null {
  const [resource, view] = [resourceForPath(pathname), viewForPath(pathname)];
  return resource && view ? pageFileOf(resource.name, view) : null;
}
