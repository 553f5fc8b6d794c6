import i18next from "i18next";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { DEFAULT_LANGUAGE, type Language } from "#contracts/language";
import type { Catalog } from "../../lib/locale-resources";
import { LoginPage } from "./login-page";
import { consoleSignIn, merchantSignIn } from "./sign-in-realm";

/** Renders the light sign-in page of a realm in the language found at start-up, with that language's catalogs. */
export async function startLogin(
  root: HTMLElement,
  realmName: "merchant" | "console",
  language: Language,
  catalogs: Record<string, Catalog>,
) {
  const realm = realmName === "console" ? consoleSignIn : merchantSignIn;
  // Its own i18next instance: the app's global one belongs to the app (providers/i18n-provider).
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [language]: { translation: catalogs } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  createRoot(root).render(
    <StrictMode>
      <LoginPage i18n={i18n} realm={realm} />
    </StrictMode>,
  );
}
