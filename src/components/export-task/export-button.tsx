import { DownOutlined, ExportOutlined } from "@ant-design/icons";
import { type CrudFilter, type CrudSort, useInvalidate } from "@refinedev/core";
import { Button, Dropdown, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ExportableResource, type ExportFormat, exportFormats, exportListCalls } from "#contracts";
import { exportQuery, readerTimeZone } from "../../lib/export-tasks";
import { message } from "../../lib/toast";
import { callApi } from "../../providers/api-call";
import { showFailure } from "../../providers/http-client";
import { useMay } from "../../providers/use-may";
import { useExportDrawer } from "../shell/export-drawer-context";

interface ExportButtonProps {
  resource: ExportableResource;
  /** The list's current filters and sorters (useTable's state), so the file holds what the list shows. */
  filters?: readonly CrudFilter[];
  sorters?: readonly CrudSort[];
}

/**
 * Starts an export of a list page's current search, then opens the drawer where its progress shows. A split
 * button: "Export" writes the XLSX (the default); its arrow offers the formats (XLSX or CSV).
 */
export function ExportButton({ resource, filters, sorters }: ExportButtonProps) {
  const { t } = useTranslation();
  const mayExport = useMay(resource, "export");
  const exportDrawer = useExportDrawer();
  const invalidate = useInvalidate();
  const [starting, setStarting] = useState(false);
  if (!mayExport) return null;

  const start = async (format: ExportFormat) => {
    setStarting(true);
    try {
      await callApi(exportListCalls[resource], {
        query: { ...exportQuery(filters, sorters), timeZone: readerTimeZone(), format },
      });
      void message.success(t("export-task.created"));
      await invalidate({ resource: "export-task", invalidates: ["list"] });
      exportDrawer.open();
    } catch (error) {
      showFailure(error, t("export-task.createFailed", { reason: (error as Error).message }));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Space.Compact>
      <Button icon={<ExportOutlined aria-hidden />} loading={starting} onClick={() => void start("xlsx")}>
        {t("export-task.actions.export")}
      </Button>
      <Dropdown
        trigger={["click"]}
        disabled={starting}
        menu={{
          items: exportFormats.map((format) => ({ key: format, label: t(`export-task.actions.exportAs.${format}`) })),
          onClick: ({ key }) => void start(key as ExportFormat),
        }}
      >
        <Button icon={<DownOutlined aria-hidden />} aria-label={t("export-task.actions.chooseFormat")} />
      </Dropdown>
    </Space.Compact>
  );
}
