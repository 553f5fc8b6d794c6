import { LOGIN_PASSWORD_MIN, MFA_CODE_LENGTH, PASSWORD_POLICY, USERNAME_MAX } from "#contracts/login-limits";

/**
 * The sign-in form's rules without zod, so the sign-in page stays light: the same checks, in the same order, with
 * the same message keys as `loginBody` in contracts/auth.ts (tests/unit/login-rules.test.ts compares the two).
 */
export const loginFields = ["username", "password", "captcha"] as const;
export type LoginField = (typeof loginFields)[number];
export type LoginValues = Record<LoginField, string>;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The first rule a field breaks, as a message key (`validation.*`), or null. */
export function fieldError(field: LoginField, value: string): string | null {
  if (field === "username") {
    const username = value.trim();
    if (username.length === 0) return "validation.usernameRequired";
    return username.length > USERNAME_MAX ? "validation.tooLong" : null;
  }
  if (field === "password") {
    if (value.length === 0) return "validation.passwordRequired";
    if (value.length < LOGIN_PASSWORD_MIN) return "validation.passwordMin";
    return value.length > PASSWORD_POLICY.max ? "validation.tooLong" : null;
  }
  // The MFA code may be blank: a user without MFA bound has none yet.
  return value.trim().length > MFA_CODE_LENGTH ? "validation.captchaLength" : null;
}

export function loginErrors(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of loginFields) {
    const key = fieldError(field, values[field]);
    if (key) errors[field] = key;
  }
  return errors;
}

/** What the sign-in call sends: the username and code trimmed (spec §5), the password as typed. */
export function loginBodyOf(values: LoginValues): LoginValues {
  return { username: values.username.trim(), password: values.password, captcha: values.captcha.trim() };
}

/** A server's field errors (`data.errors`, already translated) for the fields of this form only. */
export function serverFieldErrors(errors: Record<string, string> | undefined): LoginErrors {
  const found: LoginErrors = {};
  for (const [name, text] of Object.entries(errors ?? {})) {
    const field = loginFields.find((f) => f === name.split(".")[0]);
    if (field) found[field] = text;
  }
  return found;
}
