import { z } from "zod";
import { defineCall, idParams, inConsole } from "./calls";
import { defineConsoleResource } from "./resource";

/**
 * The console's roles: data, each a set of permissions (`<area>:<action>`, contracts/console.ts) edited by a super
 * administrator; the built-in super administrator's role holds every permission and is never edited.
 */
export const consoleRolesResource = defineConsoleResource({
  name: "roles",
  path: "/console/roles",
  sort: 10,
  icon: "setting",
  actions: ["list", "create", "edit", "delete"],
  // A short list answered whole: its page reads it with its own call.
  calls: {},
});

export const staffRole = z.object({
  id: z.number(),
  /** A built-in role's code (its name is translated); null for a role a super administrator added. */
  code: z.string().nullable(),
  name: z.string(),
  permissions: z.array(z.string()),
  members: z.number(),
});
export type StaffRole = z.infer<typeof staffRole>;

/**
 * A role as a super administrator writes it. Whether each permission exists is the server's check
 * (modules/console-roles): the list of permissions follows from every console area, this one included, so a
 * contract here that read it would import itself.
 */
export const staffRoleBody = z.object({
  name: z.string("validation.required").trim().min(1, "validation.required").max(60, "validation.tooLong"),
  permissions: z
    .array(
      z
        .string()
        .max(80, "validation.tooLong")
        .regex(/^[a-z-]+:[a-z]+$/, "validation.permissionUnknown"),
    )
    .max(500, "validation.tooLong"),
});
export type StaffRoleBody = z.infer<typeof staffRoleBody>;

const roles = { resource: "roles" } as const;

export const roleCalls = {
  roles: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/roles",
    access: { ...roles, action: "list" },

    answer: z.array(staffRole),
  }),
  createRole: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/roles",
    access: { ...roles, action: "create" },
    stepUp: true,

    body: staffRoleBody,
    answer: staffRole,
  }),
  updateRole: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/roles/:id",
    access: { ...roles, action: "edit" },
    stepUp: true,

    params: idParams,
    body: staffRoleBody,
    answer: staffRole,
  }),
  deleteRole: defineCall({
    ...inConsole,
    method: "DELETE",
    path: "/console/api/roles/:id",
    access: { ...roles, action: "delete" },
    stepUp: true,

    params: idParams,
    answer: z.null(),
  }),
};
