import { useCan } from "@refinedev/core";
import { Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { ListCard } from "../../../components/list-page";
import { BlockedAccounts } from "./blocked-accounts";
import { RiskEvents } from "./risk-events";
import { RiskSettingsForm } from "./risk-settings";

/**
 * Risk control (issue 16): the rules' settings (orders per account per hour, the new-merchant cooling period),
 * the recharge accounts nobody may order for, and the orders the rules refused. Reading needs risk:list; changing
 * a setting or the blocked list, risk:edit. Each merchant's daily limits are set on the merchant.
 */
export default function RiskPage() {
  const { t } = useTranslation();
  const mayEdit = useCan({ resource: "risk", action: "edit" }).data?.can === true;
  return (
    <ListCard title={t("console-risk.title")}>
      <Tabs
        items={[
          {
            key: "settings",
            label: t("console-risk.tabs.settings"),
            children: <RiskSettingsForm mayEdit={mayEdit} />,
          },
          {
            key: "blocked",
            label: t("console-risk.tabs.blocked"),
            children: <BlockedAccounts mayEdit={mayEdit} />,
          },
          { key: "events", label: t("console-risk.tabs.events"), children: <RiskEvents /> },
        ]}
      />
    </ListCard>
  );
}
