import { DeleteOutlined } from "@ant-design/icons";
import { Button, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { BATCH_PAGE_SIZE, type OrderField } from "#contracts";
import type { BatchRow, BatchValidation, TemplateColumn } from "../../../lib/order-inputs";
import { GridCell } from "./batch-grid-cell";

/** Rows a grid page shows (BATCH_PAGE_SIZE): 1,000 rows stay quick because only one page is ever rendered. */
export { BATCH_PAGE_SIZE } from "#contracts";
export interface BatchGridProps {
  rows: readonly BatchRow[];
  columns: readonly TemplateColumn[];
  fields: readonly OrderField[];
  validation: BatchValidation;
  errorsShown: (key: number) => boolean;
  onCell: (key: number, columnId: string, value: string) => void;
  onPaste: (key: number, columnId: string, table: string[][]) => void;
  onRemove: (key: number) => void;
  page: number;
  onPage: (page: number) => void;
  /** Show only the rows whose errors are shown. */
  onlyErrors: boolean;
}

/** The editable batch grid: a column per field, then quantity and merchant order number, one page at a time. */
export function BatchGrid(props: BatchGridProps) {
  const { t } = useTranslation();
  const { rows, columns, validation, errorsShown } = props;
  const position = useMemo(() => new Map(rows.map((r, i) => [r.key, i + 1])), [rows]);
  const fieldByKey = useMemo(() => new Map(props.fields.map((f) => [f.key, f])), [props.fields]);
  const errorsOf = (row: BatchRow) => (errorsShown(row.key) ? validation.errors.get(row.key) : undefined);

  const tableColumns: ColumnsType<BatchRow> = [
    {
      key: "row",
      title: "#",
      width: 56,
      fixed: "left",
      render: (_, row) => (
        <Typography.Text type={errorsOf(row) ? "danger" : undefined}>{position.get(row.key)}</Typography.Text>
      ),
    },
    ...columns.map((column) => ({
      key: column.id,
      title: (
        <span>
          {column.required && <Typography.Text type="danger">* </Typography.Text>}
          {column.label}
        </span>
      ),
      render: (_: unknown, row: BatchRow) => (
        <GridCell
          row={row}
          column={column}
          field={column.id.startsWith("inputs.") ? fieldByKey.get(column.key) : undefined}
          position={position.get(row.key) ?? 0}
          error={errorsOf(row)?.[column.id]}
          onCell={props.onCell}
          onPaste={props.onPaste}
        />
      ),
    })),
    {
      key: "remove",
      width: 56,
      fixed: "right",
      render: (_, row) => (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t("orderForm.batch.removeRow", { row: position.get(row.key) })}
          onClick={() => props.onRemove(row.key)}
        />
      ),
    },
  ];

  return (
    <Table<BatchRow>
      rowKey="key"
      size="small"
      columns={tableColumns}
      dataSource={props.onlyErrors ? rows.filter((r) => errorsOf(r) !== undefined) : [...rows]}
      scroll={{ x: "max-content" }}
      pagination={{
        current: props.page,
        pageSize: BATCH_PAGE_SIZE,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: props.onPage,
        showTotal: (total) => t("common.total", { count: total }),
      }}
    />
  );
}
