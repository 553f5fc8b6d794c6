import { beforeAll, describe, expect, it } from "vitest";

// The provider reads localStorage and the browser language when it loads: set them first.
beforeAll(() => localStorage.setItem("language", "en-US"));

describe("i18n provider", () => {
  it("starts in the stored language and translates namespaced keys, contracts messages included", async () => {
    const { i18n, i18nProvider } = await import("../../src/providers/i18n-provider");
    expect(i18n.language).toBe("en-US");
    expect(i18nProvider.getLocale()).toBe("en-US");
    expect(i18nProvider.translate("validation.usernameRequired")).toBe("Username is required");
    expect(i18nProvider.translate("deposit.title")).toBe("Recharge History");
    // Counts take the singular where English has one.
    expect(i18nProvider.translate("common.total", { count: 1 })).toBe("Total 1 item");
    expect(i18nProvider.translate("common.total", { count: 5 })).toBe("Total 5 items");
  });

  it("accepts Refine's translate(key, defaultText) and translate(key, options, defaultText)", async () => {
    const { i18nProvider } = await import("../../src/providers/i18n-provider");
    expect(i18nProvider.translate("buttons.save", "Save")).toBe("Save");
    expect(i18nProvider.translate("buttons.nothing", {}, "Fallback")).toBe("Fallback");
    expect(i18nProvider.translate("export-task.loadFailed", { reason: "x" })).toBe(
      "Failed to load export task list: x",
    );
  });

  it("stores a change, applies it at once and moves dayjs and the page language along", async () => {
    const { changeLanguage, i18n, i18nProvider } = await import("../../src/providers/i18n-provider");
    const dayjs = (await import("dayjs")).default;
    await changeLanguage("zh-CN");
    expect(localStorage.getItem("language")).toBe("zh-CN");
    expect(i18n.language).toBe("zh-CN");
    expect(i18nProvider.getLocale()).toBe("zh-CN");
    expect(i18nProvider.translate("validation.usernameRequired")).toBe("请输入用户名");
    expect(dayjs.locale()).toBe("zh-cn");
    expect(document.documentElement.lang).toBe("zh-CN");
    await i18nProvider.changeLocale("en-US");
    expect(dayjs.locale()).toBe("en");
    expect(localStorage.getItem("language")).toBe("en-US");
  });
});
