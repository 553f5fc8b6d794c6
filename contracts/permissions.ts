import type { MenuEntry } from "./auth";
import type { ResourceDeclaration } from "./resource";
import { type ResourceName, resources } from "./resources";
import { type Action, actions, type Role } from "./roles";

const byName = new Map<string, ResourceDeclaration>(resources.map((r) => [r.name, r]));

export function findResource(name: string): ResourceDeclaration | undefined {
  return byName.get(name);
}

/** The message key of a resource's title: an area's own catalog (`ledger.title`), a group's in `menus`. */
export function titleKey(name: string): string {
  const declaration = byName.get(name);
  return declaration && !declaration.group ? `${name}.title` : `menus.${name}`;
}

/** The actions a role may take on a resource: admin all, others as declared (none for an undeclared role). */
export function allowedActions(role: Role, resource: string): readonly Action[] {
  const declaration = byName.get(resource);
  if (!declaration) return [];
  if (role === "admin") return actions;
  return declaration.access[role] ?? [];
}

export function can(role: Role, resource: ResourceName | string, action: Action): boolean {
  return allowedActions(role, resource).includes(action);
}

/** A role may open a resource's page (or see its menu entry) when it may list it. */
export function canOpen(role: Role, resource: string): boolean {
  return can(role, resource, "list");
}

/**
 * Filters a menu tree by the granted names and sorts it, highest `sort` first, children included.
 * An ungranted entry is dropped unless it is a parent that keeps at least one visible child.
 */
export function filterMenus(entries: readonly MenuEntry[], granted: (name: string) => boolean): MenuEntry[] {
  const kept: MenuEntry[] = [];
  for (const entry of entries) {
    const children = filterMenus(entry.children, granted);
    if (granted(entry.name) || children.length > 0) kept.push({ ...entry, children });
  }
  return kept.sort((a, b) => b.sort - a.sort);
}

/** The menu tree a role sees, with titles produced by `title` (the caller translates). */
export function menusFor(role: Role, title: (name: string) => string): MenuEntry[] {
  const toEntry = (r: ResourceDeclaration): MenuEntry => ({
    name: r.name,
    title: title(r.name),
    path: r.path,
    icon: r.icon,
    hidden: r.hidden ? 1 : 0,
    sort: r.sort,
    children: resources.filter((c: ResourceDeclaration) => c.parent === r.name).map(toEntry),
  });
  const roots = resources.filter((r: ResourceDeclaration) => !r.parent && !r.hidden).map(toEntry);
  // A group is granted only through its children: a heading with nothing under it is noise.
  return filterMenus(roots, (name) => !byName.get(name)?.group && canOpen(role, name));
}

/** Every resource with the actions this role may take on it (for `logged/info.resources`). */
export function grantsFor(role: Role): { name: string; actions: Action[] }[] {
  return resources
    .map((r) => ({ name: r.name, actions: [...allowedActions(role, r.name)] }))
    .filter((g) => g.actions.length > 0);
}
