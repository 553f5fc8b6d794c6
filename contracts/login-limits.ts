/**
 * The sign-in form's limits, without zod: the light sign-in page (src/pages/login) imports this file alone
 * (`#contracts/login-limits`) so it stays small; auth.ts builds the schemas from the same numbers.
 */
export const LOGIN_PASSWORD_MIN = 3;
export const MFA_CODE_LENGTH = 6;
/** Policy for passwords people choose: 12 characters at least (ASVS L2); sign-in only checks the spec's minimum of 3. */
export const PASSWORD_POLICY = { min: 12, max: 128 } as const;
/** The longest username the sign-in accepts. */
export const USERNAME_MAX = 254;
