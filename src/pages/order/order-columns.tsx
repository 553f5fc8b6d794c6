import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import { type Order, placedByLabel } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { formatMoney } from "../../lib/format-decimal";
import { orderPath } from "../../lib/order-list";
import { OrderDuration } from "./order-duration";
import { OrderStatusTag } from "./order-status-tag";

/** Spec §3, in its order: the order number opens the order; `now` drives the live durations. */
export function orderColumns(t: TFunction, now: number): ColumnsType<Order> {
  const title = (field: keyof Order) => t(`order.fields.${field}`);
  return [
    {
      key: "orderNo",
      title: title("orderNo"),
      fixed: "left",
      render: (_, o) => <Link to={orderPath("show", o.orderNo)}>{o.orderNo}</Link>,
    },
    { key: "merchantOrderNo", title: title("merchantOrderNo"), dataIndex: "merchantOrderNo" },
    { key: "productName", title: title("productName"), dataIndex: "productName" },
    { key: "spec", title: title("spec"), dataIndex: "spec" },
    { key: "quantity", title: title("quantity"), dataIndex: "quantity", align: "right" },
    { key: "rechargeAccount", title: title("rechargeAccount"), render: (_, o) => o.rechargeAccount || "-" },
    { key: "status", title: title("status"), render: (_, o) => <OrderStatusTag status={o.status} /> },
    { key: "duration", title: title("duration"), render: (_, o) => <OrderDuration order={o} now={now} /> },
    { key: "createTime", title: title("createTime"), render: (_, o) => formatDateTime(o.createTime) },
    { key: "completeTime", title: title("completeTime"), render: (_, o) => formatDateTime(o.completeTime) },
    {
      key: "amount",
      title: title("amount"),
      align: "right",
      render: (_, o) => `${formatMoney(o.amount)} ${o.currency}`,
    },
    { key: "source", title: title("source"), render: (_, o) => t(`enums.orderSource.${o.source}`) },
    { key: "placedBy", title: title("placedBy"), render: (_, o) => placedByLabel(o, t) },
  ];
}
