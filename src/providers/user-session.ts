import type { UserInfo } from "#contracts";
import { portalApi } from "./portal-api";

/**
 * logged/info, fetched once and shared: identity, permissions and access control all ask for it, and one
 * request must answer them all. Forgotten on login/logout and re-read after MFA changes.
 */
let pending: Promise<UserInfo> | null = null;

export function loadUserInfo(options: { fresh?: boolean } = {}): Promise<UserInfo> {
  if (!pending || options.fresh) {
    const current = portalApi.userInfo();
    pending = current;
    // A failure is not cached: the next caller tries again.
    current.catch(() => {
      if (pending === current) pending = null;
    });
  }
  return pending;
}

export function forgetUserInfo(): void {
  pending = null;
}
