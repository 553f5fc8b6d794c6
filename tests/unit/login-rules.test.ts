import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginBody } from "#contracts";
import { startsOnSignIn } from "../../src/lib/entry-route";
import {
  fieldError,
  loginBodyOf,
  loginErrors,
  loginFields,
  serverFieldErrors,
} from "../../src/pages/login/login-rules";

/** The contracts' first message for a field, as the app's zod form rules showed it. */
function zodFirstMessage(field: (typeof loginFields)[number], value: string): string | null {
  const result = loginBody.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

describe("the light sign-in page's rules", () => {
  it("say the spec's messages", () => {
    expect(loginErrors({ username: "  ", password: "", captcha: "" })).toEqual({
      username: "validation.usernameRequired",
      password: "validation.passwordRequired",
    });
    expect(fieldError("password", "ab")).toBe("validation.passwordMin");
    expect(fieldError("password", "abc")).toBeNull();
    // The MFA code may be blank (not bound yet).
    expect(fieldError("captcha", "")).toBeNull();
    expect(fieldError("captcha", "1234567")).toBe("validation.captchaLength");
  });

  it("agree with the contracts' loginBody on any input", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.string({ minLength: 120, maxLength: 300 }),
      fc.constant(" "),
    );
    fc.assert(
      fc.property(fc.constantFrom(...loginFields), text, (field, value) => {
        expect(fieldError(field, value)).toBe(zodFirstMessage(field, value));
      }),
    );
  });

  it("send the username and code trimmed, the password as typed", () => {
    expect(loginBodyOf({ username: " amy ", password: " pw ", captcha: " 123456 " })).toEqual({
      username: "amy",
      password: " pw ",
      captcha: "123456",
    });
  });

  it("keep a server's field errors for this form's fields only", () => {
    expect(serverFieldErrors({ username: "Too long", "password.0": "Bad", other: "x" })).toEqual({
      username: "Too long",
      password: "Bad",
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});

describe("which start-up a page needs", () => {
  it("starts the light sign-in page only for /login without a token", () => {
    expect(startsOnSignIn("/login", null)).toBe(true);
    expect(startsOnSignIn("/login/", null)).toBe(true);
    expect(startsOnSignIn("/login", "Bearer x")).toBe(false);
    for (const other of ["/", "/merchant/order", "/404", "/loginx"]) expect(startsOnSignIn(other, null)).toBe(false);
  });
});
