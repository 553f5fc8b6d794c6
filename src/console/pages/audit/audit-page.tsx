import { DownloadOutlined } from "@ant-design/icons";
import { type CrudFilter, useCan } from "@refinedev/core";
import { Button, DatePicker, Form, Input, Select, Space, Table, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AuditAction,
  type AuditActorKind,
  type AuditEntryItem,
  auditActions,
  auditActorKinds,
  auditFilter,
  consoleAuditCalls,
  pathOf,
} from "#contracts";
import { ListCard, RefreshButton } from "../../../components/list-page";
import { useListTable, useNavigationKey } from "../../../components/use-list-table";
import { formatDateTime } from "../../../lib/date-format";
import { encodeFilters } from "../../../lib/list-query";
import { showFailure } from "../../../providers/http-client";
import { currentLanguage } from "../../../providers/i18n-provider";
import { consoleTokens } from "../../../providers/token-storage";
import { consoleHttp } from "../../console-session";

interface Search {
  action?: AuditAction;
  actorKind?: AuditActorKind;
  actor?: string;
  merchantNo?: string;
  target?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
}

const searchFilters = (values: Search): CrudFilter[] => {
  const [start, end] = values.time ?? [];
  const text = (v?: string) => v?.trim() || undefined;
  return [
    { field: "action", operator: "eq", value: values.action },
    { field: "actorKind", operator: "eq", value: values.actorKind },
    { field: "actor", operator: "eq", value: text(values.actor) },
    { field: "merchantNo", operator: "eq", value: text(values.merchantNo) },
    { field: "target", operator: "eq", value: text(values.target) },
    { field: "startTime", operator: "eq", value: start?.startOf("second").toISOString() },
    { field: "endTime", operator: "eq", value: end?.endOf("second").toISOString() },
  ];
};

const changes = (e: AuditEntryItem) =>
  e.before || e.after ? `${JSON.stringify(e.before ?? {})} → ${JSON.stringify(e.after ?? {})}` : "-";

/**
 * The audit log (issue 15): every console action and every merchant-side security event, newest first, searched
 * by action, actor, merchant, target and time, and exported with the same filters as a spreadsheet.
 */
export default function AuditPage() {
  return <AuditList key={useNavigationKey()} />;
}

function AuditList() {
  const { t } = useTranslation();
  const mayExport = useCan({ resource: "audit", action: "export" }).data?.can === true;
  const [exporting, setExporting] = useState(false);
  const { tableProps, searchFormProps, tableQuery, filters, initialValues } = useListTable<AuditEntryItem, Search>({
    resource: "audit",
    location: { query: auditFilter, sortable: [] },
    onSearch: searchFilters,
    rangeName: "time",
    loadFailed: "console-audit.loadFailed",
  });
  const label = (key: string) => t(`console-audit.${key}`);

  // A GET with the staff member's token (never in the URL), saved under the server's file name.
  const download = async () => {
    setExporting(true);
    try {
      // The filters in force, encoded as the list sends them: the export finds the same entries.
      const response = await consoleHttp.instance.get<Blob>(pathOf(consoleAuditCalls.export), {
        params: encodeFilters(filters),
        responseType: "blob",
        headers: { Authorization: consoleTokens.get() ?? "", "Accept-Language": currentLanguage() },
      });
      if (response.status !== 200 || /json/i.test(String(response.headers["content-type"] ?? "")))
        throw new Error(JSON.parse(await (response.data as Blob).text()).message ?? t("common.unknownError"));
      const name = /filename="?([^";]+)"?/.exec(String(response.headers["content-disposition"] ?? ""))?.[1];
      const link = document.createElement("a");
      link.href = URL.createObjectURL(response.data);
      link.download = name ?? "audit.xlsx";
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      showFailure(error, t("console-audit.exportFailed", { reason: (error as Error).message }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListCard
      title={t("console-audit.title")}
      actions={
        <Space>
          {mayExport && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
              {label("export")}
            </Button>
          )}
          <RefreshButton query={tableQuery} />
        </Space>
      }
    >
      <Form {...searchFormProps} initialValues={initialValues} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="action" label={label("action")}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={t("common.filters.any")}
            options={auditActions.map((a) => ({ value: a, label: t(`console-audit.actions.${a}`) }))}
          />
        </Form.Item>
        <Form.Item name="actorKind" label={label("actorKind")}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t("common.filters.any")}
            options={auditActorKinds.map((k) => ({ value: k, label: t(`console-audit.actorKinds.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="actor" label={label("actor")}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="merchantNo" label={t("console.fields.merchantNo")}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="target" label={label("target")}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="time" label={label("time")}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t("common.filters.search")}
        </Button>
      </Form>
      <Table<AuditEntryItem>
        {...tableProps}
        rowKey="id"
        columns={[
          { key: "time", title: label("time"), render: (_, e) => formatDateTime(e.time) },
          { key: "action", title: label("action"), render: (_, e) => t(`console-audit.actions.${e.action}`) },
          {
            key: "actor",
            title: label("actor"),
            render: (_, e) => `${e.actorName} (${t(`console-audit.actorKinds.${e.actorKind}`)})`,
          },
          { key: "merchant", title: t("console.fields.merchant"), render: (_, e) => e.merchantNo ?? "-" },
          { key: "target", title: label("target"), render: (_, e) => `${e.targetKind} ${e.targetId}`.trim() || "-" },
          { key: "address", title: label("address"), render: (_, e) => e.clientIp || "-" },
          {
            key: "changes",
            title: label("changes"),
            render: (_, e) => (
              <Typography.Text code style={{ whiteSpace: "pre-wrap", maxWidth: 420, display: "inline-block" }}>
                {changes(e)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </ListCard>
  );
}
