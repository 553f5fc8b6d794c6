/** The three merchant roles. Admin may do everything; the others are listed per resource in `resources.ts`. */
export const roles = ["admin", "operator", "finance"] as const;
export type Role = (typeof roles)[number];

/** What a role may do to a resource (its `access`, resource.ts): the permission matrix's columns. */
export const actions = ["list", "show", "create", "edit", "delete", "export"] as const;
export type Action = (typeof actions)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

/** Where each role lands after sign-in and when it reaches a page it may not open. */
export const landingPath: Record<Role, string> = {
  admin: "/merchant/info",
  operator: "/merchant/info",
  finance: "/merchant/fund",
};
