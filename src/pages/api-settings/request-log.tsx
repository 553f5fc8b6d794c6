import { Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { type ApiRequestEntry, apiSettingsCalls } from "#contracts";
import { ListCard, RefreshButton, tableLoading } from "../../components/list-page";
import { usePagedCall } from "../../components/use-paged-call";
import { formatDateTime } from "../../lib/date-format";
import { useEnvironmentQuery } from "./environment";

/**
 * The AppID's recent Open API requests (7 days), newest first: what a developer looks at when a signature is
 * refused, before writing to support (the request id is the one to quote). Never bodies or signatures.
 */
export function RequestLog() {
  const { t } = useTranslation();
  const paged = usePagedCall<ApiRequestEntry>(apiSettingsCalls.requests, { query: useEnvironmentQuery() });
  const { query } = paged;
  const label = (field: string) => t(`api-settings.requests.fields.${field}`);
  return (
    <ListCard title={t("api-settings.titles.requests")} actions={<RefreshButton query={query} />}>
      <Typography.Paragraph type="secondary">{t("api-settings.requests.hint")}</Typography.Paragraph>
      <Table<ApiRequestEntry>
        {...paged.tableProps}
        rowKey="id"
        size="middle"
        loading={tableLoading(query)}
        columns={[
          { key: "time", title: label("time"), render: (_, r) => formatDateTime(r.time) },
          {
            key: "request",
            title: label("request"),
            render: (_, r) => (
              <Typography.Text code>
                {r.method} {r.path}
              </Typography.Text>
            ),
          },
          {
            key: "status",
            title: label("status"),
            render: (_, r) => (
              <Tag color={r.status < 300 ? "success" : r.status < 500 ? "warning" : "error"}>{r.status}</Tag>
            ),
          },
          { key: "errorCode", title: label("errorCode"), render: (_, r) => r.errorCode ?? "-" },
          {
            key: "latency",
            title: label("latency"),
            align: "right",
            // Said as the delivery attempts say it.
            render: (_, r) => t("api-settings.deliveries.attempts.ms", { ms: r.latencyMs }),
          },
          {
            key: "requestId",
            title: label("requestId"),
            render: (_, r) => <Typography.Text copyable>{r.requestId}</Typography.Text>,
          },
        ]}
      />
    </ListCard>
  );
}
