import { Button, Space, Table, type TableColumnsType } from "antd";
import { RefreshButton } from "../components/list-page";

/**
 * The console's short lists answered whole (staff, roles, suppliers, bank accounts, payment methods): a create
 * button for who may create, a refresh button, and an unpaged table of the query's rows.
 */
interface WholeListQuery<T> {
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  data?: { data: T[] };
}

export function WholeListActions({
  query,
  createLabel,
  onCreate,
}: {
  query: WholeListQuery<unknown>;
  createLabel: string;
  /** Absent for those who may not create. */
  onCreate?: () => void;
}) {
  return (
    <Space>
      {onCreate && (
        <Button type="primary" onClick={onCreate}>
          {createLabel}
        </Button>
      )}
      <RefreshButton query={query} />
    </Space>
  );
}

export function WholeListTable<T extends { id: number }>({
  query,
  columns,
}: {
  query: WholeListQuery<T>;
  columns: TableColumnsType<T>;
}) {
  return (
    <Table<T>
      rowKey="id"
      loading={query.isLoading}
      dataSource={query.data?.data ?? []}
      pagination={false}
      scroll={{ x: "max-content" }}
      columns={columns}
    />
  );
}
