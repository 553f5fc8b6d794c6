import { DownloadOutlined } from "@ant-design/icons";
import { type HttpError, useCustom } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Skeleton, Space, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BATCH_PAGE_SIZE, type BatchDetail, type BatchResultRow, orderCalls } from "#contracts";
import { orderPaths } from "../../../components/order-entry/order-links";
import { formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format-decimal";
import { batchOrdersPath } from "../../../lib/order-list";
import { customCall } from "../../../providers/api-call";
import { OrderStatusTag } from "../order-status-tag";
import { downloadBatchResult } from "./batch-files";
import { OrderCounts } from "./batch-history";
import { RowOutcome } from "./batch-result";

/** One past batch reopened: its figures and each submitted row's order (with its status now) or refusal. */
export function BatchHistoryResult({ batchId }: { batchId: string }) {
  const { t } = useTranslation();
  const { query, result } = useCustom<BatchDetail, HttpError>({
    ...customCall(orderCalls.batchOne, { batchNo: batchId }),
    queryOptions: { retry: false },
  });
  const back = <Link to={orderPaths.batches()}>{t("orderForm.batch.backToHistory")}</Link>;
  const batch = result.data;
  if (query.error)
    return (
      <Card title={batchId} extra={back}>
        <Alert type="error" showIcon message={t("orderForm.batch.resultLoadFailed", { reason: query.error.message })} />
      </Card>
    );
  if (!batch)
    return (
      <Card title={batchId} extra={back}>
        <Skeleton active />
      </Card>
    );
  const label = (field: string) => t(`orderForm.history.${field}`);
  const columns: ColumnsType<BatchResultRow> = [
    { key: "row", title: "#", width: 56, render: (_, r) => r.index + 1 },
    {
      key: "merchantOrderNo",
      title: t("orderForm.fields.merchantOrderNo"),
      render: (_, r) => r.merchantOrderNo ?? "-",
    },
    {
      key: "outcome",
      title: t("orderForm.batch.outcome"),
      // The same outcome as right after sending, with the order's status now.
      render: (_, r) => (
        <Space wrap>
          <RowOutcome
            row={{
              ok: r.orderNo !== null,
              orderNo: r.orderNo ?? undefined,
              existing: r.existing,
              message: r.message ?? undefined,
              errors: r.errors ?? undefined,
            }}
          />
          {r.status && <OrderStatusTag status={r.status} />}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={batch.batchId}
      extra={
        <Space wrap>
          {back}
          <Link to={batchOrdersPath(batch.batchId)}>{t("orderForm.batch.viewOrders")}</Link>
          <Button icon={<DownloadOutlined aria-hidden />} onClick={() => downloadBatchResult(batch, t)}>
            {t("orderForm.batch.downloadResult")}
          </Button>
        </Space>
      }
    >
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={label("product")}>{`${batch.productName} / ${batch.spec}`}</Descriptions.Item>
        <Descriptions.Item label={label("createTime")}>{formatDateTime(batch.createTime)}</Descriptions.Item>
        <Descriptions.Item label={label("placedBy")}>{batch.placedBy ?? "-"}</Descriptions.Item>
        <Descriptions.Item label={label("rows")}>{batch.rows}</Descriptions.Item>
        <Descriptions.Item label={label("placed")}>{batch.placed}</Descriptions.Item>
        <Descriptions.Item label={label("refused")}>{batch.refused}</Descriptions.Item>
        <Descriptions.Item label={label("existing")}>{batch.existing}</Descriptions.Item>
        <Descriptions.Item label={label("outcomes")}>
          <OrderCounts batch={batch} />
        </Descriptions.Item>
        <Descriptions.Item
          label={label("amount")}
        >{`${formatMoney(batch.amount)} ${batch.currency}`}</Descriptions.Item>
      </Descriptions>
      <Table<BatchResultRow>
        rowKey="index"
        size="small"
        columns={columns}
        dataSource={batch.results}
        pagination={{ pageSize: BATCH_PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Card>
  );
}
