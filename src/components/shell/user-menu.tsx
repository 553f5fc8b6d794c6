import {
  DownOutlined,
  ExportOutlined,
  HomeOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Button, Dropdown, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { landingPath, type UserInfo } from "#contracts";
import { useExportDrawer } from "./export-drawer-context";

export interface UserMenuActions {
  onResetMfa: () => void;
  onUpdatePassword: () => void;
}

/**
 * The account dropdown of spec §2: Home, Export Task, Reset MFA, Update Password, Logout; on a phone, whose top bar
 * gives the account name's room to the balance, the name heads the menu.
 */
export function UserMenu({ onResetMfa, onUpdatePassword, showName = false }: UserMenuActions & { showName?: boolean }) {
  const { t } = useTranslation();
  const exportDrawer = useExportDrawer();
  const navigate = useNavigate();
  const { data: user } = useGetIdentity<UserInfo>();
  const { mutate: logout } = useLogout();
  const items: MenuProps["items"] = [
    ...(showName && user ? [{ key: "name", label: user.username, disabled: true }, { type: "divider" as const }] : []),
    { key: "home", icon: <HomeOutlined aria-hidden />, label: t("shell.userMenu.home") },
    { key: "export", icon: <ExportOutlined aria-hidden />, label: t("shell.userMenu.exportTask") },
    { key: "mfa", icon: <KeyOutlined aria-hidden />, label: t("shell.userMenu.resetMfa") },
    { key: "password", icon: <LockOutlined aria-hidden />, label: t("shell.userMenu.updatePassword") },
    { type: "divider" },
    { key: "logout", icon: <LogoutOutlined aria-hidden />, label: t("shell.userMenu.logout"), danger: true },
  ];
  const actions: Record<string, () => void> = {
    home: () => user && navigate(landingPath[user.role]),
    export: exportDrawer.open,
    mfa: onResetMfa,
    password: onUpdatePassword,
    logout: () => logout(),
  };
  return (
    <Dropdown trigger={["click"]} menu={{ items, onClick: ({ key }) => actions[key]?.() }}>
      <Button type="text" icon={<UserOutlined />} aria-label={t("shell.userMenu.label")}>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
