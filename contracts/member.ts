import { z } from "zod";
import { newPassword } from "./auth";
import { defineCall, idParams } from "./calls";
import { MEMBER_LIST_PAGE_SIZE, memberPageQuery, pageOf } from "./envelope";
import { defineResource } from "./resource";
import { roles } from "./roles";

/** Operator management: the merchant's users as its admins see and change them. */

/** Members of the caller's merchant (the spec's "admin list"). */
export const memberItem = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(roles),
  mfaStatus: z.union([z.literal(0), z.literal(1)]),
  enabled: z.boolean(),
  remark: z.string(),
  createTime: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type MemberItem = z.infer<typeof memberItem>;

export const MEMBER_LIMITS = { name: 100, phone: 40, remark: 200, username: 254 } as const;

/** The sign-in name is an e-mail address, stored trimmed and lower-case so it is unique whatever the case. */
export const memberUsername = z
  .string("validation.usernameRequired")
  .trim()
  .toLowerCase()
  .min(1, "validation.usernameRequired")
  .max(MEMBER_LIMITS.username, "validation.tooLong")
  .refine((v) => z.email().safeParse(v).success, "validation.emailInvalid");

const optionalText = (max: number) =>
  z.string("validation.invalidType").trim().max(max, "validation.tooLong").optional();

export const memberPhone = optionalText(MEMBER_LIMITS.phone).refine(
  (v) => !v || /^\+?[0-9 ()-]{5,40}$/.test(v),
  "validation.phoneInvalid",
);
export const memberRole = z.enum(roles, "validation.option");

/** Empty or missing: the server makes a random one and answers it once. Otherwise the password policy. */
export const optionalNewPassword = z.union([z.literal(""), newPassword]).optional();

export const memberCreate = z.object({
  username: memberUsername,
  password: optionalNewPassword,
  name: optionalText(MEMBER_LIMITS.name),
  phone: memberPhone,
  role: memberRole,
  remark: optionalText(MEMBER_LIMITS.remark),
});
export type MemberCreate = z.input<typeof memberCreate>;

/** A field left out keeps its value; the account (e-mail) never changes. */
export const memberUpdate = z.object({
  name: optionalText(MEMBER_LIMITS.name),
  phone: memberPhone,
  role: memberRole.optional(),
  remark: optionalText(MEMBER_LIMITS.remark),
});
export type MemberUpdate = z.input<typeof memberUpdate>;

export const memberStatusBody = z.object({ enabled: z.boolean() });
export type MemberStatusBody = z.infer<typeof memberStatusBody>;

export const memberPasswordReset = z.object({ password: optionalNewPassword });
export type MemberPasswordReset = z.input<typeof memberPasswordReset>;

/** `password` is present only when the server generated it: the one time anybody sees it. */
export const memberCreated = memberItem.extend({ password: z.string().optional() });
export type MemberCreated = z.infer<typeof memberCreated>;
export const generatedPassword = z.object({ password: z.string().optional() });
export type GeneratedPassword = z.infer<typeof generatedPassword>;

const member = (action: "list" | "create" | "edit" | "delete") => ({ resource: "member", action }) as const;
const MEMBER = "/merchant/api/member";

/** Admin-only in the shared matrix. Calls that give or take away someone's access also need step-up. */
export const memberCalls = {
  list: defineCall({
    method: "GET",
    path: MEMBER,
    access: member("list"),
    tag: "member",
    query: memberPageQuery,
    answer: pageOf(memberItem),
  }),
  create: defineCall({
    method: "POST",
    path: MEMBER,
    access: member("create"),
    stepUp: true,
    tag: "member",
    body: memberCreate,
    answer: memberCreated,
  }),
  update: defineCall({
    method: "PUT",
    path: `${MEMBER}/:id`,
    access: member("edit"),
    tag: "member",
    params: idParams,
    body: memberUpdate,
    answer: memberItem,
  }),
  setStatus: defineCall({
    method: "PATCH",
    path: `${MEMBER}/:id/status`,
    access: member("edit"),
    stepUp: true,
    tag: "member",
    params: idParams,
    body: memberStatusBody,
    answer: memberItem,
  }),
  resetMfa: defineCall({
    method: "POST",
    path: `${MEMBER}/:id/mfa/reset`,
    access: member("edit"),
    stepUp: true,
    tag: "member",
    params: idParams,
    answer: memberItem,
  }),
  /** The body may be left out: no body, like an empty password, means "generate one". */
  resetPassword: defineCall({
    method: "POST",
    path: `${MEMBER}/:id/password/reset`,
    access: member("edit"),
    stepUp: true,
    tag: "member",
    params: idParams,
    body: memberPasswordReset.optional(),
    answer: generatedPassword,
  }),
  delete: defineCall({
    method: "DELETE",
    path: `${MEMBER}/:id`,
    access: member("delete"),
    stepUp: true,
    tag: "member",
    params: idParams,
    answer: z.null(),
  }),
};

export const memberResource = defineResource({
  name: "member",
  parent: "merchant-setting",
  path: "/merchant-setting/merchant-member",
  sort: 10,
  icon: "team",
  access: {},
  calls: memberCalls,
  // Spec §9: the admin list is read whole, in one page.
  listPageSize: MEMBER_LIST_PAGE_SIZE,
});
