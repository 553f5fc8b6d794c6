import { Image, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { Product } from "#contracts";
import { orderPaths } from "../../components/order-entry/order-links";
import { isOrderable, orderableSkus } from "../../lib/order-inputs";
import { ProductOrderActions } from "./product-order-actions";
import { ProductSkuPrices } from "./product-sku-prices";

const THUMBNAIL = 48;

/** Why a product cannot be ordered by this merchant, or undefined when it can. */
export function notOrderableReason(product: Product, t: TFunction): string | undefined {
  if (product.status !== "enabled") return t("product.reasons.disabled");
  return isOrderable(product) ? undefined : t("product.reasons.noPrice");
}

export function ProductStatusTag({ product, t }: { product: Product; t: TFunction }) {
  return (
    <Tag color={product.status === "enabled" ? "green" : "default"}>{t(`enums.productStatus.${product.status}`)}</Tag>
  );
}

export function ProductImage({ product, size = THUMBNAIL }: { product: Product; size?: number }) {
  if (!product.imageUrl) return <div style={{ width: size, height: size }} />;
  return <Image src={product.imageUrl} alt={product.name} width={size} height={size} style={{ objectFit: "cover" }} />;
}

/**
 * The product list's columns; the order actions only for roles that may place orders. The code sits under the
 * name rather than in a column of its own, so the prices, the status and the order buttons fit a laptop's width
 * (a phone leaves it out: a code broken over three lines helps no one).
 */
export function productColumns(t: TFunction, mayOrder: boolean, compact: boolean): ColumnsType<Product> {
  const columns: ColumnsType<Product> = [
    { key: "image", title: t("product.fields.image"), width: 72, render: (_, p) => <ProductImage product={p} /> },
    {
      key: "name",
      title: t("product.fields.name"),
      render: (_, p) => (
        <>
          <Link to={orderPaths.product(p.id)}>{p.name}</Link>
          {!compact && (
            <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
              {p.code}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: "type",
      title: t("product.fields.type"),
      // A type is one word ("登录充值"), kept whole: it wraps at a space in English ("Login Topup").
      onCell: () => ({ style: { wordBreak: "keep-all" } }),
      render: (_, p) => t(`enums.productType.${p.type}`),
    },
    {
      key: "skus",
      title: t("product.fields.skuPrice"),
      render: (_, p) => <ProductSkuPrices skus={p.skus} />,
    },
    { key: "status", title: t("product.fields.status"), render: (_, p) => <ProductStatusTag product={p} t={t} /> },
  ];
  if (mayOrder)
    columns.push({
      key: "actions",
      title: t("product.fields.actions"),
      render: (_, p) => {
        const skus = orderableSkus(p);
        // One orderable SKU: the form opens on it; several: the form asks.
        const only = skus.length === 1 ? skus[0]?.id : undefined;
        return <ProductOrderActions productId={p.id} skuId={only} disabledReason={notOrderableReason(p, t)} />;
      },
    });
  return columns;
}
