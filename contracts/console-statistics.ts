import { z } from "zod";
import { defineCall, inConsole } from "./calls";
import { periodQuery, withPeriodRules } from "./overview";
import { defineConsoleResource } from "./resource";

/**
 * The reseller's statistics in the console (issue 15): orders, their success rate, sales and deposits by day,
 * merchant and product over a period, read from the same hourly rollups as the merchant overview, so their cost
 * does not grow with the number of orders. Money is summed per currency (merchants keep balances in their own);
 * sales are the amounts of successful orders. Orders count every order placed in the period, the ones still
 * Processing named apart, in the totals and each day alike.
 */
export const consoleStatisticsQuery = withPeriodRules(
  periodQuery.extend({ merchantNo: z.string().trim().max(32, "validation.tooLong").optional() }),
);
export type ConsoleStatisticsQuery = z.input<typeof consoleStatisticsQuery>;

const byCurrency = z.array(z.object({ currency: z.string(), amount: z.string() }));
const orderCounts = {
  orders: z.number(),
  success: z.number(),
  failed: z.number(),
  processing: z.number(),
  /** Success / (Success + Failed), 0..1; null while none has finished. */
  successRate: z.number().nullable(),
};

export const consoleStatistics = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    ...orderCounts,
    sales: byCurrency,
    deposits: byCurrency,
    depositCount: z.number(),
    /** The currencies of the merchants in scope: a card with nothing in one still names it (0.00 USD). */
    currencies: z.array(z.string()),
    /** Orders Processing for longer than STUCK_MINUTES now (whenever placed): the order list opens on them. */
    stuck: z.number(),
  }),
  days: z.array(z.object({ date: z.string(), ...orderCounts, sales: byCurrency, deposits: byCurrency })),
  /** The merchants with the most orders in the period (at most 20), in their own currency. */
  merchants: z.array(
    z.object({
      merchantNo: z.string(),
      name: z.string(),
      currency: z.string(),
      ...orderCounts,
      sales: z.string(),
      deposits: z.string(),
    }),
  ),
  /** The products with the most orders (at most 10). */
  products: z.array(z.object({ productId: z.number(), name: z.string(), ...orderCounts })),
});
export type ConsoleStatistics = z.infer<typeof consoleStatistics>;

export const consoleStatisticsCalls = {
  get: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/statistics",
    access: { resource: "statistics", action: "list" },
    query: consoleStatisticsQuery,
    answer: consoleStatistics,
  }),
};

export const consoleStatisticsResource = defineConsoleResource({
  name: "statistics",
  path: "/console/statistics",
  sort: 70,
  icon: "overview",
  actions: ["list"],
  // Its page reads the figures with its own call.
  calls: {},
});
