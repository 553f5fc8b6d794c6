import { Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import type { Product, ProductSku } from "#contracts";
import { formatMoney } from "../../lib/format-decimal";
import { ProductOrderActions } from "./product-order-actions";

/** A product's SKUs with this merchant's price; each orderable one has its own order actions. */
export function ProductSkuTable({ product, mayOrder }: { product: Product; mayOrder: boolean }) {
  const { t } = useTranslation();
  const columns: ColumnsType<ProductSku> = [
    { key: "spec", title: t("product.sku.spec"), dataIndex: "spec" },
    {
      key: "faceValue",
      title: t("product.sku.faceValue"),
      render: (_, s) => `${formatMoney(s.faceValue)} ${s.currency}`,
    },
    {
      key: "price",
      title: t("product.sku.price"),
      render: (_, s) =>
        s.orderable && s.price !== null ? (
          `${formatMoney(s.price)} ${s.priceCurrency}`
        ) : (
          <Tag>{t("product.notAvailableForMerchant")}</Tag>
        ),
    },
  ];
  if (mayOrder)
    columns.push({
      key: "actions",
      title: t("product.fields.actions"),
      render: (_, s) => (
        <ProductOrderActions
          productId={product.id}
          skuId={s.id}
          disabledReason={
            product.status !== "enabled"
              ? t("product.reasons.disabled")
              : s.orderable && s.price !== null
                ? undefined
                : t("product.reasons.noPrice")
          }
        />
      ),
    });
  return <Table<ProductSku> rowKey="id" size="small" columns={columns} dataSource={product.skus} pagination={false} />;
}
