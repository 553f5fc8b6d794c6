import { type HttpError, useCustom } from "@refinedev/core";
import { Button, Flex, Space, Table, type TableColumnsType } from "antd";
import { type ReactNode, useState } from "react";
import type { CallDeclaration } from "#contracts";
import { useCompactList } from "../components/column-chooser";
import { keyboardScrollable, listTableLayout, RefreshButton, useLoadFailure } from "../components/list-page";
import { customCall } from "../providers/api-call";

/**
 * The console's short lists answered whole (staff, roles, suppliers, bank accounts, payment methods): read with
 * their call, the row being edited (or "new"), a create button for who may create, a refresh button, and an
 * unpaged table of the rows.
 */
interface WholeListQuery<T> {
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  data?: { data: T[] };
}

/** The list's rows, its load failure said in words (`loadFailed`, a key), and which row the form edits. */
export function useWholeList<T>(call: CallDeclaration, options: { loadFailed?: string; enabled?: boolean } = {}) {
  const { query } = useCustom<T[], HttpError>({
    ...customCall(call),
    queryOptions: { retry: false, enabled: options.enabled ?? true },
  });
  useLoadFailure(options.loadFailed ? query.error : null, options.loadFailed ?? "");
  const [editing, setEditing] = useState<T | "new" | null>(null);
  return {
    query,
    editing,
    setEditing,
    /** The form saved: it closes and the list is read again. */
    saved: () => {
      setEditing(null);
      void query.refetch();
    },
  };
}

/** A console list's create button (for who may create), refresh button and column chooser; paged lists use it too. */
export function WholeListActions({
  query,
  createLabel,
  onCreate,
  chooser,
}: {
  query: { isFetching: boolean; refetch: () => unknown };
  createLabel: string;
  /** Absent for those who may not create. */
  onCreate?: () => void;
  /** The list's column chooser (useColumnChoice), if it has more columns than every width shows. */
  chooser?: ReactNode;
}) {
  return (
    <Space wrap>
      {onCreate && (
        <Button type="primary" onClick={onCreate}>
          {createLabel}
        </Button>
      )}
      <RefreshButton query={query} />
      {chooser}
    </Space>
  );
}

/** The actions above a list that sits in a tab rather than in a card's title. */
export function WholeListToolbar(props: Parameters<typeof WholeListActions>[0]) {
  return (
    <Flex wrap align="center" justify="flex-end" gap={8} style={{ marginBottom: 16 }}>
      <WholeListActions {...props} />
    </Flex>
  );
}

/** A short list's table: every row, no pages, laid out for the width (a phone's smaller cells, nothing fixed). */
export function WholeListTable<T extends { id: number }>({
  query,
  columns,
}: {
  query: WholeListQuery<T>;
  columns: TableColumnsType<T>;
}) {
  const compact = useCompactList();
  return (
    <Table<T>
      ref={keyboardScrollable}
      rowKey="id"
      loading={query.isLoading}
      dataSource={query.data?.data ?? []}
      pagination={false}
      {...listTableLayout(compact)}
      // On a phone no column stays fixed: it would take half the screen and hide the others.
      columns={compact ? columns.map((c) => ({ ...c, fixed: undefined })) : columns}
    />
  );
}
