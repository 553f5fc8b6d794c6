import { z } from "zod";
import { defineCall, idParams } from "./calls";
import { defineResource } from "./resource";

/**
 * The in-app bell: things that happened to the merchant, each written in the same transaction as the event.
 * `exportReady` goes to the user who asked for the export; the others to every user of the merchant whose role
 * may act on them (NOTIFICATION_AUDIENCE), decided when they are read, so a changed role sees what it now may.
 */
export const notificationKinds = ["exportReady", "deposit", "lowBalance", "failureSpike"] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * Who sees a merchant-wide kind: the roles that may take this action. Deposit decisions and a low balance
 * concern who may recharge (admin, finance); a failure spike concerns who places orders (admin, operator).
 */
export const NOTIFICATION_AUDIENCE: Record<
  Exclude<NotificationKind, "exportReady">,
  { resource: string; action: "create" }
> = {
  deposit: { resource: "deposit", action: "create" },
  lowBalance: { resource: "deposit", action: "create" },
  failureSpike: { resource: "order", action: "create" },
};

/** A failure spike: at least `failed` of the merchant's last `of` orders placed within `minutes` failed; one per hour. */
export const FAILURE_SPIKE = { failed: 5, of: 10, minutes: 10, quietMinutes: 60 } as const;

export const notification = z.object({
  id: z.number(),
  kind: z.enum(notificationKinds),
  /** In the reader's language. */
  text: z.string(),
  /** What the link opens: the export task's id, the deposit's number; null for the others. */
  target: z.string().nullable(),
  createTime: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

/** The bell shows the latest ones; older ones are not worth a page of their own. */
export const NOTIFICATION_LIST_SIZE = 50;
/** The badge counts up to this many ("99+"): counting further costs more than it tells. */
export const UNREAD_COUNT_CAP = 100;

export const notificationCalls = {
  list: defineCall({
    method: "GET",
    path: "/merchant/api/notification/list",
    access: { resource: "notification", action: "list" },
    tag: "notification",
    answer: z.object({ list: z.array(notification), total: z.number() }),
  }),
  unread: defineCall({
    method: "GET",
    path: "/merchant/api/notification/unread",
    access: { resource: "notification", action: "list" },
    tag: "notification",
    answer: z.object({ count: z.number(), capped: z.boolean() }),
  }),
  markRead: defineCall({
    method: "PUT",
    path: "/merchant/api/notification/:id/read",
    access: { resource: "notification", action: "edit" },
    tag: "notification",
    params: idParams,
    answer: z.null(),
  }),
  markAllRead: defineCall({
    method: "PUT",
    path: "/merchant/api/notification/read-all",
    access: { resource: "notification", action: "edit" },
    tag: "notification",
    answer: z.null(),
  }),
};

export const notificationResource = defineResource({
  name: "notification",
  path: "/notification",
  sort: 0,
  icon: "bell",
  hidden: true,
  // Everyone has a bell; what each role finds in it is NOTIFICATION_AUDIENCE's business.
  access: { operator: ["list", "edit"], finance: ["list", "edit"] },
  calls: { list: notificationCalls.list },
});
