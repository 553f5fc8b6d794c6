import type { CrudFilter } from "@refinedev/core";
import type { Dayjs } from "dayjs";
import { findResource, type OrderSource, type OrderStatus, orderListQuery, orderSortFields } from "#contracts";
import { type View, viewRoutes } from "../resources/routes";
import type { ListLocation } from "./list-location";

/** The order list's search form. */
export interface OrderFilterValues {
  orderNo?: string;
  merchantOrderNo?: string;
  rechargeAccount?: string;
  productName?: string;
  batchId?: string;
  status?: OrderStatus;
  source?: OrderSource;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

const textFields = ["orderNo", "merchantOrderNo", "rechargeAccount", "productName", "batchId"] as const;

/** What the order list keeps in the address: its query's filter fields and its sortable columns. */
export const orderListLocation: ListLocation = {
  query: orderListQuery,
  sortable: orderSortFields,
};

/** ISO 8601 with the viewer's own offset and milliseconds ("2024-05-01T10:00:00.000+08:00"). */
const ISO_WITH_OFFSET = "YYYY-MM-DDTHH:mm:ss.SSSZ";

/**
 * The form's values as Refine filters, which the data provider sends as `field=value` (see lib/list-query):
 * blank texts are left out, texts are trimmed, and the create-time range becomes `startTime` / `endTime`. The
 * picker chooses whole seconds, so the range covers the end second entirely (an order placed at 10:00:00.400
 * is found by a search up to 10:00:00).
 */
export function orderListFilters(values: OrderFilterValues): CrudFilter[] {
  const filters: CrudFilter[] = [];
  for (const field of textFields) {
    const value = values[field]?.trim();
    if (value) filters.push({ field, operator: "eq", value });
  }
  if (values.status) filters.push({ field: "status", operator: "eq", value: values.status });
  if (values.source) filters.push({ field: "source", operator: "eq", value: values.source });
  const [start, end] = values.createTime ?? [];
  if (start)
    filters.push({ field: "startTime", operator: "eq", value: start.startOf("second").format(ISO_WITH_OFFSET) });
  if (end) filters.push({ field: "endTime", operator: "eq", value: end.endOf("second").format(ISO_WITH_OFFSET) });
  return filters;
}

/** Where the order pages live, derived from the resource declaration (never written twice). */
export function orderPath(view: View = "list", orderNo?: string): string {
  const base = findResource("order")?.path;
  if (base === undefined) throw new Error('The "order" resource is not declared');
  if (view !== "show") return base + viewRoutes[view].suffix;
  if (!orderNo) throw new Error("An order's page needs its order number");
  return `${base}/${encodeURIComponent(orderNo)}`;
}

/** A page of the orders with a query (`?batchId=…`), written as the list reads its address. */
export const orderPathWith = (view: View, query: Record<string, string>): string =>
  `${orderPath(view)}?${new URLSearchParams(query).toString()}`;

/** The list showing one batch's orders (the batch result links here). */
export const batchOrdersPath = (batchId: string): string => orderPathWith("list", { batchId });

/** The order list searching one status (a failure-spike notification opens the Failed orders). */
export const ordersWithStatusPath = (status: OrderStatus): string => orderPathWith("list", { status });
