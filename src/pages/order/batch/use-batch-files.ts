import { useTranslation } from "react-i18next";
import type { Product } from "#contracts";
import { type BatchRow, rowsFromTable, type TemplateColumn } from "../../../lib/order-inputs";
import { message } from "../../../lib/toast";
import { columnNote, downloadTemplate, readTableFile, type TemplateFormat } from "./batch-files";

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The template download and the file import of the batch page, with what they tell the user. */
export function useBatchFiles(
  product: Product,
  columns: readonly TemplateColumn[],
  append: (rows: Omit<BatchRow, "key">[]) => void,
) {
  const { t } = useTranslation();
  const fieldOf = (column: TemplateColumn) =>
    column.id.startsWith("inputs.") ? product.fields.find((f) => f.key === column.key) : undefined;

  return {
    downloadTemplate: (format: TemplateFormat) => {
      const notes = columns.map((c) => columnNote(c, fieldOf(c), t));
      downloadTemplate(columns, notes, format, `${product.code}-batch-order`).catch((error: unknown) => {
        void message.error(t("orderForm.batch.templateFailed", { reason: reasonOf(error) }));
      });
    },
    importFile: (file: File) => {
      readTableFile(file)
        .then((table) => {
          const { rows, unknownHeaders, missing } = rowsFromTable(table, columns);
          if (missing.length === columns.length) {
            void message.error(t("orderForm.batch.importNoColumns"));
            return;
          }
          if (rows.length === 0) {
            void message.warning(t("orderForm.batch.importEmpty"));
            return;
          }
          append(rows);
          void message.success(t("orderForm.batch.imported", { count: rows.length }));
          if (unknownHeaders.length > 0)
            void message.warning(t("orderForm.batch.unknownColumns", { columns: unknownHeaders.join(", ") }));
        })
        .catch((error: unknown) => {
          void message.error(t("orderForm.batch.importFailed", { reason: reasonOf(error) }));
        });
    },
  };
}
