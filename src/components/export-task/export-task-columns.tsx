import { Button, Popconfirm, Progress, Space, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { ExportStatus, type ExportTask } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { canDownload, canTerminate, exportPercent } from "../../lib/export-tasks";

const statusColor: Record<number, string> = {
  [ExportStatus.queued]: "default",
  [ExportStatus.processing]: "processing",
  [ExportStatus.completed]: "success",
  [ExportStatus.terminated]: "warning",
  [ExportStatus.exception]: "error",
};

const progressStatus: Record<number, "success" | "exception" | "active" | "normal"> = {
  [ExportStatus.processing]: "active",
  [ExportStatus.completed]: "success",
  [ExportStatus.exception]: "exception",
};

export interface ExportTaskHandlers {
  onDownload: (task: ExportTask) => void;
  onTerminate: (task: ExportTask) => void;
  onDelete: (task: ExportTask) => void;
}

function StatusTag({ task, t }: { task: ExportTask; t: TFunction }) {
  const tag = <Tag color={statusColor[task.status]}>{t(`enums.exportStatus.${task.status}`)}</Tag>;
  // A failed task says why on hover; the reason is the server's, already in the user's language.
  if (task.status !== ExportStatus.exception || !task.error) return tag;
  return (
    <Tooltip title={task.error}>
      <span>{tag}</span>
    </Tooltip>
  );
}

function TaskProgress({ task, label }: { task: ExportTask; label: string }) {
  const percent = exportPercent(task);
  const count = `${task.processed} / ${task.total}`;
  return (
    <Space size="small">
      {percent !== null && (
        <Progress
          percent={percent}
          status={progressStatus[task.status] ?? "normal"}
          size="small"
          showInfo={false}
          aria-label={`${label} ${count}`}
          style={{ width: 80, margin: 0 }}
        />
      )}
      <Typography.Text type={percent === null ? "secondary" : undefined}>{count}</Typography.Text>
    </Space>
  );
}

/** Spec §2: ID, type, status, progress, export time, finish time, actions; and the file's format after the type. */
export function exportTaskColumns(t: TFunction, handlers: ExportTaskHandlers): ColumnsType<ExportTask> {
  return [
    { key: "id", title: t("export-task.columns.id"), dataIndex: "id", width: 80 },
    { key: "type", title: t("export-task.columns.type"), render: (_, task) => t(`enums.exportType.${task.type}`) },
    {
      key: "format",
      title: t("export-task.columns.format"),
      render: (_, task) => <Tag>{t(`export-task.formats.${task.format}`)}</Tag>,
    },
    { key: "status", title: t("export-task.columns.status"), render: (_, task) => <StatusTag task={task} t={t} /> },
    {
      key: "progress",
      title: t("export-task.columns.progress"),
      render: (_, task) => <TaskProgress task={task} label={t("export-task.columns.progress")} />,
    },
    {
      key: "createTime",
      title: t("export-task.columns.createTime"),
      render: (_, task) => formatDateTime(task.createTime),
    },
    {
      key: "finishTime",
      title: t("export-task.columns.finishTime"),
      render: (_, task) => formatDateTime(task.finishTime),
    },
    {
      key: "actions",
      title: t("export-task.columns.actions"),
      render: (_, task) => (
        <Space size={0}>
          {canDownload(task.status) && (
            <Button type="link" onClick={() => handlers.onDownload(task)}>
              {t("export-task.actions.download")}
            </Button>
          )}
          {canTerminate(task.status) && (
            <Popconfirm title={t("export-task.confirm.terminate")} onConfirm={() => handlers.onTerminate(task)}>
              <Button type="link">{t("export-task.actions.terminate")}</Button>
            </Popconfirm>
          )}
          <Popconfirm title={t("export-task.confirm.delete")} onConfirm={() => handlers.onDelete(task)}>
            <Button type="link" danger>
              {t("export-task.actions.delete")}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
