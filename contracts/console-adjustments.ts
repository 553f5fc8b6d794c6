import { z } from "zod";
import { defineCall, idParams, inConsole } from "./calls";
import { pageOf, pageQuery } from "./envelope";
import { defineConsoleResource } from "./resource";

/**
 * The console's balance adjustments (issue 15): a Reduce or an Other entry with a mandatory remark. Up to the
 * configured amount (ADJUSTMENT_FOUR_EYES_ABOVE) it posts to the ledger at once; above it, it waits for a second
 * staff member's approval (four-eyes), who may also reject it with a reason. The one who asked cannot approve.
 */
export const adjustmentTypes = ["reduce", "other"] as const;
export const adjustmentStatuses = ["pending", "posted", "rejected"] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];

export const adjustment = z.object({
  id: z.number(),
  merchantNo: z.string(),
  merchantName: z.string(),
  type: z.enum(adjustmentTypes),
  /** Signed, in the merchant's currency: what the ledger entry adds (negative for a Reduce). */
  amount: z.string(),
  currency: z.string(),
  remark: z.string(),
  status: z.enum(adjustmentStatuses),
  requestedBy: z.string(),
  requestTime: z.string(),
  decidedBy: z.string().nullable(),
  decisionTime: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The balance after the entry, once posted. */
  balanceAfter: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustment>;

export const adjustmentQuery = pageQuery.extend({
  status: z.enum(adjustmentStatuses, "validation.invalidType").optional(),
  merchantNo: z.string().trim().max(32, "validation.tooLong").optional(),
});

export const adjustmentBody = z.object({
  merchantNo: z.string("validation.required").trim().min(1, "validation.required").max(32, "validation.tooLong"),
  type: z.enum(adjustmentTypes, "validation.option"),
  /** A Reduce takes this much (sign ignored); an Other adds it as signed. */
  amount: z
    .string("validation.required")
    .trim()
    .regex(/^-?\d{1,13}(\.\d{1,4})?$/, "validation.signedAmount")
    .refine((v) => Number(v) !== 0, "validation.amountNotZero"),
  remark: z.string("validation.required").trim().min(1, "validation.required").max(200, "validation.tooLong"),
});
export type AdjustmentBody = z.input<typeof adjustmentBody>;

export const adjustmentRejectBody = z.object({
  reason: z.string("validation.required").trim().min(1, "validation.required").max(500, "validation.tooLong"),
});

const adjustments = { resource: "adjustments" } as const;

export const adjustmentCalls = {
  list: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/adjustments",
    access: { ...adjustments, action: "list" },
    query: adjustmentQuery,
    answer: pageOf(adjustment),
  }),
  create: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/adjustments",
    access: { ...adjustments, action: "create" },
    body: adjustmentBody,
    answer: adjustment,
  }),
  approve: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/adjustments/:id/approve",
    access: { ...adjustments, action: "edit" },
    params: idParams,
    answer: adjustment,
  }),
  reject: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/adjustments/:id/reject",
    access: { ...adjustments, action: "edit" },
    params: idParams,
    body: adjustmentRejectBody,
    answer: adjustment,
  }),
};

export const consoleAdjustmentsResource = defineConsoleResource({
  name: "adjustments",
  path: "/console/adjustments",
  sort: 85,
  icon: "fund",
  actions: ["list", "create", "edit"],
  calls: { list: adjustmentCalls.list, create: adjustmentCalls.create },
});
