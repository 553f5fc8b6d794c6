import { useGetIdentity } from "@refinedev/core";
import { Layout, theme } from "antd";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import type { UserInfo } from "#contracts";
import { titleKey } from "#contracts";
import { readCookie, writeCookie } from "../../lib/cookies";
import { storageKeys } from "../../lib/storage-keys";
import { currentLanguage } from "../../providers/i18n-provider";
import { useProductName } from "../../providers/use-public-config";
import { useRefetchOnLanguageChange } from "../../providers/use-refetch-on-language-change";
import { resourceForPath } from "../../resources";
import { stepUpStore } from "../mfa/step-up-store";
import { MountedOnceOpen } from "../mounted-once-open";
import { PageLoading } from "../page-loading";
import { oneLine } from "../plain-text";
import { useDocumentTitle } from "../use-document-title";
import { AppHeader } from "./app-header";
import { LowBalanceBanner, useCurrentBalance } from "./balance";
import { ExportDrawerContext } from "./export-drawer-context";
import { usePaletteState } from "./palette-state";
import { SideMenu } from "./side-menu";
import { useIsMobile } from "./use-viewport";

const SIDER_WIDTH = 256;
/** The sidebar's state outlives the browser session (it is a preference, not a secret). */
const SIDEBAR_COOKIE_DAYS = 365;
type Dialog = "none" | "export" | "password" | "mfa";

// What the top bar opens (a phone's menu too), and the MFA and step-up dialogs, arrive when first needed: most visits
// never open them, and with them every page's first load would carry antd's Modal, Drawer, Progress, Popconfirm and
// the QR code.
const CommandPalette = lazy(() => import("./command-palette"));
const MobileMenu = lazy(() => import("./mobile-menu"));
const ExportTaskDrawer = lazy(() =>
  import("../export-task/export-task-drawer").then((m) => ({ default: m.ExportTaskDrawer })),
);
const PasswordDialog = lazy(() => import("../password-dialog").then((m) => ({ default: m.PasswordDialog })));
const MfaController = lazy(() => import("../mfa/mfa-controller").then((m) => ({ default: m.MfaController })));
const StepUpDialog = lazy(() => import("../mfa/step-up-dialog").then((m) => ({ default: m.StepUpDialog })));

/** The frame of every signed-in screen: sidebar, top bar, page, and the dialogs the top bar opens. */
export function AppShell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const productName = useProductName();
  const mobile = useIsMobile();
  // Spec §2: the sidebar's open state is remembered as 1/0; on mobile it is a drawer, closed until asked for.
  const [siderOpen, setSiderOpen] = useState(() => readCookie(storageKeys.sidebarStatus) !== "0");
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>("none");
  const { data: user } = useGetIdentity<UserInfo>();
  const balance = useCurrentBalance({ live: true });
  const stepUpAsked = useSyncExternalStore(stepUpStore.subscribe, stepUpStore.current) !== null;
  useRefetchOnLanguageChange();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point.
  useEffect(() => setDrawerOpen(false), [pathname]);

  const resource = resourceForPath(pathname);
  useDocumentTitle(resource ? t(titleKey(resource.name)) : null);

  const toggleMenu = () => {
    if (mobile) return setDrawerOpen((open) => !open);
    writeCookie(storageKeys.sidebarStatus, siderOpen ? "0" : "1", SIDEBAR_COOKIE_DAYS);
    setSiderOpen(!siderOpen);
  };
  const close = () => setDialog("none");
  const openPassword = useCallback(() => setDialog("password"), []);
  // Ctrl/Cmd+K and what is typed are the shell's from the start; the palette's list arrives at its first opening.
  const palette = usePaletteState();
  const exportDrawer = useMemo(() => ({ open: () => setDialog("export") }), []);
  const title = (
    <h5
      style={{
        ...oneLine,
        margin: 0,
        padding: "16px 24px",
        color: token.colorText,
        fontSize: token.fontSizeHeading5,
        lineHeight: token.lineHeightHeading5,
        fontWeight: token.fontWeightStrong,
      }}
    >
      {productName}
    </h5>
  );

  return (
    <ExportDrawerContext.Provider value={exportDrawer}>
      <a className="skip-link" href="#main-content">
        {t("shell.skipToContent")}
      </a>
      <Layout style={{ minHeight: "100vh" }}>
        {mobile ? (
          <MountedOnceOpen open={drawerOpen}>
            <MobileMenu open={drawerOpen} onClose={() => setDrawerOpen(false)} width={SIDER_WIDTH} title={title} />
          </MountedOnceOpen>
        ) : (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsed={!siderOpen}
            collapsedWidth={64}
            trigger={null}
            theme="light"
            style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
          >
            {siderOpen && title}
            <SideMenu collapsed={!siderOpen} />
          </Layout.Sider>
        )}
        <Layout>
          <AppHeader
            menuOpen={mobile ? drawerOpen : siderOpen}
            onToggleMenu={toggleMenu}
            onOpenPalette={palette.open}
            balance={balance}
            onResetMfa={() => setDialog("mfa")}
            onUpdatePassword={() => setDialog("password")}
          />
          {balance && <LowBalanceBanner balance={balance} />}
          <Layout.Content id="main-content" tabIndex={-1} style={{ padding: mobile ? 12 : 24, outline: "none" }}>
            {/* Until MFA is bound the server refuses the pages' calls: only the bind dialog shows. */}
            {user?.mfaStatus === 0 ? null : (
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            )}
          </Layout.Content>
        </Layout>
      </Layout>
      {user && (
        <MountedOnceOpen open={palette.shown}>
          <CommandPalette key={currentLanguage()} palette={palette} onUpdatePassword={openPassword} />
        </MountedOnceOpen>
      )}
      <MountedOnceOpen open={dialog === "export"}>
        <ExportTaskDrawer open={dialog === "export"} onClose={close} />
      </MountedOnceOpen>
      <MountedOnceOpen open={dialog === "password"}>
        <PasswordDialog open={dialog === "password"} onClose={close} />
      </MountedOnceOpen>
      {/* Binding MFA (an unbound user) or resetting it. */}
      <MountedOnceOpen open={user?.mfaStatus === 0 || dialog === "mfa"}>
        <MfaController resetOpen={dialog === "mfa"} onResetClose={close} />
      </MountedOnceOpen>
      <MountedOnceOpen open={stepUpAsked}>
        <StepUpDialog />
      </MountedOnceOpen>
    </ExportDrawerContext.Provider>
  );
}
