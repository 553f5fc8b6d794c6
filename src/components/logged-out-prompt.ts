import { isLeaving, leavePage } from "../lib/leave-page";
import { loginPath } from "../lib/login-link";
import { i18n } from "../providers/i18n-provider";
import { clearToken } from "../providers/token-storage";

/** Spec §9: the desktop notification about an expired session closes after 5 s. */
export const SESSION_NOTICE_MS = 5000;

export interface LoggedOutPromptDeps {
  confirm: (options: {
    title: string;
    content: string;
    okText: string;
    cancelText: string;
    onOk: () => void;
    onCancel: () => void;
  }) => void;
  /** A desktop notification, or null when the user has not allowed them. */
  notify: (title: string, body: string) => { close: () => void } | null;
  schedule: (run: () => void, ms: number) => void;
  translate: (key: string) => string;
  loginAgain: () => void;
  /** True while the page is leaving anyway (the user signed out): then there is nothing to ask. */
  leaving?: () => boolean;
}

/**
 * Tells the user their session is over, once however many requests failed with 401 at the same time:
 * a confirmation (log in again / cancel and stay) and, if the user allowed it, a desktop notification.
 * After "cancel and stay" a later 401 may ask again.
 */
export function createLoggedOutPrompt(deps: LoggedOutPromptDeps): () => void {
  let open = false;
  return () => {
    if (open || deps.leaving?.()) return;
    open = true;
    const notice = deps.notify(
      deps.translate("shell.loggedOut.noticeTitle"),
      deps.translate("shell.loggedOut.noticeBody"),
    );
    if (notice) deps.schedule(() => notice.close(), SESSION_NOTICE_MS);
    deps.confirm({
      title: deps.translate("shell.loggedOut.title"),
      content: deps.translate("shell.loggedOut.content"),
      okText: deps.translate("shell.loggedOut.login"),
      cancelText: deps.translate("shell.loggedOut.stay"),
      onOk: deps.loginAgain,
      onCancel: () => {
        open = false;
      },
    });
  };
}

export function desktopNotice(title: string, body: string): Notification | null {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return null;
  return new Notification(title, { body });
}

/** The prompt in antd's dialog (loaded when first asked), the user's language and a desktop notice; `loginAgain` goes to a sign-in page. */
export const antdLoggedOutPrompt = (loginAgain: () => void) =>
  createLoggedOutPrompt({
    confirm: (options) => {
      void import("./confirm-dialog").then(({ confirmDialog }) => confirmDialog(options));
    },
    notify: desktopNotice,
    schedule: (run, ms) => {
      setTimeout(run, ms);
    },
    translate: (key) => i18n.t(key),
    loginAgain,
    leaving: isLeaving,
  });

export const promptLoggedOut = antdLoggedOutPrompt(() => {
  // The stored login is useless now. Straight to the sign-in page, which brings the user back here: a reload
  // would start the whole app only for its route guard to leave for /login.
  clearToken();
  const { pathname, search, hash } = window.location;
  leavePage(loginPath({ to: `${pathname}${search}${hash}` }));
});
