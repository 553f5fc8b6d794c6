/** The two languages of the product; zh-CN is the default (spec §1). Server and browser negotiate alike. */
export const languages = ["zh-CN", "en-US"] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = "zh-CN";

/** Each language's name written in itself, as the language switch shows it. */
export const languageNames: Record<Language, string> = { "zh-CN": "简体中文", "en-US": "English" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** Maps a language tag: English variants to en-US, Chinese variants to zh-CN, anything else to none. */
export function languageFromTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === "en") return "en-US";
  if (primary === "zh") return "zh-CN";
  return undefined;
}

/**
 * The language of an `Accept-Language` header: the first supported one by preference (q), where any English
 * variant means en-US and any Chinese variant zh-CN; zh-CN when nothing matches.
 */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
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
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
