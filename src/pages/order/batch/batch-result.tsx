import { Alert, Button, Space, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BatchOrderResult } from "#contracts";
import { orderPaths } from "../../../components/order-entry/order-links";
import { batchOutcome } from "../../../lib/order-inputs";
import { BATCH_PAGE_SIZE } from "./batch-grid";

type Outcome = BatchOrderResult["results"][number];
/** A result row beside the grid row it came from. */
export type ResultRow = Outcome & { position: number; rowKey: number; sentNo: string };

const alertType = { success: "success", partial: "warning", failed: "error" } as const;
export const outcomeMessageKey = {
  success: "orderForm.batch.resultSuccess",
  partial: "orderForm.batch.resultPartial",
  failed: "orderForm.batch.resultFailed",
} as const;

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
    {
      key: "outcome",
      title: t("orderForm.batch.outcome"),
      render: (_, r) =>
        r.ok ? (
          <Space>
            <Tag color="green">{t("orderForm.batch.placed")}</Tag>
            {r.orderNo && <Link to={orderPaths.show(r.orderNo)}>{r.orderNo}</Link>}
          </Space>
        ) : (
          <Space direction="vertical" size={0}>
            <Space>
              <Tag color="red">{t("orderForm.batch.notPlaced")}</Tag>
              <Typography.Text type="danger">{r.message}</Typography.Text>
            </Space>
            {Object.values(r.errors ?? {}).map((text) => (
              <Typography.Text key={text} type="danger" style={{ fontSize: 12 }}>
                {text}
              </Typography.Text>
            ))}
          </Space>
        ),
    },
  ];
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Alert
        type={alertType[outcome]}
        showIcon
        message={t(outcomeMessageKey[outcome])}
        description={t("orderForm.batch.counts", {
          success: result.successCount,
          fail: result.failCount,
          batchId: result.batchId,
        })}
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
