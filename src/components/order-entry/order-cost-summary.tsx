import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../lib/format-decimal";
import { amountOf, balanceAfter, coversAmount } from "../../lib/order-inputs";

/** What an order costs before it is placed: price × quantity against the current balance, all exact decimals. */
export function OrderCostSummary({
  price,
  currency,
  quantity,
  balance,
  rows,
}: {
  price: string;
  currency: string;
  quantity: number;
  balance?: string;
  /** Rows of a batch (shown when given). */
  rows?: number;
}) {
  const { t } = useTranslation();
  const total = amountOf(price, quantity);
  const money = (value: string | undefined) => (value === undefined ? "-" : `${formatMoney(value)} ${currency}`);
  const after = balance === undefined ? undefined : balanceAfter(balance, total);
  const short = balance !== undefined && !coversAmount(balance, total);
  return (
    <Descriptions bordered size="small" column={1} title={t("orderForm.summary.title")}>
      <Descriptions.Item label={t("orderForm.summary.unitPrice")}>{money(price)}</Descriptions.Item>
      {rows !== undefined && <Descriptions.Item label={t("orderForm.summary.rows")}>{rows}</Descriptions.Item>}
      <Descriptions.Item label={t("orderForm.summary.quantity")}>{quantity}</Descriptions.Item>
      <Descriptions.Item label={t("orderForm.summary.total")}>
        <Typography.Text strong>{money(total)}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t("orderForm.summary.balance")}>{money(balance)}</Descriptions.Item>
      <Descriptions.Item label={t("orderForm.summary.balanceAfter")}>
        <Typography.Text type={short ? "danger" : undefined}>{money(after)}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
