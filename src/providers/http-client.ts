import { message } from "antd";
import { promptLoggedOut } from "../components/logged-out-prompt";
import { askStepUp } from "../components/mfa/step-up-store";
import { createHttpClient } from "./create-http-client";
import { currentLanguage, i18n } from "./i18n-provider";
import { getToken } from "./token-storage";

/** Spec §9: error toasts stay 3 s. */
export const ERROR_TOAST_SECONDS = 3;

export const { instance: axiosInstance, request } = createHttpClient({
  getToken,
  getLanguage: currentLanguage,
  unknownText: () => i18n.t("common.unknownError"),
  showError: (text) => {
    void message.error(text, ERROR_TOAST_SECONDS);
  },
  onSessionExpired: promptLoggedOut,
  askStepUp,
});

export { API_BASE, PortalError } from "./create-http-client";
