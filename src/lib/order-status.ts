import type { OrderStatus } from "#contracts";

/** How often a list showing a Processing order, and the page of a Processing order, ask again. */
export const ORDER_LIST_REFRESH_MS = 3000;
export const ORDER_DETAIL_REFRESH_MS = 2000;

export const isFinal = (status: OrderStatus): boolean => status !== "processing";

/** Whether a list must keep reloading: some listed order is still Processing. */
export function hasProcessing(orders: readonly { status: OrderStatus }[] | undefined): boolean {
  return (orders ?? []).some((o) => !isFinal(o.status));
}

/**
 * The reload interval for react-query's `refetchInterval`: `every` while some order is Processing, off once all
 * are final — and off after a failed load, so a server that is down is not asked (and reported) every few seconds;
 * the user's next search or refresh starts it again.
 */
export function refreshInterval(
  orders: readonly { status: OrderStatus }[] | undefined,
  lastLoadFailed: boolean,
  every: number,
): number | false {
  return !lastLoadFailed && hasProcessing(orders) ? every : false;
}

/** Whole seconds from `from` to `now` (never negative: the browser's clock may trail the server's). */
export function elapsedSeconds(from: string, now: number): number {
  const start = Date.parse(from);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((now - start) / 1000));
}

/** Tag colours by status (antd's "processing" colour is the blue one that goes with a spinner). */
export const orderStatusColor: Record<OrderStatus, string> = {
  processing: "processing",
  success: "success",
  failed: "error",
};

/** Timeline kinds the server writes; anything else is shown by its own name. */
export const timelineKinds = [
  "created",
  "submitted",
  "pending",
  "success",
  "failed",
  "refunded",
  "retry",
  "revealed",
] as const;
export type TimelineKind = (typeof timelineKinds)[number];

export const isTimelineKind = (kind: string): kind is TimelineKind =>
  (timelineKinds as readonly string[]).includes(kind);

export const timelineColor: Record<TimelineKind, string> = {
  created: "gray",
  submitted: "blue",
  pending: "blue",
  success: "green",
  failed: "red",
  refunded: "orange",
  retry: "orange",
  revealed: "purple",
};
