import { SyncOutlined } from "@ant-design/icons";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { OrderStatus } from "#contracts";
import { orderStatusColor } from "../../lib/order-status";

/** Processing spins, so a row that is still moving looks like it. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={orderStatusColor[status]}
      style={{ marginInlineEnd: 0 }}
      icon={status === "processing" ? <SyncOutlined spin /> : undefined}
    >
      {t(`enums.orderStatus.${status}`)}
    </Tag>
  );
}
