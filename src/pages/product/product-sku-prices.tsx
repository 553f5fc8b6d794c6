import { Space, Tag, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ProductSku } from "#contracts";
import { formatMoney } from "../../lib/format-decimal";
import { priceRange } from "../../lib/order-inputs";

/** Beyond this many SKUs a row shows the price range, with every SKU in a tooltip. */
const MAX_TAGS = 3;

function SkuTag({ sku }: { sku: ProductSku }) {
  const { t } = useTranslation();
  if (!sku.orderable || sku.price === null) return <Tag>{`${sku.spec} · ${t("product.notAvailable")}`}</Tag>;
  return <Tag color="blue">{`${sku.spec} · ${formatMoney(sku.price)} ${sku.priceCurrency}`}</Tag>;
}

/** The merchant's own price of each SKU of a product (prices differ per merchant). */
export function ProductSkuPrices({ skus }: { skus: readonly ProductSku[] }) {
  const { t } = useTranslation();
  const tags = (
    <Space size={[0, 4]} wrap>
      {skus.map((sku) => (
        <SkuTag key={sku.id} sku={sku} />
      ))}
    </Space>
  );
  if (skus.length <= MAX_TAGS) return tags;
  const range = priceRange(skus);
  const text = range
    ? range.min === range.max
      ? `${formatMoney(range.min)} ${range.currency}`
      : `${formatMoney(range.min)} – ${formatMoney(range.max)} ${range.currency}`
    : t("product.notAvailable");
  return (
    <Tooltip title={tags} color="white">
      <Typography.Text>{text}</Typography.Text>{" "}
      <Typography.Text type="secondary">{t("product.skuCount", { n: skus.length })}</Typography.Text>
    </Tooltip>
  );
}
