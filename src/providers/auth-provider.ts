import type { AuthProvider } from "@refinedev/core";
import { type LoginBody, landingPath } from "#contracts";
import { LOGIN_PATH, type LoginNotice, loginPath, returnPath } from "../lib/login-link";
import { portalApi } from "./portal-api";
import { clearToken, getToken, saveToken } from "./token-storage";
import { forgetUserInfo, loadUserInfo } from "./user-session";

export { LOGIN_PATH };

/** What the sign-in form sends, and the page to open afterwards (a deep link kept through sign-in). */
export type LoginValues = LoginBody & { to?: string | null };

/**
 * Signs out in this browser only (session expiry, password change): no server call, then a fresh page; the
 * sign-in page says why when there is something to say.
 */
export function logoutLocally(notice?: LoginNotice): void {
  clearToken();
  forgetUserInfo();
  window.location.replace(loginPath(notice ? { notice } : {}));
}

export const authProvider: AuthProvider = {
  login: async ({ username, password, captcha, to }: LoginValues) => {
    try {
      const { tokenHead, token } = await portalApi.login({
        username: username.trim(),
        password,
        captcha: captcha?.trim() ?? "",
      });
      saveToken(`${tokenHead}${token}`);
      forgetUserInfo();
      const user = await loadUserInfo();
      // Back to the deep link that needed a sign-in; the page's own guard still decides whether the role may see it.
      return { success: true, redirectTo: returnPath(to) ?? landingPath[user.role] };
    } catch (error) {
      // Without user info there is no role and no landing page: a half-finished login is no login.
      clearToken();
      return { success: false, error: error as Error };
    }
  },

  logout: async () => {
    // Revoke the session on the server; the local sign-out happens even if that call fails.
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
