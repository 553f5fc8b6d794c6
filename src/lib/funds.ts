import type { CrudFilter } from "@refinedev/core";
import Big from "big.js";
import type { Dayjs } from "dayjs";
import {
  type DepositStatus,
  depositListQuery,
  depositSortFields,
  type LedgerEntryType,
  ledgerListQuery,
  ledgerSortFields,
  type NewDeposit,
  UPLOAD_MAX_BYTES,
  uploadContentTypes,
} from "#contracts";
import { API_BASE } from "../providers/create-http-client";
import type { ListLocation } from "./list-location";

/** Currencies offered first in the recharge form; any other three-letter code can be typed. */
export const COMMON_CURRENCIES = ["USD", "CNY", "EUR", "HKD", "JPY", "GBP", "SGD", "MYR", "THB", "IDR", "PHP", "VND"];

/** Spec §4: the image preview viewer debounces key presses by 300 ms. */
export const PREVIEW_KEY_DEBOUNCE_MS = 300;

type TimeRange = [Dayjs | null, Dayjs | null] | null;

export interface LedgerFilterValues {
  type?: LedgerEntryType;
  orderNo?: string;
  fundNo?: string;
  time?: TimeRange;
}

export interface DepositFilterValues {
  status?: DepositStatus;
  referenceNo?: string;
  time?: TimeRange;
}

/** ISO 8601 with the viewer's own offset and milliseconds, as the contracts' date-times want. */
const ISO_WITH_OFFSET = "YYYY-MM-DDTHH:mm:ss.SSSZ";

function textFilters(values: Record<string, unknown>, fields: readonly string[]): CrudFilter[] {
  const filters: CrudFilter[] = [];
  for (const field of fields) {
    const value = values[field];
    const text = typeof value === "string" ? value.trim() : value;
    if (text !== undefined && text !== null && text !== "") filters.push({ field, operator: "eq", value: text });
  }
  return filters;
}

/** The picker chooses whole seconds, so the range covers its end second entirely. */
function rangeFilters(range: TimeRange | undefined): CrudFilter[] {
  const [start, end] = range ?? [];
  const filters: CrudFilter[] = [];
  if (start)
    filters.push({ field: "startTime", operator: "eq", value: start.startOf("second").format(ISO_WITH_OFFSET) });
  if (end) filters.push({ field: "endTime", operator: "eq", value: end.endOf("second").format(ISO_WITH_OFFSET) });
  return filters;
}

/** What Funds Details and Recharge History keep in the address: their query's filters and sortable columns. */
export const ledgerListLocation: ListLocation = {
  query: ledgerListQuery,
  sortable: ledgerSortFields,
};
export const depositListLocation: ListLocation = {
  query: depositListQuery,
  sortable: depositSortFields,
};

/** Funds Details' search form as filters (`type`, `orderNo`, `fundNo`, `startTime`, `endTime`). */
export function ledgerListFilters(values: LedgerFilterValues): CrudFilter[] {
  return [...textFilters({ ...values }, ["type", "orderNo", "fundNo"]), ...rangeFilters(values.time)];
}

/** Recharge History's search form as filters (`status`, `referenceNo`, `startTime`, `endTime`). */
export function depositListFilters(values: DepositFilterValues): CrudFilter[] {
  return [...textFilters({ ...values }, ["status", "referenceNo"]), ...rangeFilters(values.time)];
}

/** Credits are green and debits red on Funds Details; a zero amount is neither. */
export function amountTone(amount: string): "credit" | "debit" | "none" {
  const value = new Big(amount);
  if (value.gt(0)) return "credit";
  if (value.lt(0)) return "debit";
  return "none";
}

/** What the browser accepts before sending a proof of payment: the server checks the bytes again. */
export type UploadCheck = { ok: true } | { ok: false; key: "deposit.upload.badType" | "deposit.upload.tooLarge" };

export function checkUploadFile(file: { type: string; size: number }): UploadCheck {
  if (!(uploadContentTypes as readonly string[]).includes(file.type))
    return { ok: false, key: "deposit.upload.badType" };
  if (file.size > UPLOAD_MAX_BYTES) return { ok: false, key: "deposit.upload.tooLarge" };
  return { ok: true };
}

export const isImage = (contentType: string | null | undefined): boolean => !!contentType?.startsWith("image/");

/** An upload's `url` relative to the http client's base (the server may answer with or without `/portal`). */
export function apiRelativeUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
}

export interface DepositFormValues {
  amount?: string;
  currency?: string;
  referenceNo?: string;
  paymentGateway?: string;
  transactionTime?: Dayjs | null;
  proofFileId?: number;
  companyName?: string;
  bankAccount?: string;
  remarks?: string;
}

/** The recharge form's values as the contracts' `newDeposit` (the server trims and checks them again). */
export function toNewDeposit(values: DepositFormValues): NewDeposit {
  return {
    amount: values.amount?.trim() ?? "",
    currency: (values.currency ?? "").trim().toUpperCase(),
    referenceNo: values.referenceNo?.trim() ?? "",
    paymentGateway: values.paymentGateway?.trim() ?? "",
    transactionTime: values.transactionTime ? values.transactionTime.startOf("second").format(ISO_WITH_OFFSET) : "",
    proofFileId: values.proofFileId as number,
    companyName: values.companyName?.trim() ?? "",
    bankAccount: values.bankAccount?.trim() ?? "",
    remarks: values.remarks?.trim() ?? "",
  };
}

/** A trailing debounce: only the last call of a burst runs, `ms` after it; `cancel` drops a pending one. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

/** An exchange rate as people write it: the stored scale's trailing zeros dropped ("0.14080000" -> "0.1408"). */
export function formatRate(rate: string | null | undefined): string {
  if (rate === null || rate === undefined || rate.trim() === "") return "-";
  return new Big(rate.trim()).toFixed();
}
