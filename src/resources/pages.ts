import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { findResource } from "#contracts";
import { resourceForPath, type View, viewForPath, views } from "./routes";

type Page = LazyExoticComponent<ComponentType>;

/**
 * Pages are found by their file name, so adding one edits no list: `src/pages/<resource>/<resource>-<view>-page.tsx`
 * with a default-exported component, for the views list, show, create, batch and batches. A singleton resource's show
 * page opens at its own path (its list route). Each loads on first visit so the sign-in screen stays small.
 */
const pageFiles = import.meta.glob<{ default: ComponentType }>("../pages/*/*-page.tsx");
const pageFile = new RegExp(`^\\.\\./pages/([^/]+)/\\1-(${views.join("|")})-page\\.tsx$`);

/** A page, and the call that fetches its code (which `lazy` makes on first render). */
interface PageEntry {
  page: Page;
  load: () => Promise<unknown>;
}
const resourcePages = new Map<string, Partial<Record<View, PageEntry>>>();
for (const [file, load] of Object.entries(pageFiles)) {
  const match = pageFile.exec(file);
  if (!match) continue;
  const [, name = "", fileView = ""] = match;
  const view = (findResource(name)?.singleton && fileView === "show" ? "list" : fileView) as View;
  resourcePages.set(name, { ...resourcePages.get(name), [view]: { page: lazy(load), load } });
}

/**
 * Starts fetching the code of the page at `pathname`, if it is one: called as the app starts, so the page's code
 * arrives alongside the app's instead of after the session check. The page itself still loads through `lazy`,
 * which then finds the module already there.
 */
export function preloadPage(pathname: string): void {
  const [resource, view] = [resourceForPath(pathname), viewForPath(pathname)];
  const entry = resource && view ? resourcePages.get(resource.name)?.[view] : undefined;
  void entry?.load().catch(() => undefined);
}

export const hasPage = (name: string): boolean => resourcePages.has(name);

export function viewsOf(name: string): View[] {
  return views.filter((view) => resourcePages.get(name)?.[view] !== undefined);
}

export function pageOf(name: string, view: View = "list"): Page | undefined {
  return resourcePages.get(name)?.[view]?.page;
}
