import { describe, expect, it } from "vitest";
import { consoleLoginPath, consoleReturnPath, loginPath, noticeOf, returnPath } from "../../src/lib/login-link";

describe("the sign-in page's address", () => {
  it("keeps the deep link and the notice", () => {
    expect(loginPath()).toBe("/login");
    expect(loginPath({ to: "/merchant/order?status=failed#x" })).toBe(
      "/login?to=%2Fmerchant%2Forder%3Fstatus%3Dfailed%23x",
    );
    expect(loginPath({ notice: "passwordChanged" })).toBe("/login?notice=passwordChanged");
  });

  it("returns only to a path of this app", () => {
    expect(returnPath("/merchant/order/O1")).toBe("/merchant/order/O1");
    for (const away of ["//evil.test/x", "/\\evil.test", "https://evil.test", "javascript:alert(1)", "", null])
      expect(returnPath(away)).toBeNull();
    for (const pointless of ["/", "/login", "/login?to=/x", "/404"]) expect(returnPath(pointless)).toBeNull();
  });

  it("knows its notices only", () => {
    expect(noticeOf("passwordChanged")).toBe("passwordChanged");
    expect(noticeOf("<script>")).toBeNull();
    expect(noticeOf(null)).toBeNull();
  });

  it("keeps the console's sign-in to the console: each realm returns only to its own pages", () => {
    expect(consoleLoginPath("/console/deposits?status=pending")).toBe(
      "/console/login?to=%2Fconsole%2Fdeposits%3Fstatus%3Dpending",
    );
    expect(consoleLoginPath(undefined, "passwordChanged")).toBe("/console/login?notice=passwordChanged");
    for (const away of ["/merchant/order", "/console/login", "/console//evil.test", "//evil.test", null])
      expect(consoleReturnPath(away)).toBeNull();
    // The merchant's sign-in never leads into the console.
    expect(returnPath("/console/deposits")).toBeNull();
  });
});
