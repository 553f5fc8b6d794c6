import { z } from "zod";
import { loginBody, loginResult, mfaBindBody, updatePasswordBody } from "./auth";
import { type CallDeclaration, defineCall, inConsole } from "./calls";
import { consoleAreaResources } from "./console-areas";
import type { ConsoleResourceDeclaration, DataOperation } from "./resource";
import type { Action } from "./roles";

/**
 * The reseller's console (issue 15) as a realm: its areas, the permissions they offer, the built-in staff roles,
 * and the calls of the staff account itself. Staff are a realm of their own (`realm: "console"`): separate
 * accounts and sessions, and roles that are data (a set of permissions each, edited by a super administrator),
 * unlike the merchant roles' fixed matrix. Each area is declared in its own contract file
 * (`contracts/console-<area>.ts`); contracts/console-areas.ts is written from the folder.
 */
export const consoleResources: readonly ConsoleResourceDeclaration[] = [...consoleAreaResources].sort(
  (a, b) => b.sort - a.sort,
);
export type ConsoleResourceName = (typeof consoleAreaResources)[number]["name"];

/** The declared call of a console resource's data operation; asking for an undeclared one is a programming error. */
export function consoleResourceCall(resource: string, operation: DataOperation): CallDeclaration {
  const call = consoleResources.find((r) => r.name === resource)?.calls[operation];
  if (!call) throw new Error(`Console resource "${resource}" declares no ${operation} call`);
  return call;
}

/** A permission: an action on a console resource, as a role holds it. */
export type ConsolePermission = `${ConsoleResourceName}:${Action}`;
export const permissionOf = (resource: string, action: Action) => `${resource}:${action}`;

/** Every permission there is: what a super administrator holds, and what a role may be given. */
export const consolePermissions: readonly string[] = consoleResources.flatMap((r) =>
  r.actions.map((a) => permissionOf(r.name, a)),
);
export const isConsolePermission = (value: string) => consolePermissions.includes(value);

/** The role every permission belongs to, now and as resources are added: it cannot be edited or emptied. */
export const SUPER_ADMIN = "superAdmin";

/** The roles a new console starts with (the spec's staff roles); all but the super administrator are editable. */
export const builtInStaffRoles: Readonly<Record<string, readonly ConsolePermission[] | "all">> = {
  [SUPER_ADMIN]: "all",
  financeOfficer: [
    "merchants:list",
    "merchants:show",
    "deposits:list",
    "deposits:show",
    "deposits:edit",
    "adjustments:list",
    "adjustments:create",
    "adjustments:edit",
    "payments:list",
    "payments:create",
    "payments:edit",
    "prices:list",
    "statistics:list",
    "audit:list",
    "reconciliation:list",
    "reconciliation:create",
    "reconciliation:edit",
  ],
  customerService: [
    "merchants:list",
    "merchants:show",
    "orders:list",
    "orders:show",
    "orders:edit",
    "orders:export",
    "risk:list",
  ],
  technology: [
    "merchants:list",
    "merchants:show",
    "orders:list",
    "orders:show",
    "audit:list",
    "audit:export",
    "suppliers:list",
    "suppliers:show",
    "routes:list",
    "reconciliation:list",
    "catalog:list",
    "catalog:show",
    "prices:list",
  ],
};

/** The permissions a set of roles gives, the super administrator's being all of them. */
export function permissionsOf(roles: readonly { code: string | null; permissions: readonly string[] }[]): Set<string> {
  if (roles.some((r) => r.code === SUPER_ADMIN)) return new Set(consolePermissions);
  return new Set(roles.flatMap((r) => r.permissions).filter(isConsolePermission));
}

/** The signed-in staff member, as the console shows it: its permissions decide its menus, routes and buttons. */
export const staffInfo = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  roles: z.array(z.object({ id: z.number(), code: z.string().nullable(), name: z.string() })),
  permissions: z.array(z.string()),
  /** 1 = bound, 0 = not bound (MFA is mandatory: until bound, only the binding calls answer). */
  mfaStatus: z.union([z.literal(0), z.literal(1)]),
});
export type StaffInfo = z.infer<typeof staffInfo>;

const at = <const P extends string>(path: P) => `/console/api${path}` as const;

/** The staff account's own calls: signing in and out, binding MFA, their password. */
export const consoleCalls = {
  login: defineCall({
    ...inConsole,
    method: "POST",
    path: at("/login"),
    access: "public",

    body: loginBody,
    answer: loginResult,
  }),
  me: defineCall({
    ...inConsole,
    method: "GET",
    path: at("/me"),
    access: "signedIn",
    beforeMfa: true,

    answer: staffInfo,
  }),
  logout: defineCall({
    ...inConsole,
    method: "POST",
    path: at("/logout"),
    access: "signedIn",
    beforeMfa: true,

    answer: z.null(),
  }),
  mfaKey: defineCall({
    ...inConsole,
    method: "GET",
    path: at("/mfa/key"),
    access: "signedIn",
    beforeMfa: true,

    answer: z.string(),
  }),
  bindMfa: defineCall({
    ...inConsole,
    method: "POST",
    path: at("/mfa/bind"),
    access: "signedIn",
    beforeMfa: true,

    body: mfaBindBody,
    answer: z.null(),
  }),
  /** Their own password (the one-time password of a new account, first of all); every session of theirs ends. */
  updatePassword: defineCall({
    ...inConsole,
    method: "POST",
    path: at("/password"),
    access: "signedIn",
    body: updatePasswordBody,
    answer: z.null(),
  }),
};
