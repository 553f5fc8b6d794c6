import { removeCookie, writeCookie } from "../lib/cookies";
import { storageKeys } from "../lib/storage-keys";

/**
 * The login token (token head + token) lives in localStorage (what the http client reads) and in the cookie
 * `loginToken` (spec §4). Neither decides how long a login lasts: the server's session does (idle and absolute
 * expiry, revocation), so the cookie carries no expiry of its own. The spec's 15-day expiry belongs to the
 * remembered-password cookie, which this product does not keep.
 */
export function getToken(): string | null {
  return localStorage.getItem(storageKeys.loginToken) || null;
}

export function saveToken(token: string): void {
  localStorage.setItem(storageKeys.loginToken, token);
  writeCookie(storageKeys.loginToken, token);
}

export function clearToken(): void {
  localStorage.removeItem(storageKeys.loginToken);
  removeCookie(storageKeys.loginToken);
}
