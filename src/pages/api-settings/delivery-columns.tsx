import { Button, Popconfirm, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { Delivery } from "#contracts";
import { formatDateTime } from "../../lib/date-format";

const statusColor: Record<Delivery["status"], string> = {
  pending: "processing",
  delivered: "success",
  failed: "error",
  unsent: "default",
};

/** An HTTP code when the receiver answered, else why the try failed (timeout, refused, ...). */
function lastOutcome(d: Delivery): string {
  if (d.lastStatus !== null) return d.lastError ? `${d.lastStatus} ${d.lastError}` : String(d.lastStatus);
  return d.lastError ?? "-";
}

/** The delivery log's columns; `onResend` re-queues one event after the admin confirms. */
export function deliveryColumns(
  t: TFunction,
  onResend: (d: Delivery) => void,
  resending: number | null,
): ColumnsType<Delivery> {
  const title = (field: string) => t(`api-settings.deliveries.fields.${field}`);
  return [
    {
      key: "eventId",
      title: title("eventId"),
      render: (_, d) => <Typography.Text copyable>{d.eventId}</Typography.Text>,
    },
    { key: "channel", title: title("channel"), render: (_, d) => t(`api-settings.deliveries.channels.${d.channel}`) },
    { key: "type", title: title("type"), dataIndex: "type" },
    { key: "orderNo", title: title("orderNo"), render: (_, d) => d.orderNo ?? "-" },
    {
      key: "url",
      title: title("url"),
      render: (_, d) =>
        d.url ? (
          <Typography.Text style={{ maxWidth: 260 }} ellipsis={{ tooltip: d.url }}>
            {d.url}
          </Typography.Text>
        ) : (
          "-"
        ),
    },
    { key: "attempts", title: title("attempts"), align: "right", render: (_, d) => `${d.attempts} / ${d.maxAttempts}` },
    { key: "lastStatus", title: title("lastStatus"), render: (_, d) => lastOutcome(d) },
    { key: "nextAttemptTime", title: title("nextAttemptTime"), render: (_, d) => formatDateTime(d.nextAttemptTime) },
    {
      key: "status",
      title: title("status"),
      render: (_, d) => <Tag color={statusColor[d.status]}>{t(`api-settings.deliveries.statuses.${d.status}`)}</Tag>,
    },
    { key: "createTime", title: title("createTime"), render: (_, d) => formatDateTime(d.createTime) },
    {
      key: "actions",
      title: title("actions"),
      fixed: "right",
      render: (_, d) => (
        <Popconfirm
          title={t("api-settings.deliveries.resendTitle")}
          description={<div style={{ maxWidth: 320 }}>{t("api-settings.deliveries.resendText")}</div>}
          okText={t("api-settings.deliveries.resend")}
          cancelText={t("common.cancel")}
          onConfirm={() => onResend(d)}
        >
          <Button size="small" loading={resending === d.id}>
            {t("api-settings.deliveries.resend")}
          </Button>
        </Popconfirm>
      ),
    },
  ];
}
