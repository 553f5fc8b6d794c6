import * as OTPAuth from "otpauth";
import { PRODUCT_NAME } from "#contracts";

/** TOTP as authenticator apps expect it: SHA-1, 6 digits, 30 s steps; one step of drift either way. */
const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totp(secret: string) {
  return new OTPAuth.TOTP({
    issuer: PRODUCT_NAME,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to, or null when it is not valid now (±1 step). */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code for a moment (tests and the demo tooling compute codes as an authenticator would). */
export function totpCode(secret: string, at: Date): string {
  return totp(secret).generate({ timestamp: at.getTime() });
}
