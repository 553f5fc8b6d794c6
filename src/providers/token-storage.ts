import { removeCookie, writeCookie } from "../lib/cookies";
import { storageKeys } from "../lib/storage-keys";

/**
 * The login token (token head + token) lives in localStorage and in a session cookie `loginToken`.
 * The cookie has no expiry on purpose: the server's session decides how long a login lasts, and a browser
 * closed is a login the next person at the machine should not inherit. The spec's 15-day expiry belongs to
 * the remembered-password cookie, which this product does not keep.
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
