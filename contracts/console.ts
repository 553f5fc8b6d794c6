import { z } from "zod";
import { loginBody, loginResult, mfaBindBody, updatePasswordBody } from "./auth";
import { defineCall, idParams } from "./calls";
import { memberUsername } from "./member";
import type { Action } from "./roles";

/**
 * The reseller's console (issue 15): its areas, the permissions they offer, the built-in staff roles, and the
 * calls of its staff accounts. Staff are a realm of their own (`realm: "console"`): separate accounts and
 * sessions, and roles that are data (a set of permissions each, edited by a super administrator), unlike the
 * merchant roles' fixed matrix.
 */
export interface ConsoleResourceDeclaration {
  readonly name: string;
  readonly path: string;
  readonly sort: number;
  readonly icon: string;
  /** The actions there are on it: each is a permission a role may hold (`<name>:<action>`). */
  readonly actions: readonly Action[];
}
const defineConsoleResource = <const R extends ConsoleResourceDeclaration>(declaration: R): R => declaration;

export const consoleResources = [
  defineConsoleResource({
    name: "merchants",
    path: "/console/merchants",
    sort: 100,
    icon: "shop",
    actions: ["list", "show", "create", "edit"],
  }),
  defineConsoleResource({
    name: "deposits",
    path: "/console/deposits",
    sort: 90,
    icon: "bank",
    actions: ["list", "show", "edit"],
  }),
  defineConsoleResource({
    name: "payments",
    path: "/console/payments",
    sort: 88,
    icon: "bank",
    actions: ["list", "create", "edit"],
  }),
  defineConsoleResource({
    name: "adjustments",
    path: "/console/adjustments",
    sort: 85,
    icon: "fund",
    actions: ["list", "create", "edit"],
  }),
  defineConsoleResource({
    name: "orders",
    path: "/console/orders",
    sort: 80,
    icon: "orders",
    actions: ["list", "show", "edit", "export"],
  }),
  defineConsoleResource({
    name: "catalog",
    path: "/console/catalog",
    sort: 78,
    icon: "product",
    actions: ["list", "show", "create", "edit", "delete"],
  }),
  defineConsoleResource({
    name: "prices",
    path: "/console/prices",
    sort: 77,
    icon: "fund",
    actions: ["list", "create", "edit"],
  }),
  defineConsoleResource({
    name: "suppliers",
    path: "/console/suppliers",
    sort: 75,
    icon: "api",
    actions: ["list", "show", "create", "edit"],
  }),
  defineConsoleResource({
    name: "routes",
    path: "/console/routes",
    sort: 74,
    icon: "branches",
    actions: ["list", "edit"],
  }),
  defineConsoleResource({
    name: "reconciliation",
    path: "/console/reconciliation",
    sort: 73,
    icon: "audit",
    actions: ["list", "create", "edit"],
  }),
  defineConsoleResource({
    name: "risk",
    path: "/console/risk",
    sort: 72,
    icon: "safety",
    actions: ["list", "edit"],
  }),
  defineConsoleResource({
    name: "statistics",
    path: "/console/statistics",
    sort: 70,
    icon: "overview",
    actions: ["list"],
  }),
  defineConsoleResource({
    name: "audit",
    path: "/console/audit",
    sort: 60,
    icon: "audit",
    actions: ["list", "export"],
  }),
  defineConsoleResource({
    name: "staff",
    path: "/console/staff",
    sort: 20,
    icon: "members",
    actions: ["list", "create", "edit"],
  }),
  defineConsoleResource({
    name: "roles",
    path: "/console/roles",
    sort: 10,
    icon: "setting",
    actions: ["list", "create", "edit", "delete"],
  }),
] as const;
export type ConsoleResourceName = (typeof consoleResources)[number]["name"];

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

export const staffRole = z.object({
  id: z.number(),
  /** A built-in role's code (its name is translated); null for a role a super administrator added. */
  code: z.string().nullable(),
  name: z.string(),
  permissions: z.array(z.string()),
  members: z.number(),
});
export type StaffRole = z.infer<typeof staffRole>;

export const staffRoleBody = z.object({
  name: z.string("validation.required").trim().min(1, "validation.required").max(60, "validation.tooLong"),
  permissions: z
    .array(z.string().refine(isConsolePermission, "validation.permissionUnknown"))
    .max(consolePermissions.length, "validation.tooLong"),
});
export type StaffRoleBody = z.infer<typeof staffRoleBody>;

export const staffMember = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  mfaBound: z.boolean(),
  roleIds: z.array(z.number()),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

const roleIds = z
  .array(idParams.shape.id, "validation.required")
  .min(1, "validation.rolesRequired")
  .max(20, "validation.tooLong");

export const staffCreateBody = z.object({
  username: memberUsername,
  name: z.string().trim().max(60, "validation.tooLong").default(""),
  roleIds,
});
export type StaffCreateBody = z.input<typeof staffCreateBody>;

export const staffUpdateBody = z.object({
  name: z.string().trim().max(60, "validation.tooLong").optional(),
  enabled: z.boolean().optional(),
  roleIds: roleIds.optional(),
});
export type StaffUpdateBody = z.input<typeof staffUpdateBody>;

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

/** Every console call: in the console's realm, in its part of the API documentation. */
export const inConsole = { realm: "console", tag: "console" } as const;
const at = <const P extends string>(path: P) => `/console/api${path}` as const;

/** The staff account's own calls, and the super administrator's staff and role management. */
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
  roles: defineCall({
    ...inConsole,
    method: "GET",
    path: at("/roles"),
    access: { resource: "roles", action: "list" },

    answer: z.array(staffRole),
  }),
  createRole: defineCall({
    ...inConsole,
    method: "POST",
    path: at("/roles"),
    access: { resource: "roles", action: "create" },
    stepUp: true,

    body: staffRoleBody,
    answer: staffRole,
  }),
  updateRole: defineCall({
    ...inConsole,
    method: "PUT",
    path: at("/roles/:id"),
    access: { resource: "roles", action: "edit" },
    stepUp: true,

    params: idParams,
    body: staffRoleBody,
    answer: staffRole,
  }),
  deleteRole: defineCall({
    ...inConsole,
    method: "DELETE",
    path: at("/roles/:id"),
    access: { resource: "roles", action: "delete" },
    stepUp: true,

    params: idParams,
    answer: z.null(),
  }),
  staff: defineCall({
    ...inConsole,
    method: "GET",
    path: at("/staff"),
    access: { resource: "staff", action: "list" },

    answer: z.array(staffMember),
  }),
  createStaff: defineCall({
    ...inConsole,
    method: "POST",
    path: at("/staff"),
    access: { resource: "staff", action: "create" },
    stepUp: true,

    body: staffCreateBody,
    answer: z.object({ member: staffMember, password: z.string() }),
  }),
  /** A new one-time password, answered once; the member's sessions end. Not for oneself (`updatePassword`). */
  resetStaffPassword: defineCall({
    ...inConsole,
    method: "POST",
    path: at("/staff/:id/password-reset"),
    access: { resource: "staff", action: "edit" },
    stepUp: true,
    params: idParams,
    answer: z.object({ password: z.string() }),
  }),
  /** Forgets the member's authenticator (a lost phone): they bind a new one at their next sign-in. */
  resetStaffMfa: defineCall({
    ...inConsole,
    method: "POST",
    path: at("/staff/:id/mfa-reset"),
    access: { resource: "staff", action: "edit" },
    stepUp: true,
    params: idParams,
    answer: staffMember,
  }),
  updateStaff: defineCall({
    ...inConsole,
    method: "PUT",
    path: at("/staff/:id"),
    access: { resource: "staff", action: "edit" },
    stepUp: true,

    params: idParams,
    body: staffUpdateBody,
    answer: staffMember,
  }),
};
