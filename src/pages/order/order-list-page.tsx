import { Button, Space, Table } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Order } from "#contracts";
import { useColumnChoice, useCompactList } from "../../components/column-chooser";
import { ExportButton } from "../../components/export-task/export-button";
import { ListCard, RefreshButton } from "../../components/list-page";
import { useListTable, useNavigationKey } from "../../components/use-list-table";
import { type OrderFilterValues, orderListFilters, orderListLocation, orderPath } from "../../lib/order-list";
import { ORDER_LIST_REFRESH_MS, refreshInterval } from "../../lib/order-status";
import { useMay } from "../../providers/use-may";
import { orderColumns, orderCompactColumns } from "./order-columns";
import { OrderFilters } from "./order-filters";

/**
 * Order Management. Its search, sort and page live in the address (`?batchId=…` from a batch result is such a
 * search); a link to the list with another search starts it over.
 */
export default function OrderListPage() {
  return <OrderList key={useNavigationKey()} />;
}

function OrderList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tableProps, searchFormProps, tableQuery, filters, sorters, initialValues } = useListTable<
    Order,
    OrderFilterValues
  >({
    resource: "order",
    location: orderListLocation,
    rangeName: "createTime",
    onSearch: (values) => orderListFilters(values),
    loadFailed: "order.loadFailed",
    refetchInterval: (rows, failed) => refreshInterval(rows, failed, ORDER_LIST_REFRESH_MS),
  });
  const mayCreate = useMay("order", "create");
  const compact = useCompactList();
  const all = useMemo(() => orderColumns(t, sorters, { compact }), [t, sorters, compact]);
  const { columns, chooser } = useColumnChoice("order", all, orderCompactColumns);

  const actions = (
    <Space wrap>
      <RefreshButton query={tableQuery} />
      {chooser}
      <ExportButton resource="order" filters={filters} sorters={sorters} />
      <Button onClick={() => navigate(orderPath("batches"))}>{t("order.actions.batches")}</Button>
      {mayCreate && (
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
    <ListCard title={t("order.title")} actions={actions}>
      <OrderFilters formProps={{ ...searchFormProps, initialValues }} />
      <Table<Order> {...tableProps} rowKey="orderNo" columns={columns} />
    </ListCard>
  );
}
