import { useDelete, useList, useUpdate } from "@refinedev/core";
import { Drawer, Table } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ExportStatus, type ExportTask } from "#contracts";
import {
  EXPORT_DEFAULT_PAGE_SIZE,
  EXPORT_PAGE_SIZES,
  EXPORT_REFRESH_MS,
  hasPendingTasks,
} from "../../lib/export-tasks";
import { message } from "../../lib/toast";
import { showFailure } from "../../providers/http-client";
import { downloadExport } from "../../providers/portal-api";
import { useLoadFailure } from "../list-page";
import { exportTaskColumns } from "./export-task-columns";

const RESOURCE = "export-task";

/** The export tasks of the user's merchant, reloading every 5 s while one is queued or processing. */
export function ExportTaskDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ currentPage: 1, pageSize: EXPORT_DEFAULT_PAGE_SIZE });
  // Spec §4: a terminated task shows as terminated at once, before the next reload confirms it.
  const [terminated, setTerminated] = useState<ReadonlySet<number>>(new Set());
  const { result, query } = useList<ExportTask>({
    resource: RESOURCE,
    pagination: { ...page, mode: "server" },
    queryOptions: {
      enabled: open,
      refetchInterval: (q) => (open && hasPendingTasks(q.state.data?.data) ? EXPORT_REFRESH_MS : false),
    },
  });
  const { mutate: update } = useUpdate<ExportTask>();
  const { mutate: remove } = useDelete<ExportTask>();

  // Opening the drawer (from the user menu or after a page started an export) shows the newest tasks first.
  useEffect(() => {
    if (open) setPage((current) => ({ ...current, currentPage: 1 }));
  }, [open]);

  // Deleting the last row of the last page leaves that page empty: step back to the page that now is last.
  const total = result.total ?? 0;
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(total / page.pageSize));
    if (!query.isFetching && page.currentPage > lastPage) setPage((current) => ({ ...current, currentPage: lastPage }));
  }, [total, page, query.isFetching]);

  useLoadFailure(query.error, "export-task.loadFailed", "warning");

  const rows = useMemo(
    () => result.data.map((task) => (terminated.has(task.id) ? { ...task, status: ExportStatus.terminated } : task)),
    [result.data, terminated],
  );

  const columns = exportTaskColumns(t, {
    onDownload: (task) => downloadExport(task.id),
    onTerminate: (task) =>
      update(
        { resource: RESOURCE, id: task.id, values: {} },
        {
          onSuccess: () => {
            setTerminated((ids) => new Set(ids).add(task.id));
            void message.success(t("export-task.terminated"));
            void query.refetch();
          },
          onError: (error) => showFailure(error, t("export-task.terminateFailed", { reason: error.message })),
        },
      ),
    onDelete: (task) =>
      remove(
        { resource: RESOURCE, id: task.id },
        {
          onSuccess: () => {
            void message.warning(t("export-task.deleted"));
            void query.refetch();
          },
          onError: (error) => showFailure(error, t("export-task.deleteFailed", { reason: error.message })),
        },
      ),
  });

  return (
    <Drawer title={t("export-task.title")} placement="right" width={1000} open={open} onClose={onClose}>
      <Table<ExportTask>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={query.isLoading}
        scroll={{ x: "max-content" }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total,
          pageSizeOptions: EXPORT_PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) => t("common.total", { count: total }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
    </Drawer>
  );
}
