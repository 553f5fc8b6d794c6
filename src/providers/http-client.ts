import { message } from "antd";
import { promptLoggedOut } from "../components/logged-out-prompt";
import { askStepUp } from "../components/mfa/step-up-store";
import { createHttpClient, PortalError } from "./create-http-client";
import { currentLanguage, i18n } from "./i18n-provider";
import { getToken } from "./token-storage";

/** Spec §9: error toasts stay 3 s. */
export const ERROR_TOAST_SECONDS = 3;

export const { instance: axiosInstance, request } = createHttpClient({
  getToken,
  getLanguage: currentLanguage,
  unknownText: () => i18n.t("common.unknownError"),
  showError: (text, key) => {
    void message.error({ content: text, key, duration: ERROR_TOAST_SECONDS });
  },
  onSessionExpired: promptLoggedOut,
  askStepUp,
});

export { API_BASE, PortalError } from "./create-http-client";

/**
 * Says what failed in the caller's own words (spec §8: "Failed to terminate task: {reason}"…), in place of the
 * toast the client already showed for the same failure: one failure, one message.
 */
export function showFailure(error: unknown, text: string, level: "error" | "warning" = "error"): void {
  const key = error instanceof PortalError && error.toastKey !== null ? error.toastKey : text;
  void message[level]({ content: text, key, duration: ERROR_TOAST_SECONDS });
}
