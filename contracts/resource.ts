import type { CallDeclaration } from "./calls";
import type { Action, Role } from "./roles";

/**
 * The data calls of a resource, in Refine's terms: the browser's data provider sends `useList`, `useOne`,
 * `useCreate`, `useUpdate` and `useDelete` through them. Other calls of a resource (a member's password reset,
 * a delivery's Resend) are sent by its pages through the same declarations.
 */
export interface ResourceCalls {
  readonly list?: CallDeclaration;
  readonly one?: CallDeclaration;
  readonly create?: CallDeclaration;
  readonly update?: CallDeclaration;
  readonly delete?: CallDeclaration;
}
export type DataOperation = keyof ResourceCalls;

/**
 * The shape of a resource: a screen and API area of the portal, declared once in its area's contract file
 * (contracts/<name>.ts). The server's route guard, `logged/info`'s menus, the browser's routes, sidebar,
 * breadcrumbs, command palette, data provider and access-control provider are all derived from these
 * declarations. `access` names the actions each non-admin role may take; admin may take every action
 * everywhere, and a resource with an empty `access` is admin-only.
 */
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
  /** One record per merchant (merchant info, API settings): its page, at its path, shows and edits that record. */
  readonly singleton?: boolean;
  /** Hidden resources are permission areas with no menu entry (e.g. export tasks live in a drawer). */
  readonly hidden?: boolean;
  readonly access: Readonly<Partial<Record<Exclude<Role, "admin">, readonly Action[]>>>;
  /** The calls behind its data operations; a group has none. */
  readonly calls?: ResourceCalls;
  /** The page size its list page reads with, when not DEFAULT_PAGE_SIZE (the members' list reads them all). */
  readonly listPageSize?: number;
}

/** Keeps the literal name, so `ResourceName` is the union of the declared names. */
export const defineResource = <const R extends ResourceDeclaration>(declaration: R): R => declaration;

/**
 * A resource of the reseller's console: an area declared once in its own contract file
 * (`contracts/console-<name>.ts`, exported as `console<Name>Resource`), with its server module
 * (`server/src/modules/console-<name>/`), pages (`src/console/pages/<name>/`) and texts
 * (`locales/<language>/console-<name>.json`) under the same name. Unlike the portal's fixed role matrix, staff
 * roles are data: each action here is a permission (`<name>:<action>`) a role may hold, and the permission list,
 * the super administrator's set, the menu and the routes all follow from these declarations.
 */
export interface ConsoleResourceDeclaration {
  readonly name: string;
  readonly path: string;
  /** Menu order: highest first. */
  readonly sort: number;
  readonly icon: string;
  /** The actions there are on it: each is a permission a role may hold (`<name>:<action>`). */
  readonly actions: readonly Action[];
  /** The calls behind its data operations (the console's data provider); pages send other calls themselves. */
  readonly calls: ResourceCalls;
}

/** Keeps the literal name, so `ConsoleResourceName` is the union of the declared names. */
export const defineConsoleResource = <const R extends ConsoleResourceDeclaration>(declaration: R): R => declaration;
