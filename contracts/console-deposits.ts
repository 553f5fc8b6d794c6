import { z } from "zod";
import { defineCall, idParams, inConsole } from "./calls";
import { deposit, depositStatuses, isExchangeRate } from "./deposit";
import { pageOf, pageQuery } from "./envelope";
import { defineConsoleResource } from "./resource";

/**
 * The console's deposit review (issue 15): the deposits of every merchant, the pending ones first in line, each
 * with its proof of payment; approve at an exchange rate into the merchant's balance currency, or reject with a
 * reason. The merchant sees the decision at once (its Recharge History, balance and bell).
 */
export const consoleDeposit = deposit.extend({
  merchantNo: z.string(),
  merchantName: z.string(),
  /** The merchant's balance currency: what an approval settles into. */
  balanceCurrency: z.string(),
});
export type ConsoleDeposit = z.infer<typeof consoleDeposit>;

export const consoleDepositQuery = pageQuery.extend({
  status: z.enum(depositStatuses, "validation.invalidType").optional(),
  merchantNo: z.string().trim().max(32, "validation.tooLong").optional(),
  depositNo: z.string().trim().max(32, "validation.tooLong").optional(),
});
export type ConsoleDepositQuery = z.input<typeof consoleDepositQuery>;

/** The rate from the deposit's currency to the merchant's balance currency, as the CLI takes it. */
export const approveDepositBody = z.object({
  rate: z
    .string("validation.required")
    .trim()
    .min(1, "validation.required")
    .max(24, "validation.tooLong")
    .refine(isExchangeRate, "deposit.errors.rateFormat"),
});
export const rejectDepositBody = z.object({
  reason: z.string("validation.required").trim().min(1, "validation.required").max(500, "validation.tooLong"),
});

const deposits = { resource: "deposits" } as const;

export const consoleDepositCalls = {
  /** Oldest first when asking for the pending ones (the queue), newest first otherwise. */
  list: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/deposits",
    access: { ...deposits, action: "list" },
    query: consoleDepositQuery,
    answer: pageOf(consoleDeposit),
  }),
  /** The deposit's proof of payment (an image or a PDF), shown inline. */
  proof: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/deposits/:id/proof",
    access: { ...deposits, action: "show" },
    params: idParams,
  }),
  approve: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/deposits/:id/approve",
    access: { ...deposits, action: "edit" },
    params: idParams,
    body: approveDepositBody,
    answer: consoleDeposit,
  }),
  reject: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/deposits/:id/reject",
    access: { ...deposits, action: "edit" },
    params: idParams,
    body: rejectDepositBody,
    answer: consoleDeposit,
  }),
};

export const consoleDepositsResource = defineConsoleResource({
  name: "deposits",
  path: "/console/deposits",
  sort: 90,
  icon: "bank",
  actions: ["list", "show", "edit"],
  calls: { list: consoleDepositCalls.list },
});
