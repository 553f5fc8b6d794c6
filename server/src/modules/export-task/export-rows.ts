import type { TFunction } from "i18next";
import {
  currencyDecimals,
  durationParts,
  formatAmount,
  type LedgerEntry,
  type Order,
  type Product,
  placedByLabel,
} from "#contracts";
import { memo } from "../../lib/memo";
import type { Cell } from "./xlsx-stream";

/**
 * What an export's sheet shows, in the XLSX and the CSV alike (one set of columns, two writers): the columns of
 * the list page it came from, with the page's titles and enum labels (the same catalog keys), in the language the
 * export was asked in. Money is a number a spreadsheet can sum, rounded half up to its currency's decimals first
 * (as decimal text, so no amount is rounded through a float) and shown with those decimals. Times are real
 * date-times in the reader's zone (see `sheetTimes`), and their titles name it.
 */
export interface SheetLayout<Item> {
  header(t: TFunction, times: SheetTimes): string[];
  columnWidths: number[];
  row(item: Item, t: TFunction, times: SheetTimes): Cell[];
}

/**
 * Money as a number cell, rounded as `formatAmount` (never through a float) and shown with the currency's
 * decimals; a CSV writes that rounded decimal text.
 */
export function moneyCell(value: string | null, currency: string): Cell {
  if (value === null || value.trim() === "") return null;
  const decimals = currencyDecimals(currency);
  const text = formatAmount(value, currency);
  return { number: Number(text), format: decimals > 0 ? `#,##0.${"0".repeat(decimals)}` : "#,##0", text };
}

/** The time in UTC, as a date-time cell. */
export function utcCell(iso: string | null): Cell {
  return iso ? new Date(Date.parse(iso)) : null;
}

/**
 * How a sheet writes times: in the reader's time zone when the browser said which (as the list pages show them),
 * otherwise UTC; the column titles name the zone either way. The zone's offset is looked up once per hour of
 * time (offsets change only on whole or half hours), not per cell: Intl formatting costs ~5 µs a call, a million
 * rows have two times each.
 */
export interface SheetTimes {
  cell(iso: string | null): Cell;
  title(t: TFunction, key: string): string;
}

export function sheetTimes(timeZone: string | null): SheetTimes {
  if (!timeZone) return { cell: utcCell, title: (t, key) => t("export-task.file.utcTime", { title: t(key) }) };
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  // The offset of each half hour of time, computed at its start (see above).
  const offsetOfSlot = memo(100_000, (slot: number) => {
    const ms = slot * 1_800_000;
    const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    const wall = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    );
    return wall - ms;
  });
  const offsetAt = (ms: number) => offsetOfSlot(Math.floor(ms / 1_800_000));
  return {
    cell: (iso) => {
      if (!iso) return null;
      const ms = Date.parse(iso);
      // The wall-clock time in the zone, carried in the Date's UTC fields (what the sheet stores).
      return new Date(ms + offsetAt(ms));
    },
    title: (t, key) => t("export-task.file.zonedTime", { title: t(key), zone: timeZone }),
  };
}

/** As the order list shows a finished order's duration (the same `durationParts`). */
export function durationText(seconds: number | null, t: TFunction): Cell {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const { key, params } = durationParts(seconds);
  return t(`order.duration.${key}`, params);
}

const orEmpty = (v: string | null | undefined): Cell => (v === null || v === undefined || v === "" ? null : v);

export const orderSheet: SheetLayout<Order> = {
  header: (t, times) => [
    ...["orderNo", "merchantOrderNo", "productName", "spec", "quantity", "rechargeAccount", "status", "duration"].map(
      (f) => t(`order.fields.${f}`),
    ),
    times.title(t, "order.fields.createTime"),
    times.title(t, "order.fields.completeTime"),
    t("order.fields.amount"),
    t("ledger.fields.currency"),
    t("order.fields.source"),
    t("order.fields.placedBy"),
  ],
  columnWidths: [26, 24, 28, 14, 10, 20, 12, 12, 22, 22, 16, 10, 10, 28],
  row: (o, t, times) => [
    o.orderNo,
    o.merchantOrderNo,
    o.productName,
    o.spec,
    o.quantity,
    orEmpty(o.rechargeAccount),
    t(`enums.orderStatus.${o.status}`),
    durationText(o.duration, t),
    times.cell(o.createTime),
    times.cell(o.completeTime),
    moneyCell(o.amount, o.currency),
    o.currency,
    t(`enums.orderSource.${o.source}`),
    placedByLabel(o, t),
  ],
};

export const ledgerSheet: SheetLayout<LedgerEntry> = {
  header: (t, times) => [
    ...["fundNo", "orderNo", "productName", "rechargeAccount", "type", "amount", "balance", "currency"].map((f) =>
      t(`ledger.fields.${f}`),
    ),
    times.title(t, "ledger.fields.time"),
    t("ledger.fields.remark"),
  ],
  columnWidths: [26, 26, 28, 20, 16, 16, 16, 10, 22, 30],
  row: (e, t, times) => [
    e.fundNo,
    orEmpty(e.orderNo),
    orEmpty(e.productName),
    orEmpty(e.rechargeAccount),
    t(`enums.ledgerType.${e.type}`),
    moneyCell(e.amount, e.currency),
    moneyCell(e.balance, e.currency),
    e.currency,
    times.cell(e.time),
    orEmpty(e.remark),
  ],
};

/** The SKU column: one line per SKU, `spec · price currency` (or "not available"), as the list's tags read. */
function skuLines(p: Product, t: TFunction): string {
  return p.skus
    .map((s) =>
      s.orderable && s.price !== null
        ? `${s.spec} · ${formatAmount(s.price, s.priceCurrency)} ${s.priceCurrency}`
        : `${s.spec} · ${t("product.notAvailable")}`,
    )
    .join("\n");
}

export const productSheet: SheetLayout<Product> = {
  header: (t) => ["name", "code", "type", "skuPrice", "status"].map((f) => t(`product.fields.${f}`)),
  columnWidths: [32, 24, 14, 40, 12],
  row: (p, t) => [
    p.name,
    p.code,
    t(`enums.productType.${p.type}`),
    skuLines(p, t),
    t(`enums.productStatus.${p.status}`),
  ],
};
