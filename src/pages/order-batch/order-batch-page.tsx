import { Alert, Card, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { ProductSkuPicker } from "../../components/order-entry/product-sku-picker";
import { useOrderTarget } from "../../components/order-entry/use-order-target";
import { BatchOrderEditor } from "./batch-order-editor";

/** Batch order: one product and SKU, many rows typed, pasted or imported from the generated template. */
export function OrderBatchPage() {
  const { t } = useTranslation();
  const { productId, product, sku, loading, error, pick } = useOrderTarget();
  let body = null;
  if (error) body = <Alert type="error" showIcon message={error.message} />;
  else if (loading) body = <Skeleton active />;
  else if (product && sku && sku.price !== null)
    // Rows belong to one product's fields: another product starts an empty grid; another SKU keeps the rows.
    body = <BatchOrderEditor key={product.id} product={product} sku={{ ...sku, price: sku.price }} />;
  return (
    <Card title={t("orderForm.titles.batch")}>
      <ProductSkuPicker productId={productId} product={product} skuId={sku?.id} onChange={pick} />
      {body}
    </Card>
  );
}
