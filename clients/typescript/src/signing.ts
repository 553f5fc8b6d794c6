import { createHmac, randomBytes, sign, verify } from "node:crypto";

/** Your key: the HMAC secret, or your RSA private key (PEM) for RSA2. */
export type ClientKey = { secret: string } | { privateKey: string };

/** The platform public keys you trust, by serial (API Settings shows the serial beside the key). */
export type PlatformKeys = Record<string, string>;

/** Headers as fetch answers them, or as an HTTP server receives them (lower-case names). */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** METHOD, path with query, timestamp, nonce and the raw body, each followed by "\n" (docs/open-api.md). */
export const signingString = (method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string) =>
  `${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;

export function signRequest(key: ClientKey, message: string): string {
  if ("secret" in key) return createHmac("sha256", key.secret).update(message, "utf8").digest("base64");
  return sign("sha256", Buffer.from(message, "utf8"), key.privateKey).toString("base64");
}

export const newNonce = () => randomBytes(16).toString("hex");

export function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function verifies(publicKey: string, message: string, signature: string | undefined): boolean {
  if (!signature) return false;
  try {
    return verify("sha256", Buffer.from(message, "utf8"), publicKey, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

/** Which trusted key verified a message; `previous`: only the previous key's signature did (a rotation is on). */
export interface Verified {
  /** The serial of the trusted key whose signature verified. */
  serial: string;
  /** The serial that signed as the platform's current key (`X-Key-Serial`). */
  currentSerial: string;
  previous: boolean;
}

/**
 * Which platform key you trust signed the message, or null: answers over your method and path with their own
 * timestamp and nonce, callbacks over POST and your URL's path. The current key's signature (`X-Key-Serial`,
 * `X-Signature`) first; during the day after a rotation the previous key signs the same string too
 * (`X-Previous-Key-Serial`, `X-Previous-Signature`), which verifies the message when you trust only that key.
 */
export function verifyPlatformSignature(
  platformKeys: PlatformKeys,
  method: string,
  pathWithQuery: string,
  headers: HeaderSource,
  body: string,
): Verified | null {
  const timestamp = header(headers, "x-timestamp");
  const nonce = header(headers, "x-nonce");
  const currentSerial = header(headers, "x-key-serial");
  if (!timestamp || !nonce || !currentSerial) return null;
  const message = signingString(method, pathWithQuery, timestamp, nonce, body);
  const current = Object.hasOwn(platformKeys, currentSerial) ? platformKeys[currentSerial] : undefined;
  if (current && verifies(current, message, header(headers, "x-signature")))
    return { serial: currentSerial, currentSerial, previous: false };
  const previousSerial = header(headers, "x-previous-key-serial");
  const previous =
    previousSerial && Object.hasOwn(platformKeys, previousSerial) ? platformKeys[previousSerial] : undefined;
  if (previousSerial && previous && verifies(previous, message, header(headers, "x-previous-signature")))
    return { serial: previousSerial, currentSerial, previous: true };
  return null;
}

/** True when a platform key you trust signed the message (see `verifyPlatformSignature`). */
export function signedByPlatform(
  platformKeys: PlatformKeys,
  method: string,
  pathWithQuery: string,
  headers: HeaderSource,
  body: string,
): boolean {
  return verifyPlatformSignature(platformKeys, method, pathWithQuery, headers, body) !== null;
}
