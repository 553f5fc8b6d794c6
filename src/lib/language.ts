/** The two languages of the product; zh-CN is the default (spec §1). */
export const languages = ["zh-CN", "en-US"] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = "zh-CN";

/** Each language's name written in itself, as the language switch shows it. */
export const languageNames: Record<Language, string> = { "zh-CN": "简体中文", "en-US": "English" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** Maps a browser language tag: English variants to en-US, Chinese variants to zh-CN, anything else to none. */
export function languageFromTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === "en") return "en-US";
  if (primary === "zh") return "zh-CN";
  return undefined;
}

/**
 * The language to start with: the stored choice when it is one we support, otherwise the browser's first
 * language (English -> en-US, Chinese -> zh-CN), otherwise zh-CN.
 */
export function detectLanguage(
  stored: string | null | undefined,
  browserLanguage: string | null | undefined,
): Language {
  if (isLanguage(stored)) return stored;
  return (browserLanguage && languageFromTag(browserLanguage)) || DEFAULT_LANGUAGE;
}
