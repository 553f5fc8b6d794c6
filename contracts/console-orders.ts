import { z } from "zod";
import { defineCall, inConsole } from "./calls";
import { pageOf, pageQuery } from "./envelope";
import { byOrderNo, order, orderDetail, orderListQuery } from "./order";
import { defineConsoleResource } from "./resource";
import { fulfilmentAttempt } from "./supplier";

/**
 * Every merchant's orders in the console (issue 15): searched by order number, merchant order number, merchant,
 * recharge account, status and time; the detail with its whole timeline (each supplier attempt); and customer
 * service's actions on a stuck order: ask the supplier again now, or fail it with a reason (refunded in the same
 * statement as any failure). Each action is audited.
 */
export const consoleOrder = order.extend({
  merchantNo: z.string(),
  merchantName: z.string(),
  /** A supplier said it delivered less than the face value (or another currency): see the order's attempts. */
  shortDelivery: z.boolean(),
  /** When the order fails unless a supplier answers first (the age and time left of a Processing one). */
  deadlineAt: z.string(),
  /** The supplier of its latest attempt (the one holding a Processing order); null before any. */
  supplierName: z.string().nullable(),
  /** Its amount less what the successful supplier cost in the order's currency; null until known. */
  margin: z.string().nullable(),
});
export type ConsoleOrder = z.infer<typeof consoleOrder>;
export const consoleOrderDetail = orderDetail.extend({
  merchantNo: z.string(),
  merchantName: z.string(),
  /** Each try at a supplier, oldest first (the merchant never sees these). */
  attempts: z.array(fulfilmentAttempt),
  /** What the successful attempt's supplier charged, in its account's currency (null: not stated). */
  cost: z.string().nullable(),
  costCurrency: z.string().nullable(),
  /**
   * That cost in the order's currency at the rate of the time (the expected cost when the supplier stated none:
   * `costEstimated`), and the order's amount less it. Null when no rate was set to convert it.
   */
  orderCost: z.string().nullable(),
  costEstimated: z.boolean(),
  margin: z.string().nullable(),
  shortDelivery: z.boolean(),
});
export type ConsoleOrderDetail = z.infer<typeof consoleOrderDetail>;

/** The choices of "processing longer than", in minutes: customer service's ways to find stuck orders. */
export const stuckAfterMinutes = ["5", "15", "60", "360", "1440"] as const;
/** What the statistics count as stuck, and link to. */
export const STUCK_MINUTES = 15;

export const consoleOrderQuery = pageQuery.extend(orderListQuery.shape).extend({
  /** Only orders still Processing this many minutes after they were placed. */
  processingOver: z.enum(stuckAfterMinutes, "validation.option").transform(Number).optional(),
  merchantNo: z.string().trim().max(32, "validation.tooLong").optional(),
  /** Only orders a supplier delivered short. */
  shortDelivery: z
    .enum(["true", "false"], "validation.option")
    .transform((v) => v === "true")
    .optional(),
});

export const failOrderBody = z.object({
  reason: z.string("validation.required").trim().min(1, "validation.required").max(500, "validation.tooLong"),
});

const orders = { resource: "orders" } as const;

export const consoleOrderCalls = {
  list: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/orders",
    access: { ...orders, action: "list" },
    query: consoleOrderQuery,
    answer: pageOf(consoleOrder),
  }),
  one: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/orders/:orderNo",
    access: { ...orders, action: "show" },
    params: byOrderNo,
    answer: consoleOrderDetail,
  }),
  /** A Processing order is handed to the fulfilment worker at once: it asks the supplier again. */
  requery: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/orders/:orderNo/requery",
    access: { ...orders, action: "edit" },
    params: byOrderNo,
    answer: consoleOrderDetail,
  }),
  fail: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/orders/:orderNo/fail",
    access: { ...orders, action: "edit" },
    params: byOrderNo,
    body: failOrderBody,
    answer: consoleOrderDetail,
  }),
};

export const consoleOrdersResource = defineConsoleResource({
  name: "orders",
  path: "/console/orders",
  sort: 80,
  icon: "orders",
  actions: ["list", "show", "edit", "export"],
  calls: { list: consoleOrderCalls.list, one: consoleOrderCalls.one },
});
