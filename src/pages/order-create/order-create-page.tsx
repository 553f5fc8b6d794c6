import { Alert, Card, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { ProductSkuPicker } from "../../components/order-entry/product-sku-picker";
import { useOrderTarget } from "../../components/order-entry/use-order-target";
import { OrderCreateForm } from "./order-create-form";

/** Place one order: pick the product and SKU (or arrive with them in the URL), fill the form, see the cost. */
export function OrderCreatePage() {
  const { t } = useTranslation();
  const { productId, product, sku, loading, error, pick } = useOrderTarget();
  let body = null;
  if (error) body = <Alert type="error" showIcon message={error.message} />;
  else if (loading) body = <Skeleton active />;
  else if (product && sku && sku.price !== null)
    // A new product starts a new form; a new SKU of the same product keeps what was typed.
    body = <OrderCreateForm key={product.id} product={product} sku={{ ...sku, price: sku.price }} />;
  return (
    <Card title={t("orderForm.titles.create")}>
      <ProductSkuPicker productId={productId} product={product} skuId={sku?.id} onChange={pick} />
      {body}
    </Card>
  );
}
