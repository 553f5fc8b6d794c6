import { useCan } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { OrderEntryCard } from "../../components/order-entry/order-entry-card";
import { BatchOrderEditor } from "./batch/batch-order-editor";
import { BatchTabs } from "./batch/batch-tabs";

/** Batch order: one product and SKU, many rows typed, pasted or imported from the generated template. */
export default function OrderBatchPage() {
  const { t } = useTranslation();
  const { data: history } = useCan({ resource: "order", action: "list" });
  return (
    <>
      {history?.can && <BatchTabs active="new" />}
      <OrderEntryCard title={t("orderForm.titles.batch")}>
        {(product, sku) => <BatchOrderEditor product={product} sku={sku} />}
      </OrderEntryCard>
    </>
  );
}
