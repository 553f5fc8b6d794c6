import { GlobalOutlined, LogoutOutlined } from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import {
  type Action,
  KBarAnimator,
  KBarPortal,
  KBarPositioner,
  KBarResults,
  KBarSearch,
  useKBar,
  useRegisterActions,
} from "@refinedev/kbar";
import { theme } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { languageNames, languages, titleKey, type UserInfo } from "#contracts";
import { flattenMenus, visibleMenus } from "../../lib/menus";
import { paletteResults } from "../../lib/palette-matches";
import { resourceIcon } from "../../resources";
import { switchLanguage } from "../language-switch";
import { menuPath } from "./side-menu";

/**
 * Ctrl/Cmd+K: the pages this user may open (named, so typing a page's name finds it), switch language, logout.
 * Our own actions rather than Refine's generic "List" entries, which kbar cannot find by resource name.
 * Mounted with key={locale} by the shell so every name is rebuilt in the new language.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useGetIdentity<UserInfo>();
  const { mutate: logout } = useLogout();

  const actions = useMemo<Action[]>(() => {
    const pages = user ? flattenMenus(visibleMenus(user.menus, user.role)) : [];
    return [
      ...pages.map((entry) => ({
        id: `page:${entry.name}`,
        name: t(titleKey(entry.name), { defaultValue: entry.title }),
        keywords: `${entry.name} ${menuPath(entry)}`,
        section: t("shell.palette.pages"),
        icon: resourceIcon(entry.name),
        perform: () => navigate(menuPath(entry)),
      })),
      {
        id: "language",
        name: t("shell.palette.switchLanguage"),
        keywords: "language 语言 english 中文",
        section: t("shell.palette.commands"),
        icon: <GlobalOutlined aria-hidden />,
      },
      ...languages.map((language) => ({
        id: `language:${language}`,
        parent: "language",
        name: languageNames[language],
        perform: () => void switchLanguage(language),
      })),
      {
        id: "logout",
        name: t("shell.palette.logout"),
        keywords: "logout sign out 退出",
        section: t("shell.palette.commands"),
        icon: <LogoutOutlined aria-hidden />,
        perform: () => logout(),
      },
    ];
  }, [user, t, navigate, logout]);
  useRegisterActions(actions, [actions]);

  return (
    <KBarPortal>
      <KBarPositioner style={{ zIndex: 1100, background: "rgba(0, 0, 0, 0.25)" }}>
        <KBarAnimator style={{ width: "100%", maxWidth: 600 }}>
          <PaletteBody placeholder={t("shell.palette.placeholder")} />
        </KBarAnimator>
      </KBarPositioner>
    </KBarPortal>
  );
}

function PaletteBody({ placeholder }: { placeholder: string }) {
  const { token } = theme.useToken();
  const { search, actions, rootActionId } = useKBar((state) => ({
    search: state.searchQuery,
    actions: state.actions,
    rootActionId: state.currentRootActionId,
  }));
  // kbar's store reaches its subscribers one task after a keystroke; an Enter pressed within that task would run
  // the entry highlighted for the previous text. What was typed is kept here too, so the list is never behind.
  const [typed, setTyped] = useState(search);
  useEffect(() => setTyped(search), [search]);
  const results = useMemo(
    () => paletteResults(Object.values(actions), typed, rootActionId),
    [actions, typed, rootActionId],
  );
  return (
    <div style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadow }}>
      <KBarSearch
        onChange={(event) => setTyped(event.target.value)}
        defaultPlaceholder={placeholder}
        aria-label={placeholder}
        style={{
          width: "100%",
          padding: "12px 16px",
          fontSize: 16,
          border: "none",
          outline: "none",
          boxSizing: "border-box",
          background: "transparent",
        }}
      />
      <KBarResults
        items={results}
        onRender={({ item, active }) =>
          typeof item === "string" ? (
            <div style={{ padding: "8px 16px", fontSize: 12, color: token.colorTextSecondary }}>{item}</div>
          ) : (
            <div
              style={{
                padding: "10px 16px",
                display: "flex",
                gap: 8,
                alignItems: "center",
                cursor: "pointer",
                background: active ? token.controlItemBgActive : "transparent",
              }}
            >
              {item.icon}
              <span>{item.name}</span>
            </div>
          )
        }
      />
    </div>
  );
}
