import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, languageFromTag, languageNames, pickLanguage } from "#contracts";
import { detectLanguage } from "../../src/lib/language";

describe("detectLanguage", () => {
  it("uses a stored supported language first, whatever the browser says", () => {
    expect(detectLanguage("en-US", "zh-CN")).toBe("en-US");
    expect(detectLanguage("zh-CN", "en-GB")).toBe("zh-CN");
  });

  it("ignores a stored value it does not support and falls back to the browser", () => {
    expect(detectLanguage("fr-FR", "en-GB")).toBe("en-US");
    expect(detectLanguage("en", "zh-TW")).toBe("zh-CN");
    expect(detectLanguage("", "en")).toBe("en-US");
  });

  it.each([
    ["en", "en-US"],
    ["en-US", "en-US"],
    ["en-GB", "en-US"],
    ["EN_au", "en-US"],
    ["zh", "zh-CN"],
    ["zh-CN", "zh-CN"],
    ["zh-TW", "zh-CN"],
    ["zh-Hant-HK", "zh-CN"],
  ])("maps browser language %s to %s", (browser, expected) => {
    expect(detectLanguage(null, browser)).toBe(expected);
  });

  it.each(["fr-FR", "de", "ja-JP", "", "enx"])("falls back to zh-CN for browser language %j", (browser) => {
    expect(detectLanguage(null, browser)).toBe("zh-CN");
  });

  it("falls back to zh-CN without any information", () => {
    expect(detectLanguage(undefined, undefined)).toBe("zh-CN");
    expect(DEFAULT_LANGUAGE).toBe("zh-CN");
  });

  it("does not mistake lookalike tags", () => {
    expect(languageFromTag("eng")).toBeUndefined();
    expect(languageFromTag("zhx")).toBeUndefined();
  });

  it("names each language in itself", () => {
    expect(languageNames).toEqual({ "en-US": "English", "zh-CN": "简体中文" });
  });
});

describe("pickLanguage (the server reads Accept-Language the same way)", () => {
  it.each([
    [undefined, "zh-CN"],
    ["", "zh-CN"],
    ["en-US,en;q=0.9", "en-US"],
    ["en-GB", "en-US"],
    ["zh-TW,en;q=0.5", "zh-CN"],
    ["fr-FR, en;q=0.8, zh;q=0.9", "zh-CN"],
    ["fr, de;q=0.5", "zh-CN"],
    ["zh;q=0, en;q=0.1", "en-US"],
    ["EN", "en-US"],
    ["eng, en;q=0.2", "en-US"],
  ])("%j -> %s", (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });
});
