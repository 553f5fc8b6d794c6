import type { CrudSort } from "@refinedev/core";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { Deposit } from "#contracts";
import { sortableColumn } from "../../components/list-page";
import { formatDateTime } from "../../lib/date-format";
import { formatMoney } from "../../lib/format-decimal";
import { formatRate } from "../../lib/funds";
import { DepositStatusTag } from "./deposit-status-tag";
import { ProofView } from "./proof-view";

const money = (amount: string | null, currency: string | null) =>
  amount === null ? "-" : `${formatMoney(amount)} ${currency ?? ""}`.trim();

/** What a phone shows until its user chooses more. */
export const depositCompactColumns = ["depositNo", "amount", "status"] as const;

/**
 * Spec §3's fund record, status next to the amount (both in sight on a 1280 px screen); the settlement columns
 * stay "-" until the record is approved; `sorters` mark the sorted column.
 */
export function depositColumns(t: TFunction, sorters: readonly CrudSort[]): ColumnsType<Deposit> {
  const title = (field: string) => t(`deposit.fields.${field}`);
  return [
    { key: "depositNo", title: title("depositNo"), dataIndex: "depositNo", fixed: "left" },
    {
      ...sortableColumn("amount", sorters),
      title: title("amount"),
      align: "right",
      render: (_, d) => money(d.amount, d.currency),
    },
    { key: "status", title: title("status"), render: (_, d) => <DepositStatusTag status={d.status} /> },
    { key: "referenceNo", title: title("referenceNo"), dataIndex: "referenceNo" },
    { key: "paymentGateway", title: title("paymentGateway"), dataIndex: "paymentGateway" },
    {
      ...sortableColumn("transactionTime", sorters),
      title: title("transactionTime"),
      render: (_, d) => formatDateTime(d.transactionTime),
    },
    {
      key: "settledAmount",
      title: title("settledAmount"),
      align: "right",
      render: (_, d) => money(d.settledAmount, d.settledCurrency),
    },
    { key: "exchangeRate", title: title("exchangeRate"), align: "right", render: (_, d) => formatRate(d.exchangeRate) },
    {
      key: "balanceBefore",
      title: title("balanceBefore"),
      align: "right",
      render: (_, d) => money(d.balanceBefore, d.settledCurrency),
    },
    {
      key: "balanceAfter",
      title: title("balanceAfter"),
      align: "right",
      render: (_, d) => money(d.balanceAfter, d.settledCurrency),
    },
    { key: "type", title: title("type"), render: (_, d) => t(`enums.depositType.${d.type}`) },
    { key: "statusTime", title: title("statusTime"), render: (_, d) => formatDateTime(d.statusTime) },
    { key: "companyName", title: title("companyName"), dataIndex: "companyName" },
    { key: "bankAccount", title: title("bankAccount"), dataIndex: "bankAccount" },
    {
      key: "proof",
      title: title("proof"),
      render: (_, d) => <ProofView url={d.proofUrl} contentType={d.proofContentType} />,
    },
    { key: "remarks", title: title("remarks"), render: (_, d) => d.remarks || "-" },
    {
      key: "rejectReason",
      title: title("rejectReason"),
      render: (_, d) => (d.status === "failed" && d.rejectReason ? d.rejectReason : "-"),
    },
  ];
}
