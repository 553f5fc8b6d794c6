import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Passwords: scrypt (memory-hard, in Node itself) at OWASP's current parameters, N=2^17 r=8 p=1 (128 MiB per
 * hash). Stored as `scrypt$N$r$p$salt$hash`, so a hash made at an older cost still verifies and is replaced
 * at the next successful sign-in (`needsRehash`).
 */
export const PASSWORD_HASH_LOG2N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** `needsRehash`: the password was right but its hash is weaker than today's cost. */
  verify(password: string, stored: string | null): Promise<{ ok: boolean; needsRehash: boolean }>;
}

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, length: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, length, { N, r, p, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `log2N` below 17 is for tests only (config refuses it elsewhere): 2^17 costs ~0.3 s per hash. */
export function passwordHasher(log2N = PASSWORD_HASH_LOG2N): PasswordHasher {
  const N = 2 ** log2N;
  // Checked when the user does not exist, so a wrong username takes as long as a wrong password.
  const dummy = ["scrypt", N, R, P, "A".repeat(22), "A".repeat(43)].join("$");

  return {
    async hash(password) {
      const salt = randomBytes(16);
      const hash = await scryptAsync(password, salt, N, R, P, KEY_LENGTH);
      return ["scrypt", N, R, P, salt.toString("base64url"), hash.toString("base64url")].join("$");
    },
    async verify(password, stored) {
      const [kind, n, r, p, salt, hash] = (stored ?? dummy).split("$");
      const params = [n, r, p].map(Number) as [number, number, number];
      if (kind !== "scrypt" || !salt || !hash || params.some((v) => !Number.isSafeInteger(v) || v < 1))
        return { ok: false, needsRehash: false };
      const expected = Buffer.from(hash, "base64url");
      const actual = await scryptAsync(password, Buffer.from(salt, "base64url"), ...params, expected.length);
      const ok = stored !== null && timingSafeEqual(actual, expected);
      return { ok, needsRehash: ok && (params[0] < N || params[1] !== R || params[2] !== P) };
    },
  };
}
