import { CONSOLE_LOGIN_PATH, isConsolePath, LOGIN_PATH } from "./login-link";

/**
 * Which start-up the page needs. The signed-out sign-in pages get the light sign-in page (src/pages/login, no
 * antd, no Refine), the merchant's /login or the staff's /console/login; with a token each app opens its sign-in
 * address and sends the user on (spec §2). Every other /console address is the console (issue 15), every other
 * address the merchant portal: each its own chunk, so neither pays for the other.
 */
export type Entry = "signIn" | "app" | "consoleSignIn" | "console";

export function entryOf(pathname: string, tokens: { merchant: string | null; console: string | null }): Entry {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (isConsolePath(path)) return path === CONSOLE_LOGIN_PATH && !tokens.console ? "consoleSignIn" : "console";
  return path === LOGIN_PATH && !tokens.merchant ? "signIn" : "app";
}
