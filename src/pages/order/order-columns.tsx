import type { CrudSort } from "@refinedev/core";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Order, type orderSortFields, placedByLabel } from "#contracts";
import { sortableColumn } from "../../components/list-page";
import { SecondaryText } from "../../components/plain-text";
import { formatDateTime } from "../../lib/date-format";
import { formatMoney } from "../../lib/format-decimal";
import { orderPath } from "../../lib/order-list";
import { OrderDuration } from "./order-duration";
import { OrderStatusTag } from "./order-status-tag";

/**
 * What a phone shows until its user chooses more: the order (with its recharge account under the number: the
 * field support is asked about most), its status and its amount.
 */
export const orderCompactColumns = ["orderNo", "status", "amount"] as const;

/** Where the console's order list differs: its order number opens a drawer, and it is always newest first. */
export interface OrderColumnOptions {
  open?: (order: Order) => ReactNode;
  sortable?: boolean;
  /** A phone's list: the recharge account goes under the order number, where it fits. */
  compact?: boolean;
}

/**
 * Spec §3's fields, the ones support looks at first leading (status and amount stay in sight on a 1280 px
 * screen); the order number opens the order; `sorters` mark the sorted column.
 */
export function orderColumns(
  t: TFunction,
  sorters: readonly CrudSort[],
  { open, sortable: sorts = true, compact = false }: OrderColumnOptions = {},
): ColumnsType<Order> {
  const title = (field: keyof Order) => t(`order.fields.${field}`);
  const sortable = (key: (typeof orderSortFields)[number]) => (sorts ? sortableColumn(key, sorters) : { key });
  return [
    {
      key: "orderNo",
      title: title("orderNo"),
      fixed: "left",
      render: (_, o) => (
        <>
          {open?.(o) ?? <Link to={orderPath("show", o.orderNo)}>{o.orderNo}</Link>}
          {compact && o.rechargeAccount && (
            <SecondaryText style={{ display: "block" }}>{o.rechargeAccount}</SecondaryText>
          )}
        </>
      ),
    },
    { key: "status", title: title("status"), render: (_, o) => <OrderStatusTag status={o.status} /> },
    {
      ...sortable("amount"),
      title: title("amount"),
      align: "right",
      render: (_, o) => `${formatMoney(o.amount)} ${o.currency}`,
    },
    { key: "rechargeAccount", title: title("rechargeAccount"), render: (_, o) => o.rechargeAccount || "-" },
    { key: "productName", title: title("productName"), dataIndex: "productName" },
    { ...sortable("createTime"), title: title("createTime"), render: (_, o) => formatDateTime(o.createTime) },
    { key: "merchantOrderNo", title: title("merchantOrderNo"), dataIndex: "merchantOrderNo" },
    { key: "spec", title: title("spec"), dataIndex: "spec" },
    { key: "quantity", title: title("quantity"), dataIndex: "quantity", align: "right" },
    { key: "duration", title: title("duration"), render: (_, o) => <OrderDuration order={o} /> },
    { key: "completeTime", title: title("completeTime"), render: (_, o) => formatDateTime(o.completeTime) },
    { key: "source", title: title("source"), render: (_, o) => t(`enums.orderSource.${o.source}`) },
    { key: "placedBy", title: title("placedBy"), render: (_, o) => placedByLabel(o, t) },
  ];
}
