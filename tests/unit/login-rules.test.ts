import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginBody } from "#contracts";
import { entryOf } from "../../src/lib/entry-route";
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
  const none = { merchant: null, console: null };
  it("starts the light sign-in page only for /login without a token", () => {
    expect(entryOf("/login", none)).toBe("signIn");
    expect(entryOf("/login/", none)).toBe("signIn");
    expect(entryOf("/login", { ...none, merchant: "Bearer x" })).toBe("app");
    // A staff token is no merchant sign-in.
    expect(entryOf("/login", { ...none, console: "Bearer x" })).toBe("signIn");
    for (const other of ["/", "/merchant/order", "/404", "/loginx", "/consoles"])
      expect(entryOf(other, none)).toBe("app");
  });

  it("gives every /console address to the console, its sign-in page to the light page without a staff token", () => {
    expect(entryOf("/console/login", none)).toBe("consoleSignIn");
    expect(entryOf("/console/login/", { ...none, merchant: "Bearer m" })).toBe("consoleSignIn");
    expect(entryOf("/console/login", { ...none, console: "Bearer s" })).toBe("console");
    for (const path of ["/console", "/console/", "/console/deposits"]) expect(entryOf(path, none)).toBe("console");
  });
});
