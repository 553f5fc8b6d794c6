import { LOGIN_PATH } from "./login-link";

/**
 * Which start-up the page needs: the light sign-in page (src/pages/login, no antd, no Refine) for /login without a
 * token, the full app for everything else. With a token the full app opens /login and sends the user on to their
 * landing page (spec §2), as it always did.
 */
export function startsOnSignIn(pathname: string, token: string | null): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return path === LOGIN_PATH && !token;
}
