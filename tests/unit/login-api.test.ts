import { describe, expect, it } from "vitest";
import { authCalls, consoleCalls, PORTAL_BASE, PRODUCT_NAME, systemCalls } from "#contracts";
import {
  CONSOLE_LOGIN_URL,
  CONSOLE_ME_URL,
  DEFAULT_PRODUCT_NAME,
  LOGIN_URL,
  PUBLIC_CONFIG_URL,
  readAnswer,
  USER_INFO_URL,
} from "../../src/pages/login/login-api";

describe("the sign-in page's calls", () => {
  it("use the contracts' paths and default name", () => {
    expect(LOGIN_URL).toBe(`${PORTAL_BASE}${authCalls.login.path}`);
    expect(authCalls.login.method).toBe("POST");
    expect(PUBLIC_CONFIG_URL).toBe(`${PORTAL_BASE}${systemCalls.publicConfig.path}`);
    expect(USER_INFO_URL).toBe(`${PORTAL_BASE}${authCalls.userInfo.path}`);
    expect(authCalls.userInfo.method).toBe("GET");
    expect(DEFAULT_PRODUCT_NAME).toBe(PRODUCT_NAME);
    expect(CONSOLE_LOGIN_URL).toBe(`${PORTAL_BASE}${consoleCalls.login.path}`);
    expect(CONSOLE_ME_URL).toBe(`${PORTAL_BASE}${consoleCalls.me.path}`);
  });

  it("read the envelope, not the status", () => {
    expect(readAnswer({ code: 200, message: "", data: { token: "t" } }, "Unknown")).toEqual({
      ok: true,
      data: { token: "t" },
    });
    expect(readAnswer({ code: 400, message: "Wrong password", data: null }, "Unknown")).toEqual({
      ok: false,
      message: "Wrong password",
    });
    expect(readAnswer({ code: 429, message: " ", data: null }, "Unknown")).toEqual({ ok: false, message: "Unknown" });
    expect(readAnswer("<html>", "Unknown")).toEqual({ ok: false, message: "Unknown" });
    expect(
      readAnswer({ code: 400, message: "Invalid", data: { errors: { username: "Too long", n: 1 } } }, "Unknown"),
    ).toEqual({ ok: false, message: "Invalid", errors: { username: "Too long" } });
  });
});
