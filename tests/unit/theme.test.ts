import { presetPalettes } from "@ant-design/colors";
import { theme } from "antd";
import { describe, expect, it } from "vitest";
import { appTheme } from "../../src/lib/theme";

/** WCAG 2.1's contrast ratio of two opaque colours written #rrggbb. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** WCAG 2.1 AA for normal text: tags are 12 px. */
const AA = 4.5;

/**
 * Every coloured tag antd draws with the app's theme has readable words: a status tag (antd/es/tag/style/statusCmp:
 * the state's colour on its background, with the Tag's own token overrides) and a preset colour's tag (shade 7 on
 * shade 1, antd/es/tag/style/presetCmp). axe-core checks the tags a page shows; this checks every one there is.
 */
describe("the theme's tag colours", () => {
  const token = theme.getDesignToken(appTheme) as unknown as Record<string, string>;
  const tagToken = { ...token, ...(appTheme.components?.Tag as Record<string, string>) };

  it.each([
    ["success", "Success"],
    ["processing", "Info"],
    ["error", "Error"],
    ["warning", "Warning"],
  ])("a %s tag reaches 4.5:1", (_, state) => {
    const text = tagToken[`color${state}`]!;
    const background = tagToken[`color${state}Bg`]!;
    expect(contrast(text, background)).toBeGreaterThanOrEqual(AA);
  });

  it.each(Object.keys(presetPalettes).filter((c) => c !== "grey"))("a %s tag reaches 4.5:1", (color) => {
    expect(contrast(token[`${color}7`]!, token[`${color}1`]!)).toBeGreaterThanOrEqual(AA);
  });

  it("measures as WCAG does (black on white is 21:1, antd's green on its background 2.2:1)", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#52c41a", "#f6ffed")).toBeCloseTo(2.21, 2);
  });
});
