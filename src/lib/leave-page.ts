let leaving = false;

/**
 * Leaves the page with a full page load: to `url` (replacing this history entry), or reloading it. The first call
 * wins: clearing the token makes the route guards react while the browser is already on its way, and their own
 * reload of /login must not replace the address the first call chose.
 */
export function leavePage(url?: string): void {
  if (leaving) return;
  leaving = true;
  if (url === undefined) window.location.reload();
  else window.location.replace(url);
}

let signingOut = false;

/**
 * The user asked to sign out: the session ends on the server before this page leaves, and a request refused
 * meanwhile (a poll answered 401) is no news to them.
 */
export function startSigningOut(): void {
  signingOut = true;
}

/** This page is on its way out (a sign-out, or a page load already asked for): nothing more to tell the user. */
export const isLeaving = (): boolean => leaving || signingOut;
