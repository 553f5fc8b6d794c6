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

/**
 * True when the platform key of the serial the message names signed it: answers over your method and path with
 * their own timestamp and nonce, callbacks over POST and your URL's path. Unknown serial or no signature: false.
 */
export function signedByPlatform(
  platformKeys: PlatformKeys,
  method: string,
  pathWithQuery: string,
  headers: HeaderSource,
  body: string,
): boolean {
  const serial = header(headers, "x-key-serial");
  const key = serial === undefined ? undefined : platformKeys[serial];
  const signature = header(headers, "x-signature");
  const timestamp = header(headers, "x-timestamp");
  const nonce = header(headers, "x-nonce");
  if (!key || !signature || !timestamp || !nonce) return false;
  const message = signingString(method, pathWithQuery, timestamp, nonce, body);
  try {
    return verify("sha256", Buffer.from(message, "utf8"), key, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}
