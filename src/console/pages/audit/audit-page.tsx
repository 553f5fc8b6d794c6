import { DownloadOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { Button, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type AuditEntryItem, auditFilter, consoleAuditCalls, pathOf } from "#contracts";
import { useColumnChoice } from "../../../components/column-chooser";
import { ListCard, RefreshButton } from "../../../components/list-page";
import { useListTable, useNavigationKey } from "../../../components/use-list-table";
import { encodeFilters } from "../../../lib/list-query";
import { showFailure } from "../../../providers/http-client";
import { consoleHttp } from "../../console-session";
import { auditColumns, auditLaptopColumns, auditPhoneColumns } from "./audit-columns";
import { AuditEntryDrawer } from "./audit-entry-drawer";
import { AuditFilters, type AuditSearch, auditSearchFilters } from "./audit-filters";

/**
 * The audit log (issue 15): every console action and every merchant-side security event, newest first, searched
 * by action, actor, merchant, target and time, and exported with the same filters as a spreadsheet. Each entry
 * names its target and sums up its changes field by field; its drawer shows it whole (issue 36).
 */
export default function AuditPage() {
  return <AuditList key={useNavigationKey()} />;
}

function AuditList() {
  const { t } = useTranslation();
  const mayExport = useCan({ resource: "audit", action: "export" }).data?.can === true;
  const [exporting, setExporting] = useState(false);
  const [open, setOpen] = useState<AuditEntryItem | null>(null);
  const { columns, chooser } = useColumnChoice(
    "console-audit",
    auditColumns(t, setOpen),
    auditPhoneColumns,
    auditLaptopColumns,
  );
  const { tableProps, searchFormProps, tableQuery, filters, initialValues } = useListTable<AuditEntryItem, AuditSearch>(
    {
      resource: "audit",
      location: { query: auditFilter, sortable: [] },
      onSearch: auditSearchFilters,
      rangeName: "time",
      loadFailed: "console-audit.loadFailed",
    },
  );
  const label = (key: string) => t(`console-audit.${key}`);

  // A GET with the staff member's token (never in the URL), saved under the server's file name.
  const download = async () => {
    setExporting(true);
    try {
      // The filters in force, encoded as the list sends them: the export finds the same entries.
      const response = await consoleHttp.fetchFile(pathOf(consoleAuditCalls.export), {
        params: encodeFilters(filters),
      });
      if (response.status !== 200 || /json/i.test(response.headers.get("Content-Type") ?? ""))
        throw new Error(JSON.parse(await response.text()).message ?? t("common.unknownError"));
      const name = /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
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
        <Space wrap>
          {mayExport && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
              {label("export")}
            </Button>
          )}
          <RefreshButton query={tableQuery} />
          {chooser}
        </Space>
      }
    >
      <AuditFilters formProps={{ ...searchFormProps, initialValues }} />
      <Table<AuditEntryItem> {...tableProps} rowKey="id" columns={columns} />
      <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
    </ListCard>
  );
}
