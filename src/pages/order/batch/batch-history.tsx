import { type CrudFilter, type HttpError, useCustom } from "@refinedev/core";
import { Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type BatchSummary, batchListQuery, orderCalls, type Page } from "#contracts";
import { useCompactList } from "../../../components/column-chooser";
import { FilterForm, TextFilter, TimeRangeFilter } from "../../../components/list-filters";
import {
  DEFAULT_LIST_PAGE_SIZE,
  ListCard,
  listPagination,
  listTableLayout,
  RefreshButton,
  useLoadFailure,
} from "../../../components/list-page";
import { orderPaths } from "../../../components/order-entry/order-links";
import { formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format-decimal";
import { batchOrdersPath, type OrderFilterValues, orderListFilters } from "../../../lib/order-list";
import { orderStatusColor } from "../../../lib/order-status";
import { customCall } from "../../../providers/api-call";

type HistoryFilters = Pick<OrderFilterValues, "batchId" | "createTime">;

/** Past batches, newest first: what was sent and refused then, and what their orders have become since. */
export function BatchHistory() {
  const { t } = useTranslation();
  const compact = useCompactList();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_LIST_PAGE_SIZE });
  const [filters, setFilters] = useState<CrudFilter[]>([]);
  const { query, result } = useCustom<Page<BatchSummary>, HttpError>({
    ...customCall(orderCalls.batchList),
    config: { query: page, filters },
    queryOptions: { retry: false },
  });
  useLoadFailure(query.error, "orderForm.batch.historyLoadFailed");
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
  const data = result.data;
  return (
    <ListCard title={t("orderForm.batch.tabHistory")} actions={<RefreshButton query={query} />}>
      <FilterForm<HistoryFilters>
        formProps={{
          onFinish: (values) => {
            setFilters(orderListFilters(values));
            setPage((p) => ({ ...p, pageNum: 1 }));
          },
        }}
        labelWidth="8em"
      >
        <TextFilter name="batchId" label={label("batchId")} schema={batchListQuery.shape.batchId} />
        <TimeRangeFilter name="createTime" label={label("createTime")} />
      </FilterForm>
      <Table<BatchSummary>
        rowKey="batchId"
        {...listTableLayout(compact)}
        loading={query.isLoading}
        columns={columns}
        dataSource={data?.list ?? []}
        pagination={listPagination(
          {
            current: page.pageNum,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          },
          t,
          Boolean(data?.totalCapped),
          compact,
        )}
      />
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
