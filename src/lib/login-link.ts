/**
 * The sign-in page's address carries where to go afterwards (`to`: a deep link opened without a session) and why
 * the user is there (`notice`: the password was just changed). Pure, so the guard, the sign-out and the login page
 * agree on the shape.
 */
export const LOGIN_PATH = "/login";
/** The console's own area and sign-in page (issue 15): staff accounts, another realm, the same light page. */
export const CONSOLE_PATH = "/console";
export const CONSOLE_LOGIN_PATH = "/console/login";

/** Why the sign-in page was opened, for it to say so. */
export const loginNotices = ["passwordChanged"] as const;
export type LoginNotice = (typeof loginNotices)[number];

export function loginPath(options: { to?: string; notice?: LoginNotice } = {}): string {
  const query = new URLSearchParams();
  const to = options.to === undefined ? null : returnPath(options.to);
  if (to) query.set("to", to);
  if (options.notice) query.set("notice", options.notice);
  const search = query.toString();
  return search ? `${LOGIN_PATH}?${search}` : LOGIN_PATH;
}

/**
 * A path of this app to return to, or null: only an absolute path on this origin ("//evil.test" or
 * "/\\evil.test" would leave it), and never the sign-in or not-found page itself.
 */
export function returnPath(to: string | null | undefined): string | null {
  if (!to?.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return null;
  const pathname = to.split(/[?#]/, 1)[0] ?? "";
  if (pathname === "/" || pathname === LOGIN_PATH || pathname === "/404" || isConsolePath(pathname)) return null;
  return to;
}

/** A console page to return to after a staff sign-in, or null (the same rules, inside the console). */
export function consoleReturnPath(to: string | null | undefined): string | null {
  if (!to?.startsWith(`${CONSOLE_PATH}/`) || to.includes("//") || to.includes("\\")) return null;
  const pathname = to.split(/[?#]/, 1)[0] ?? "";
  return pathname === CONSOLE_LOGIN_PATH ? null : to;
}

export function isConsolePath(pathname: string): boolean {
  return pathname === CONSOLE_PATH || pathname.startsWith(`${CONSOLE_PATH}/`);
}

/** The console's sign-in page, bringing the staff member back to `to` afterwards, or saying why they are there. */
export function consoleLoginPath(to?: string, notice?: LoginNotice): string {
  const query = new URLSearchParams();
  const back = consoleReturnPath(to);
  if (back) query.set("to", back);
  if (notice) query.set("notice", notice);
  const search = query.toString();
  return search ? `${CONSOLE_LOGIN_PATH}?${search}` : CONSOLE_LOGIN_PATH;
}

export function noticeOf(value: string | null): LoginNotice | null {
  return loginNotices.find((notice) => notice === value) ?? null;
}
