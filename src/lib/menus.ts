import { canOpen, filterMenus, findResource, type MenuEntry, type Role, type UserInfo } from "#contracts";

/**
 * The sidebar a user sees: the server's menus (already filtered for the role) filtered once more against the
 * shared permission matrix, so a stale or foreign menu can never offer a page the route guard would refuse.
 * Hidden entries are dropped; a group stays only while it has a visible child; highest `sort` first.
 */
export function visibleMenus(menus: readonly UserInfo["menus"][number][], role: Role): MenuEntry[] {
  const shown = (entries: readonly MenuEntry[]): MenuEntry[] =>
    entries.filter((e) => e.hidden !== 1).map((e) => ({ ...e, children: shown(e.children) }));
  // The contracts' recursive zod type widens `children` to unknown[]; what arrives is a MenuEntry tree.
  return filterMenus(shown(menus as readonly MenuEntry[]), (name) => {
    const declaration = findResource(name);
    return declaration !== undefined && declaration.group !== true && canOpen(role, name);
  });
}

/** The leaf entries in display order (for the command palette). */
export function flattenMenus(menus: readonly MenuEntry[]): MenuEntry[] {
  return menus.flatMap((m) => (m.children.length > 0 ? flattenMenus(m.children) : [m]));
}
