import { type ComponentType, type LazyExoticComponent, lazy, useSyncExternalStore } from "react";
import { pageFileOf, resources } from "#contracts";
import { resourceForPath, type View, viewForPath, views } from "./routes";

type Page = LazyExoticComponent<ComponentType>;

/**
 * Pages are found by their file name, so adding one edits no list: a resource's page for a view is the file
 * contracts' `pageFileOf` names (`src/pages/<resource>/<resource>-<view>-page.tsx`, default-exporting its component),
 * when it exists. Each loads on first visit so the sign-in screen stays small.
 */
const pageFiles = import.meta.glob<{ default: ComponentType }>("../pages/*/*-page.tsx");

/** A page, and the call that fetches its code (which `lazy` makes on first render). */
interface PageEntry {
  page: Page;
  load: () => Promise<{ default: ComponentType }>;
  /** The page itself once its code is here (preloaded): rendered directly, it never suspends. */
  loaded?: ComponentType;
}
const resourcePages = new Map<string, Partial<Record<View, PageEntry>>>();
for (const { name } of resources)
  for (const view of views) {
    // The glob's keys are relative to this folder (src/resources), the contracts' names to the project.
    const file = pageFileOf(name, view);
    const load = file ? pageFiles[file.replace(/^src\//, "../")] : undefined;
    if (load) resourcePages.set(name, { ...resourcePages.get(name), [view]: { page: lazy(load), load } });
  }

/** Whether the first screen's page has its code (or there is none to wait for), for the session gate. */
let firstPageHere = false;
const firstPageListeners = new Set<() => void>();

/**
 * Starts fetching the code of the page at `pathname`, if it is one: called as the app starts, so the page's code
 * arrives alongside the app's instead of after the session check. The session gate (route-guards.tsx) waits for
 * it with the user info, so the shell and the page show in one commit.
 */
export function preloadPage(pathname: string): void {
  const [resource, view] = [resourceForPath(pathname), viewForPath(pathname)];
  const entry = resource && view ? resourcePages.get(resource.name)?.[view] : undefined;
  const done = () => {
    firstPageHere = true;
    for (const listener of firstPageListeners) listener();
  };
  if (!entry) {
    done();
    return;
  }
  void entry
    .load()
    .then((module) => {
      entry.loaded = module.default;
    })
    .catch(() => undefined)
    .finally(done);
}

/** True once the code of the page the app was opened at is here (preloadPage), or failed to come. */
export function useFirstPageHere(): boolean {
  return useSyncExternalStore(
    (listener) => {
      firstPageListeners.add(listener);
      return () => firstPageListeners.delete(listener);
    },
    () => firstPageHere,
  );
}

export const hasPage = (name: string): boolean => resourcePages.has(name);

export function viewsOf(name: string): View[] {
  return views.filter((view) => resourcePages.get(name)?.[view] !== undefined);
}

/**
 * A page's component: the page itself when its code is already here (preloaded), so it shows in the same commit
 * as the shell; else the lazy one, which suspends while its code arrives. (React holds back content that resolves
 * within 300 ms of a fallback, and data calls start only once the page is committed, so a page that suspends
 * needlessly shows its rows up to 300 ms later.)
 */
export function pageOf(name: string, view: View = "list"): ComponentType | undefined {
  const entry = resourcePages.get(name)?.[view];
  return entry?.loaded ?? entry?.page;
}
