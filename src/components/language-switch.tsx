import { GlobalOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { type Language, languageNames, languages } from "#contracts";
import { message } from "../lib/toast";
import { changeLanguage, currentLanguage, i18n } from "../providers/i18n-provider";

/** Applies a language at once and confirms it in that language. */
export async function switchLanguage(language: Language): Promise<void> {
  await changeLanguage(language);
  void message.success(i18n.t("common.languageChanged"));
}

/** Shows the current language's name (only the globe when `compact`: a phone's top bar) and offers both. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: languages.map((language) => ({ key: language, label: languageNames[language] })),
        onClick: ({ key }) => void switchLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${t("common.language")}: ${languageNames[current]}`}>
        {compact ? null : languageNames[current]}
      </Button>
    </Dropdown>
  );
}
