import type { Role } from "./roles";

/**
 * Every screen and API area of the portal, declared once.
 *
 * The server's route guard, `logged/info`'s menus, the browser's routes, sidebar, breadcrumbs, command palette
 * and access-control provider are all derived from this list. `access` names the actions each non-admin role
 * may take; admin may take every action everywhere, and a resource with an empty `access` is admin-only.
 */
export const actions = ["list", "show", "create", "edit", "delete", "export"] as const;
export type Action = (typeof actions)[number];

export interface ResourceDeclaration {
  readonly name: string;
  /** Browser path; groups have one too (it is a menu heading, not a page). */
  readonly path: string;
  /** Other browser paths that open the same page (kept for links from older builds and the spec's two readings). */
  readonly aliases?: readonly string[];
  readonly parent?: string;
  /** Menu order: highest first. */
  readonly sort: number;
  /** Name of the icon the browser shows for it (mapped to a component there). */
  readonly icon: string;
  /** A group heads other resources and has no page of its own. */
  readonly group?: boolean;
  /** Hidden resources are permission areas with no menu entry (e.g. export tasks live in a drawer). */
  readonly hidden?: boolean;
  readonly access: Readonly<Partial<Record<Exclude<Role, "admin">, readonly Action[]>>>;
}

export const resources = [
  {
    name: "merchant",
    path: "/merchant",
    sort: 100,
    icon: "shop",
    group: true,
    access: { operator: ["list"], finance: ["list"] },
  },
  {
    name: "merchant-info",
    parent: "merchant",
    path: "/merchant/info",
    sort: 30,
    icon: "info",
    access: { operator: ["list", "show"] },
  },
  {
    name: "product",
    parent: "merchant",
    path: "/merchant/product",
    sort: 20,
    icon: "product",
    access: { operator: ["list", "show", "export"] },
  },
  {
    name: "order",
    parent: "merchant",
    path: "/merchant/order",
    sort: 10,
    icon: "order",
    access: { operator: ["list", "show", "create", "export"] },
  },
  {
    name: "merchant-fund",
    path: "/merchant-fund",
    sort: 90,
    icon: "fund",
    group: true,
    access: { operator: ["list"], finance: ["list"] },
  },
  {
    name: "ledger",
    parent: "merchant-fund",
    path: "/merchant-fund/transaction-log",
    sort: 20,
    icon: "transaction",
    access: { operator: ["list", "show", "export"], finance: ["list", "show", "export"] },
  },
  {
    name: "deposit",
    parent: "merchant-fund",
    path: "/merchant-fund/fund",
    aliases: ["/merchant/fund"],
    sort: 10,
    icon: "deposit",
    access: { operator: ["list", "show"], finance: ["list", "show", "create"] },
  },
  { name: "merchant-setting", path: "/merchant-setting", sort: 80, icon: "setting", group: true, access: {} },
  {
    name: "api-settings",
    parent: "merchant-setting",
    path: "/merchant-setting/merchant-development",
    sort: 20,
    icon: "api",
    access: {},
  },
  {
    name: "member",
    parent: "merchant-setting",
    path: "/merchant-setting/merchant-member",
    sort: 10,
    icon: "team",
    access: {},
  },
  {
    name: "export-task",
    path: "/export-task",
    sort: 0,
    icon: "export",
    hidden: true,
    access: { operator: ["list", "show", "create", "delete"], finance: ["list", "show", "create", "delete"] },
  },
] as const satisfies readonly ResourceDeclaration[];

export type ResourceName = (typeof resources)[number]["name"];

/** Where each role lands after sign-in and when it reaches a page it may not open. */
export const landingPath: Record<Role, string> = {
  admin: "/merchant/info",
  operator: "/merchant/info",
  finance: "/merchant/fund",
};
