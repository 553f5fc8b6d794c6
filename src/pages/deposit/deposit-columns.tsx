import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { Deposit } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { formatMoney } from "../../lib/format-decimal";
import { formatRate } from "../../lib/funds";
import { DepositStatusTag } from "./deposit-status-tag";
import { ProofView } from "./proof-view";

const money = (amount: string | null, currency: string | null) =>
  amount === null ? "-" : `${formatMoney(amount)} ${currency ?? ""}`.trim();

/** Spec §3's fund record, in its order; the settlement columns stay "-" until the record is approved. */
export function depositColumns(t: TFunction): ColumnsType<Deposit> {
  const title = (field: string) => t(`deposit.fields.${field}`);
  return [
    { key: "depositNo", title: title("depositNo"), dataIndex: "depositNo", fixed: "left" },
    { key: "amount", title: title("amount"), align: "right", render: (_, d) => money(d.amount, d.currency) },
    { key: "referenceNo", title: title("referenceNo"), dataIndex: "referenceNo" },
    { key: "paymentGateway", title: title("paymentGateway"), dataIndex: "paymentGateway" },
    { key: "transactionTime", title: title("transactionTime"), render: (_, d) => formatDateTime(d.transactionTime) },
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
    { key: "status", title: title("status"), render: (_, d) => <DepositStatusTag status={d.status} /> },
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
