import { Alert, Card, Skeleton } from "antd";
import type { ReactNode } from "react";
import type { Product, ProductSku } from "#contracts";
import { PageTitle } from "../page-title";
import { ProductSkuPicker } from "./product-sku-picker";
import { useOrderTarget } from "./use-order-target";

export type PricedSku = ProductSku & { price: string };

/**
 * The frame of both order pages: pick the product and SKU (or arrive with them in the URL), then the page's own
 * entry for an orderable SKU. The entry is keyed by product: another product starts afresh, another SKU of the
 * same product keeps what was typed.
 */
export function OrderEntryCard({
  title,
  children,
}: {
  title: string;
  children: (product: Product, sku: PricedSku) => ReactNode;
}) {
  const { productId, product, sku, loading, error, pick } = useOrderTarget();
  let body: ReactNode = null;
  if (error) body = <Alert type="error" showIcon message={error.message} />;
  else if (loading) body = <Skeleton active />;
  else if (product && sku && sku.price !== null)
    body = <div key={product.id}>{children(product, { ...sku, price: sku.price })}</div>;
  return (
    <Card title={<PageTitle>{title}</PageTitle>}>
      <ProductSkuPicker productId={productId} product={product} skuId={sku?.id} onChange={pick} />
      {body}
    </Card>
  );
}
