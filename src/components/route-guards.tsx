import { CanAccess, useGetIdentity } from "@refinedev/core";
import { Button, message, Result, Space } from "antd";
import { type ReactNode, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { type Action, landingPath, type UserInfo } from "#contracts";
import { logoutLocally } from "../providers/auth-provider";
import { pageOf, type View } from "../resources";
import { PageLoading } from "./page-loading";

/** Sends the user to their role's landing page (after sign-in, or from a page the role may not open). */
export function NavigateToLanding({ onError }: { onError?: ReactNode }) {
  const { data: user, isError } = useGetIdentity<UserInfo>();
  if (isError) return <>{onError ?? null}</>;
  if (!user) return <PageLoading fullScreen />;
  return <Navigate to={landingPath[user.role]} replace />;
}

/** Holds the shell back until logged/info has answered; says so when it could not. */
export function UserInfoGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: user, isError, refetch, isFetching } = useGetIdentity<UserInfo>();
  useEffect(() => {
    if (isError) void message.error(t("common.loginStatusFailed"));
  }, [isError, t]);
  if (isError) {
    return (
      <Result
        status="warning"
        title={t("common.loginStatusFailed")}
        extra={
          <Space>
            <Button type="primary" loading={isFetching} onClick={() => void refetch()}>
              {t("common.retry")}
            </Button>
            <Button onClick={logoutLocally}>{t("common.loginAgain")}</Button>
          </Space>
        }
      />
    );
  }
  if (!user) return <PageLoading fullScreen />;
  return <>{children}</>;
}

/** A resource's page, or the landing page when the role may not open it (spec §2: redirect, not 403). */
export function ResourceRoute({ resource, view, action }: { resource: string; view: View; action: Action }) {
  const Page = pageOf(resource, view);
  if (!Page) return <Navigate to="/404" replace />;
  return (
    <CanAccess resource={resource} action={action} fallback={<NavigateToLanding />}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </CanAccess>
  );
}
