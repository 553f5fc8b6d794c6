import { z } from "zod";
import { balanceThreshold } from "./api-settings";
import { isoDateTime } from "./dates";
import { pageQuery } from "./envelope";

/**
 * Risk rules (issue 16), checked inside order placement, in the statement that debits the balance, so an order
 * that breaks one writes nothing: blocked recharge accounts (the spec's "black" list), each merchant's daily
 * amount and count limits (set on the merchant), at most N orders to one account per hour (per merchant), and a
 * cooling period during which a new merchant cannot place high-value orders. Each refusal is a risk event.
 */
export const riskRules = ["blockedAccount", "dailyAmount", "dailyCount", "velocity", "cooling"] as const;
export type RiskRule = (typeof riskRules)[number];

/**
 * A whole number up to `max`, or empty (= no limit), as a form sends it. The bounds keep the order statement's
 * arithmetic in range (a cooling period of a billion days is no date at all).
 */
const optionalCount = (max: number, tooLarge: string) =>
  z
    .string("validation.invalidType")
    .trim()
    .regex(/^(\d{1,9})?$/, "validation.wholeNumber")
    .refine((v) => v === "" || Number(v) <= max, tooLarge);

/** The largest settings the console takes (README, Risk rules). */
export const RISK_LIMITS = { velocityPerHour: 100_000, coolingDays: 3_650 } as const;

export const riskSettings = z.object({
  /** At most this many orders to one recharge account per hour, per merchant; "" = no limit. */
  velocityPerHour: z.string(),
  /** A merchant younger than this many days... */
  coolingDays: z.string(),
  /** ...cannot place an order of this amount or more (in its balance currency); "" = no cooling period. */
  coolingMinAmount: z.string(),
  updateTime: z.string().nullable(),
});
export type RiskSettings = z.infer<typeof riskSettings>;

export const riskSettingsBody = z.object({
  velocityPerHour: optionalCount(RISK_LIMITS.velocityPerHour, "console.errors.velocityTooLarge").default(""),
  coolingDays: optionalCount(RISK_LIMITS.coolingDays, "console.errors.coolingDaysTooLarge").default(""),
  coolingMinAmount: balanceThreshold.default(""),
});
export type RiskSettingsBody = z.input<typeof riskSettingsBody>;

export const blockedAccount = z.object({
  account: z.string(),
  reason: z.string(),
  createdBy: z.string(),
  createTime: z.string(),
});
export type BlockedAccount = z.infer<typeof blockedAccount>;

export const blockedAccountBody = z.object({
  account: z.string("validation.required").trim().min(1, "validation.required").max(128, "validation.tooLong"),
  reason: z.string("validation.required").trim().min(1, "validation.required").max(200, "validation.tooLong"),
});
export type BlockedAccountBody = z.input<typeof blockedAccountBody>;

export const blockedAccountQuery = pageQuery.extend({
  account: z.string().trim().max(128, "validation.tooLong").optional(),
});

export const riskEvent = z.object({
  id: z.number(),
  rule: z.enum(riskRules),
  merchantNo: z.string(),
  merchantName: z.string(),
  rechargeAccount: z.string(),
  amount: z.string(),
  currency: z.string(),
  source: z.string(),
  merchantOrderNo: z.string(),
  time: z.string(),
});
export type RiskEvent = z.infer<typeof riskEvent>;

const dateTime = isoDateTime();
export const riskEventQuery = pageQuery.extend({
  rule: z.enum(riskRules, "validation.option").optional(),
  merchantNo: z.string().trim().max(32, "validation.tooLong").optional(),
  rechargeAccount: z.string().trim().max(128, "validation.tooLong").optional(),
  startTime: dateTime.optional(),
  endTime: dateTime.optional(),
});
