import { type CrudFilter, useCan, useInvalidate } from "@refinedev/core";
import { Button, Form, Input, Select, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ConsoleDeposit, consoleDepositQuery, type DepositStatus, depositStatuses } from "#contracts";
import { useColumnChoice } from "../../../components/column-chooser";
import { ListCard, RefreshButton } from "../../../components/list-page";
import { useListTable, useNavigationKey } from "../../../components/use-list-table";
import { formatMoney } from "../../../lib/format-decimal";
import type { ListLocation } from "../../../lib/list-location";
import { DepositStatusTag } from "../../../pages/deposit/deposit-status-tag";
import { TwoLineTime, WrappedText } from "../../shared/wrapped-text";
import { DepositReview } from "./deposit-review";

interface Search {
  status?: DepositStatus | "all";
  merchantNo?: string;
  depositNo?: string;
}

/** The pending queue unless the address names another status (or none: `status=`). */
const depositsLocation: ListLocation = { query: consoleDepositQuery, sortable: [], defaults: { status: "pending" } };

const searchFilters = ({ status, merchantNo, depositNo }: Search): CrudFilter[] => [
  { field: "status", operator: "eq", value: status === "all" ? undefined : status },
  { field: "merchantNo", operator: "eq", value: merchantNo?.trim() },
  { field: "depositNo", operator: "eq", value: depositNo?.trim() },
];

/**
 * Deposit review (issue 15): every merchant's deposits, the pending queue first (oldest first, as the server
 * answers it), each reviewed in a drawer with its proof of payment, approved at a rate or rejected with a reason.
 */
export default function DepositsPage() {
  return <DepositList key={useNavigationKey()} />;
}

function DepositList() {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState<ConsoleDeposit | null>(null);
  const mayDecide = useCan({ resource: "deposits", action: "edit" }).data?.can === true;
  const invalidate = useInvalidate();
  const { tableProps, searchFormProps, tableQuery, initialValues } = useListTable<ConsoleDeposit, Search>({
    resource: "deposits",
    location: depositsLocation,
    onSearch: searchFilters,
    // The address names no status: the pending queue; `status=` (any status) shows as "All".
    formValues: ({ status, ...rest }) => ({ ...rest, status: (status as DepositStatus | undefined) ?? "all" }),
    loadFailed: "console-deposits.loadFailed",
  });

  const decided = () => {
    setReviewing(null);
    void invalidate({ resource: "deposits", invalidates: ["list"] });
  };

  // The settled amount is known once approved (the queue is pending): a laptop leaves it to the column chooser.
  const { columns, chooser } = useColumnChoice<ConsoleDeposit>(
    "console-deposits",
    [
      { key: "depositNo", title: t("deposit.fields.depositNo"), dataIndex: "depositNo" },
      {
        key: "merchant",
        title: t("console.fields.merchant"),
        render: (_, d) => <WrappedText width={160}>{`${d.merchantName} (${d.merchantNo})`}</WrappedText>,
      },
      {
        key: "amount",
        title: t("deposit.fields.amount"),
        align: "right",
        render: (_, d) => `${formatMoney(d.amount)} ${d.currency}`,
      },
      {
        key: "status",
        title: t("deposit.fields.status"),
        render: (_, d) => <DepositStatusTag status={d.status} />,
      },
      {
        key: "referenceNo",
        title: t("deposit.fields.referenceNo"),
        render: (_, d) => <WrappedText width={140}>{d.referenceNo}</WrappedText>,
      },
      {
        key: "transactionTime",
        title: t("deposit.fields.transactionTime"),
        render: (_, d) => <TwoLineTime time={d.transactionTime} />,
      },
      {
        key: "settled",
        title: t("deposit.fields.settledAmount"),
        align: "right",
        render: (_, d) => (d.settledAmount === null ? "-" : `${formatMoney(d.settledAmount)} ${d.settledCurrency}`),
      },
      {
        key: "actions",
        title: t("console.fields.actions"),
        fixed: "right",
        render: (_, d) => (
          <Space>
            <Button
              size="small"
              type={d.status === "pending" && mayDecide ? "primary" : "default"}
              onClick={() => setReviewing(d)}
            >
              {t(d.status === "pending" && mayDecide ? "console-deposits.review" : "console-deposits.view")}
            </Button>
          </Space>
        ),
      },
    ],
    ["merchant", "amount", "actions"],
    ["depositNo", "merchant", "amount", "status", "referenceNo", "transactionTime", "actions"],
  );

  return (
    <ListCard
      title={t("console-deposits.title")}
      actions={
        <Space wrap>
          <RefreshButton query={tableQuery} />
          {chooser}
        </Space>
      }
    >
      <Form {...searchFormProps} layout="inline" initialValues={initialValues} style={{ marginBottom: 16 }}>
        <Form.Item name="status" label={t("deposit.fields.status")}>
          <Select
            style={{ width: 140 }}
            options={[
              ...depositStatuses.map((s) => ({ value: s, label: t(`enums.depositStatus.${s}`) })),
              { value: "all", label: t("common.filters.any") },
            ]}
          />
        </Form.Item>
        <Form.Item name="merchantNo" label={t("console.fields.merchantNo")}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="depositNo" label={t("deposit.fields.depositNo")}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t("common.filters.search")}
        </Button>
      </Form>
      <Table<ConsoleDeposit> {...tableProps} rowKey="id" columns={columns} />
      <DepositReview deposit={reviewing} mayDecide={mayDecide} onClose={() => setReviewing(null)} onDecided={decided} />
    </ListCard>
  );
}
