import { Card, Result } from "antd";
import { useTranslation } from "react-i18next";
import { findResource } from "#contracts";
import { resourceIcon } from "../resources/icons";

/** A resource whose screen arrives in a later release: says so plainly, shows no invented data. */
export function ComingSoon({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const icon = resourceIcon(findResource(resource)?.icon ?? "");
  return (
    <Card>
      <Result icon={icon} title={t(`menus.${resource}`)} subTitle={t("common.comingSoon")} />
    </Card>
  );
}
