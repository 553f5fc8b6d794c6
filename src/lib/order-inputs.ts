import Big from "big.js";
import {
  type BatchOrderRequest,
  checkOrderInputs,
  MAX_BATCH_ITEMS,
  type MessageRef,
  merchantOrderNo as merchantOrderNoSchema,
  newMerchantOrderNo,
  type OrderField,
  type Product,
  type ProductSku,
  placeOrderRequest,
  type Translate,
  translateMessage,
} from "#contracts";

/** Generated merchant order numbers have one shape everywhere: the contracts' generator. */
export { newMerchantOrderNo };

/**
 * Pure helpers of the order pages: form rules from a product's field schema (through the contracts'
 * `checkOrderInputs`, so the browser says exactly what the server would), merchant order numbers, batch rows
 * (validation, templates; CSV reading is in csv.ts) and the money arithmetic, which is decimal (big.js), never float.
 */

// ---- Products -------------------------------------------------------------------------------------------------

/** SKUs this merchant may order: priced for it. */
export function orderableSkus(product: Pick<Product, "skus">): ProductSku[] {
  return product.skus.filter((s) => s.orderable && s.price !== null);
}

export function isOrderable(product: Pick<Product, "status" | "skus">): boolean {
  return product.status === "enabled" && orderableSkus(product).length > 0;
}

/** Lowest and highest price of the orderable SKUs, or null when none is priced. */
export function priceRange(skus: readonly ProductSku[]): { min: string; max: string; currency: string } | null {
  const priced = skus.filter((s): s is ProductSku & { price: string } => s.orderable && s.price !== null);
  const first = priced[0];
  if (!first) return null;
  let min = first;
  let max = first;
  for (const s of priced) {
    if (new Big(s.price).lt(min.price)) min = s;
    if (new Big(s.price).gt(max.price)) max = s;
  }
  return { min: min.price, max: max.price, currency: first.priceCurrency };
}

/** Fields under their group headings, groups in the order they first appear ("" = no heading). */
export function fieldGroups(fields: readonly OrderField[]): { name: string; fields: OrderField[] }[] {
  const groups = new Map<string, OrderField[]>();
  for (const f of fields) groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  return [...groups].map(([name, list]) => ({ name, fields: list }));
}

// ---- Form rules -----------------------------------------------------------------------------------------------

/**
 * A field's format in words a merchant reads (never the regular expression the catalog checks with): "Digits
 * only, 6 to 20 digits" for the digit patterns catalogs use for accounts and phone numbers, else the length.
 */
export function formatHint(field: Pick<OrderField, "pattern" | "minLength" | "maxLength">, t: Translate): string {
  const digits = field.pattern === null ? null : /^\\d\{(\d+)(?:,(\d+))?\}$/.exec(field.pattern);
  if (digits) {
    const min = Number(digits[1]);
    const max = Number(digits[2] ?? digits[1]);
    return min === max
      ? t("orderForm.format.digitsExactly", { count: min })
      : t("orderForm.format.digits", { min, max });
  }
  return field.minLength === null
    ? t("validation.maxLength", { max: field.maxLength })
    : t("validation.lengthBetween", { min: field.minLength, max: field.maxLength });
}

type Rule = { validator: (rule: unknown, value: unknown) => Promise<void> };

/** The antd rule of one order field: the contracts' check, its message translated. */
export function fieldRule(field: OrderField, t: Translate): Rule {
  return {
    validator: async (_rule, value) => {
      const error = checkOrderInputs([field], { [field.key]: value }).errors[field.key];
      if (error !== undefined) throw new Error(translateMessage(t, error));
    },
  };
}

/** The antd rule of a request field (quantity, merchant order number) from the request schema. */
export function requestRule(name: "quantity" | "merchantOrderNo", t: Translate): Rule {
  const schema = placeOrderRequest.shape[name];
  return {
    validator: async (_rule, value) => {
      if (value === undefined || value === null || value === "") throw new Error(t("validation.required"));
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(t(result.error.issues[0]?.message ?? "validation.invalidType"));
    },
  };
}

// ---- Batch rows -----------------------------------------------------------------------------------------------

/** One grid row as typed: every cell is text until it is sent. `key` is the row's stable identity. */
export interface BatchRow {
  key: number;
  merchantOrderNo: string;
  quantity: string;
  inputs: Record<string, string>;
}

/** Errors of one row by column id: `merchantOrderNo`, `quantity`, `inputs.<key>` (the server's names too). */
export type RowErrors = Record<string, MessageRef>;

export const inputColumn = (key: string) => `inputs.${key}`;

/** A row nobody filled in (quantity alone does not count: it defaults to 1). Blank rows are not sent. */
export function isBlankRow(row: BatchRow): boolean {
  return row.merchantOrderNo.trim() === "" && Object.values(row.inputs).every((v) => v.trim() === "");
}

/** A blank quantity means 1, as in the API. */
export function rowQuantity(row: BatchRow): number {
  const text = row.quantity.trim();
  return text === "" ? 1 : /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

export function validateRow(row: BatchRow, fields: readonly OrderField[]): RowErrors {
  const errors: RowErrors = {};
  const { errors: inputErrors } = checkOrderInputs(fields, row.inputs);
  for (const [key, ref] of Object.entries(inputErrors)) errors[inputColumn(key)] = ref;
  const quantity = rowQuantity(row);
  if (Number.isNaN(quantity)) errors.quantity = "validation.integer";
  else {
    const result = placeOrderRequest.shape.quantity.safeParse(quantity);
    if (!result.success) errors.quantity = result.error.issues[0]?.message ?? "validation.quantity";
  }
  const number = row.merchantOrderNo.trim();
  if (number !== "" && !merchantOrderNoSchema.safeParse(number).success)
    errors.merchantOrderNo = "validation.merchantOrderNo";
  return errors;
}

export interface BatchValidation {
  /** Errors of the invalid rows only, by row key. */
  errors: Map<number, RowErrors>;
  /** Rows that will be sent (not blank). */
  filled: number;
  tooMany: boolean;
}

/**
 * Every filled row checked, plus merchant order numbers repeated within the batch, in one pass each (1,000 rows
 * are re-checked on every edit). `check` lets the caller cache per-row results.
 */
export function validateRows(
  rows: readonly BatchRow[],
  fields: readonly OrderField[],
  check: (row: BatchRow) => RowErrors = (row) => validateRow(row, fields),
): BatchValidation {
  const errors = new Map<number, RowErrors>();
  const seen = new Map<string, number>();
  let filled = 0;
  for (const row of rows) {
    if (isBlankRow(row)) continue;
    filled++;
    const rowErrors = check(row);
    if (Object.keys(rowErrors).length > 0) errors.set(row.key, rowErrors);
    const number = row.merchantOrderNo.trim();
    if (number !== "") seen.set(number, (seen.get(number) ?? 0) + 1);
  }
  for (const row of rows) {
    const number = row.merchantOrderNo.trim();
    if (number === "" || (seen.get(number) ?? 0) < 2 || isBlankRow(row)) continue;
    errors.set(row.key, { ...errors.get(row.key), merchantOrderNo: "orderForm.batch.duplicateNo" });
  }
  return { errors, filled, tooMany: filled > MAX_BATCH_ITEMS };
}

/** Gives each filled row without a merchant order number a new one, unique within the batch. */
export function fillMerchantOrderNos(rows: readonly BatchRow[], make: () => string = newMerchantOrderNo): BatchRow[] {
  const used = new Set(rows.map((r) => r.merchantOrderNo.trim()).filter((n) => n !== ""));
  return rows.map((row) => {
    if (row.merchantOrderNo.trim() !== "" || isBlankRow(row)) return row;
    let number = make();
    while (used.has(number)) number = make();
    used.add(number);
    return { ...row, merchantOrderNo: number };
  });
}

/** The items of a batch request: filled rows only, inputs cleaned as the server will clean them. */
export function batchItems(rows: readonly BatchRow[], fields: readonly OrderField[]): BatchOrderRequest["items"] {
  return rows
    .filter((row) => !isBlankRow(row))
    .map((row) => ({
      merchantOrderNo: row.merchantOrderNo.trim(),
      quantity: rowQuantity(row),
      inputs: checkOrderInputs(fields, row.inputs).values,
    }));
}

// ---- Templates and imported tables ----------------------------------------------------------------------------

export interface TemplateColumn {
  /** Column id as in RowErrors. */
  id: string;
  /** Machine name written in the header, so a template in either language imports. */
  key: string;
  label: string;
  required: boolean;
  secret: boolean;
}

/** The grid's and the template's columns: the product's fields, then quantity and merchant order number. */
export function templateColumns(fields: readonly OrderField[], t: Translate): TemplateColumn[] {
  return [
    ...fields.map((f) => ({
      id: inputColumn(f.key),
      key: f.key,
      label: f.label,
      required: f.required,
      secret: f.kind === "secret",
    })),
    { id: "quantity", key: "quantity", label: t("orderForm.fields.quantity"), required: false, secret: false },
    {
      id: "merchantOrderNo",
      key: "merchantOrderNo",
      label: t("orderForm.fields.merchantOrderNo"),
      required: false,
      secret: false,
    },
  ];
}

/** `Label (key)`: people read the label, the import reads the key. */
export const templateHeader = (c: TemplateColumn) => `${c.label} (${c.key})`;

/** The column a header names: by `(key)`, by the bare key, or by the label, ignoring case and a `*`. */
export function columnForHeader(header: string, columns: readonly TemplateColumn[]): TemplateColumn | undefined {
  const text = header.replace(/\*/g, "").trim().toLowerCase();
  const key = /\(([^()]+)\)$/.exec(text)?.[1]?.trim();
  return (
    columns.find((c) => c.key.toLowerCase() === (key ?? text)) ?? columns.find((c) => c.label.toLowerCase() === text)
  );
}

export interface ImportedRows {
  rows: Omit<BatchRow, "key">[];
  /** Header cells that name no column (their values are dropped). */
  unknownHeaders: string[];
  /** Columns the header row does not have. */
  missing: TemplateColumn[];
}

/** A table of cells (CSV, XLSX, a paste) as rows: the first non-blank row is the header; blank rows are skipped. */
export function rowsFromTable(table: readonly (readonly string[])[], columns: readonly TemplateColumn[]): ImportedRows {
  const blank = (cells: readonly string[]) => cells.every((c) => c.trim() === "");
  const start = table.findIndex((cells) => !blank(cells));
  if (start < 0) return { rows: [], unknownHeaders: [], missing: [...columns] };
  const headers = table[start] ?? [];
  const mapped = headers.map((h) => (h.trim() === "" ? undefined : columnForHeader(h, columns)));
  const unknownHeaders = headers.filter((h, i) => h.trim() !== "" && mapped[i] === undefined);
  const missing = columns.filter((c) => !mapped.includes(c));
  const rows = table
    .slice(start + 1)
    .filter((cells) => !blank(cells))
    .map((cells) => cellsToRow(cells, mapped, columns));
  return { rows, unknownHeaders, missing };
}

/** Cells in the grid's column order into a row (a paste starting at `offset` of `columns`). */
export function cellsToRow(
  cells: readonly string[],
  mapped: readonly (TemplateColumn | undefined)[],
  columns: readonly TemplateColumn[],
): Omit<BatchRow, "key"> {
  const row: Omit<BatchRow, "key"> = { merchantOrderNo: "", quantity: "", inputs: {} };
  for (const c of columns) if (c.id.startsWith("inputs.")) row.inputs[c.key] = "";
  mapped.forEach((column, i) => {
    if (!column) return;
    const raw = cells[i] ?? "";
    // Secrets are taken as typed (as the server does); other cells lose the spaces spreadsheets leave around.
    const value = column.secret ? raw : raw.trim();
    if (column.id === "quantity") row.quantity = value;
    else if (column.id === "merchantOrderNo") row.merchantOrderNo = value;
    else row.inputs[column.key] = value;
  });
  return row;
}

// ---- Money ----------------------------------------------------------------------------------------------------

/** price × quantity, exact. */
export function amountOf(price: string, quantity: number): string {
  return new Big(price).times(quantity).toString();
}

/**
 * What a submit will send and the server debit: the filled rows without errors (rows with errors are never sent)
 * and their quantities. The batch's cost summary counts these.
 */
export function sendableRows(
  rows: readonly BatchRow[],
  validation: Pick<BatchValidation, "errors">,
): { rows: number; quantity: number } {
  let count = 0;
  let quantity = 0;
  for (const row of rows) {
    if (isBlankRow(row) || validation.errors.has(row.key)) continue;
    count++;
    quantity += rowQuantity(row);
  }
  return { rows: count, quantity };
}

export function balanceAfter(balance: string, amount: string): string {
  return new Big(balance).minus(amount).toString();
}

export function coversAmount(balance: string, amount: string): boolean {
  return new Big(balance).gte(amount);
}

// ---- Batch outcome --------------------------------------------------------------------------------------------

export type BatchOutcome = "success" | "partial" | "failed" | "existing";

/** All rows placed, some, none, or nothing new: every row was an order placed before (a batch sent again). */
export function batchOutcome(result: {
  successCount: number;
  failCount: number;
  existingCount?: number;
}): BatchOutcome {
  if (result.failCount === 0 && result.successCount === 0 && (result.existingCount ?? 0) > 0) return "existing";
  if (result.failCount === 0 && result.successCount > 0) return "success";
  return result.successCount > 0 ? "partial" : "failed";
}
