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

/** Where a realm's sign-in keeps its token: the merchant portal's (above) or the console's. */
export interface TokenStore {
  get(): string | null;
  save(token: string): void;
  clear(): void;
}

export const merchantTokens: TokenStore = { get: getToken, save: saveToken, clear: clearToken };

/** The console's token: localStorage only (the spec's cookie belongs to the merchant portal). */
export const consoleTokens: TokenStore = {
  get: () => localStorage.getItem(storageKeys.consoleToken) || null,
  save: (token) => localStorage.setItem(storageKeys.consoleToken, token),
  clear: () => localStorage.removeItem(storageKeys.consoleToken),
};
