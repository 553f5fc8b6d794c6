import { useCustom } from "@refinedev/core";
import { Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { type DeliveryAttempt, deliveryCalls } from "#contracts";
import { tableLoading } from "../../components/list-page";
import { formatDateTime } from "../../lib/date-format";
import { customCall } from "../../providers/api-call";
import { useEnvironmentQuery } from "./environment";

/** Every try of one delivery, oldest first: when, scheduled or Resend, where, what came back, how long it took. */
export function DeliveryAttempts({ id }: { id: number }) {
  const { t } = useTranslation();
  const { query } = useCustom<DeliveryAttempt[]>({
    ...customCall(deliveryCalls.attempts, { id }),
    config: { query: useEnvironmentQuery() },
    queryOptions: { retry: false },
  });
  const label = (key: string) => t(`api-settings.deliveries.attempts.${key}`);
  return (
    <Table<DeliveryAttempt>
      rowKey="time"
      size="small"
      pagination={false}
      loading={tableLoading(query)}
      dataSource={query.data?.data ?? []}
      locale={{ emptyText: label("none") }}
      columns={[
        { title: label("time"), dataIndex: "time", render: (time: string) => formatDateTime(time) },
        {
          title: label("kind"),
          dataIndex: "manual",
          render: (manual: boolean) => <Tag>{label(manual ? "manual" : "scheduled")}</Tag>,
        },
        {
          title: label("result"),
          render: (_, a) => (a.error === null ? label("delivered") : (a.error ?? String(a.httpStatus))),
        },
        {
          title: label("latency"),
          dataIndex: "latencyMs",
          render: (ms: number) => t("api-settings.deliveries.attempts.ms", { ms }),
        },
        { title: label("url"), dataIndex: "url", render: (url: string | null) => url ?? "-" },
      ]}
    />
  );
}
