import { z } from "zod";
import { defineCall, idParams, inConsole } from "./calls";
import { memberUsername } from "./member";
import { defineConsoleResource } from "./resource";

/**
 * The console's staff accounts (issue 15): created by a super administrator with a one-time password, MFA bound
 * at the first sign-in, enabled or disabled, holding one or more roles (contracts/console-roles.ts).
 */
export const consoleStaffResource = defineConsoleResource({
  name: "staff",
  path: "/console/staff",
  sort: 20,
  icon: "members",
  actions: ["list", "create", "edit"],
  // A short list answered whole: its page reads it with its own call.
  calls: {},
});

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

const staff = { resource: "staff" } as const;

/** The super administrator's management of staff accounts: each change needs their current code (step-up). */
export const staffCalls = {
  staff: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/staff",
    access: { ...staff, action: "list" },

    answer: z.array(staffMember),
  }),
  createStaff: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/staff",
    access: { ...staff, action: "create" },
    stepUp: true,

    body: staffCreateBody,
    answer: z.object({ member: staffMember, password: z.string() }),
  }),
  /** A new one-time password, answered once; the member's sessions end. Not for oneself (`updatePassword`). */
  resetStaffPassword: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/staff/:id/password-reset",
    access: { ...staff, action: "edit" },
    stepUp: true,
    params: idParams,
    answer: z.object({ password: z.string() }),
  }),
  /** Forgets the member's authenticator (a lost phone): they bind a new one at their next sign-in. */
  resetStaffMfa: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/staff/:id/mfa-reset",
    access: { ...staff, action: "edit" },
    stepUp: true,
    params: idParams,
    answer: staffMember,
  }),
  updateStaff: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/staff/:id",
    access: { ...staff, action: "edit" },
    stepUp: true,

    params: idParams,
    body: staffUpdateBody,
    answer: staffMember,
  }),
};
