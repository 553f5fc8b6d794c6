import { Input, Typography } from "antd";
import { type ClipboardEvent, memo } from "react";
import { useTranslation } from "react-i18next";
import { type MessageRef, type OrderField, translateMessage } from "#contracts";
import { FieldControl } from "../../../components/order-entry/field-control";
import { parseDelimited } from "../../../lib/csv";
import type { BatchRow, TemplateColumn } from "../../../lib/order-inputs";

export interface GridCellProps {
  row: BatchRow;
  column: TemplateColumn;
  /** The field behind an input column (undefined for quantity and merchant order number). */
  field: OrderField | undefined;
  position: number;
  error: MessageRef | undefined;
  onCell: (key: number, columnId: string, value: string) => void;
  onPaste: (key: number, columnId: string, table: string[][]) => void;
}

function cellValue(row: BatchRow, column: TemplateColumn): string {
  if (column.id === "quantity") return row.quantity;
  if (column.id === "merchantOrderNo") return row.merchantOrderNo;
  return row.inputs[column.key] ?? "";
}

/**
 * One editable cell. Memoised: with 1,000 rows an edit re-renders only its own row's cells. A cell with an
 * error turns red and says why beneath; a paste of several spreadsheet cells fills rightwards and downwards.
 */
export const GridCell = memo(function GridCell({
  row,
  column,
  field,
  position,
  error,
  onCell,
  onPaste,
}: GridCellProps) {
  const { t } = useTranslation();
  const label = `${column.label} ${position}`;
  const value = cellValue(row, column);
  const change = (next: string) => onCell(row.key, column.id, next);
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData("text/plain").replace(/\r?\n$/, "");
    if (!/[\t\r\n]/.test(text)) return;
    event.preventDefault();
    onPaste(row.key, column.id, parseDelimited(text, "\t"));
  };
  const status = error ? ("error" as const) : undefined;
  return (
    <div style={{ minWidth: column.id === "quantity" ? 72 : 150 }}>
      {field ? (
        <FieldControl
          field={field}
          size="small"
          aria-label={label}
          value={value}
          onChange={change}
          onPaste={paste}
          {...(status ? { status } : {})}
        />
      ) : (
        <Input
          size="small"
          aria-label={label}
          value={value}
          placeholder={column.id === "merchantOrderNo" ? t("orderForm.batch.autoNumber") : "1"}
          onChange={(e) => change(e.target.value)}
          onPaste={paste}
          status={status}
        />
      )}
      {error && (
        <Typography.Text type="danger" style={{ fontSize: 12, display: "block" }}>
          {translateMessage(t, error)}
        </Typography.Text>
      )}
    </div>
  );
});
