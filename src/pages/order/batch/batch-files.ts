import type { BatchDetail, OrderField, Translate } from "#contracts";
import { parseDelimited, toCsv } from "../../../lib/csv";
import { formatHint, type TemplateColumn, templateHeader } from "../../../lib/order-inputs";
import { saveFile } from "../../../lib/save-file";

export type TemplateFormat = "xlsx" | "csv";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Excel opens a CSV as UTF-8 only when it starts with a byte-order mark. */
const BOM = "\uFEFF";

/** exceljs is large: it is loaded only when someone downloads a template or imports a workbook. */
async function loadExcel() {
  const module = await import("exceljs");
  // The package is CommonJS: bundlers hand its exports over as `default`.
  return (module.default as typeof module.default | undefined) ?? module;
}

/** What a header's note tells people filling the template: required or not, the allowed values, the format. */
export function columnNote(column: TemplateColumn, field: OrderField | undefined, t: Translate): string {
  const lines = [column.required ? t("orderForm.template.required") : t("orderForm.template.optional")];
  if (column.id === "quantity") lines.push(t("orderForm.template.quantity"));
  if (column.id === "merchantOrderNo") lines.push(t("orderForm.template.merchantOrderNo"));
  if (field?.options)
    lines.push(
      t("orderForm.template.options", { options: field.options.map((o) => `${o.value} (${o.label})`).join(", ") }),
    );
  if (field && !field.options) lines.push(t("orderForm.template.format", { format: formatHint(field, t) }));
  return lines.join("\n");
}

/** The batch template: one header row of `Label (key)`, cells formatted as text so Excel keeps leading zeros. */
export async function downloadTemplate(
  columns: readonly TemplateColumn[],
  notes: readonly string[],
  format: TemplateFormat,
  baseName: string,
): Promise<void> {
  const headers = columns.map(templateHeader);
  if (format === "csv") {
    saveFile(new Blob([`${BOM + toCsv([headers])}\r\n`], { type: "text/csv;charset=utf-8" }), `${baseName}.csv`);
    return;
  }
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("orders", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = headers.map((header) => ({
    header,
    width: Math.min(40, Math.max(16, header.length + 4)),
    style: { numFmt: "@" },
  }));
  headers.forEach((_, i) => {
    const cell = sheet.getRow(1).getCell(i + 1);
    cell.font = { bold: true, ...(columns[i]?.required ? { color: { argb: "FFCF1322" } } : {}) };
    if (notes[i]) cell.note = notes[i];
  });
  const buffer = await workbook.xlsx.writeBuffer();
  saveFile(new Blob([buffer as ArrayBuffer], { type: XLSX_TYPE }), `${baseName}.xlsx`);
}

/** A CSV's text: UTF-8, or GB18030 as Excel on Chinese Windows saves "CSV" files. */
async function csvText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("gb18030").decode(bytes);
  }
}

/** The first sheet of a workbook (or a CSV file) as rows of cell texts. */
export async function readTableFile(file: File): Promise<string[][]> {
  if (!/\.xlsx$/i.test(file.name)) return parseDelimited(await csvText(file));
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await file.arrayBuffer()) as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    // `text` is what the cell shows: a formula's result, rich text joined, a number as typed.
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(row.getCell(c).text ?? "");
    table.push(cells);
  }
  return table;
}

/** A past batch's result as CSV: each submitted row's merchant order number, order, status now, or refusal. */
export function downloadBatchResult(batch: BatchDetail, t: Translate): void {
  const header = [
    "#",
    t("orderForm.fields.merchantOrderNo"),
    t("orderForm.batch.orderNo"),
    t("orderForm.batch.outcome"),
    t("orderForm.batch.status"),
    t("orderForm.batch.reason"),
  ];
  const outcome = (r: BatchDetail["results"][number]) =>
    t(
      r.orderNo === null
        ? "orderForm.batch.notPlaced"
        : r.existing
          ? "orderForm.batch.existing"
          : "orderForm.batch.placed",
    );
  const rows = batch.results.map((r) => [
    String(r.index + 1),
    r.merchantOrderNo ?? "",
    r.orderNo ?? "",
    outcome(r),
    r.status ? t(`enums.orderStatus.${r.status}`) : "",
    [r.message, ...Object.values(r.errors ?? {})].filter(Boolean).join("; "),
  ]);
  saveFile(
    new Blob([`${BOM + toCsv([header, ...rows])}\r\n`], { type: "text/csv;charset=utf-8" }),
    `${batch.batchId}.csv`,
  );
}
