import { z } from "zod";
import { defineCall, idParams, inConsole } from "./calls";
import { receivingBankAccount } from "./deposit";
import { defineConsoleResource } from "./resource";

/**
 * Payments (issue 16): where merchants send the money for a recharge. The reseller's receiving bank accounts
 * (shown in the merchant's Recharge dialog, in the merchant's balance currency) and its payment methods
 * ("gateways": bank transfer, USDT, Alipay...), which the Recharge form offers and, once any is set, requires.
 */
export const consoleBankAccount = receivingBankAccount.extend({ enabled: z.boolean(), createTime: z.string() });
export type ConsoleBankAccount = z.infer<typeof consoleBankAccount>;

const text = (max: number) => z.string("validation.required").trim().max(max, "validation.tooLong");
const required = (max: number) => text(max).min(1, "validation.required");

export const bankAccountBody = z.object({
  bankName: required(100),
  accountName: required(100),
  accountNumber: required(64),
  swiftOrBranch: text(64).default(""),
  currency: z
    .string("validation.required")
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "validation.currency"),
  note: text(200).default(""),
  enabled: z.boolean().default(true),
});
export type BankAccountBody = z.input<typeof bankAccountBody>;

export const paymentGateway = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  sort: z.number(),
  createTime: z.string(),
});
export type PaymentGateway = z.infer<typeof paymentGateway>;

export const paymentGatewayBody = z.object({
  name: required(100),
  enabled: z.boolean().default(true),
  sort: z.number("validation.invalidType").int("validation.wholeNumber").min(0).max(9999).default(0),
});
export type PaymentGatewayBody = z.input<typeof paymentGatewayBody>;

const payments = { resource: "payments" } as const;

export const paymentCalls = {
  bankAccounts: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/bank-accounts",
    access: { ...payments, action: "list" },
    answer: z.array(consoleBankAccount),
  }),
  createBankAccount: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/bank-accounts",
    access: { ...payments, action: "create" },
    stepUp: true,
    body: bankAccountBody,
    answer: consoleBankAccount,
  }),
  updateBankAccount: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/bank-accounts/:id",
    access: { ...payments, action: "edit" },
    stepUp: true,
    params: idParams,
    body: bankAccountBody,
    answer: consoleBankAccount,
  }),
  gateways: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/payment-gateways",
    access: { ...payments, action: "list" },
    answer: z.array(paymentGateway),
  }),
  createGateway: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/payment-gateways",
    access: { ...payments, action: "create" },
    body: paymentGatewayBody,
    answer: paymentGateway,
  }),
  updateGateway: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/payment-gateways/:id",
    access: { ...payments, action: "edit" },
    params: idParams,
    body: paymentGatewayBody,
    answer: paymentGateway,
  }),
};

export const consolePaymentsResource = defineConsoleResource({
  name: "payments",
  path: "/console/payments",
  sort: 88,
  icon: "bank",
  actions: ["list", "create", "edit"],
  // Two short lists its page reads with their own calls.
  calls: {},
});
