import type { Writable } from "node:stream";
import type { ExportFormat } from "#contracts";
import { openCsvWriter } from "./csv-stream";
import { openXlsxWriter, type SheetWriter } from "./xlsx-stream";

/** What an export's rows are written with (export-sources.ts `ExportSource`): one layout, either writer. */
export interface SheetSpec {
  sheetName: string;
  header: string[];
  columnWidths: number[];
}

/** Each export format (its name is its file's extension): the type it is downloaded as, and its writer. */
export const exportFormatFiles: Record<
  ExportFormat,
  { contentType: string; open(output: Writable, sheet: SheetSpec): SheetWriter }
> = {
  xlsx: {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    open: openXlsxWriter,
  },
  csv: {
    contentType: "text/csv; charset=utf-8",
    open: (output, sheet) => openCsvWriter(output, { header: sheet.header }),
  },
};
