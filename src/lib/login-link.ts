/**
 * The sign-in page's address carries where to go afterwards (`to`: a deep link opened without a session) and why
 * the user is there (`notice`: the password was just changed). Pure, so the guard, the sign-out and the login page
 * agree on the shape.
 */
export const LOGIN_PATH = "/login";

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
  if (pathname === "/" || pathname === LOGIN_PATH || pathname === "/404") return null;
  return to;
}

export function noticeOf(value: string | null): LoginNotice | null {
  return loginNotices.find((notice) => notice === value) ?? null;
}
