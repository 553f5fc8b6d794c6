import { Button, Space, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { orderPaths } from "../../components/order-entry/order-links";

/**
 * "Order" and "Batch order" for a product (and an SKU, when one is meant). Disabled, with the reason, when there
 * is nothing this merchant may order; the caller hides them from roles that may not place orders.
 */
export function ProductOrderActions({
  productId,
  skuId,
  disabledReason,
}: {
  productId: number;
  skuId?: number;
  disabledReason?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (disabledReason)
    return (
      <Tooltip title={disabledReason}>
        <Space size="small" wrap>
          <Button size="small" disabled>
            {t("product.actions.order")}
          </Button>
          <Button size="small" disabled>
            {t("product.actions.batchOrder")}
          </Button>
        </Space>
      </Tooltip>
    );
  return (
    <Space size="small" wrap>
      <Button size="small" type="primary" onClick={() => navigate(orderPaths.create(productId, skuId))}>
        {t("product.actions.order")}
      </Button>
      <Button size="small" onClick={() => navigate(orderPaths.batch(productId, skuId))}>
        {t("product.actions.batchOrder")}
      </Button>
    </Space>
  );
}
