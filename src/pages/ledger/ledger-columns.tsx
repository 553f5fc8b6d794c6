import type { CrudSort } from "@refinedev/core";
import { Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { LedgerEntry } from "#contracts";
import { sortableColumn } from "../../components/list-page";
import { formatDateTime } from "../../lib/date-format";
import { formatMoney } from "../../lib/format-decimal";
import { amountTone } from "../../lib/funds";
import { orderPath } from "../../lib/order-list";

const toneType = { credit: "success", debit: "danger", none: undefined } as const;

/** A signed amount: credits green with a plus, debits red. */
export function SignedAmount({ amount, currency }: { amount: string; currency: string }) {
  const tone = amountTone(amount);
  return (
    <Typography.Text type={toneType[tone]} data-tone={tone}>
      {`${tone === "credit" ? "+" : ""}${formatMoney(amount)} ${currency}`}
    </Typography.Text>
  );
}

/** What a phone shows until its user chooses more. */
export const ledgerCompactColumns = ["fundNo", "type", "amount"] as const;

/**
 * Spec §3's fund transaction detail, type, amount and time leading (in sight on a 1280 px screen); an order
 * number opens that order; `sorters` mark the sorted column.
 */
export function ledgerColumns(t: TFunction, sorters: readonly CrudSort[]): ColumnsType<LedgerEntry> {
  const title = (field: string) => t(`ledger.fields.${field}`);
  return [
    { key: "fundNo", title: title("fundNo"), dataIndex: "fundNo", fixed: "left" },
    { key: "type", title: title("type"), render: (_, e) => t(`enums.ledgerType.${e.type}`) },
    {
      ...sortableColumn("amount", sorters),
      title: title("amount"),
      align: "right",
      render: (_, e) => <SignedAmount amount={e.amount} currency={e.currency} />,
    },
    {
      key: "balance",
      title: title("balance"),
      align: "right",
      render: (_, e) => `${formatMoney(e.balance)} ${e.currency}`,
    },
    { ...sortableColumn("time", sorters), title: title("time"), render: (_, e) => formatDateTime(e.time) },
    {
      key: "orderNo",
      title: title("orderNo"),
      render: (_, e) => (e.orderNo ? <Link to={orderPath("show", e.orderNo)}>{e.orderNo}</Link> : "-"),
    },
    { key: "productName", title: title("productName"), render: (_, e) => e.productName || "-" },
    { key: "rechargeAccount", title: title("rechargeAccount"), render: (_, e) => e.rechargeAccount || "-" },
    { key: "remark", title: title("remark"), render: (_, e) => e.remark || "-" },
  ];
}
