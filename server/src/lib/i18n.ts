import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import i18next, { type Resource, type TFunction } from "i18next";
import { memo } from "./memo";

/** The server speaks the same catalogs as the browser: `locales/<language>/<namespace>.json`. */
export const languages = ["zh-CN", "en-US"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "zh-CN";

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../locales");

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
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  ns: Object.keys(resources[defaultLanguage] ?? {}),
  defaultNS: "errors",
  nsSeparator: ".",
  keySeparator: ".",
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** `translator("en-US")("errors.forbidden")`; keys are `namespace.path`. */
export function translator(language: Language): TFunction {
  return instance.getFixedT(language);
}

/**
 * The request's language from `Accept-Language`: the first supported one by preference (q), where any
 * English variant means en-US and any Chinese variant zh-CN; zh-CN when nothing matches.
 */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === "en" || tag.startsWith("en-")) return "en-US";
    if (tag === "zh" || tag.startsWith("zh-")) return "zh-CN";
  }
  return defaultLanguage;
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
