import { useOne } from "@refinedev/core";
import { Alert, Card, Descriptions, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { Product } from "#contracts";
import { useMayOrder } from "../../components/order-entry/use-order-access";
import { PageTitle } from "../../components/page-title";
import { orderableSkus } from "../../lib/order-inputs";
import { notOrderableReason, ProductImage, ProductStatusTag } from "./product-columns";
import { ProductFieldTable } from "./product-field-table";
import { ProductOrderActions } from "./product-order-actions";
import { ProductSkuTable } from "./product-sku-table";

/** One product: what it is, its SKUs at this merchant's prices, the inputs an order needs, and the order actions. */
export default function ProductShowPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const mayOrder = useMayOrder();
  const { result: product, query } = useOne<Product>({ resource: "product", id });

  if (query.isError) return <Alert type="error" showIcon message={query.error.message} />;
  if (!product)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const skus = orderableSkus(product);
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card
        title={<PageTitle>{product.name}</PageTitle>}
        extra={
          mayOrder && (
            <ProductOrderActions
              productId={product.id}
              skuId={skus.length === 1 ? skus[0]?.id : undefined}
              disabledReason={notOrderableReason(product, t)}
            />
          )
        }
      >
        <Space align="start" size="large" wrap>
          <ProductImage product={product} size={120} />
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label={t("product.fields.code")}>{product.code}</Descriptions.Item>
            <Descriptions.Item label={t("product.fields.type")}>
              {t(`enums.productType.${product.type}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t("product.fields.status")}>
              <ProductStatusTag product={product} t={t} />
            </Descriptions.Item>
            <Descriptions.Item label={t("product.fields.deadline")}>
              {t("product.deadlineValue", { seconds: product.deadlineSeconds })}
            </Descriptions.Item>
          </Descriptions>
        </Space>
        {product.description && (
          <Typography.Paragraph style={{ marginTop: 16, whiteSpace: "pre-line" }}>
            {product.description}
          </Typography.Paragraph>
        )}
      </Card>
      <Card title={t("product.titles.skus")}>
        <ProductSkuTable product={product} mayOrder={mayOrder} />
      </Card>
      <Card title={t("product.titles.fields")}>
        <ProductFieldTable fields={product.fields} />
      </Card>
    </Space>
  );
}
