import { Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { orderPaths } from "../../../components/order-entry/order-links";

/** "New batch" and "Batch history": two pages that read as tabs of one. */
export function BatchTabs({ active }: { active: "new" | "history" }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => navigate(key === "new" ? orderPaths.batch() : orderPaths.batches())}
      items={[
        { key: "new", label: t("orderForm.batch.tabNew") },
        { key: "history", label: t("orderForm.batch.tabHistory") },
      ]}
    />
  );
}
