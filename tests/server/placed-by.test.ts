import { describe, expect, it } from "vitest";
import { placedByLabel } from "#contracts";
import { translator } from "../../server/src/lib/i18n";

describe("who placed an order, as the list, the detail and the export say it", () => {
  it("names the staff account for a portal order and the AppID for an Open API order, in both languages", () => {
    const [en, zh] = [translator("en-US"), translator("zh-CN")];
    expect(placedByLabel({ placedBy: "ops@shop.test", source: "manual" }, en)).toBe("ops@shop.test");
    expect(placedByLabel({ placedBy: "APP123", source: "api" }, en)).toBe("Open API (APP123)");
    expect(placedByLabel({ placedBy: "APP123", source: "api" }, zh)).toBe("Open API（APP123）");
    expect(placedByLabel({ placedBy: null, source: "manual" }, en)).toBe("-");
  });
});
