import { describe, expect, it } from "vitest";
import { orderNoIn, type PaletteAction, paletteResults } from "../../src/lib/palette-matches";

const action = (id: string, name: string, extra: Partial<PaletteAction> = {}): PaletteAction => ({
  id,
  name,
  children: [],
  ...extra,
});
const english = action("language:en-US", "English", { parent: "language" });
const chinese = action("language:zh-CN", "简体中文", { parent: "language" });
const all: PaletteAction[] = [
  action("page:merchant-info", "Merchant Information", { section: "Pages", keywords: "merchant-info /merchant/info" }),
  action("page:member", "Operator Management", { section: "Pages", keywords: "member" }),
  action("language", "Switch language", { section: "Commands", children: [english, chinese] }),
  english,
  chinese,
  action("logout", "Logout", { section: { name: "Commands" } }),
];
const labels = (results: (string | PaletteAction)[]) => results.map((r) => (typeof r === "string" ? `#${r}` : r.id));

describe("paletteResults", () => {
  it("lists the top level by section when nothing is typed", () => {
    expect(labels(paletteResults(all, "", null))).toEqual([
      "#Pages",
      "page:merchant-info",
      "page:member",
      "#Commands",
      "language",
      "logout",
    ]);
  });

  it("finds by name, case-insensitively, every word required", () => {
    expect(labels(paletteResults(all, "operator", null))).toEqual(["#Pages", "page:member"]);
    expect(labels(paletteResults(all, "  MERCHANT   info ", null))).toEqual(["#Pages", "page:merchant-info"]);
    expect(labels(paletteResults(all, "merchant operator", null))).toEqual([]);
  });

  it("finds by keywords", () => {
    expect(labels(paletteResults(all, "member", null))).toEqual(["#Pages", "page:member"]);
  });

  it("finds nested actions from the top level while searching", () => {
    expect(labels(paletteResults(all, "english", null))).toEqual(["language:en-US"]);
  });

  it("lists a parent's children once it is opened", () => {
    expect(labels(paletteResults(all, "", "language"))).toEqual(["language:en-US", "language:zh-CN"]);
    expect(labels(paletteResults(all, "简体", "language"))).toEqual(["language:zh-CN"]);
  });
});

describe("orderNoIn", () => {
  it("recognises our order numbers, spaces and case aside, and nothing else", () => {
    expect(orderNoIn(" p202611210000000042 ")).toBe("P202611210000000042");
    expect(orderNoIn("P202611210000000042")).toBe("P202611210000000042");
    expect(orderNoIn("P20261121")).toBeNull();
    expect(orderNoIn("order P202611210000000042")).toBeNull();
    expect(orderNoIn("")).toBeNull();
  });
});
