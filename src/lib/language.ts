import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromTag } from "#contracts/language";

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
