import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { exportTasks, users } from "../../server/src/db/schema";
import { Failure } from "../../server/src/lib/failure";
import { codeFor, TEST_PASSWORD, type TestApp } from "./test-app";

/** Helpers for the API suite: one way to call the real server and to state what an answer must be. */

export const EN = "en-US";
export const ZH = "zh-CN";
export type Lang = typeof EN | typeof ZH;

/**
 * The messages the suite expects, written out here (not read from `locales/`) so a changed or missing
 * translation fails a test instead of silently changing what users read.
 */
export const M = {
  success: { [EN]: "Operation successful", [ZH]: "操作成功" },
  badJson: { [EN]: "The request body is not valid JSON", [ZH]: "请求体不是有效的 JSON" },
  unsupportedMediaType: { [EN]: "This content type is not supported", [ZH]: "不支持该内容类型" },
  badRequest: { [EN]: "The request is not valid", [ZH]: "请求无效" },
  badUrl: { [EN]: "The address is not valid", [ZH]: "地址无效" },
  payloadTooLarge: { [EN]: "The request body is too large", [ZH]: "请求体过大" },
  unauthenticated: {
    [EN]: "You are not signed in or your session has ended; please sign in again",
    [ZH]: "您尚未登录或会话已结束，请重新登录",
  },
  forbidden: { [EN]: "You do not have permission to do this", [ZH]: "您没有执行此操作的权限" },
  invalidCredentials: { [EN]: "Incorrect username or password", [ZH]: "用户名或密码错误" },
  userDisabled: {
    [EN]: "This account is disabled; please contact your administrator",
    [ZH]: "该账号已被停用，请联系管理员",
  },
  merchantDisabled: { [EN]: "This merchant is disabled; please contact support", [ZH]: "该商户已被停用，请联系客服" },
  captchaRequired: { [EN]: "Please enter the MFA code", [ZH]: "请输入 MFA 验证码" },
  captchaInvalid: { [EN]: "The MFA code is not valid", [ZH]: "MFA 验证码无效" },
  captchaReused: {
    [EN]: "This MFA code has already been used; wait for the next one",
    [ZH]: "该 MFA 验证码已被使用，请等待下一个",
  },
  captchaLength: { [EN]: "The MFA code has at most 6 characters", [ZH]: "MFA 验证码最多 6 个字符" },
  captchaFormat: { [EN]: "The MFA code is 6 digits", [ZH]: "MFA 验证码为 6 位数字" },
  mfaAlreadyBound: { [EN]: "MFA is already bound", [ZH]: "MFA 已绑定" },
  mfaNotBound: { [EN]: "MFA is not bound", [ZH]: "MFA 未绑定" },
  mfaKeyUnknown: {
    [EN]: "This MFA key was not issued to you or has expired; please start again",
    [ZH]: "该 MFA 密钥不是发给您的或已过期，请重新开始",
  },
  mfaKeyInvalid: { [EN]: "The MFA key is not valid", [ZH]: "MFA 密钥无效" },
  usernameRequired: { [EN]: "Username is required", [ZH]: "请输入用户名" },
  passwordRequired: { [EN]: "Password is required", [ZH]: "请输入密码" },
  passwordMin: { [EN]: "Password length must be at least 3 characters", [ZH]: "密码长度不能少于 3 个字符" },
  oldPasswordWrong: { [EN]: "The old password is incorrect", [ZH]: "旧密码不正确" },
  passwordUnchanged: { [EN]: "The new password must differ from the old one", [ZH]: "新密码不能与旧密码相同" },
  oldPasswordRequired: { [EN]: "Please enter the old password", [ZH]: "请输入旧密码" },
  newPasswordRequired: { [EN]: "Please enter the new password", [ZH]: "请输入新密码" },
  rePasswordRequired: { [EN]: "Please confirm the new password", [ZH]: "请确认新密码" },
  passwordMismatch: { [EN]: "The password entered twice does not match", [ZH]: "两次输入的密码不一致" },
  passwordPolicy: {
    [EN]: "The password needs 12 to 128 characters, with at least one letter and one digit",
    [ZH]: "密码需为 12 到 128 个字符，且至少包含一个字母和一个数字",
  },
  mfaRequired: {
    [EN]: "Bind MFA first: until then you can only bind it or sign out",
    [ZH]: "请先绑定 MFA：绑定前只能绑定 MFA 或退出登录",
  },
  stepUpRequired: {
    [EN]: "Enter the current MFA code to confirm this change",
    [ZH]: "请输入当前的 MFA 验证码以确认此项更改",
  },
  merchantNameRequired: { [EN]: "Merchant name is required", [ZH]: "请输入商户名称" },
  urlInvalid: { [EN]: "Please enter a valid URL", [ZH]: "请输入有效的 URL" },
  emailInvalid: { [EN]: "Please enter a valid e-mail address", [ZH]: "请输入有效的电子邮箱地址" },
  phoneInvalid: { [EN]: "Please enter a valid phone number", [ZH]: "请输入有效的电话号码" },
  invalidType: { [EN]: "This value has the wrong type", [ZH]: "该值类型不正确" },
  tooLong: { [EN]: "This value is too long", [ZH]: "该值过长" },
  required: { [EN]: "This field is required", [ZH]: "此项为必填项" },
  integer: { [EN]: "Must be a whole number", [ZH]: "必须为整数" },
  pageNum: { [EN]: "Page number must be between 1 and 10000000", [ZH]: "页码必须在 1 到 10000000 之间" },
  pageSize: { [EN]: "Page size must be between 1 and 100", [ZH]: "每页条数必须在 1 到 100 之间" },
  memberPageSize: { [EN]: "Page size must be between 1 and 999999", [ZH]: "每页条数必须在 1 到 999999 之间" },
  exportTaskNotFound: { [EN]: "No such export task", [ZH]: "导出任务不存在" },
  exportTaskNotTerminable: {
    [EN]: "Only queued or processing tasks can be terminated",
    [ZH]: "只有排队中或处理中的任务可以终止",
  },
  loginThrottled: (minutes: number) => ({
    [EN]: `Too many failed sign-in attempts; please try again in ${minutes} minute(s)`,
    [ZH]: `登录失败次数过多，请在 ${minutes} 分钟后再试`,
  }),
} as const;

export const LOGIN = "/portal/merchant/api/login";
export const INFO = "/portal/merchant/api/logged/info";
export const LOGOUT = "/portal/merchant/api/logout";
export const MFA_KEY = "/portal/merchant/api/mfa/key";
export const MFA_BIND = "/portal/merchant/api/mfa/bind";
export const MFA_UNBIND = "/portal/merchant/api/mfa/unbind";
export const UPDATE_PASSWORD = "/portal/merchant/api/updatePassword";
export const MERCHANT_INFO = "/portal/merchant/api/merchant/info";
export const MEMBERS = "/portal/merchant/api/member";
export const EXPORT_LIST = "/portal/merchant/export/list";
export const exportKill = (id: number | string) => `/portal/merchant/export/kill/${id}`;

export interface CallOptions {
  /** Sent as `Authorization` when given (the full "Bearer <token>"). */
  token?: string;
  lang?: string;
  payload?: InjectOptions["payload"];
  headers?: Record<string, string>;
  remoteAddress?: string;
  /** Sends this user's current MFA code as `X-MFA-Code` (step-up calls: secrets, keys, members). */
  stepUp?: string;
}

/** One call through the real app. */
export async function call(
  t: TestApp,
  method: NonNullable<InjectOptions["method"]>,
  url: string,
  { token, lang, payload, headers = {}, remoteAddress, stepUp: stepUpAs }: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const all: Record<string, string> = { ...headers, ...(stepUpAs && (await stepUp(t, stepUpAs))) };
  if (lang) all["accept-language"] = lang;
  if (token) all.authorization = token;
  return t.app.inject({ method, url, headers: all, payload, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** The header a step-up call needs: the user's current MFA code (usable once; see `t.code`). */
export async function stepUp(t: TestApp, username: string): Promise<Record<string, string>> {
  return { "x-mfa-code": await t.code(username) };
}

/** A failure answer: the HTTP status and the envelope, exactly. */
export function expectFailure(res: LightMyRequestResponse, status: number, message: string, data: unknown = null) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { code: status, message, data } });
}

/** A 400 with field errors: `data.errors` exactly, and the envelope's sentence made of those messages. */
export function expectFieldErrors(res: LightMyRequestResponse, errors: Record<string, string>) {
  const message = [...new Set(Object.values(errors))].slice(0, 3).join("; ");
  expectFailure(res, 400, message, { errors });
}

/** A success answer: HTTP 200 and `{code: 200, message, data}`; returns `data`. */
export function expectOk<T = unknown>(res: LightMyRequestResponse, lang: Lang = ZH): T {
  const body = res.json();
  expect({ status: res.statusCode, code: body.code, message: body.message }).toEqual({
    status: 200,
    code: 200,
    message: M.success[lang],
  });
  return body.data as T;
}

/** No internals in an answer: no stack frames, file paths or driver messages. */
export function expectNoInternals(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts\b|Error:|stack|Failed query/i);
}

/** Closes a test app (and drops its database). */
export async function closeTestApp(t: TestApp | undefined) {
  if (!t) return;
  await t.close();
}

let addressCounter = 0;
/** A client address no other test in this file has used (the throttle counts per address). */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface LoginInput {
  username: unknown;
  password?: unknown;
  captcha?: unknown;
}

/** A raw sign-in call (the harness's `t.login` throws on failure; this one answers whatever came back). */
export function loginCall(
  t: TestApp,
  { username, password = TEST_PASSWORD, captcha }: LoginInput,
  options: Omit<CallOptions, "payload"> = {},
) {
  const payload: Record<string, unknown> = { username, password };
  if (captcha !== undefined) payload.captcha = captcha;
  return call(t, "POST", LOGIN, { ...options, payload });
}

/** Signs in (from a chosen address when given) and answers "Bearer <token>". */
export async function signIn(t: TestApp, input: LoginInput, options: Omit<CallOptions, "payload"> = {}) {
  const res = await loginCall(t, input, options);
  const data = expectOk<{ tokenHead: string; token: string }>(res, (options.lang as Lang | undefined) ?? ZH);
  return `${data.tokenHead}${data.token}`;
}

/** Binds MFA for the token's user as the browser would (key, code from an authenticator); answers the secret. */
export async function bindMfa(t: TestApp, token: string): Promise<string> {
  const secret = expectOk<string>(await call(t, "GET", MFA_KEY, { token }));
  const bound = await call(t, "POST", MFA_BIND, {
    token,
    payload: { mfaKey: secret, captcha: codeFor(secret, t.clock.now()) },
  });
  expectOk(bound);
  return secret;
}

export async function userRow(t: TestApp, id: number) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

export async function setUserEnabled(t: TestApp, id: number, enabled: boolean) {
  await t.deps.db.update(users).set({ enabled }).where(eq(users.id, id));
}

/** An export task written straight into the table, in any state (tests of the list and of terminate/delete). */
export async function insertExportTask(
  t: TestApp,
  userId: number,
  values: { status?: number; type?: "product" | "order" | "transaction"; processed?: number; total?: number } = {},
) {
  const { merchantId } = await userRow(t, userId);
  const [row] = await t.deps.db
    .insert(exportTasks)
    .values({
      merchantId,
      userId,
      type: values.type ?? "order",
      status: values.status ?? 0,
      processed: values.processed ?? 0,
      total: values.total ?? 0,
    })
    .returning();
  return row!;
}

export async function exportTaskRow(t: TestApp, id: number) {
  const [row] = await t.deps.db.select().from(exportTasks).where(eq(exportTasks.id, id));
  return row;
}

export const MINUTE = 60_000;

/** A well-formed code that is valid for none of the steps accepted now (previous, current, next). */
export function wrongCode(secret: string, now: Date): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => codeFor(secret, new Date(now.getTime() + d))));
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 111111) % 1_000_000).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

/** The sentence of the expected failure (a `Failure`, not any error) that `work` ends in. */
export async function failureMessage(work: () => Promise<unknown>): Promise<string> {
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Failure);
  return (error as Error).message;
}
