import { useGetIdentity } from "@refinedev/core";
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { type Action, landingPath, titleKey, type UserInfo } from "#contracts";
import { leavePage } from "../lib/leave-page";
import { loginPath } from "../lib/login-link";
import { message } from "../lib/toast";
import { logoutLocally } from "../providers/auth-provider";
import { showFailure } from "../providers/http-client";
import { useMay } from "../providers/use-may";
import { pageOf, useFirstPageHere, type View } from "../resources";
import { PageLoading } from "./page-loading";

/** Sends the user to their role's landing page (after sign-in, or from a page the role may not open). */
export function NavigateToLanding({ onError }: { onError?: ReactNode }) {
  const { data: user, isError } = useGetIdentity<UserInfo>();
  if (isError) return <>{onError ?? null}</>;
  if (!user) return <PageLoading fullScreen />;
  return <Navigate to={landingPath[user.role]} replace />;
}

/**
 * /login inside the app: the token is gone, or it no longer opens a session (its user info failed). The sign-in
 * page is its own light page (main.tsx), so forget the token and load this address afresh.
 */
export function ReloadSignIn() {
  useEffect(() => logoutLocally({ page: window.location.href }), []);
  return <PageLoading fullScreen />;
}

/** A page this role may not open: say so, then go to the landing page (spec §2 redirects; it need not be silent). */
function NavigateAwayFrom({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const { state } = useLocation();
  // The empty path opens Merchant Information for everyone (spec §2); finance passing through was not refused.
  const asked = !isFromHome(state);
  // Said once, in the words of the page that was refused, however often this renders before it navigates away.
  const [refused] = useState(() => (asked ? t("shell.noAccess", { page: t(titleKey(resource)) }) : null));
  useEffect(() => {
    if (refused) void message.warning({ key: "no-access", content: refused });
  }, [refused]);
  return <NavigateToLanding />;
}

/**
 * No session: to the sign-in page, which brings the user back here afterwards. A full page load, not a route
 * change: the sign-in page is its own light page (main.tsx), outside this app.
 */
export function NavigateToLogin() {
  const { pathname, search, hash, state } = useLocation();
  // The empty path is no deep link: after sign-in each role goes to its own landing page.
  const target = isFromHome(state) ? loginPath() : loginPath({ to: `${pathname}${search}${hash}` });
  useEffect(() => leavePage(target), [target]);
  return <PageLoading fullScreen />;
}

/** Set by the empty path's redirect to Merchant Information (spec §2), which is not a page the user asked for. */
const isFromHome = (state: unknown) => (state as { fromHome?: boolean } | null)?.fromHome === true;

/** Shown only when the session could not be read (antd's Result and its pictures): loaded then. */
const SessionInfoFailed = lazy(() => import("./session-info-failed").then((m) => ({ default: m.SessionInfoFailed })));

/**
 * Holds the shell back until logged/info has answered, and the first page's code is here (both were started with
 * the app); says so when the user info could not be read. Waiting for the page's code here costs nothing (it
 * arrives alongside the user info) and lets the shell and the page show together: a page that suspends under the
 * shell is held back by React up to 300 ms after its spinner shows, and its data calls wait for it.
 */
export function UserInfoGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const pageHere = useFirstPageHere();
  const { data: user, isError, error, refetch, isFetching } = useGetIdentity<UserInfo>();
  useEffect(() => {
    if (isError) showFailure(error, t("common.loginStatusFailed"));
  }, [isError, error, t]);
  // The shell and its page are the biggest render of the visit: made in a transition, React splits it into slices
  // instead of one long task (the user info arrives through a store, whose updates React renders in one go).
  const ready = user !== undefined && pageHere;
  const [shown, setShown] = useState(ready);
  useEffect(() => {
    if (ready && !shown) startTransition(() => setShown(true));
  }, [ready, shown]);
  if (isError) {
    return (
      <Suspense fallback={<PageLoading fullScreen />}>
        <SessionInfoFailed retrying={isFetching} onRetry={() => void refetch()} onLoginAgain={() => logoutLocally()} />
      </Suspense>
    );
  }
  if (!shown) return <PageLoading fullScreen />;
  return <>{children}</>;
}

/**
 * A resource's page, or the landing page when the role may not open it (spec §2: redirect, not 403). Decided at
 * once from the loaded user info (useMay): Refine's CanAccess asks asynchronously, through a query whose answer
 * arrives as a store update, which React renders synchronously: the whole page was built a second time in one
 * long task after the session gate's sliced render (the order list's longest task on a phone).
 */
export function ResourceRoute({ resource, view, action }: { resource: string; view: View; action: Action }) {
  const Page = pageOf(resource, view);
  const may = useMay(resource, action);
  if (!Page) return <Navigate to="/404" replace />;
  if (!may) return <NavigateAwayFrom resource={resource} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
