import { z } from "zod";
import { defineCall } from "./calls";
import { LOGIN_PASSWORD_MIN, MFA_CODE_LENGTH, PASSWORD_POLICY, USERNAME_MAX } from "./login-limits";
import { roles } from "./roles";

/**
 * Sign-in and account payloads. Messages are i18n keys (`validation.*`), translated by whoever shows them:
 * the server into `data.errors`, the browser into form rules.
 */

export const loginBody = z.object({
  username: z
    .string("validation.usernameRequired")
    .trim()
    .min(1, "validation.usernameRequired")
    .max(USERNAME_MAX, "validation.tooLong"),
  password: z
    .string("validation.passwordRequired")
    .min(1, "validation.passwordRequired")
    .min(LOGIN_PASSWORD_MIN, "validation.passwordMin")
    .max(PASSWORD_POLICY.max, "validation.tooLong"),
  captcha: z
    .string("validation.captchaInvalid")
    .trim()
    .max(MFA_CODE_LENGTH, "validation.captchaLength")
    .optional()
    .default(""),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResult = z.object({ tokenHead: z.string(), token: z.string() });
export type LoginResult = z.infer<typeof loginResult>;

export const mfaCode = z
  .string("validation.captchaRequired")
  .trim()
  .regex(/^\d{6}$/, "validation.captchaFormat");

export const mfaBindBody = z.object({
  captcha: mfaCode,
  mfaKey: z.string("validation.required").trim().min(16, "validation.mfaKey").max(128, "validation.mfaKey"),
});
export type MfaBindBody = z.infer<typeof mfaBindBody>;

/** A password a person chooses: the policy, and at least a letter and a digit. */
export const newPassword = z
  .string("validation.newPasswordRequired")
  .min(1, "validation.newPasswordRequired")
  .min(PASSWORD_POLICY.min, "validation.passwordPolicy")
  .max(PASSWORD_POLICY.max, "validation.tooLong")
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), "validation.passwordPolicy");

export const updatePasswordBody = z
  .object({
    oldPassword: z
      .string("validation.oldPasswordRequired")
      .min(1, "validation.oldPasswordRequired")
      .max(PASSWORD_POLICY.max, "validation.tooLong"),
    newPassword,
    rePassword: z.string("validation.rePasswordRequired").min(1, "validation.rePasswordRequired"),
  })
  .refine((v) => v.newPassword === v.rePassword, { message: "validation.passwordMismatch", path: ["rePassword"] });
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

/** One entry of a user's menu tree (`logged/info`), as permissions.ts `menusFor` builds it. */
export interface MenuEntry {
  name: string;
  title: string;
  path: string;
  icon: string;
  hidden: 0 | 1;
  sort: number;
  children: MenuEntry[];
}

/**
 * The wire shape of `MenuEntry`, recursive through `children`: named, so that the API document can define it once
 * and refer to it from itself.
 */
export const menuEntry: z.ZodType<MenuEntry> = z
  .lazy(() =>
    z.object({
      name: z.string(),
      title: z.string(),
      path: z.string(),
      icon: z.string(),
      hidden: z.union([z.literal(0), z.literal(1)]),
      sort: z.number(),
      children: z.array(menuEntry),
    }),
  )
  .meta({ id: "MenuEntry" });

export const userInfo = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(roles),
  name: z.string(),
  email: z.string(),
  resources: z.array(z.object({ name: z.string(), actions: z.array(z.string()) })),
  menus: z.array(menuEntry),
  /** 1 = bound, 0 = not bound. */
  mfaStatus: z.union([z.literal(0), z.literal(1)]),
  merchantInfo: z.object({ merchantNo: z.string(), merchantNikeName: z.string() }),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Signing in and the caller's own account (spec §7). */
export const authCalls = {
  login: defineCall({
    method: "POST",
    path: "/merchant/api/login",
    access: "public",
    tag: "auth",
    body: loginBody,
    answer: loginResult,
  }),
  userInfo: defineCall({
    method: "GET",
    path: "/merchant/api/logged/info",
    access: "signedIn",
    beforeMfa: true,
    tag: "auth",
    answer: userInfo,
  }),
  logout: defineCall({
    method: "POST",
    path: "/merchant/api/logout",
    access: "signedIn",
    beforeMfa: true,
    tag: "auth",
    answer: z.null(),
  }),
  mfaKey: defineCall({
    method: "GET",
    path: "/merchant/api/mfa/key",
    access: "signedIn",
    beforeMfa: true,
    tag: "auth",
    answer: z.string(),
  }),
  bindMfa: defineCall({
    method: "POST",
    path: "/merchant/api/mfa/bind",
    access: "signedIn",
    beforeMfa: true,
    tag: "auth",
    body: mfaBindBody,
    answer: z.null(),
  }),
  /** The spec's client sends the code itself as a plain-text body. */
  unbindMfa: defineCall({
    method: "POST",
    path: "/merchant/api/mfa/unbind",
    access: "signedIn",
    tag: "auth",
    body: z.string("validation.captchaRequired"),
    consumes: ["text/plain"],
    answer: z.null(),
  }),
  updatePassword: defineCall({
    method: "POST",
    path: "/merchant/api/updatePassword",
    access: "signedIn",
    tag: "auth",
    body: updatePasswordBody,
    answer: z.null(),
  }),
};
