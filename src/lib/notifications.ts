import type { Notification } from "#contracts";
import { findResource } from "#contracts";
import { ordersWithStatusPath } from "./order-list";

/** What a notification opens: a page, or the export task drawer (which has no page). */
export type NotificationLink = { page: string } | { exportDrawer: true };

const pathOf = (resource: string) => {
  const path = findResource(resource)?.path;
  if (path === undefined) throw new Error(`The "${resource}" resource is not declared`);
  return path;
};

/** Export ready -> the export task drawer; deposit -> the deposit list; low balance -> funds; spike -> failed orders. */
export function notificationLink(notification: Pick<Notification, "kind">): NotificationLink {
  switch (notification.kind) {
    case "exportReady":
      return { exportDrawer: true };
    case "deposit":
      return { page: pathOf("deposit") };
    case "lowBalance":
      return { page: pathOf("ledger") };
    case "failureSpike":
      return { page: ordersWithStatusPath("failed") };
  }
}

/** The badge's figure: the count, or "99+" once it reached the server's cap. */
export function unreadBadge(unread: { count: number; capped: boolean } | undefined): string | number {
  if (!unread) return 0;
  return unread.capped || unread.count > 99 ? "99+" : unread.count;
}
