import { useGetIdentity } from "@refinedev/core";
import { Breadcrumb } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { landingPath, titleKey, type UserInfo } from "#contracts";
import { breadcrumbTrail, resourceForPath, viewForPath } from "../../resources";

/**
 * Home, then the resource's groups and itself, all derived from the resource declaration; on a page below a
 * resource (an item, create, batch) the resource links back to its list and the page is the last crumb.
 */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useGetIdentity<UserInfo>();
  const home = user ? landingPath[user.role] : "/";
  const view = viewForPath(pathname);
  const resource = resourceForPath(pathname);
  const items = [
    { key: "home", title: <Link to={home}>{t("shell.home")}</Link> },
    ...breadcrumbTrail(pathname).map((name) => ({
      key: name,
      title:
        view !== "list" && name === resource?.name ? (
          <Link to={resource.path}>{t(titleKey(name))}</Link>
        ) : (
          t(titleKey(name))
        ),
    })),
    ...(view && view !== "list" ? [{ key: "view", title: t(`shell.views.${view}`) }] : []),
  ];
  return <Breadcrumb items={items} />;
}
