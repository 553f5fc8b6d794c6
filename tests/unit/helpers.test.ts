import { describe, expect, it } from "vitest";
import { loginBody, merchantInfoUpdate, mfaCode, updatePasswordBody } from "#contracts";
import { CHAT_CHECK_INTERVAL_MS, CHAT_IDLE_MS, isIdle } from "../../src/lib/chat-widget";
import { formatDateTime } from "../../src/lib/date-format";
import {
  canDownload,
  canTerminate,
  EXPORT_DEFAULT_PAGE_SIZE,
  EXPORT_PAGE_SIZES,
  EXPORT_REFRESH_MS,
  hasPendingTasks,
} from "../../src/lib/export-tasks";
import { buildOtpauthUri } from "../../src/lib/otpauth";
import { zodRule } from "../../src/lib/zod-rule";

describe("buildOtpauthUri", () => {
  it("builds the authenticator setup link with the product as issuer", () => {
    expect(buildOtpauthUri("Merchant Portal", "admin@demo.test", "JBSWY3DPEHPK3PXP")).toBe(
      "otpauth://totp/Merchant%20Portal:admin%40demo.test?secret=JBSWY3DPEHPK3PXP&issuer=Merchant%20Portal&algorithm=SHA1&digits=6&period=30",
    );
  });
});

describe("formatDateTime", () => {
  it("formats an ISO date-time as YYYY-MM-DD HH:mm:ss in local time", () => {
    const local = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatDateTime(local.toISOString())).toBe("2026-01-05 07:08:09");
  });

  it.each([[null], [undefined], [""], ["not a date"]])("shows '-' for %j", (value) => {
    expect(formatDateTime(value)).toBe("-");
  });
});

describe("export task rules", () => {
  it("terminates only queued or processing tasks and downloads only completed ones", () => {
    expect([0, 1, 2, 3, 4].filter(canTerminate)).toEqual([0, 1]);
    expect([0, 1, 2, 3, 4].filter(canDownload)).toEqual([2]);
  });

  it("keeps reloading while a listed task is queued or processing", () => {
    expect(hasPendingTasks([{ status: 2 }, { status: 1 }])).toBe(true);
    expect(hasPendingTasks([{ status: 0 }])).toBe(true);
    expect(hasPendingTasks([{ status: 2 }, { status: 3 }, { status: 4 }])).toBe(false);
    expect(hasPendingTasks([])).toBe(false);
    expect(hasPendingTasks(undefined)).toBe(false);
  });

  it("uses the spec's paging and refresh constants", () => {
    expect(EXPORT_PAGE_SIZES).toEqual([25, 50, 100]);
    expect(EXPORT_DEFAULT_PAGE_SIZE).toBe(50);
    expect(EXPORT_REFRESH_MS).toBe(5000);
  });
});

describe("chat widget idleness", () => {
  it("re-initialises after 30 minutes without activity, checked every 30 minutes", () => {
    expect(CHAT_IDLE_MS).toBe(30 * 60 * 1000);
    expect(CHAT_CHECK_INTERVAL_MS).toBe(30 * 60 * 1000);
    expect(isIdle(0, CHAT_IDLE_MS)).toBe(true);
    expect(isIdle(0, CHAT_IDLE_MS - 1)).toBe(false);
    expect(isIdle(1000, 1000)).toBe(false);
  });
});

describe("zodRule (contracts schemas as form rules)", () => {
  const t = (key: string) => `t(${key})`;
  const check = (schema: Parameters<typeof zodRule>[0], value: unknown) =>
    zodRule(schema, t).validator(undefined, value);

  it("reports the login messages of the spec, first failure first", async () => {
    await expect(check(loginBody.shape.username, undefined)).rejects.toThrow("t(validation.usernameRequired)");
    await expect(check(loginBody.shape.username, "   ")).rejects.toThrow("t(validation.usernameRequired)");
    await expect(check(loginBody.shape.password, "")).rejects.toThrow("t(validation.passwordRequired)");
    await expect(check(loginBody.shape.password, "ab")).rejects.toThrow("t(validation.passwordMin)");
    await expect(check(loginBody.shape.password, "abc")).resolves.toBeUndefined();
    await expect(check(loginBody.shape.captcha, "")).resolves.toBeUndefined();
    await expect(check(loginBody.shape.captcha, "1234567")).rejects.toThrow("t(validation.captchaLength)");
  });

  it("checks MFA codes, passwords and website addresses", async () => {
    await expect(check(mfaCode, "12345")).rejects.toThrow("t(validation.captchaFormat)");
    await expect(check(mfaCode, "123456")).resolves.toBeUndefined();
    await expect(check(updatePasswordBody.shape.oldPassword, "")).rejects.toThrow("t(validation.oldPasswordRequired)");
    await expect(check(updatePasswordBody.shape.newPassword, "")).rejects.toThrow("t(validation.newPasswordRequired)");
    await expect(check(merchantInfoUpdate.shape.website, "not a url")).rejects.toThrow("t(validation.urlInvalid)");
    await expect(check(merchantInfoUpdate.shape.website, "")).resolves.toBeUndefined();
    await expect(check(merchantInfoUpdate.shape.merchantName, " ")).rejects.toThrow(
      "t(validation.merchantNameRequired)",
    );
  });
});
