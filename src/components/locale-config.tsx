import { App as AntdApp, ConfigProvider } from "antd";
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
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
