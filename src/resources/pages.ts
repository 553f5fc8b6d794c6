import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { findResource } from "#contracts";
import { type View, views } from "./routes";

type Page = LazyExoticComponent<ComponentType>;

/**
 * Pages are found by their file name, so adding one edits no list: `src/pages/<resource>/<resource>-<view>-page.tsx`
 * with a default-exported component, for the views list, show, create, batch and batches. A singleton resource's show
 * page opens at its own path (its list route). Each loads on first visit so the sign-in screen stays small.
 */
const pageFiles = import.meta.glob<{ default: ComponentType }>("../pages/*/*-page.tsx");
const pageFile = new RegExp(`^\\.\\./pages/([^/]+)/\\1-(${views.join("|")})-page\\.tsx$`);

const resourcePages = new Map<string, Partial<Record<View, Page>>>();
for (const [file, load] of Object.entries(pageFiles)) {
  const match = pageFile.exec(file);
  if (!match) continue;
  const [, name = "", fileView = ""] = match;
  const view = (findResource(name)?.singleton && fileView === "show" ? "list" : fileView) as View;
  resourcePages.set(name, { ...resourcePages.get(name), [view]: lazy(load) });
}

export const hasPage = (name: string): boolean => resourcePages.has(name);

export function viewsOf(name: string): View[] {
  return views.filter((view) => resourcePages.get(name)?.[view] !== undefined);
}

export function pageOf(name: string, view: View = "list"): Page | undefined {
  return resourcePages.get(name)?.[view];
}
