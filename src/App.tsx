import { Authenticated, Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { ChatWidget } from "./components/chat-widget";
import { LocaleConfig } from "./components/locale-config";
import { PageLoading } from "./components/page-loading";
import {
  NavigateToLanding,
  NavigateToLogin,
  ReloadSignIn,
  ResourceRoute,
  UserInfoGate,
} from "./components/route-guards";
import { AppShell } from "./components/shell/app-shell";
import { accessControlProvider } from "./providers/access-control-provider";
import { authProvider, LOGIN_PATH } from "./providers/auth-provider";
import { createDataProvider } from "./providers/data-provider";
import { request } from "./providers/http-client";
import { i18nProvider } from "./providers/i18n-provider";
import { appResources, appRoutes, HOME_PATH, NOT_FOUND_PATH } from "./resources";

/** Refine's data calls, sent through the http client (envelope, toasts, step-up). */
const dataProvider = createDataProvider(request);

// Pages load on demand. The signed-out /login is not here: main.tsx starts the light sign-in page for it. The shell
// is part of the app's own code: every signed-in screen needs it at once, and its antd components then share the
// app's vendor chunk instead of arriving as a dozen small ones.
const NotFoundPage = lazy(() => import("./pages/not-found/not-found-page").then((m) => ({ default: m.NotFoundPage })));

export function App() {
  return (
    <BrowserRouter>
      <LocaleConfig>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={i18nProvider}
          resources={appResources}
          options={{ disableTelemetry: true, syncWithLocation: false }}
        >
          <Routes>
            <Route
              path={LOGIN_PATH}
              element={
                <Authenticated key="login" fallback={<ReloadSignIn />}>
                  <NavigateToLanding onError={<ReloadSignIn />} />
                </Authenticated>
              }
            />
            <Route
              path={NOT_FOUND_PATH}
              element={
                <Suspense fallback={<PageLoading fullScreen />}>
                  <NotFoundPage />
                </Suspense>
              }
            />
            <Route index element={<Navigate to={HOME_PATH} replace state={{ fromHome: true }} />} />
            <Route
              element={
                <Authenticated key="shell" fallback={<NavigateToLogin />}>
                  <UserInfoGate>
                    <AppShell />
                  </UserInfoGate>
                </Authenticated>
              }
            >
              {appRoutes.map((route) =>
                route.kind === "page" ? (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={<ResourceRoute resource={route.resource} view={route.view} action={route.action} />}
                  />
                ) : (
                  <Route key={route.path} path={route.path} element={<Navigate to={route.to} replace />} />
                ),
              )}
            </Route>
            <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
          </Routes>
          <ChatWidget />
        </Refine>
      </LocaleConfig>
    </BrowserRouter>
  );
}
