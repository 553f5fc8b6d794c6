import { presetPalettes } from "@ant-design/colors";
import type { ThemeConfig } from "antd";

/**
 * antd's default colours with the text shades darkened to WCAG 2.1 AA contrast (4.5:1 for normal text), which
 * axe-core checks in the e2e suite: the primary blue (#1677ff is 4.1:1 on white), secondary text (45 % black is
 * 3.4:1) and the text of coloured tags (shade 7 on shade 1: green 3.4:1, gold 2.8:1). Each tag colour's text
 * moves to the first darker shade that reaches 4.5:1 on its own light background.
 */
const shade = (color: keyof typeof presetPalettes, index: number) => presetPalettes[color]![index]!;

// The build makes antd's styles for this theme into a stylesheet (scripts/antd-styles.ts). A nested ConfigProvider
// with another theme would have antd generate every style inside it again in the browser: avoid them.
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: shade("blue", 6),
    colorInfo: shade("blue", 6),
    colorLink: shade("blue", 6),
    colorError: shade("red", 6),
    colorSuccessText: shade("green", 7),
    colorWarningText: shade("gold", 8),
    colorTextTertiary: "rgba(0, 0, 0, 0.6)",
    colorTextDescription: "rgba(0, 0, 0, 0.6)",
    green7: shade("green", 7),
    cyan7: shade("cyan", 7),
    orange7: shade("orange", 7),
    gold7: shade("gold", 8),
    lime7: shade("lime", 8),
    yellow7: shade("yellow", 8),
    volcano7: shade("volcano", 7),
  },
  components: {
    // Status tags (Success, Processing, Failed, a warning) draw their text in the status colour itself, not its
    // text shade: antd's green on its light green is 2.2:1. Only the tags get the darker shades.
    Tag: {
      colorSuccess: shade("green", 7),
      colorInfo: shade("blue", 6),
      colorError: shade("red", 6),
      colorWarning: shade("gold", 8),
    },
  },
};
