import { z } from "zod";
import { defineCall } from "./calls";
import { defineResource } from "./resource";

/** What a merchant's account can be (stored); "unknown" is what the page shows for anything else. */
export const merchantStates = ["enabled", "disabled"] as const;
export const merchantStatuses = [...merchantStates, "unknown"] as const;
export type MerchantStatus = (typeof merchantStatuses)[number];

export const merchantInfo = z.object({
  merchantNo: z.string(),
  merchantName: z.string(),
  companyName: z.string(),
  contactPerson: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  status: z.enum(merchantStatuses),
  website: z.string(),
  /** Decimal string: money never travels as a float. */
  balance: z.string(),
  currency: z.string(),
});
export type MerchantInfo = z.infer<typeof merchantInfo>;

const optionalText = (max: number) =>
  z.string("validation.invalidType").trim().max(max, "validation.tooLong").default("");

/** A web address people type: http(s) only. */
export const webUrl = z
  .string("validation.urlInvalid")
  .trim()
  .max(2048, "validation.tooLong")
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, "validation.urlInvalid");

export const merchantInfoUpdate = z.object({
  merchantName: z
    .string("validation.merchantNameRequired")
    .trim()
    .min(1, "validation.merchantNameRequired")
    .max(100, "validation.tooLong"),
  contactPerson: optionalText(100),
  contactPhone: optionalText(40).refine((v) => v === "" || /^\+?[0-9 ()-]{5,40}$/.test(v), "validation.phoneInvalid"),
  contactEmail: optionalText(254).refine((v) => v === "" || z.email().safeParse(v).success, "validation.emailInvalid"),
  website: z.union([z.literal(""), webUrl]).default(""),
});
export type MerchantInfoUpdate = z.input<typeof merchantInfoUpdate>;

/** One record per merchant: read and saved at one path, without an id. */
export const merchantInfoCalls = {
  one: defineCall({
    method: "GET",
    path: "/merchant/api/merchant/info",
    access: { resource: "merchant-info", action: "show" },
    tag: "merchant",
    answer: merchantInfo,
  }),
  update: defineCall({
    method: "PUT",
    path: "/merchant/api/merchant/info",
    access: { resource: "merchant-info", action: "edit" },
    tag: "merchant",
    body: merchantInfoUpdate,
    answer: merchantInfo,
  }),
};

export const merchantInfoResource = defineResource({
  name: "merchant-info",
  parent: "merchant",
  path: "/merchant/info",
  singleton: true,
  sort: 30,
  icon: "info",
  access: { operator: ["list", "show"] },
  calls: merchantInfoCalls,
});
