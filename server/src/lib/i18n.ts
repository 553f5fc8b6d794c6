import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next, { type Resource, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, type Language, type LocalizedText, languages } from "#contracts";
import { memo } from "./memo";
import { fromProjectRoot } from "./project-root";

/** The server speaks the same catalogs as the browser: `locales/<language>/<namespace>.json`. */

const localesDir = fromProjectRoot("locales");

function loadCatalogs(): Resource {
  const resources: Resource = {};
  for (const language of languages) {
    const dir = path.join(localesDir, language);
    resources[language] = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .map((f) => [path.basename(f, ".json"), JSON.parse(readFileSync(path.join(dir, f), "utf8"))]),
    );
  }
  return resources;
}

const resources = loadCatalogs();
const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
  defaultNS: "errors",
  nsSeparator: ".",
  keySeparator: ".",
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** `translator("en-US")("errors.forbidden")`; keys are `namespace.path`. One per language, made once. */
export const translator: (language: Language) => TFunction = memo(languages.length, (language: Language) =>
  instance.getFixedT(language),
);

/** Whether a key names one of our texts (a schema's message is a key of any namespace, or a plain word). */
export const isMessageKey = (key: string) => instance.exists(key);

/** One of our own texts in both languages: a parameter the reader's language is picked from where it is shown. */
export function inBothLanguages(key: string): LocalizedText {
  return { "en-US": translator("en-US")(key), "zh-CN": translator("zh-CN")(key) };
}

/** A list of names in both languages, each joined as its language writes a list ("A, B" and "A、B"). */
export function joinedInBothLanguages(names: readonly LocalizedText[]): LocalizedText {
  return {
    "en-US": names.map((n) => n["en-US"]).join(", "),
    "zh-CN": names.map((n) => n["zh-CN"]).join("、"),
  };
}

/**
 * A translator that computes each distinct answer once: an export asks for the same few labels on every one of
 * a million rows, and one i18next call costs ~40 µs against ~1 µs for a look-up (bench/export.ts profile).
 */
export function cachedTranslator(language: Language, max = 10_000): TFunction {
  const t = translator(language);
  const translate = memo(max, (id: string) => {
    const [key = "", params] = id.split("\u0000");
    return String(t(key, params === undefined ? undefined : JSON.parse(params)));
  });
  const cached = (key: string, params?: Record<string, unknown>) =>
    translate(params === undefined ? key : `${key}\u0000${JSON.stringify(params)}`);
  return cached as unknown as TFunction;
}
