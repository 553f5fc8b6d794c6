import { Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type BatchSummary, batchListQuery, orderCalls } from "#contracts";
import { FilterForm, TextFilter, TimeRangeFilter } from "../../../components/list-filters";
import { ListCard, RefreshButton } from "../../../components/list-page";
import { orderPaths } from "../../../components/order-entry/order-links";
import { useListTable } from "../../../components/use-list-table";
import { formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format-decimal";
import { batchOrdersPath, type OrderFilterValues, orderListFilters } from "../../../lib/order-list";
import { orderStatusColor } from "../../../lib/order-status";

type HistoryFilters = Pick<OrderFilterValues, "batchId" | "createTime">;

/** Past batches, newest first: what was sent and refused then, and what their orders have become since. */
export function BatchHistory() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery, initialValues } = useListTable<BatchSummary, HistoryFilters>({
    resource: "batch-history",
    call: { declaration: orderCalls.batchList },
    location: { query: batchListQuery, sortable: [] },
    rangeName: "createTime",
    onSearch: orderListFilters,
    // A tab of the batch page: its keys share the address with the page's.
    address: { prefix: "history." },
    loadFailed: "orderForm.batch.historyLoadFailed",
  });
  const label = (field: string) => t(`orderForm.history.${field}`);
  const columns: ColumnsType<BatchSummary> = [
    {
      key: "batchId",
      title: label("batchId"),
      render: (_, b) => <Link to={orderPaths.batches(b.batchId)}>{b.batchId}</Link>,
    },
    { key: "product", title: label("product"), render: (_, b) => `${b.productName} / ${b.spec}` },
    { key: "createTime", title: label("createTime"), render: (_, b) => formatDateTime(b.createTime) },
    { key: "placedBy", title: label("placedBy"), render: (_, b) => b.placedBy ?? "-" },
    { key: "rows", title: label("rows"), dataIndex: "rows" },
    { key: "placed", title: label("placed"), dataIndex: "placed" },
    { key: "refused", title: label("refused"), dataIndex: "refused" },
    { key: "existing", title: label("existing"), dataIndex: "existing" },
    { key: "outcomes", title: label("outcomes"), render: (_, b) => <OrderCounts batch={b} /> },
    { key: "amount", title: label("amount"), render: (_, b) => `${formatMoney(b.amount)} ${b.currency}` },
    {
      key: "actions",
      title: label("actions"),
      render: (_, b) => (
        <Space>
          <Link to={orderPaths.batches(b.batchId)}>{t("orderForm.batch.viewResult")}</Link>
          <Link to={batchOrdersPath(b.batchId)}>{t("orderForm.batch.viewOrders")}</Link>
        </Space>
      ),
    },
  ];
  return (
    <ListCard title={t("orderForm.batch.tabHistory")} actions={<RefreshButton query={tableQuery} />}>
      <FilterForm<HistoryFilters> formProps={{ ...searchFormProps, initialValues }} labelWidth="8em">
        <TextFilter name="batchId" label={label("batchId")} schema={batchListQuery.shape.batchId} />
        <TimeRangeFilter name="createTime" label={label("createTime")} />
      </FilterForm>
      <Table<BatchSummary> {...tableProps} rowKey="batchId" columns={columns} />
    </ListCard>
  );
}

/** The orders' statuses now, as tags (only the ones there are). */
export function OrderCounts({ batch }: { batch: Pick<BatchSummary, "processing" | "success" | "failed"> }) {
  const { t } = useTranslation();
  const shown = (["processing", "success", "failed"] as const).filter((s) => batch[s] > 0);
  if (shown.length === 0) return <>-</>;
  return (
    <Space size={4} wrap>
      {shown.map((s) => (
        <Tag key={s} color={orderStatusColor[s]}>
          {t(`enums.orderStatus.${s}`)} {batch[s]}
        </Tag>
      ))}
    </Space>
  );
}
