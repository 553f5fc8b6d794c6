import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { Button, Flex, Layout, Tooltip, theme } from "antd";
import { useTranslation } from "react-i18next";
import type { CurrentBalance, UserInfo } from "#contracts";
import { LanguageSwitch } from "../language-switch";
import { oneLine } from "../plain-text";
import { AppBreadcrumb } from "./app-breadcrumb";
import { BalanceTag } from "./balance";
import { NotificationBell } from "./notification-bell";
import { PHONE_BREAKPOINT_PX, useIsMobile, useViewportBelow } from "./use-viewport";
import { UserMenu, type UserMenuActions } from "./user-menu";

interface AppHeaderProps extends UserMenuActions {
  menuOpen: boolean;
  onToggleMenu: () => void;
  onOpenPalette: () => void;
  /** The balance the shell read (undefined for a role that does not see funds). */
  balance: CurrentBalance | undefined;
}

/**
 * Top bar: menu toggle, breadcrumbs, then the palette, the balance, the notifications, the account name, the
 * language and the user menu.
 */
export function AppHeader({ menuOpen, onToggleMenu, onOpenPalette, balance, ...userMenu }: AppHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<UserInfo>();
  const mobile = useIsMobile();
  const phone = useViewportBelow(PHONE_BREAKPOINT_PX);
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        padding: "0 16px",
        display: "flex",
        alignItems: "center",
        gap: 12,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Button
        type="text"
        aria-label={t("shell.toggleMenu")}
        aria-expanded={menuOpen}
        icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleMenu}
      />
      {/* A phone's top bar has no room for the trail (the page's own title says where it is). */}
      <div style={{ flex: 1, minWidth: 0, overflow: "hidden" }}>{!phone && <AppBreadcrumb />}</div>
      {/* May shrink (the account name gives way first), so a 390 px phone does not scroll sideways. */}
      <Flex align="center" gap={4} style={{ minWidth: 0 }}>
        <Tooltip title={t("shell.palette.open")}>
          <Button type="text" icon={<SearchOutlined />} aria-label={t("shell.palette.open")} onClick={onOpenPalette} />
        </Tooltip>
        {balance && <BalanceTag balance={balance} compact={phone} />}
        <NotificationBell />
        {/* One line, cut with an ellipsis (the whole name on hover); a phone shows it in the user menu instead. */}
        {!phone && (
          <strong title={user?.username} style={{ ...oneLine, maxWidth: mobile ? 80 : 280, minWidth: 0 }}>
            {user?.username}
          </strong>
        )}
        <LanguageSwitch compact={mobile} />
        <UserMenu {...userMenu} showName={phone} />
      </Flex>
    </Layout.Header>
  );
}
