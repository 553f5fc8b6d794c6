import { Authenticated, CanAccess, Refine, useGetIdentity } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { Result } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import type { StaffInfo } from "#contracts";
import { LocaleConfig } from "../components/locale-config";
import { PageLoading } from "../components/page-loading";
import { CONSOLE_LOGIN_PATH, CONSOLE_PATH } from "../lib/login-link";
import { i18nProvider } from "../providers/i18n-provider";
import {
  consoleAccessControl,
  consoleAreas,
  consoleAuthProvider,
  consoleLanding,
  consolePageOf,
  consoleRefineResources,
} from "./console-resources";
import { consoleDataProvider, leaveConsole } from "./console-session";
import { ConsoleShell } from "./console-shell";

/** No session: to the console's sign-in page, which brings the staff member back here. */
function ToSignIn() {
  useEffect(() => leaveConsole({ back: true }), []);
  return <PageLoading fullScreen />;
}

/**
 * /console and the sign-in address with a session: the first area the staff member's roles open. Without their
 * info there is nowhere to go yet: inside the shell, which says why and offers to try again, nothing is shown; on
 * the sign-in address the token is forgotten and the sign-in page loads (`leaveOnError`).
 */
function ToLanding({ leaveOnError = false }: { leaveOnError?: boolean }) {
  const { t } = useTranslation();
  const { data: staff, isError } = useGetIdentity<StaffInfo>();
  useEffect(() => {
    if (isError && leaveOnError) leaveConsole();
  }, [isError, leaveOnError]);
  if (isError && !leaveOnError) return null;
  if (!staff) return <PageLoading fullScreen />;
  const landing = consoleLanding(staff);
  return landing ? <Navigate to={landing} replace /> : <Result status="403" title={t("console.noArea")} />;
}

/** The reseller's console (issue 15): its own realm, resources and menus, the merchant portal's conventions. */
export function ConsoleApp() {
  const { t } = useTranslation();
  return (
    <BrowserRouter>
      <LocaleConfig>
        <Refine
          routerProvider={routerProvider}
          dataProvider={consoleDataProvider}
          authProvider={consoleAuthProvider}
          accessControlProvider={consoleAccessControl}
          i18nProvider={i18nProvider}
          resources={consoleRefineResources}
          options={{ disableTelemetry: true, syncWithLocation: false }}
        >
          <Routes>
            <Route path={CONSOLE_LOGIN_PATH} element={<ToLanding leaveOnError />} />
            <Route
              element={
                <Authenticated key="console" fallback={<ToSignIn />}>
                  <ConsoleShell />
                </Authenticated>
              }
            >
              <Route path={CONSOLE_PATH} element={<ToLanding />} />
              {consoleAreas.map((area) => {
                const Page = consolePageOf(area.name);
                return (
                  <Route
                    key={area.name}
                    path={`${area.path}/*`}
                    element={
                      <CanAccess
                        resource={area.name}
                        action="list"
                        fallback={<Result status="403" title={t("console.noAccess")} />}
                      >
                        {Page && <Page />}
                      </CanAccess>
                    }
                  />
                );
              })}
              <Route path="*" element={<Navigate to={CONSOLE_PATH} replace />} />
            </Route>
          </Routes>
        </Refine>
      </LocaleConfig>
    </BrowserRouter>
  );
}
