import { Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { LedgerEntry } from "#contracts";
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

/** Spec §3's fund transaction detail, in its order; an order number opens that order. */
export function ledgerColumns(t: TFunction): ColumnsType<LedgerEntry> {
  const title = (field: string) => t(`ledger.fields.${field}`);
  return [
    { key: "fundNo", title: title("fundNo"), dataIndex: "fundNo", fixed: "left" },
    {
      key: "orderNo",
      title: title("orderNo"),
      render: (_, e) => (e.orderNo ? <Link to={orderPath("show", e.orderNo)}>{e.orderNo}</Link> : "-"),
    },
    { key: "productName", title: title("productName"), render: (_, e) => e.productName || "-" },
    { key: "rechargeAccount", title: title("rechargeAccount"), render: (_, e) => e.rechargeAccount || "-" },
    { key: "type", title: title("type"), render: (_, e) => t(`enums.ledgerType.${e.type}`) },
    {
      key: "amount",
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
    { key: "time", title: title("time"), render: (_, e) => formatDateTime(e.time) },
    { key: "remark", title: title("remark"), render: (_, e) => e.remark || "-" },
  ];
}
