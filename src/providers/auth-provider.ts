import type { AuthProvider } from "@refinedev/core";
import { leavePage, startSigningOut } from "../lib/leave-page";
import { LOGIN_PATH, type LoginNotice, loginPath } from "../lib/login-link";
import { portalApi } from "./portal-api";
import { clearToken, getToken } from "./token-storage";
import { forgetUserInfo, loadUserInfo } from "./user-session";

export { LOGIN_PATH };

/**
 * Signs out in this browser only (session expiry, password change): no server call, then a fresh page, the
 * sign-in page unless `page` says otherwise; the sign-in page says why when there is something to say.
 */
export function logoutLocally({ notice, page }: { notice?: LoginNotice; page?: string } = {}): void {
  clearToken();
  forgetUserInfo();
  leavePage(page ?? loginPath(notice ? { notice } : {}));
}

export const authProvider: AuthProvider = {
  // Signing in is the light sign-in page's (src/pages/login, started by main.tsx without the app): the app never
  // shows a form that would call this.
  login: async () => ({ success: false, redirectTo: LOGIN_PATH }),

  logout: async () => {
    // Revoke the session on the server; the local sign-out happens even if that call fails. Polls refused in the
    // meantime say nothing: the user asked for this.
    startSigningOut();
    await portalApi.logout().catch(() => undefined);
    logoutLocally();
    return { success: true };
  },

  check: async () => (getToken() ? { authenticated: true } : { authenticated: false, redirectTo: LOGIN_PATH }),

  // The http client already handles 401 (the logged-out prompt); Refine must not log out on its own.
  onError: async () => ({}),

  getIdentity: () => loadUserInfo(),

  getPermissions: async () => (await loadUserInfo()).role,
};
