import { useGetIdentity } from "@refinedev/core";
import { Menu, type MenuProps } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { findResource, type MenuEntry, titleKey, type UserInfo } from "#contracts";
import { visibleMenus } from "../../lib/menus";
import { resourceForPath, resourceIcon } from "../../resources";

type Item = Required<MenuProps>["items"][number];

/** A menu entry's path and icon come from the resource declaration, the server's copy only as a fallback. */
export const menuPath = (entry: MenuEntry): string => findResource(entry.name)?.path ?? entry.path;

/**
 * The sidebar: the server's menus for this user, in their order, titles in the current language.
 * Collapsing is the Sider's business (antd passes it to the Menu); here it only decides which groups start open.
 */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: user } = useGetIdentity<UserInfo>();
  const menus = useMemo(() => (user ? visibleMenus(user.menus, user.role) : []), [user]);

  const toItem = (entry: MenuEntry): Item => {
    const common = {
      key: menuPath(entry),
      icon: resourceIcon(entry.name),
      label: t(titleKey(entry.name), { defaultValue: entry.title }),
    };
    return entry.children.length > 0 ? { ...common, children: entry.children.map(toItem) } : common;
  };
  const current = resourceForPath(pathname);

  return (
    <nav aria-label={t("shell.navigation")}>
      <Menu
        mode="inline"
        items={menus.map(toItem)}
        selectedKeys={current ? [current.path] : []}
        defaultOpenKeys={collapsed ? [] : menus.filter((m) => m.children.length > 0).map(menuPath)}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
}
