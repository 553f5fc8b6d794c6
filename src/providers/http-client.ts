import { promptLoggedOut } from "../components/logged-out-prompt";
import { askStepUp } from "../components/mfa/step-up-store";
import { message } from "../lib/toast";
import { createHttpClient, type HttpClientDeps, PortalError } from "./create-http-client";
import { currentLanguage, i18n } from "./i18n-provider";
import { getToken } from "./token-storage";

/** Spec §9: error toasts stay 3 s. */
export const ERROR_TOAST_SECONDS = 3;

const changeListeners = new Set<() => void>();

/** How the portal's and the console's clients speak to the user: the same words and toasts in both. */
export const clientWording: Pick<HttpClientDeps, "getLanguage" | "unknownText" | "transportText" | "showError"> = {
  getLanguage: currentLanguage,
  unknownText: () => i18n.t("common.unknownError"),
  transportText: (kind) => i18n.t(kind === "timeout" ? "common.timedOut" : "common.networkError"),
  showError: (text, key) => {
    void message.error({ content: text, key, duration: ERROR_TOAST_SECONDS });
  },
};

export const { request, fetchFile, startEarly } = createHttpClient({
  ...clientWording,
  getToken,
  onSessionExpired: promptLoggedOut,
  askStepUp,
  onChanged: () => {
    for (const listener of changeListeners) listener();
  },
});

export { API_BASE, PortalError } from "./create-http-client";

/**
 * Runs `listener` after each answered call that may have changed data (any method but GET): the top bar's
 * balance reads again after an order, a batch or a deposit, without each page knowing it is there.
 */
export function onDataChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * Says what failed in the caller's own words (spec §8: "Failed to terminate task: {reason}"…), in place of the
 * toast the client already showed for the same failure: one failure, one message.
 */
export function showFailure(error: unknown, text: string, level: "error" | "warning" = "error"): void {
  const key = error instanceof PortalError && error.toastKey !== null ? error.toastKey : text;
  void message[level]({ content: text, key, duration: ERROR_TOAST_SECONDS });
}
