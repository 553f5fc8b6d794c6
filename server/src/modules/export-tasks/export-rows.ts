import Big from "big.js";
import type { TFunction } from "i18next";
import { currencyDecimals, type LedgerEntry, type Order, type Product } from "../../contracts";
import type { Cell } from "./xlsx-stream";

/**
 * What an export's sheet shows: the columns of the list page it came from, with the page's titles and enum
 * labels (the same catalog keys), in the language the export was asked in. Money is text, rounded half up and
 * padded to its currency's decimals, so no amount goes through a float. Times are UTC (the server does not know
 * the reader's zone), and their titles say so.
 */
export interface SheetLayout<Item> {
  header(t: TFunction): string[];
  columnWidths: number[];
  row(item: Item, t: TFunction): Cell[];
}

/** Spec §2.3: round half up (away from zero), pad to the currency's decimals; never "-0.00". */
export function moneyText(value: string | null, currency: string): Cell {
  if (value === null || value.trim() === "") return null;
  const fixed = new Big(value.trim()).toFixed(currencyDecimals(currency), Big.roundHalfUp);
  return /^-0(\.0+)?$/.test(fixed) ? fixed.slice(1) : fixed;
}

/** `2026-11-21 15:30:00` in UTC. */
export function utcText(iso: string | null): Cell {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : null;
}

/** As the order list shows a finished order's duration (the browser's `durationParts`). */
export function durationText(seconds: number | null, t: TFunction): Cell {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds > 0 && seconds < 1) return t("order.duration.underOneSecond");
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (h > 0) return t("order.duration.hours", { h: String(h), m: pad(m), s: pad(s) });
  if (m > 0) return t("order.duration.minutes", { m: String(m), s: pad(s) });
  return t("order.duration.seconds", { s: String(s) });
}

const utcTitle = (t: TFunction, key: string) => t("export.file.utcTime", { title: t(key) });
const orEmpty = (v: string | null | undefined): Cell => (v === null || v === undefined || v === "" ? null : v);

export const orderSheet: SheetLayout<Order> = {
  header: (t) => [
    ...["orderNo", "merchantOrderNo", "productName", "spec", "quantity", "rechargeAccount", "status", "duration"].map(
      (f) => t(`order.fields.${f}`),
    ),
    utcTitle(t, "order.fields.createTime"),
    utcTitle(t, "order.fields.completeTime"),
    t("order.fields.amount"),
    t("funds.fields.currency"),
    t("order.fields.source"),
  ],
  columnWidths: [26, 24, 28, 14, 10, 20, 12, 12, 22, 22, 16, 10, 10],
  row: (o, t) => [
    o.orderNo,
    o.merchantOrderNo,
    o.productName,
    o.spec,
    o.quantity,
    orEmpty(o.rechargeAccount),
    t(`enums.orderStatus.${o.status}`),
    durationText(o.duration, t),
    utcText(o.createTime),
    utcText(o.completeTime),
    moneyText(o.amount, o.currency),
    o.currency,
    t(`enums.orderSource.${o.source}`),
  ],
};

export const ledgerSheet: SheetLayout<LedgerEntry> = {
  header: (t) => [
    ...["fundNo", "orderNo", "productName", "rechargeAccount", "type", "amount", "balance", "currency"].map((f) =>
      t(`funds.fields.${f}`),
    ),
    utcTitle(t, "funds.fields.time"),
    t("funds.fields.remark"),
  ],
  columnWidths: [26, 26, 28, 20, 16, 16, 16, 10, 22, 30],
  row: (e, t) => [
    e.fundNo,
    orEmpty(e.orderNo),
    orEmpty(e.productName),
    orEmpty(e.rechargeAccount),
    t(`enums.ledgerType.${e.type}`),
    moneyText(e.amount, e.currency),
    moneyText(e.balance, e.currency),
    e.currency,
    utcText(e.time),
    orEmpty(e.remark),
  ],
};

/** The SKU column: one line per SKU, `spec · price currency` (or "not available"), as the list's tags read. */
function skuLines(p: Product, t: TFunction): string {
  return p.skus
    .map((s) =>
      s.orderable && s.price !== null
        ? `${s.spec} · ${moneyText(s.price, s.priceCurrency)} ${s.priceCurrency}`
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
