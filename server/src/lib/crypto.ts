import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  type KeyObject,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from "node:crypto";
import { memo } from "./memo";

/** Secrets at rest: AES-256-GCM, `v1.<key id>.<iv>.<tag>.<ciphertext>`; the key id finds the key after rotation. */
export interface Cipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** A sealed PEM private key, decrypted and parsed once (platform keys sign every answer and callback). */
  privateKey(sealed: string): KeyObject;
}

const keyId = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);

export function createCipher(keys: Buffer[]): Cipher {
  const [current] = keys;
  if (!current) throw new Error("at least one encryption key is needed");
  const byId = new Map(keys.map((k) => [keyId(k), k]));
  const cipher: Cipher = {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        "v1",
        keyId(current),
        iv.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
        body.toString("base64url"),
      ].join(".");
    },
    decrypt(sealed) {
      const [version, id, iv, tag, body] = sealed.split(".");
      const key = id ? byId.get(id) : undefined;
      if (version !== "v1" || !key || !iv || !tag || body === undefined)
        throw new Error("cannot decrypt: unknown format or key");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
    privateKey: memo(1000, (sealed: string) => createPrivateKey({ key: cipher.decrypt(sealed), format: "pem" })),
  };
  return cipher;
}

export const newToken = () => randomBytes(32).toString("base64url");
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A password people can type from a dialog: 16 characters from an unambiguous alphabet, with a letter and a digit. */
export function randomPassword(length = 16): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
  for (;;) {
    const candidate = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
    if (/[A-Za-z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}
