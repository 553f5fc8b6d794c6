import { z } from "zod";
import { apiApp, balanceThreshold } from "./api-settings";
import { defineCall, idParams, inConsole } from "./calls";
import { pageOf, pageQuery } from "./envelope";
import { memberCreate, memberCreated, memberItem, memberStatusBody } from "./member";
import { merchantInfoUpdate, merchantStates } from "./merchant-info";
import { defineConsoleResource } from "./resource";

/**
 * The console's merchants (issue 15): every merchant, searched by number or name; create one, edit its details,
 * enable or disable it (a disabled merchant's sessions and Open API calls end at once), and its users: create
 * the first admin with a one-time password, reset a user's MFA, enable or disable a user.
 */
export const consoleMerchant = z.object({
  id: z.number(),
  merchantNo: z.string(),
  name: z.string(),
  companyName: z.string(),
  contactPerson: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  website: z.string(),
  status: z.enum(merchantStates),
  balance: z.string(),
  currency: z.string(),
  /** Empty when none is set. */
  lowBalanceThreshold: z.string(),
  /** Risk limits on what it orders per day (UTC); empty when there is none. */
  dailyAmountLimit: z.string(),
  dailyCountLimit: z.string(),
  /** The price list it buys from (prices in the console); its own prices override the list's. */
  priceListId: z.number().nullable(),
  priceListName: z.string().nullable(),
  users: z.number(),
  createTime: z.string(),
});
export type ConsoleMerchant = z.infer<typeof consoleMerchant>;

export const consoleMerchantQuery = pageQuery.extend({
  /** A merchant number, or part of a name or company name. */
  keyword: z.string().trim().max(100, "validation.tooLong").optional(),
  status: z.enum(merchantStates, "validation.invalidType").optional(),
});

/** The details a merchant edits itself (merchant info), plus what only the reseller sets. */
export const consoleMerchantUpdate = merchantInfoUpdate.extend({
  companyName: z.string("validation.invalidType").trim().max(200, "validation.tooLong").default(""),
  lowBalanceThreshold: balanceThreshold.default(""),
  dailyAmountLimit: balanceThreshold.default(""),
  dailyCountLimit: z
    .string("validation.invalidType")
    .trim()
    .regex(/^(\d{1,9})?$/, "validation.wholeNumber")
    .default(""),
});
export type ConsoleMerchantUpdate = z.input<typeof consoleMerchantUpdate>;

/** A new merchant also names its balance currency, which never changes afterwards (the ledger is in it). */
export const consoleMerchantCreate = consoleMerchantUpdate.extend({
  currency: z
    .string("validation.required")
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "validation.currency"),
});
export type ConsoleMerchantCreate = z.input<typeof consoleMerchantCreate>;

export const merchantStatusBody = z.object({ status: z.enum(merchantStates, "validation.option") });
const userParams = idParams.extend({ userId: idParams.shape.id });

const merchants = { resource: "merchants" } as const;

export const consoleMerchantCalls = {
  list: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/merchants",
    access: { ...merchants, action: "list" },
    query: consoleMerchantQuery,
    answer: pageOf(consoleMerchant),
  }),
  one: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/merchants/:id",
    access: { ...merchants, action: "show" },
    params: idParams,
    answer: consoleMerchant,
  }),
  create: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/merchants",
    access: { ...merchants, action: "create" },
    body: consoleMerchantCreate,
    answer: consoleMerchant,
  }),
  update: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/merchants/:id",
    access: { ...merchants, action: "edit" },
    params: idParams,
    body: consoleMerchantUpdate,
    answer: consoleMerchant,
  }),
  /** Disabling takes away access at once: the caller's code is asked again (step-up). */
  setStatus: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/merchants/:id/status",
    access: { ...merchants, action: "edit" },
    stepUp: true,
    params: idParams,
    body: merchantStatusBody,
    answer: consoleMerchant,
  }),
  /** Its API settings as its admin sees them (the secret masked), read-only here. */
  apiSettings: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/merchants/:id/api-settings",
    access: { ...merchants, action: "show" },
    params: idParams,
    answer: apiApp,
  }),
  users: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/merchants/:id/users",
    access: { ...merchants, action: "show" },
    params: idParams,
    answer: z.array(memberItem),
  }),
  createUser: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/merchants/:id/users",
    access: { ...merchants, action: "edit" },
    stepUp: true,
    params: idParams,
    body: memberCreate,
    answer: memberCreated,
  }),
  resetUserMfa: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/merchants/:id/users/:userId/mfa-reset",
    access: { ...merchants, action: "edit" },
    stepUp: true,
    params: userParams,
    answer: memberItem,
  }),
  setUserStatus: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/merchants/:id/users/:userId/status",
    access: { ...merchants, action: "edit" },
    stepUp: true,
    params: userParams,
    body: memberStatusBody,
    answer: memberItem,
  }),
};

export const consoleMerchantsResource = defineConsoleResource({
  name: "merchants",
  path: "/console/merchants",
  sort: 100,
  icon: "shop",
  actions: ["list", "show", "create", "edit"],
  calls: {
    list: consoleMerchantCalls.list,
    one: consoleMerchantCalls.one,
    create: consoleMerchantCalls.create,
    update: consoleMerchantCalls.update,
  },
});
