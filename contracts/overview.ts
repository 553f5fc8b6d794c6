import { z } from "zod";
import { defineCall } from "./calls";
import { YEAR_RANGE } from "./dates";
import { timeZoneName } from "./export-task";
import { defineResource } from "./resource";

/** The longest period the overview sums over (a year, leap day included). */
export const OVERVIEW_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
/** Whole days from `from` to `to` (dates as YYYY-MM-DD), counting both. */
export const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

/** A calendar date, YYYY-MM-DD, that exists (no 31 February), in YEAR_RANGE's years. */
export const calendarDate = z
  .string("validation.date")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.date")
  .refine((v) => {
    const at = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v) && at.getUTCFullYear() >= YEAR_RANGE.min;
  }, "validation.date");

/**
 * The reader's time zone: an IANA name ("Asia/Shanghai", daylight saving followed), or a fixed offset in minutes
 * east of UTC ("480", "-300"; note the sign is the opposite of JavaScript's getTimezoneOffset). Days are cut at
 * its midnight; the figures are kept per UTC hour, so a zone with a half-hour offset gets its days cut at the
 * whole hour before its midnight.
 */
const OFFSET = /^[+-]?\d{1,4}$/;
export const overviewZone = z
  .string("validation.invalidType")
  .trim()
  .max(64, "validation.tooLong")
  .refine(
    (v) => (OFFSET.test(v) ? Math.abs(Number(v)) <= 840 : timeZoneName.safeParse(v).success),
    "validation.timeZone",
  )
  .transform((v): string | number => (OFFSET.test(v) ? Number(v) : v));

/** A period of local days, `from` to `to`, at most OVERVIEW_MAX_DAYS, cut at the reader's midnight (`tz`). */
export const periodQuery = z.object({ from: calendarDate, to: calendarDate, tz: overviewZone.default(0) });

/** The rules of a period: in order, and not longer than OVERVIEW_MAX_DAYS (on `to`, the field to change). */
export const withPeriodRules = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((q) => q.from <= q.to, { message: "validation.periodOrder", path: ["to"] })
    .refine((q) => q.from > q.to || daysBetween(q.from, q.to) <= OVERVIEW_MAX_DAYS, {
      message: "validation.periodTooLong",
      path: ["to"],
    });

export const overviewQuery = withPeriodRules(periodQuery);
export type OverviewQuery = z.output<typeof overviewQuery>;

/** One local day: what was spent (orders' debits net of refunds) and deposited (approved deposits). */
const overviewDay = z.object({
  date: z.string(),
  spend: z.string(),
  deposits: z.string(),
  depositCount: z.number(),
});

/** The money part, which finance sees too; amounts are decimal strings in the merchant's currency. */
const overviewMoney = z.object({
  currency: z.string(),
  spend: z.string(),
  deposits: z.string(),
  depositCount: z.number(),
  days: z.array(overviewDay),
});

const overviewProduct = z.object({
  productId: z.number(),
  name: z.string(),
  /** Orders placed and not refunded (Processing or Success), and what they cost. */
  count: z.number(),
  amount: z.string(),
});

/** The order part, for the roles that may list orders (not finance). */
const overviewOrders = z.object({
  total: z.number(),
  byStatus: z.object({ processing: z.number(), success: z.number(), failed: z.number() }),
  /** Success / (Success + Failed), 0..1; null while no order of the period has finished. */
  successRate: z.number().nullable(),
  topProducts: z.array(overviewProduct),
});

export const overview = z.object({
  from: z.string(),
  to: z.string(),
  money: overviewMoney,
  orders: overviewOrders.nullable(),
});
export type Overview = z.infer<typeof overview>;

/** Every figure of the overview in one call, read from the hourly rollups (never a scan of the orders). */
export const overviewCalls = {
  one: defineCall({
    method: "GET",
    path: "/merchant/api/overview",
    access: { resource: "overview", action: "list" },
    tag: "merchant",
    query: overviewQuery,
    answer: overview,
  }),
};

export const overviewResource = defineResource({
  name: "overview",
  parent: "merchant",
  path: "/merchant/overview",
  singleton: true,
  sort: 100,
  icon: "overview",
  access: { operator: ["list"], finance: ["list"] },
  calls: overviewCalls,
});
