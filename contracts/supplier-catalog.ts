import { z } from "zod";
import { pageQuery } from "./envelope";
import { ProductType } from "./product";

/**
 * Money at the supplier boundary (issue 19). Three amounts per attempt, never confused: the **face value** the
 * recipient must get (the SKU's, in the SKU's currency), the **send amount** we ask the supplier to take (in the
 * account's currency, or the local amount where the supplier takes one), and the **cost** the supplier actually
 * charged (read from its answer, never assumed). Each carries its currency.
 *
 * What a supplier sells comes from its catalog, synced per account (Reloadly operators and gift-card products,
 * DingConnect products, the simulator's built-in list) into one shape, `CatalogEntry`. A route names one entry;
 * how the entry buys a SKU's face value is the adapter's `quote` (pure, from the entry alone), used when a route is
 * saved, after every sync, on the Prices page and before every order is sent.
 */

export const supplierProductKinds = ["topup", "giftCard"] as const;
export type SupplierProductKind = (typeof supplierProductKinds)[number];
/** What a supplier sells for a product of ours: gift cards for gift cards, top-ups for both kinds of top-up. */
export const supplierKindOf = (productType: number): SupplierProductKind =>
  productType === ProductType.giftCard ? "giftCard" : "topup";
export const denominationTypes = ["fixed", "range"] as const;

/** A decimal as money travels (never a float). */
const decimal = z.string();

/** One product of a supplier's catalog, as every adapter describes it. Amounts are per unit. */
export const catalogEntry = z.object({
  /** What a route names: Reloadly's operator or gift-card product id, DingConnect's SkuCode. */
  externalId: z.string(),
  kind: z.enum(supplierProductKinds),
  name: z.string(),
  /** ISO 3166 alpha-2, where the product is for one country (a top-up's operator, a regional gift card). */
  country: z.string().nullable(),
  /** The account's currency: what we pay in. */
  sendCurrency: z.string(),
  /** What the recipient gets. */
  receiveCurrency: z.string(),
  denomination: z.enum(denominationTypes),
  /** The values offered (fixed): each receive value with its send value; empty for a range. */
  fixed: z.array(z.object({ send: decimal, receive: decimal })),
  /** The bounds (range), in both currencies; null for fixed values. */
  range: z.object({ minSend: decimal, maxSend: decimal, minReceive: decimal, maxReceive: decimal }).nullable(),
  /** Receive units per send unit (the supplier's own FX rate); null when it states none. */
  fxRate: decimal.nullable(),
  /** The supplier takes the receive amount itself (Reloadly's `useLocalAmount`). */
  localAmounts: z.boolean(),
  /** Percent of the send amount the supplier keeps back for us (discount, commission). */
  discountPercent: decimal,
  /** Per unit, in the send currency, on top (Reloadly gift cards' senderFee, DingConnect's DistributorFee). */
  fee: decimal,
});
export type CatalogEntry = z.infer<typeof catalogEntry>;

/** How a route buys one unit of a SKU: what is sent, what arrives, what it should cost. */
export const quote = z.object({
  /** Asked of the supplier: in the account's currency, or in the receive currency when `local`. */
  send: z.object({ amount: decimal, currency: z.string(), local: z.boolean() }),
  /** What the recipient should get (never below the face value). */
  delivers: z.object({ value: decimal, currency: z.string() }),
  /** What we expect to be charged, in the account's currency (after discount, with fees). */
  cost: z.object({ amount: decimal, currency: z.string() }),
});
export type Quote = z.infer<typeof quote>;

/** Why a route cannot buy a SKU (message keys `console.quote.<reason>`, its params filling them). */
export const quoteRefusals = [
  /** The route names nothing the account's last sync listed. */
  "notInCatalog",
  /** A gift card routed to a top-up, or the other way round. */
  "kindMismatch",
  /** The product delivers another currency than the SKU's. */
  "currencyMismatch",
  /** A fixed-value product does not offer the face value. */
  "valueNotOffered",
  /** The face value is outside a range product's bounds. */
  "valueOutOfRange",
  /** The face value would need an FX rate the product does not state. */
  "noFxRate",
] as const;
export type QuoteRefusal = (typeof quoteRefusals)[number];
export type QuoteResult =
  | { ok: true; quote: Quote }
  | { ok: false; reason: QuoteRefusal; params: Record<string, string> };

/** What the face value a route is asked to buy: per unit, in the SKU's currency. */
export interface QuoteWanted {
  kind: SupplierProductKind;
  faceValue: string;
  faceCurrency: string;
}

/**
 * A change a catalog sync found on a route (kept until a staff member clears it): the cost or the FX rate moved
 * past the alert threshold, the product left the catalog (the route is disabled), or it no longer offers the
 * SKU's value.
 */
export const routeFlagKinds = ["costChanged", "fxChanged", "productGone", "valueGone"] as const;
export const routeFlag = z.object({
  kind: z.enum(routeFlagKinds),
  /** Before and after, as the sync saw them (amounts, rates, the quote's refusal). */
  params: z.record(z.string(), z.string()),
  at: z.string(),
});
export type RouteFlag = z.infer<typeof routeFlag>;

export const catalogSyncStates = ["running", "done", "failed"] as const;
/** Who asked for a sync or a reconciliation: the schedule, a staff member in the console, the operator CLI. */
export const supplierRunTriggers = ["schedule", "staff", "operator"] as const;

export const catalogSync = z.object({
  id: z.number(),
  supplierId: z.number(),
  trigger: z.enum(supplierRunTriggers),
  state: z.enum(catalogSyncStates),
  startTime: z.string(),
  finishTime: z.string().nullable(),
  /** Products listed by the supplier, and how many were new, changed or gone since the last sync. */
  products: z.number(),
  added: z.number(),
  changed: z.number(),
  gone: z.number(),
  /** Routes the sync flagged. */
  flagged: z.number(),
  error: z.string(),
});
export type CatalogSync = z.infer<typeof catalogSync>;

/** A synced product as the console lists it (the picker of the routes editor). */
export const supplierProduct = catalogEntry.extend({
  id: z.number(),
  supplierId: z.number(),
  /** When the last sync saw it; `goneTime` once a sync no longer listed it. */
  syncTime: z.string(),
  goneTime: z.string().nullable(),
});
export type SupplierProductView = z.infer<typeof supplierProduct>;

export const supplierProductQuery = pageQuery.extend({
  /** Part of its name or id, or its country. */
  keyword: z.string().trim().max(100, "validation.tooLong").optional(),
  kind: z.enum(supplierProductKinds, "validation.option").optional(),
  /** Only those delivering this currency (the SKU's). */
  receiveCurrency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "validation.currency")
    .optional(),
  /** Gone products too (they are left out unless asked for). */
  gone: z
    .enum(["true", "false"], "validation.option")
    .transform((v) => v === "true")
    .optional(),
});

/** An account's catalog at a glance: its last sync and how many products it lists. */
export const supplierCatalogState = z.object({
  supplierId: z.number(),
  products: z.number(),
  lastSync: catalogSync.nullable(),
});
export type SupplierCatalogState = z.infer<typeof supplierCatalogState>;
