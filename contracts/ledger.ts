import { z } from "zod";
import { defineCall } from "./calls";
import { isoDateTime } from "./dates";
import { pageOf, pageQuery, sortQuery } from "./envelope";
import { defineResource } from "./resource";

/** Funds Details (the balance ledger as merchants see it). */
export const ledgerEntryTypes = ["add", "reduce", "deduct", "refund", "other"] as const;
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];

const dateTime = isoDateTime();

/** One entry of the balance ledger as Funds Details shows it (amount signed; balance after the entry). */
export const ledgerEntry = z.object({
  fundNo: z.string(),
  orderNo: z.string().nullable(),
  depositNo: z.string().nullable(),
  productName: z.string().nullable(),
  rechargeAccount: z.string().nullable(),
  type: z.enum(ledgerEntryTypes),
  amount: z.string(),
  balance: z.string(),
  currency: z.string(),
  remark: z.string(),
  time: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const ledgerListQuery = z.object({
  type: z.enum(ledgerEntryTypes, "validation.invalidType").optional(),
  orderNo: z.string().trim().max(64, "validation.tooLong").optional(),
  fundNo: z.string().trim().max(64, "validation.tooLong").optional(),
  startTime: dateTime.optional(),
  endTime: dateTime.optional(),
});
export type LedgerListQuery = z.infer<typeof ledgerListQuery>;

/** Funds Details' sortable columns (newest first when none is given). */
export const ledgerSortFields = ["time", "amount"] as const;

/** Credits and debits of the entries a filter selects (not only the page shown). */
export const ledgerSummary = z.object({ credits: z.string(), debits: z.string(), currency: z.string() });

/** The balance now, for every role that may see funds (the shell shows it), and the low-balance threshold. */
export const currentBalance = z.object({
  balance: z.string(),
  currency: z.string(),
  /** The merchant's own threshold (API settings); null when none is set. */
  lowBalanceThreshold: z.string().nullable(),
});
export type CurrentBalance = z.infer<typeof currentBalance>;

/** Funds Details: every movement of the balance, newest first; and the balance they add up to. */
export const ledgerCalls = {
  list: defineCall({
    method: "GET",
    path: "/merchant/api/fund/transaction/list",
    access: { resource: "ledger", action: "list" },
    tag: "fund",
    query: pageQuery.extend(ledgerListQuery.shape).extend(sortQuery(ledgerSortFields).shape),
    answer: pageOf(ledgerEntry).extend({ summary: ledgerSummary }),
  }),
  balance: defineCall({
    method: "GET",
    path: "/merchant/api/fund/balance",
    access: { resource: "ledger", action: "list" },
    tag: "fund",
    answer: currentBalance,
  }),
};

export const ledgerResource = defineResource({
  name: "ledger",
  parent: "merchant-fund",
  path: "/merchant-fund/transaction-log",
  sort: 20,
  icon: "transaction",
  access: { operator: ["list", "show", "export"], finance: ["list", "show", "export"] },
  calls: ledgerCalls,
});
