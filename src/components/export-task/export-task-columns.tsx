import { Button, Popconfirm, Space, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { ExportTask } from "../../../server/src/contracts/export-tasks";
import { formatDateTime } from "../../lib/date-format";
import { canDownload, canTerminate } from "../../lib/export-tasks";

const statusColor: Record<number, string> = { 0: "default", 1: "processing", 2: "success", 3: "warning", 4: "error" };

export interface ExportTaskHandlers {
  onDownload: (task: ExportTask) => void;
  onTerminate: (task: ExportTask) => void;
  onDelete: (task: ExportTask) => void;
}

/** Spec §2: ID, type, status, progress, export time, finish time, actions. */
export function exportTaskColumns(t: TFunction, handlers: ExportTaskHandlers): ColumnsType<ExportTask> {
  return [
    { key: "id", title: t("export.columns.id"), dataIndex: "id", width: 80 },
    { key: "type", title: t("export.columns.type"), render: (_, task) => t(`enums.exportType.${task.type}`) },
    {
      key: "status",
      title: t("export.columns.status"),
      render: (_, task) => <Tag color={statusColor[task.status]}>{t(`enums.exportStatus.${task.status}`)}</Tag>,
    },
    { key: "progress", title: t("export.columns.progress"), render: (_, task) => `${task.processed} / ${task.total}` },
    { key: "createTime", title: t("export.columns.createTime"), render: (_, task) => formatDateTime(task.createTime) },
    { key: "finishTime", title: t("export.columns.finishTime"), render: (_, task) => formatDateTime(task.finishTime) },
    {
      key: "actions",
      title: t("export.columns.actions"),
      render: (_, task) => (
        <Space size={0}>
          {canDownload(task.status) && (
            <Button type="link" onClick={() => handlers.onDownload(task)}>
              {t("export.actions.download")}
            </Button>
          )}
          {canTerminate(task.status) && (
            <Popconfirm title={t("export.confirm.terminate")} onConfirm={() => handlers.onTerminate(task)}>
              <Button type="link">{t("export.actions.terminate")}</Button>
            </Popconfirm>
          )}
          <Popconfirm title={t("export.confirm.delete")} onConfirm={() => handlers.onDelete(task)}>
            <Button type="link" danger>
              {t("export.actions.delete")}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
