import { useMemo, useRef, useState } from "react";
import type { OrderField } from "#contracts";
import {
  type BatchRow,
  fillMerchantOrderNos,
  type RowErrors,
  type TemplateColumn,
  validateRow,
  validateRows,
} from "../../../lib/order-inputs";

type RowValues = Omit<BatchRow, "key">;

function withCell(row: BatchRow, columnId: string, value: string): BatchRow {
  if (columnId === "quantity") return { ...row, quantity: value };
  if (columnId === "merchantOrderNo") return { ...row, merchantOrderNo: value };
  const key = columnId.slice("inputs.".length);
  return { ...row, inputs: { ...row.inputs, [key]: value } };
}

const isUntouchedBlank = (row: BatchRow) =>
  row.merchantOrderNo === "" && row.quantity === "" && Object.values(row.inputs).every((v) => v === "");

/**
 * The batch grid's rows and their validation. Rows are replaced, never mutated, so a row's check is cached by
 * its identity: an edit re-checks one row, and the whole batch costs one pass for the duplicate numbers.
 * The actions keep their identity across renders, so the grid's memoised cells re-render only for their row.
 */
export function useBatchRows(fields: readonly OrderField[], columns: readonly TemplateColumn[]) {
  const nextKey = useRef(1);
  const blank = (): BatchRow => ({
    key: nextKey.current++,
    merchantOrderNo: "",
    quantity: "",
    inputs: Object.fromEntries(fields.map((f) => [f.key, ""])),
  });
  const [rows, setRows] = useState<BatchRow[]>(() => [blank()]);
  // Rows someone has edited or imported show their errors at once; the others after a submit attempt.
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const cache = useRef(new WeakMap<BatchRow, RowErrors>());
  // The latest values for the stable actions below.
  const latest = useRef({ rows, blank, columns });
  latest.current = { rows, blank, columns };

  const validation = useMemo(
    () =>
      validateRows(rows, fields, (row) => {
        let errors = cache.current.get(row);
        if (!errors) {
          errors = validateRow(row, fields);
          cache.current.set(row, errors);
        }
        return errors;
      }),
    [rows, fields],
  );

  const actions = useMemo(() => {
    const touch = (keys: number[]) =>
      setTouched((old) => (keys.every((k) => old.has(k)) ? old : new Set([...old, ...keys])));
    return {
      showAllErrors: () => setShowAll(true),
      addRow: () => setRows((old) => [...old, latest.current.blank()]),
      removeRow: (key: number) => setRows((old) => old.filter((r) => r.key !== key)),
      clear: () => {
        setRows([latest.current.blank()]);
        setTouched(new Set());
        setShowAll(false);
      },
      keepRows: (keys: ReadonlySet<number>) => setRows((old) => old.filter((r) => keys.has(r.key))),
      setCell: (key: number, columnId: string, value: string) => {
        setRows((old) => old.map((r) => (r.key === key ? withCell(r, columnId, value) : r)));
        touch([key]);
      },
      /** Imported rows replace the grid's blank rows and follow the filled ones. */
      append: (values: RowValues[]) => {
        const added = values.map((v) => ({ ...v, key: nextKey.current++ }));
        setRows((old) => [...old.filter((r) => !isUntouchedBlank(r)), ...added]);
        touch(added.map((r) => r.key));
      },
      /** Cells pasted from a spreadsheet, from one cell rightwards and downwards, adding rows as needed. */
      paste: (key: number, columnId: string, table: string[][]) => {
        const { rows: current, blank: newRow, columns: order } = latest.current;
        const start = order.findIndex((c) => c.id === columnId);
        const next = [...current];
        let index = next.findIndex((r) => r.key === key);
        if (index < 0 || start < 0) return;
        const keys: number[] = [];
        for (const cells of table) {
          if (index >= next.length) next.push(newRow());
          let row = next[index] as BatchRow;
          cells.forEach((cell, offset) => {
            const column = order[start + offset];
            if (column) row = withCell(row, column.id, column.secret ? cell : cell.trim());
          });
          next[index] = row;
          keys.push(row.key);
          index++;
        }
        setRows(next);
        touch(keys);
      },
      /** Numbers for the rows without one, kept in the grid so a second submit sends the same numbers. */
      numberRows: (): BatchRow[] => {
        const numbered = fillMerchantOrderNos(latest.current.rows);
        setRows(numbered);
        return numbered;
      },
    };
  }, []);

  return { rows, validation, errorsShown: (key: number) => showAll || touched.has(key), ...actions };
}
