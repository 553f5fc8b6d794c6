import { isRole, landingPath } from "#contracts/roles";
import { CONSOLE_PATH, consoleReturnPath, returnPath } from "../../lib/login-link";
import { consoleTokens, merchantTokens, type TokenStore } from "../../providers/token-storage";
import { prefetchApp } from "./app-prefetch";
import { CONSOLE_LOGIN_URL, CONSOLE_ME_URL, LOGIN_URL, USER_INFO_URL } from "./login-api";

/**
 * Whose sign-in the light page is: the merchant portal's or the reseller's console (issue 15). The same form, the
 * same rules and messages; another pair of calls, another token, another first page.
 */
export interface SignInRealm {
  loginUrl: string;
  userInfoUrl: string;
  tokens: TokenStore;
  /** The page after sign-in: the deep link that needed it, else the user's own first page; null without one. */
  destination(to: string | null, user: Record<string, unknown>): string | null;
  /** The page's heading key (in login.json), given the product's name. */
  headingKey: string;
  /** Lets the browser fetch the app while the user types (the merchant portal's build lists its files). */
  prefetch(): void;
  /** The merchants' live chat (public configuration) belongs on their page, not on the staff's. */
  liveChat: boolean;
}

export const merchantSignIn: SignInRealm = {
  loginUrl: LOGIN_URL,
  userInfoUrl: USER_INFO_URL,
  tokens: merchantTokens,
  // Without a role there is no landing page: a half-finished login is no login.
  destination: (to, user) => (isRole(user.role) ? (returnPath(to) ?? landingPath[user.role]) : null),
  headingKey: "login.heading",
  prefetch: prefetchApp,
  liveChat: true,
};

export const consoleSignIn: SignInRealm = {
  loginUrl: CONSOLE_LOGIN_URL,
  userInfoUrl: CONSOLE_ME_URL,
  tokens: consoleTokens,
  // The console itself picks the first area the staff member's roles open.
  destination: (to, user) => (typeof user.username === "string" ? (consoleReturnPath(to) ?? CONSOLE_PATH) : null),
  headingKey: "login.consoleHeading",
  prefetch: () => undefined,
  liveChat: false,
};
