import { Card, Result } from "antd";
import { useTranslation } from "react-i18next";
import { titleKey } from "#contracts";
import { resourceIcon } from "../resources/icons";

/** A resource whose screen arrives in a later release: says so plainly, shows no invented data. */
export function ComingSoon({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const icon = resourceIcon(resource);
  return (
    <Card>
      <Result icon={icon} title={t(titleKey(resource))} subTitle={t("common.comingSoon")} />
    </Card>
  );
}
