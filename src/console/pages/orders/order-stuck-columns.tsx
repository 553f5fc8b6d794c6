import { Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { type ConsoleOrder, durationParts } from "#contracts";
import { formatMoney } from "../../../lib/format-decimal";
import { useNow } from "../../../pages/order/use-now";

/** A Processing order's time left before it fails on its own, ticking; "overdue" once past; "-" when final. */
function Deadline({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  const running = order.status === "processing";
  const now = useNow(running);
  if (!running) return <>-</>;
  const left = (Date.parse(order.deadlineAt) - now) / 1000;
  if (!(left > 0)) return <Typography.Text type="danger">{t("console-orders.overdue")}</Typography.Text>;
  const { key, params } = durationParts(left);
  return <>{t("console-orders.deadlineIn", { time: t(`order.duration.${key}`, params) })}</>;
}

/**
 * What customer service looks at to find a stuck order, beside the merchant's columns: the time left before its
 * deadline, the supplier holding it, and (once a supplier charged) the margin in the order's currency.
 */
export function stuckOrderColumns(t: TFunction): ColumnsType<ConsoleOrder> {
  return [
    { key: "deadline", title: t("console-orders.deadline"), render: (_, o) => <Deadline order={o} /> },
    { key: "supplier", title: t("console-orders.attempts.fields.supplier"), render: (_, o) => o.supplierName ?? "-" },
    {
      key: "margin",
      title: t("console-orders.margin"),
      align: "right",
      render: (_, o) => (o.margin === null ? "-" : `${formatMoney(o.margin)} ${o.currency}`),
    },
  ];
}
