import { type CrudFilter, useCan, useGetIdentity } from "@refinedev/core";
import { Button, Flex, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type Adjustment,
  type AdjustmentStatus,
  adjustmentCalls,
  adjustmentQuery,
  adjustmentRejectBody,
  adjustmentStatuses,
  type StaffInfo,
} from "#contracts";
import { useColumnChoice } from "../../../components/column-chooser";
import { FormDialog } from "../../../components/form-dialog";
import { ListCard, RefreshButton } from "../../../components/list-page";
import { useListTable, useNavigationKey } from "../../../components/use-list-table";
import { formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format-decimal";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";
import { WrappedText } from "../../shared/wrapped-text";
import { AdjustmentForm } from "./adjustment-form";

interface Search {
  status?: AdjustmentStatus;
  merchantNo?: string;
}
const searchFilters = ({ status, merchantNo }: Search): CrudFilter[] => [
  { field: "status", operator: "eq", value: status },
  { field: "merchantNo", operator: "eq", value: merchantNo?.trim() },
];
const statusColor: Record<AdjustmentStatus, string> = { pending: "processing", posted: "success", rejected: "error" };

/**
 * Balance adjustments (issue 15): a Reduce or an Other entry with a remark. Small ones post at once; above the
 * configured amount one waits for a second staff member (four-eyes), who approves it or rejects it with a reason.
 */
export default function AdjustmentsPage() {
  return <AdjustmentList key={useNavigationKey()} />;
}

function AdjustmentList() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<StaffInfo>();
  const mayCreate = useCan({ resource: "adjustments", action: "create" }).data?.can === true;
  const mayDecide = useCan({ resource: "adjustments", action: "edit" }).data?.can === true;
  const [creating, setCreating] = useState(false);
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const { tableProps, searchFormProps, tableQuery, initialValues } = useListTable<Adjustment, Search>({
    resource: "adjustments",
    location: { query: adjustmentQuery, sortable: [] },
    onSearch: searchFilters,
    loadFailed: "console-adjustments.loadFailed",
  });
  const reload = () => void tableQuery.refetch();

  const approve = async (a: Adjustment) => {
    if (await consoleCall(adjustmentCalls.approve, { params: { id: a.id } }).catch(() => null)) {
      void message.success(t("console-adjustments.approved"));
      reload();
    }
  };
  const reject = async ({ reason }: { reason: string }) => {
    if (!rejecting) return;
    await consoleCall(adjustmentCalls.reject, { params: { id: rejecting.id }, body: { reason } });
    void message.success(t("console-adjustments.rejected"));
    setRejecting(null);
    reload();
  };
  const label = (field: string) => t(`console-adjustments.fields.${field}`);
  // The type (the amount's sign says it), who decided and why a rejection are for the record: a laptop leaves them
  // to the column chooser.
  const { columns, chooser } = useColumnChoice<Adjustment>(
    "console-adjustments",
    [
      {
        key: "merchant",
        title: t("console.fields.merchant"),
        render: (_, a) => <WrappedText width={150}>{`${a.merchantName} (${a.merchantNo})`}</WrappedText>,
      },
      { key: "type", title: label("type"), render: (_, a) => t(`console-adjustments.types.${a.type}`) },
      {
        key: "amount",
        title: label("amount"),
        align: "right",
        render: (_, a) => `${formatMoney(a.amount)} ${a.currency}`,
      },
      {
        key: "status",
        title: label("status"),
        render: (_, a) => <Tag color={statusColor[a.status]}>{t(`console-adjustments.statuses.${a.status}`)}</Tag>,
      },
      { key: "remark", title: label("remark"), render: (_, a) => <WrappedText width={180}>{a.remark}</WrappedText> },
      {
        key: "requestedBy",
        title: label("requestedBy"),
        // Who asked, and when under it: one column for both leaves the balance after room at a laptop's width.
        render: (_, a) => (
          <WrappedText width={150}>
            {a.requestedBy}
            <Typography.Text type="secondary" style={{ display: "block" }}>
              {formatDateTime(a.requestTime)}
            </Typography.Text>
          </WrappedText>
        ),
      },
      {
        key: "decidedBy",
        title: label("decidedBy"),
        render: (_, a) => <WrappedText width={180}>{a.decidedBy ?? "-"}</WrappedText>,
      },
      {
        key: "rejectReason",
        title: label("rejectReason"),
        render: (_, a) => <WrappedText>{a.rejectReason ?? "-"}</WrappedText>,
      },
      {
        key: "balanceAfter",
        title: label("balanceAfter"),
        align: "right",
        render: (_, a) => (a.balanceAfter === null ? "-" : `${formatMoney(a.balanceAfter)} ${a.currency}`),
      },
      {
        key: "actions",
        title: t("console.fields.actions"),
        fixed: "right",
        // Four-eyes: the one who asked does not decide (the server refuses it too).
        render: (_, a) =>
          a.status === "pending" && mayDecide && a.requestedBy !== me?.username ? (
            // One above the other: the column stays narrow enough for the rest to fit a laptop's width.
            <Flex vertical align="flex-start">
              <Popconfirm title={t("console-adjustments.confirmApprove")} onConfirm={() => approve(a)}>
                <Button type="link" size="small">
                  {t("console-adjustments.approve")}
                </Button>
              </Popconfirm>
              <Button type="link" size="small" danger onClick={() => setRejecting(a)}>
                {t("console-adjustments.reject")}
              </Button>
            </Flex>
          ) : null,
      },
    ],
    ["merchant", "amount", "actions"],
    ["merchant", "amount", "status", "remark", "requestedBy", "balanceAfter", "actions"],
  );

  return (
    <ListCard
      title={t("console-adjustments.title")}
      actions={
        <Space wrap>
          {mayCreate && (
            <Button type="primary" onClick={() => setCreating(true)}>
              {t("console-adjustments.create")}
            </Button>
          )}
          <RefreshButton query={tableQuery} />
          {chooser}
        </Space>
      }
    >
      <Form {...searchFormProps} initialValues={initialValues} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="status" label={label("status")}>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t("common.filters.any")}
            options={adjustmentStatuses.map((s) => ({ value: s, label: t(`console-adjustments.statuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="merchantNo" label={t("console.fields.merchantNo")}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t("common.filters.search")}
        </Button>
      </Form>
      <Table<Adjustment> {...tableProps} rowKey="id" columns={columns} />
      <AdjustmentForm
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          reload();
        }}
      />
      <FormDialog<{ reason: string }>
        open={rejecting !== null}
        title={t("console-adjustments.reject")}
        form={rejectForm}
        name="reject-adjustment"
        okText={t("console-adjustments.reject")}
        danger
        onSubmit={reject}
        onClose={() => setRejecting(null)}
      >
        <Form.Item
          name="reason"
          label={label("rejectReason")}
          required
          rules={[zodRule(adjustmentRejectBody.shape.reason, t)]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </FormDialog>
    </ListCard>
  );
}
