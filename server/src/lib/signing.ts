import {
  createHmac,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  sign,
  timingSafeEqual,
  verify,
} from "node:crypto";
import { promisify } from "node:util";
import { type SigningParts, signingHead } from "#contracts";

/**
 * Signatures of the Open API and of callbacks, over `signingString` (contracts/openapi.ts):
 * HMAC-SHA256 keyed with the merchant secret, or SHA256withRSA (RSA2, PKCS#1 v1.5); base64 either way.
 */

/** What is signed: the signing string as text, or as the exact bytes received. */
export type Signed = string | Buffer;
const bytes = (message: Signed) => (typeof message === "string" ? Buffer.from(message, "utf8") : message);

export function hmacSign(secret: string, message: Signed): string {
  return createHmac("sha256", secret).update(bytes(message)).digest("base64");
}

export function hmacVerify(secret: string, message: Signed, signature: string): boolean {
  const expected = Buffer.from(hmacSign(secret, message), "base64");
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function rsaSign(privateKey: KeyObject | string, message: Signed): string {
  return sign("sha256", bytes(message), privateKey).toString("base64");
}

export function rsaVerify(publicKey: KeyObject | string, message: Signed, signature: string): boolean {
  try {
    return verify("sha256", bytes(message), publicKey, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

export const RSA_MIN_BITS = 2048;

/** The merchant's public key as given in API settings, or null when it is not an RSA key of 2048+ bits in PEM. */
export function parseRsaPublicKey(pem: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: pem, format: "pem" });
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    return key.asymmetricKeyType === "rsa" && bits >= RSA_MIN_BITS ? key : null;
  } catch {
    return null;
  }
}

const generateRsa = promisify(generateKeyPair);

/** A new RSA 2048 key pair as PEM (SPKI public, PKCS#8 private); off the event loop, it takes ~0.3 s. */
export async function generateRsaKeyPair(): Promise<{ publicKey: string; privateKey: string }> {
  return generateRsa("rsa", {
    modulusLength: RSA_MIN_BITS,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
}

/** The bytes a request or answer is signed over (see `signingString`). */
export function signingBytes(parts: SigningParts, body: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(signingHead(parts), "utf8"), bytes(body), NEWLINE]);
}
const NEWLINE = Buffer.from("\n");
