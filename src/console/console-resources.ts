import type { AccessControlProvider, AuthProvider, ResourceProps } from "@refinedev/core";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { type Action, consoleResources, permissionOf, type StaffInfo } from "#contracts";
import { CONSOLE_LOGIN_PATH } from "../lib/login-link";
import { consoleTokens } from "../providers/token-storage";
import { loadStaffInfo, signOutOfConsole } from "./console-session";

/**
 * The console's areas come from `consoleResources` (contracts/console.ts): each with a page file
 * (`pages/<resource>/<resource>-page.tsx`, default export) becomes a route and a menu entry, shown to the staff
 * members whose roles hold its `list` permission. The server checks every call the same way; this is only the
 * browser's side. The rest of an area's files sit beside its page; what two areas share is in `shared/`.
 */
const pageFiles = import.meta.glob<{ default: ComponentType }>("./pages/*/*-page.tsx");
const pageFile = /^\.\/pages\/([^/]+)\/\1-page\.tsx$/;
const pages = new Map<string, LazyExoticComponent<ComponentType>>();
for (const [file, load] of Object.entries(pageFiles)) {
  const name = pageFile.exec(file)?.[1];
  if (name) pages.set(name, lazy(load));
}

/** The areas built so far, in the menu's order (highest `sort` first). */
export const consoleAreas = [...consoleResources].filter((r) => pages.has(r.name)).sort((a, b) => b.sort - a.sort);

export const consolePageOf = (name: string) => pages.get(name);

export const mayStaff = (staff: StaffInfo, resource: string, action: Action) =>
  staff.permissions.includes(permissionOf(resource, action));

/** A built-in role's name is translated; a role a super administrator added is called what they called it. */
export const roleName = (t: (key: string) => string, role: { code: string | null; name: string }) =>
  role.code ? t(`console-roles.${role.code}`) : role.name;

/** The first area this staff member may open: where /console and a sign-in lead. */
export const consoleLanding = (staff: StaffInfo) => consoleAreas.find((r) => mayStaff(staff, r.name, "list"))?.path;

export const consoleRefineResources: ResourceProps[] = consoleAreas.map((r) => ({
  name: r.name,
  list: r.path,
  meta: { label: `console-${r.name}.title` },
}));

export const consoleAuthProvider: AuthProvider = {
  // Signing in is the light sign-in page's (/console/login, main.tsx).
  login: async () => ({ success: false, redirectTo: CONSOLE_LOGIN_PATH }),
  logout: async () => {
    await signOutOfConsole();
    return { success: true };
  },
  check: async () =>
    consoleTokens.get() ? { authenticated: true } : { authenticated: false, redirectTo: CONSOLE_LOGIN_PATH },
  // The http client already handles 401 (the logged-out prompt).
  onError: async () => ({}),
  getIdentity: () => loadStaffInfo(),
  getPermissions: async () => (await loadStaffInfo()).permissions,
};

export const consoleAccessControl: AccessControlProvider = {
  can: async ({ resource, action }) => {
    if (!resource) return { can: true };
    if (!consoleTokens.get()) return { can: false };
    return { can: mayStaff(await loadStaffInfo(), resource, action as Action) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
