import Big from "big.js";
import { z } from "zod";
import { defineCall, idParams } from "./calls";
import { isoDateTime } from "./dates";
import { pageOf, pageQuery, sortQuery } from "./envelope";
import { formatDecimal } from "./formats";
import { defineResource } from "./resource";

export const depositStatuses = ["pending", "success", "failed"] as const;
/** A deposit adds to the balance; the reseller may also record a reduction (a correction). */
export const depositTypes = ["add", "reduce"] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** Proofs of payment: images and PDF, recognised by their bytes, at most this size. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const uploadContentTypes = ["image/png", "image/jpeg", "image/webp", "application/pdf"] as const;

const dateTime = isoDateTime();

export const deposit = z.object({
  id: z.number(),
  depositNo: z.string(),
  type: z.enum(depositTypes),
  amount: z.string(),
  currency: z.string(),
  referenceNo: z.string(),
  paymentGateway: z.string(),
  transactionTime: z.string(),
  settledAmount: z.string().nullable(),
  settledCurrency: z.string().nullable(),
  exchangeRate: z.string().nullable(),
  balanceBefore: z.string().nullable(),
  balanceAfter: z.string().nullable(),
  status: z.enum(depositStatuses),
  statusTime: z.string(),
  companyName: z.string(),
  bankAccount: z.string(),
  proofFileId: z.number().nullable(),
  /** Where the browser loads the proof (served only to users of this merchant). */
  proofUrl: z.string().nullable(),
  proofContentType: z.string().nullable(),
  remarks: z.string(),
  rejectReason: z.string().nullable(),
  createTime: z.string(),
});
export type Deposit = z.infer<typeof deposit>;

export const depositListQuery = z.object({
  status: z.enum(depositStatuses, "validation.invalidType").optional(),
  referenceNo: z.string().trim().max(100, "validation.tooLong").optional(),
  startTime: dateTime.optional(),
  endTime: dateTime.optional(),
});
export type DepositListQuery = z.infer<typeof depositListQuery>;

/** Recharge History's sortable columns (newest first when none is given). */
export const depositSortFields = ["transactionTime", "amount"] as const;

const required = (key: string, max: number) => z.string(key).trim().min(1, key).max(max, "validation.tooLong");

/** ISO 4217 currencies without minor units, and those with three decimals; the rest have two. */
const zeroDecimal = new Set("BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF".split(" "));
const threeDecimal = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);

/** How many decimals amounts in a currency have (JPY 0, USD 2, KWD 3). */
export function currencyDecimals(currency: string): number {
  if (zeroDecimal.has(currency)) return 0;
  if (threeDecimal.has(currency)) return 3;
  return 2;
}

/** An amount as its currency writes it (spec §5's rounding: half up, padded): 1234.5 JPY -> "1235". */
export function formatAmount(value: string, currency: string): string {
  return formatDecimal(value, currencyDecimals(currency));
}

/** An exchange rate as an approval takes it: up to 12 digits and 8 decimals, above zero. */
export const exchangeRateFormat = /^\d{1,12}(\.\d{1,8})?$/;
export const isExchangeRate = (rate: string) => exchangeRateFormat.test(rate) && new Big(rate).gt(0);

/**
 * What an approved deposit adds to the balance: amount x rate, rounded half-up (away from zero for .5) to the
 * settled currency's decimals, in exact decimals. The server posts it; the console previews the same figure.
 */
export function settle(amount: string, rate: string, currency: string): string {
  return new Big(amount)
    .times(new Big(rate))
    .round(currencyDecimals(currency), Big.roundHalfUp)
    .toFixed(currencyDecimals(currency));
}

/** A positive amount as a string ("1000.50"; money is never a float), with the decimals its currency has. */
export const depositAmount = z
  .string("validation.amountRequired")
  .trim()
  .regex(/^\d{1,13}(\.\d{1,3})?$/, "validation.amount")
  .refine((v) => /[1-9]/.test(v), "validation.amount");

/** The recharge form (spec §5: amount, currency, reference number, gateway, proof, company, bank account). */
export const newDeposit = z
  .object({
    amount: depositAmount,
    currency: z
      .string("validation.currencyRequired")
      .trim()
      .regex(/^[A-Z]{3}$/, "validation.currency"),
    referenceNo: required("validation.referenceNoRequired", 100),
    paymentGateway: required("validation.paymentGatewayRequired", 100),
    transactionTime: isoDateTime("validation.transactionTimeRequired"),
    proofFileId: z
      .number("validation.proofRequired")
      .int("validation.proofRequired")
      .positive("validation.proofRequired"),
    companyName: required("validation.companyNameRequired", 200),
    bankAccount: required("validation.bankAccountRequired", 100),
    remarks: z.string("validation.invalidType").trim().max(500, "validation.tooLong").default(""),
  })
  .superRefine((d, ctx) => {
    const decimals = d.amount.split(".")[1]?.length ?? 0;
    if (decimals > currencyDecimals(d.currency))
      ctx.addIssue({ code: "custom", path: ["amount"], message: "validation.amountDecimals", input: d.amount });
  });
export type NewDeposit = z.input<typeof newDeposit>;

export const uploadedFile = z.object({
  fileId: z.number(),
  url: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** One of the reseller's bank accounts a merchant sends a deposit to (configured with the operator CLI). */
export const receivingBankAccount = z.object({
  id: z.number(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  /** SWIFT/BIC, or the branch; "" when the bank needs neither. */
  swiftOrBranch: z.string(),
  currency: z.string(),
  note: z.string(),
});
export type ReceivingBankAccount = z.infer<typeof receivingBankAccount>;

/** Recharge History; the reseller approves deposits with the operator CLI. */
export const depositCalls = {
  list: defineCall({
    method: "GET",
    path: "/merchant/api/fund/deposit/list",
    access: { resource: "deposit", action: "list" },
    tag: "fund",
    query: pageQuery.extend(depositListQuery.shape).extend(sortQuery(depositSortFields).shape),
    answer: pageOf(deposit),
  }),
  /** Where to send the money: the enabled accounts in the merchant's balance currency (the Recharge dialog). */
  bankAccounts: defineCall({
    method: "GET",
    path: "/merchant/api/fund/deposit/bank-accounts",
    access: { resource: "deposit", action: "create" },
    tag: "fund",
    answer: z.object({
      currency: z.string(),
      list: z.array(receivingBankAccount),
      /** The reseller's payment methods, in its order: the form's choices (free text when there are none). */
      gateways: z.array(z.string()),
    }),
  }),
  create: defineCall({
    method: "POST",
    path: "/merchant/api/fund/deposit",
    access: { resource: "deposit", action: "create" },
    tag: "fund",
    body: newDeposit,
    answer: deposit,
  }),
  /**
   * Proofs of payment carry the deposit form's permissions: uploading is creating a deposit's part, reading is
   * seeing a deposit. The file comes back with the usual Authorization header (never a token in the URL).
   */
  upload: defineCall({
    method: "POST",
    path: "/merchant/api/upload/image",
    access: { resource: "deposit", action: "create" },
    tag: "upload",
    consumes: ["multipart/form-data"],
    answer: uploadedFile,
  }),
  file: defineCall({
    method: "GET",
    path: "/merchant/api/upload/file/:id",
    access: { resource: "deposit", action: "show" },
    tag: "upload",
    params: idParams,
  }),
};

export const depositResource = defineResource({
  name: "deposit",
  parent: "merchant-fund",
  path: "/merchant-fund/fund",
  aliases: ["/merchant/fund"],
  sort: 10,
  icon: "deposit",
  access: { operator: ["list", "show"], finance: ["list", "show", "create"] },
  calls: depositCalls,
});
