import { useTable } from "@refinedev/antd";
import { type HttpError, useCan } from "@refinedev/core";
import { Button, Card, Space, Table } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { Order, OrderStatus } from "#contracts";
import { ExportButton } from "../../components/export-task/export-button";
import { listPagination, RefreshButton, useLoadFailure } from "../../components/list-page";
import { type OrderFilterValues, orderListFilters, orderPath, statusFromAddress } from "../../lib/order-list";
import { hasProcessing, ORDER_LIST_REFRESH_MS, refreshInterval } from "../../lib/order-status";
import { orderColumns } from "./order-columns";
import { OrderFilters } from "./order-filters";
import { useNow } from "./use-now";

/**
 * Order Management: opened from a batch result as `?batchId=…`, it starts filtered by that batch; from a
 * failure-spike notification as `?status=failed`, by that status.
 */
export default function OrderListPage() {
  const [params] = useSearchParams();
  const batchId = params.get("batchId")?.trim() ?? "";
  const status = statusFromAddress(params.get("status"));
  // A new batch id or status in the address is a new search, even when the page is already open.
  return <OrderList key={`${batchId}|${status ?? ""}`} batchId={batchId} status={status} />;
}

function OrderList({ batchId, status }: { batchId: string; status: OrderStatus | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const initial: OrderFilterValues = { ...(batchId && { batchId }), ...(status && { status }) };
  const { tableProps, searchFormProps, tableQuery, filters, sorters } = useTable<Order, HttpError, OrderFilterValues>({
    resource: "order",
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { initial: orderListFilters(initial), defaultBehavior: "replace" },
    onSearch: (values) => orderListFilters(values),
    queryOptions: {
      // Each failure is already reported once by the http client and once here; retrying would repeat both.
      retry: false,
      refetchInterval: (q) => refreshInterval(q.state.data?.data, q.state.status === "error", ORDER_LIST_REFRESH_MS),
    },
  });
  const { data: createAccess } = useCan({ resource: "order", action: "create" });
  const rows = tableProps.dataSource as readonly Order[] | undefined;
  const now = useNow(hasProcessing(rows));
  const columns = useMemo(() => orderColumns(t, now), [t, now]);

  useLoadFailure(tableQuery.error, "order.loadFailed");

  const actions = (
    <Space wrap>
      <RefreshButton query={tableQuery} />
      <ExportButton resource="order" filters={filters} sorters={sorters} />
      {createAccess?.can && (
        <>
          <Button onClick={() => navigate(orderPath("batch"))}>{t("order.actions.batch")}</Button>
          <Button type="primary" onClick={() => navigate(orderPath("create"))}>
            {t("order.actions.create")}
          </Button>
        </>
      )}
    </Space>
  );

  return (
    <Card title={t("order.title")} extra={actions}>
      <OrderFilters formProps={{ ...searchFormProps, initialValues: initial }} />
      <Table<Order>
        {...tableProps}
        rowKey="orderNo"
        size="middle"
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={listPagination(tableProps.pagination, t, Boolean(tableQuery.data?.totalCapped))}
      />
    </Card>
  );
}
