import { LockOutlined } from "@ant-design/icons";
import { Descriptions, Empty, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type OrderDetail, placedByLabel } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { formatMoney } from "../../lib/format-decimal";
import { batchOrdersPath } from "../../lib/order-list";
import { OrderDuration } from "./order-duration";
import { OrderStatusTag } from "./order-status-tag";

/**
 * Every field of the order as people read it; a batch id leads to the other orders of its batch (in the merchant
 * portal: the console has no batch page, `batchLinks` false).
 */
export function OrderDetails({ order, batchLinks = true }: { order: OrderDetail; batchLinks?: boolean }) {
  const { t } = useTranslation();
  const label = (field: keyof OrderDetail) => t(`order.fields.${field}`);
  const money = (value: string) => `${formatMoney(value)} ${order.currency}`;
  return (
    // Two pairs a row up to 1600 px: at 1280 px, beside the menu, three pairs wrapped the merchant order number
    // under its copy button.
    <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}>
      <Descriptions.Item label={label("orderNo")}>
        <Typography.Text copyable>{order.orderNo}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={label("merchantOrderNo")}>
        <Typography.Text copyable>{order.merchantOrderNo}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={label("batchId")}>
        {order.batchId && batchLinks ? (
          <Link to={batchOrdersPath(order.batchId)}>{order.batchId}</Link>
        ) : (
          order.batchId || "-"
        )}
      </Descriptions.Item>
      <Descriptions.Item label={label("productName")}>{order.productName}</Descriptions.Item>
      <Descriptions.Item label={label("productType")}>
        {t(`enums.productType.${order.productType}`, { defaultValue: String(order.productType) })}
      </Descriptions.Item>
      <Descriptions.Item label={label("spec")}>{order.spec}</Descriptions.Item>
      <Descriptions.Item label={label("quantity")}>{order.quantity}</Descriptions.Item>
      <Descriptions.Item label={label("unitPrice")}>{money(order.unitPrice)}</Descriptions.Item>
      <Descriptions.Item label={label("amount")}>{money(order.amount)}</Descriptions.Item>
      <Descriptions.Item label={label("rechargeAccount")}>{order.rechargeAccount || "-"}</Descriptions.Item>
      <Descriptions.Item label={label("status")}>
        <OrderStatusTag status={order.status} />
      </Descriptions.Item>
      <Descriptions.Item label={label("source")}>{t(`enums.orderSource.${order.source}`)}</Descriptions.Item>
      <Descriptions.Item label={label("placedBy")}>{placedByLabel(order, t)}</Descriptions.Item>
      <Descriptions.Item label={label("createTime")}>{formatDateTime(order.createTime)}</Descriptions.Item>
      <Descriptions.Item label={label("completeTime")}>{formatDateTime(order.completeTime)}</Descriptions.Item>
      <Descriptions.Item label={label("duration")}>
        <OrderDuration order={order} />
      </Descriptions.Item>
      {order.failReason && (
        <Descriptions.Item label={label("failReason")} span="filled">
          <Typography.Text type="danger">{order.failReason}</Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The values the order was placed with; secrets arrive masked from the server and are marked as such. */
export function OrderInputs({ inputs }: { inputs: OrderDetail["inputs"] }) {
  const { t } = useTranslation();
  if (inputs.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("order.inputs.empty")} />;
  return (
    <Descriptions bordered size="small" column={1}>
      {inputs.map((input) => (
        <Descriptions.Item key={input.key} label={input.label}>
          {input.secret ? (
            <Tooltip title={t("order.inputs.secretHint")}>
              <Typography.Text type="secondary">
                <LockOutlined /> {input.value}
              </Typography.Text>
            </Tooltip>
          ) : (
            input.value || "-"
          )}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
