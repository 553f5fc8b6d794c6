import { useTranslation } from "react-i18next";
import { OrderEntryCard } from "../../components/order-entry/order-entry-card";
import { OrderCreateForm } from "./order-create-form";

/** Place one order: pick the product and SKU (or arrive with them in the URL), fill the form, see the cost. */
export default function OrderCreatePage() {
  const { t } = useTranslation();
  return (
    <OrderEntryCard title={t("orderForm.titles.create")}>
      {(product, sku) => <OrderCreateForm product={product} sku={sku} />}
    </OrderEntryCard>
  );
}
