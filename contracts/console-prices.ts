import { z } from "zod";
import { defineCall, idParams, inConsole } from "./calls";
import { isoDateTime } from "./dates";
import { pageOf, pageQuery } from "./envelope";
import { exchangeRate, exchangeRateBody } from "./exchange-rates";
import { defineConsoleResource } from "./resource";
import { quoteRefusals, routeFlag } from "./supplier-catalog";

/**
 * Price lists (issue 16). A price list holds SKU prices in one currency and is assigned to merchants of that
 * currency; a merchant's own price of a SKU (an override) wins over its list's. Prices change in bulk — set,
 * percent up or down, or from cost plus a margin — previewed before they apply, effective at a chosen time, and
 * audited. A list keeps its prices over time: a SKU's price at a moment is the latest one effective by then, so
 * a change scheduled for tomorrow is already stored and takes effect on the second, with no job to run it.
 */

/**
 * set: every chosen SKU gets `value` as its price; percent: the price in effect then, `value` percent up (or down
 * when negative); margin: the SKU's cost (see `pricedSku`, converted into the list's currency at the exchange rate)
 * plus `value` percent; remove: the SKUs leave the list (not orderable through it).
 */
export const priceChangeKinds = ["set", "percent", "margin", "remove"] as const;
export type PriceChangeKind = (typeof priceChangeKinds)[number];

const currency = z
  .string("validation.required")
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "validation.currency");

export const priceList = z.object({
  id: z.number(),
  name: z.string(),
  currency: z.string(),
  description: z.string(),
  /** SKUs with a price in effect now. */
  skus: z.number(),
  /** Merchants assigned to it. */
  merchants: z.number(),
  /** Changes scheduled for later. */
  scheduled: z.number(),
  createTime: z.string(),
});
export type PriceList = z.infer<typeof priceList>;

export const priceListBody = z.object({
  name: z.string("validation.required").trim().min(1, "validation.required").max(100, "validation.tooLong"),
  /** Fixed once merchants are assigned or prices set (they are in it). */
  currency,
  description: z.string("validation.invalidType").trim().max(500, "validation.tooLong").default(""),
});
export type PriceListBody = z.input<typeof priceListBody>;

/**
 * What a supplier is expected to charge for one unit, from its synced catalog (the route's quote), and the same in
 * the list's currency at the exchange rate finance set (contracts/exchange-rates.ts).
 */
const costFields = {
  /** As the supplier quotes it, in its account's currency (null: no quote). */
  supplierCost: z.string().nullable(),
  supplierCurrency: z.string().nullable(),
  /**
   * In the list's currency when a rate converts it (or no conversion is needed), else in the supplier's own
   * currency with `noRate` set; null: no quote.
   */
  cost: z.string().nullable(),
  costCurrency: z.string().nullable(),
  /** The rate used (1 supplier currency = `rate` list currency) and when it was set; null when none was needed. */
  rate: z.string().nullable(),
  rateTime: z.string().nullable(),
  /** The cost is in another currency than the list's and no exchange rate between the two is set: no margin. */
  noRate: z.boolean(),
  /** When the catalog the quote comes from was read (its age); null for a supplier's built-in list (simulator). */
  quoteTime: z.string().nullable(),
  /** price − cost, and as a percent of the price; null unless both are known in the list's currency. */
  margin: z.string().nullable(),
  marginPercent: z.string().nullable(),
};

/** One route of a SKU as a price list sees it: what buying through it costs, and what the syncs found. */
/** What a unit costs and what it leaves, as a SKU and each of its routes carry it. */
export type CostFields = z.infer<z.ZodObject<typeof costFields>>;

export const pricedRoute = z.object({
  supplierId: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  supplierProduct: z.string(),
  /** The product's name in the synced catalog (null: the catalog does not list it). */
  productName: z.string().nullable(),
  /** The route and its account are both enabled (fulfilment tries it). */
  enabled: z.boolean(),
  ...costFields,
  flags: z.array(routeFlag),
  /** Why it cannot buy the SKU's face value (null when it can). */
  refusal: z.object({ reason: z.enum(quoteRefusals), params: z.record(z.string(), z.string()) }).nullable(),
});
export type PricedRoute = z.infer<typeof pricedRoute>;

/**
 * Where a SKU's cost comes from: its first enabled route that can buy it, or (a SKU without routes) its product's
 * default supplier, quoted without a catalog entry; null: neither gives a quote.
 */
export const costSources = ["route", "defaultSupplier"] as const;

/** One SKU of the catalog as a price list sees it: its price now and next, its cost and the margin. */
export const pricedSku = z.object({
  skuId: z.number(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  skuCode: z.string(),
  spec: z.string(),
  faceValue: z.string(),
  faceCurrency: z.string(),
  /** The price in effect now, in the list's currency (null: not on the list). */
  price: z.string().nullable(),
  ...costFields,
  costSource: z.enum(costSources).nullable(),
  /** Every route of the SKU in order, each costed the same way. */
  routes: z.array(pricedRoute),
  /** The next scheduled price, if any (price null: leaves the list then). */
  next: z.object({ price: z.string().nullable(), effectiveTime: z.string() }).nullable(),
});
export type PricedSku = z.infer<typeof pricedSku>;

export const pricedSkuQuery = pageQuery.extend({
  /** Part of a product's code or name, or a SKU's code. */
  keyword: z.string().trim().max(100, "validation.tooLong").optional(),
  productId: z.coerce.number("validation.invalidType").int().positive().optional(),
  /** Only SKUs with a price now (priced) or without (unpriced). */
  priced: z.enum(["priced", "unpriced"], "validation.option").optional(),
});

/** A signed percent with at most 2 decimals, -99.99 … 1000. */
const percent = z
  .string("validation.required")
  .trim()
  .regex(/^-?\d{1,4}(\.\d{1,2})?$/, "console-prices.errors.percent")
  .refine((v) => Number(v) > -100 && Number(v) <= 1000, "console-prices.errors.percent");
const price = z
  .string("validation.required")
  .trim()
  .regex(/^\d{1,13}(\.\d{1,4})?$/, "validation.amount")
  .refine((v) => Number(v) > 0, "validation.amount");

export const priceChangeBody = z
  .object({
    skuIds: z.array(idParams.shape.id).min(1, "console-prices.errors.noSku").max(2000, "validation.tooLong"),
    kind: z.enum(priceChangeKinds, "validation.option"),
    /** The price (set) or the percent (percent, margin); absent for remove. */
    value: z.string().trim().optional(),
    /** When it takes effect; absent = now. Not in the past. */
    effectiveAt: isoDateTime().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === "remove") return;
    const check = (body.kind === "set" ? price : percent).safeParse(body.value ?? "");
    if (!check.success)
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: check.error.issues[0]?.message ?? "validation.required",
      });
    if (body.kind === "margin" && Number(body.value) < 0)
      ctx.addIssue({ code: "custom", path: ["value"], message: "console-prices.errors.marginNegative" });
  });
export type PriceChangeBody = z.input<typeof priceChangeBody>;

/** Why a chosen SKU is left out of a change (a message key under console-prices.skip). */
export const priceSkipReasons = ["noPrice", "noCost", "costCurrency", "unchanged", "notFound"] as const;

/** What a change would do to each chosen SKU; applying it answers the same for what it did. */
export const priceChangePreview = z.object({
  effectiveTime: z.string(),
  rows: z.array(
    z.object({
      skuId: z.number(),
      productName: z.string(),
      skuCode: z.string(),
      spec: z.string(),
      /** The price in effect at `effectiveTime` before the change. */
      before: z.string().nullable(),
      after: z.string().nullable(),
      cost: z.string().nullable(),
      costCurrency: z.string().nullable(),
      /** The margin at the new price (null when unknown). */
      margin: z.string().nullable(),
      skipped: z.enum(priceSkipReasons).nullable(),
    }),
  ),
  /** SKUs it changes, and left out. */
  changes: z.number(),
  skipped: z.number(),
  /** Set once applied. */
  changeId: z.number().nullable(),
});
export type PriceChangePreview = z.infer<typeof priceChangePreview>;

export const priceChangeStates = ["scheduled", "effective", "cancelled"] as const;
export const priceChange = z.object({
  id: z.number(),
  kind: z.enum(priceChangeKinds),
  value: z.string().nullable(),
  effectiveTime: z.string(),
  skus: z.number(),
  createdBy: z.string(),
  createTime: z.string(),
  state: z.enum(priceChangeStates),
});
export type PriceChange = z.infer<typeof priceChange>;

const changeParams = idParams.extend({ changeId: idParams.shape.id });
const skuParams = idParams.extend({ skuId: idParams.shape.id });

/** A merchant's price of a SKU: its list's, its own override, and which one it pays. */
export const merchantSkuPrice = z.object({
  skuId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  skuCode: z.string(),
  spec: z.string(),
  listPrice: z.string().nullable(),
  override: z.string().nullable(),
  /** What it pays now: the override when there is one, else the list's (null: not orderable by it). */
  price: z.string().nullable(),
  currency: z.string(),
});
export type MerchantSkuPrice = z.infer<typeof merchantSkuPrice>;

export const merchantPriceQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, "validation.tooLong").optional(),
  /** Only the SKUs it has an override for. */
  overridden: z
    .enum(["true", "false"], "validation.option")
    .transform((v) => v === "true")
    .optional(),
});

export const priceAssignmentBody = z.object({ priceListId: idParams.shape.id.nullable() });
export const overrideBody = z.object({ price });

const prices = { resource: "prices" } as const;

export const priceCalls = {
  lists: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/price-lists",
    access: { ...prices, action: "list" },
    answer: z.array(priceList),
  }),
  createList: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/price-lists",
    access: { ...prices, action: "create" },
    body: priceListBody,
    answer: priceList,
  }),
  updateList: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/price-lists/:id",
    access: { ...prices, action: "edit" },
    params: idParams,
    body: priceListBody,
    answer: priceList,
  }),
  skus: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/price-lists/:id/skus",
    access: { ...prices, action: "list" },
    params: idParams,
    query: pricedSkuQuery,
    answer: pageOf(pricedSku),
  }),
  /** What the change would do, writing nothing. */
  preview: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/price-lists/:id/changes/preview",
    access: { ...prices, action: "edit" },
    params: idParams,
    body: priceChangeBody,
    answer: priceChangePreview,
  }),
  /** Applies (or schedules) the change, computed again as it is written, audited. */
  apply: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/price-lists/:id/changes",
    access: { ...prices, action: "edit" },
    params: idParams,
    body: priceChangeBody,
    answer: priceChangePreview,
  }),
  changes: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/price-lists/:id/changes",
    access: { ...prices, action: "list" },
    params: idParams,
    query: pageQuery,
    answer: pageOf(priceChange),
  }),
  /** Only a change not yet in effect can be cancelled; its prices are removed with it. */
  cancelChange: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/price-lists/:id/changes/:changeId/cancel",
    access: { ...prices, action: "edit" },
    params: changeParams,
    answer: priceChange,
  }),
  /** Assigns a merchant to a list of its currency (or to none). */
  assign: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/merchants/:id/price-list",
    access: { ...prices, action: "edit" },
    params: idParams,
    body: priceAssignmentBody,
    answer: z.object({ priceListId: z.number().nullable(), priceListName: z.string().nullable() }),
  }),
  merchantPrices: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/merchants/:id/prices",
    access: { ...prices, action: "list" },
    params: idParams,
    query: merchantPriceQuery,
    answer: pageOf(merchantSkuPrice),
  }),
  setOverride: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/merchants/:id/prices/:skuId",
    access: { ...prices, action: "edit" },
    params: skuParams,
    body: overrideBody,
    answer: merchantSkuPrice,
  }),
  removeOverride: defineCall({
    ...inConsole,
    method: "DELETE",
    path: "/console/api/merchants/:id/prices/:skuId",
    access: { ...prices, action: "edit" },
    params: skuParams,
    answer: merchantSkuPrice,
  }),
};

/** The exchange rates prices in other currencies are worked out with (contracts/exchange-rates.ts). */
export const exchangeRateCalls = {
  /** The rate now for each pair set, newest first. */
  list: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/exchange-rates",
    access: { ...prices, action: "list" },
    answer: z.array(exchangeRate),
  }),
  set: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/exchange-rates",
    access: { ...prices, action: "edit" },
    body: exchangeRateBody,
    answer: exchangeRate,
  }),
};

export const consolePricesResource = defineConsoleResource({
  name: "prices",
  path: "/console/prices",
  sort: 77,
  icon: "fund",
  actions: ["list", "create", "edit"],
  // Its page reads the price lists, their SKUs and changes with their own calls.
  calls: {},
});
