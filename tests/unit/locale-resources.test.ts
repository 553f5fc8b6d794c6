import { describe, expect, it } from "vitest";
import { buildLocaleResources } from "../../src/lib/locale-resources";

describe("buildLocaleResources", () => {
  it("makes each file a top-level key of its language's tree", () => {
    const resources = buildLocaleResources({
      "/locales/en-US/menus.json": { default: { order: "Orders" } },
      "/locales/en-US/validation.json": { default: { required: "Required" } },
      "/locales/zh-CN/menus.json": { order: "订单" },
      "/elsewhere/readme.md": { default: {} },
    });
    expect(resources).toEqual({
      "en-US": { translation: { menus: { order: "Orders" }, validation: { required: "Required" } } },
      "zh-CN": { translation: { menus: { order: "订单" } } },
    });
  });
});
