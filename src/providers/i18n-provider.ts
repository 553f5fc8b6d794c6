import type { I18nProvider } from "@refinedev/core";
import dayjs from "dayjs";
import "dayjs/locale/en";
import "dayjs/locale/zh-cn";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#contracts";
import { type CatalogLoader, loadAppCatalogs } from "../lib/catalogs";
import { storageKeys } from "../lib/storage-keys";

const dayjsLocale: Record<Language, string> = { "zh-CN": "zh-cn", "en-US": "en" };

function applySideEffects(language: Language): void {
  dayjs.locale(dayjsLocale[language]);
  document.documentElement.lang = language;
}

// The GLOBAL instance is the source of truth for the language: react-i18next 17's hook instance is a frozen
// snapshot and Refine memoises getLocale, so reading the language anywhere else goes stale (STACK-NOTES).
export { i18n };

/** Where the other language's texts come from: the merchant portal's catalogs, or the console's (all of them). */
let loadTexts: CatalogLoader = loadAppCatalogs;

/**
 * Starts the app's texts in `language`, whose catalogs the caller fetched (main.tsx detects the language and
 * fetches them beside the app's code). The other language is fetched when the user switches (changeLanguage),
 * by `load`.
 */
export function startI18n(language: Language, catalogs: Record<string, unknown>, load?: CatalogLoader): void {
  if (load) loadTexts = load;
  void i18n.use(initReactI18next).init({
    resources: { [language]: { translation: catalogs } },
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applySideEffects(language);
}

/** Fetches and adds a language's texts unless they are there. */
export async function loadLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, "translation"))
    i18n.addResourceBundle(language, "translation", await loadTexts(language));
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Stores the choice and applies it at once (texts, antd through LocaleConfig, dayjs, the html lang). */
export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(storageKeys.language, language);
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  applySideEffects(language);
}

export const i18nProvider: I18nProvider = {
  // Refine calls translate(key, "Default text") as well as translate(key, options, "Default text").
  translate: (key, options, defaultMessage) =>
    String(
      typeof options === "string"
        ? i18n.t(key, { defaultValue: options })
        : i18n.t(key, {
            ...(options ?? {}),
            ...(defaultMessage === undefined ? {} : { defaultValue: defaultMessage }),
          }),
    ),
  changeLocale: (locale) => (isLanguage(locale) ? changeLanguage(locale) : Promise.resolve()),
  getLocale: currentLanguage,
};
