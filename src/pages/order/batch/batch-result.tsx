import { Alert, Button, Space, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BatchOrderResult } from "#contracts";
import { orderPaths } from "../../../components/order-entry/order-links";
import { batchOutcome } from "../../../lib/order-inputs";
import { batchOrdersPath } from "../../../lib/order-list";
import { BATCH_PAGE_SIZE } from "./batch-grid";

type Outcome = BatchOrderResult["results"][number];
/** A result row beside the grid row it came from. */
export type ResultRow = Outcome & { position: number; rowKey: number; sentNo: string };

const alertType = { success: "success", partial: "warning", failed: "error", existing: "info" } as const;
export const outcomeMessageKey = {
  success: "orderForm.batch.resultSuccess",
  partial: "orderForm.batch.resultPartial",
  failed: "orderForm.batch.resultFailed",
  existing: "orderForm.batch.resultExisting",
} as const;

/** How a row turned out: placed now, an order that existed before (and where), or not placed and why. */
export function RowOutcome({
  row,
}: {
  row: Pick<Outcome, "ok" | "orderNo" | "existing" | "existingBatchId" | "message" | "errors">;
}) {
  const { t } = useTranslation();
  if (row.ok)
    return (
      <Space wrap>
        {row.existing ? (
          <Tag color="blue">{t("orderForm.batch.existing")}</Tag>
        ) : (
          <Tag color="green">{t("orderForm.batch.placed")}</Tag>
        )}
        {row.orderNo && <Link to={orderPaths.show(row.orderNo)}>{row.orderNo}</Link>}
        {row.existing && (
          <Typography.Text type="secondary">
            {row.existingBatchId ? (
              <Link to={orderPaths.batches(row.existingBatchId)}>
                {t("orderForm.batch.existingIn", { batchId: row.existingBatchId })}
              </Link>
            ) : (
              t("orderForm.batch.existingBefore")
            )}
          </Typography.Text>
        )}
      </Space>
    );
  return (
    <Space direction="vertical" size={0}>
      <Space>
        <Tag color="red">{t("orderForm.batch.notPlaced")}</Tag>
        <Typography.Text type="danger">{row.message}</Typography.Text>
      </Space>
      {Object.values(row.errors ?? {}).map((text) => (
        <Typography.Text key={text} type="danger" style={{ fontSize: 12 }}>
          {text}
        </Typography.Text>
      ))}
    </Space>
  );
}

/** Each row's outcome: its order (a link to it) or why it was not placed. */
export function BatchResult({
  result,
  rows,
  onKeepFailed,
}: {
  result: BatchOrderResult;
  rows: readonly ResultRow[];
  onKeepFailed: () => void;
}) {
  const { t } = useTranslation();
  const outcome = batchOutcome(result);
  const columns: ColumnsType<ResultRow> = [
    { key: "row", title: "#", width: 56, dataIndex: "position" },
    {
      key: "merchantOrderNo",
      title: t("orderForm.fields.merchantOrderNo"),
      render: (_, r) => r.merchantOrderNo ?? r.sentNo,
    },
    { key: "outcome", title: t("orderForm.batch.outcome"), render: (_, r) => <RowOutcome row={r} /> },
  ];
  const counts = { success: result.successCount, fail: result.failCount, existing: result.existingCount };
  const description =
    result.batchId === null
      ? t("orderForm.batch.countsNoBatch", counts)
      : result.existingCount > 0
        ? t("orderForm.batch.countsExisting", { ...counts, batchId: result.batchId })
        : t("orderForm.batch.counts", { ...counts, batchId: result.batchId });
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Alert
        type={alertType[outcome]}
        showIcon
        message={t(outcomeMessageKey[outcome])}
        description={
          <Space direction="vertical" size={4}>
            <span>{description}</span>
            {result.batchId !== null && (
              <Space wrap>
                <Link to={orderPaths.batches(result.batchId)}>{t("orderForm.batch.viewResult")}</Link>
                <Link to={batchOrdersPath(result.batchId)}>{t("orderForm.batch.viewOrders")}</Link>
              </Space>
            )}
          </Space>
        }
        action={
          outcome === "partial" ? (
            <Button size="small" onClick={onKeepFailed}>
              {t("orderForm.batch.keepFailed")}
            </Button>
          ) : undefined
        }
      />
      <Table<ResultRow>
        rowKey="position"
        size="small"
        columns={columns}
        dataSource={[...rows]}
        pagination={{ pageSize: BATCH_PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Space>
  );
}
