import { DownOutlined, LockOutlined, LogoutOutlined, MenuUnfoldOutlined, UserOutlined } from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Button, Drawer, Dropdown, Flex, Layout, Menu, Typography, theme } from "antd";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { consoleCalls, type StaffInfo, type UpdatePasswordBody } from "#contracts";
import { LanguageSwitch } from "../components/language-switch";
import { StepUpDialog } from "../components/mfa/step-up-dialog";
import { PageLoading } from "../components/page-loading";
import { PasswordDialog } from "../components/password-dialog";
import { SessionInfoFailed } from "../components/session-info-failed";
import { PHONE_BREAKPOINT_PX, useIsMobile, useViewportBelow } from "../components/shell/use-viewport";
import { useDocumentTitle } from "../components/use-document-title";
import { useProductName } from "../providers/use-public-config";
import { useRefetchOnLanguageChange } from "../providers/use-refetch-on-language-change";
import { ConsoleMfaBind } from "./console-mfa";
import { consoleAreas, mayStaff, roleName } from "./console-resources";
import { consoleCall, leaveConsole } from "./console-session";

/** A staff member's own password: the console's call; every session of theirs ends, so to the sign-in page. */
const staffAccount = {
  update: (body: UpdatePasswordBody) => consoleCall(consoleCalls.updatePassword, { body }),
  signOut: () => leaveConsole({ notice: "passwordChanged" }),
};

const SIDER_WIDTH = 232;

/**
 * The console's frame: the areas this staff member's roles open, the top bar, the page. Below a laptop's width
 * the areas open in a drawer from the top bar (as the portal's do), and on a phone the top bar keeps to icons.
 */
export function ConsoleShell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const productName = useProductName();
  const { data: staff, isError, refetch, isFetching } = useGetIdentity<StaffInfo>();
  const { mutate: logout } = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const narrow = useIsMobile();
  const phone = useViewportBelow(PHONE_BREAKPOINT_PX);
  useRefetchOnLanguageChange();

  const current = consoleAreas.find((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));
  useDocumentTitle(current ? t(`console-${current.name}.title`) : t("console.title"));
  const areas = staff ? consoleAreas.filter((r) => mayStaff(staff, r.name, "list")) : [];
  const bound = staff?.mfaStatus === 1;

  const navigation = (
    <>
      {/* Wraps between words, never inside "管理后台". */}
      <Typography.Title level={1} style={{ fontSize: 18, margin: 0, padding: "20px 24px", wordBreak: "keep-all" }}>
        {productName} {t("console.title")}
      </Typography.Title>
      <nav aria-label={t("shell.navigation")}>
        <Menu
          mode="inline"
          selectedKeys={current ? [current.path] : []}
          items={areas.map((r) => ({ key: r.path, label: t(`console-${r.name}.title`) }))}
          onClick={({ key }) => {
            setMenuOpen(false);
            navigate(key);
          }}
          style={{ borderInlineEnd: 0 }}
        />
      </nav>
    </>
  );
  const name = staff?.name || staff?.username || "";

  return (
    <Layout style={{ minHeight: "100vh" }}>
      {narrow ? (
        <Drawer
          placement="left"
          width={SIDER_WIDTH}
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          closable={false}
          styles={{ body: { padding: 0 } }}
        >
          {navigation}
        </Drawer>
      ) : (
        <Layout.Sider width={SIDER_WIDTH} theme="light">
          {navigation}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header style={{ background: token.colorBgContainer, paddingInline: phone ? 12 : 24 }}>
          <Flex align="center" gap={8} style={{ height: "100%" }}>
            {narrow && (
              <Button
                type="text"
                aria-label={t("shell.toggleMenu")}
                aria-expanded={menuOpen}
                icon={<MenuUnfoldOutlined />}
                onClick={() => setMenuOpen(true)}
              />
            )}
            <div style={{ flex: 1 }} />
            <LanguageSwitch compact={phone} />
            <Dropdown
              trigger={["click"]}
              menu={{
                items: [
                  {
                    key: "roles",
                    label: staff?.roles.map((role) => roleName(t, role)).join(", ") ?? "",
                    disabled: true,
                  },
                  { type: "divider" },
                  {
                    key: "password",
                    icon: <LockOutlined aria-hidden />,
                    label: t("shell.userMenu.updatePassword"),
                  },
                  {
                    key: "logout",
                    icon: <LogoutOutlined aria-hidden />,
                    label: t("shell.userMenu.logout"),
                    danger: true,
                  },
                ],
                onClick: ({ key }) => (key === "logout" ? logout() : key === "password" && setChangingPassword(true)),
              }}
            >
              {/* The name shown is part of the button's name (WCAG 2.5.3, label in name); a phone cuts it short. */}
              <Button
                type="text"
                icon={<UserOutlined />}
                aria-label={t("common.labelled", { label: t("shell.userMenu.label"), value: name })}
                style={{ minWidth: 0 }}
              >
                <Typography.Text ellipsis style={{ maxWidth: phone ? 120 : 320 }}>
                  {name}
                </Typography.Text>
                <DownOutlined />
              </Button>
            </Dropdown>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ margin: phone ? 12 : 24, minWidth: 0 }}>
          {/* Without the staff member's info there are no menus or pages: say so, offer to try again. */}
          {isError && (
            <SessionInfoFailed
              retrying={isFetching}
              onRetry={() => void refetch()}
              onLoginAgain={() => leaveConsole()}
            />
          )}
          {/* Until an authenticator is bound the server answers nothing else: only the binding dialogs show. */}
          {bound && (
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
      <ConsoleMfaBind />
      <PasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} account={staffAccount} />
      <StepUpDialog />
    </Layout>
  );
}
