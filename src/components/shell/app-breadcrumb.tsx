import { useGetIdentity } from "@refinedev/core";
import { Breadcrumb } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { UserInfo } from "../../../server/src/contracts/auth";
import { landingPath } from "../../../server/src/contracts/resources";
import { breadcrumbTrail } from "../../resources";

/** Home, then the resource's groups and itself, all derived from the resource declaration. */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useGetIdentity<UserInfo>();
  const home = user ? landingPath[user.role] : "/";
  const items = [
    { key: "home", title: <Link to={home}>{t("shell.home")}</Link> },
    ...breadcrumbTrail(pathname).map((name) => ({ key: name, title: t(`menus.${name}`) })),
  ];
  return <Breadcrumb items={items} />;
}
