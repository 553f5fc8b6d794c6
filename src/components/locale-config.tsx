import { ConfigProvider, type GlobalToken, theme } from "antd";
import enUS from "antd/es/locale/en_US";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "#contracts";
import { appTheme } from "../lib/theme";
import { currentLanguage } from "../providers/i18n-provider";
import "./app.css";

const antdLocales: Record<Language, typeof enUS> = { "en-US": enUS, "zh-CN": zhCN };

/** antd's texts follow the app language (the hook only subscribes to language changes); colours from the theme. */
export function LocaleConfig({ children }: { children: ReactNode }) {
  useTranslation();
  return (
    <ConfigProvider locale={antdLocales[currentLanguage()]} theme={appTheme}>
      <ThemedText>{children}</ThemedText>
    </ConfigProvider>
  );
}

/**
 * Text outside antd's components in the theme's font, size and colour: what antd's <App> wrapper does, without
 * the context it also brings (its message, notification and modal hooks, unused here: a tenth of antd's size
 * on every page's first load).
 */
function ThemedText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={themedText(token)}>{children}</div>;
}

/** The theme's text: for the app's root, and for what renders outside it (the command palette's portal). */
export const themedText = (token: GlobalToken) => ({
  color: token.colorText,
  fontFamily: token.fontFamily,
  fontSize: token.fontSize,
  lineHeight: token.lineHeight,
});
