import { useTranslation } from "react-i18next";
import { OrderEntryCard } from "../../components/order-entry/order-entry-card";
import { useMay } from "../../providers/use-may";
import { BatchOrderEditor } from "./batch/batch-order-editor";
import { BatchTabs } from "./batch/batch-tabs";

/** Batch order: one product and SKU, many rows typed, pasted or imported from the generated template. */
export default function OrderBatchPage() {
  const { t } = useTranslation();
  const mayList = useMay("order", "list");
  return (
    <>
      {mayList && <BatchTabs active="new" />}
      <OrderEntryCard title={t("orderForm.titles.batch")}>
        {(product, sku) => <BatchOrderEditor product={product} sku={sku} />}
      </OrderEntryCard>
    </>
  );
}
