import { z } from "zod";
import { idParams } from "./calls";
import { pageQuery } from "./envelope";
import { quote, quoteRefusals, routeFlag, supplierProductKinds } from "./supplier-catalog";

/**
 * Suppliers (issue 16): the accounts fulfilment sends orders to, and each SKU's routes (an ordered list of
 * supplier products). An order goes to its SKU's first healthy route; a definitive refusal moves it to the next
 * route; an unclear outcome is looked up at the same supplier first, so no order is ever fulfilled twice. Every
 * attempt is recorded, with its cost: the console's order detail shows them and the order's margin.
 */

/** The adapters the server has (server/src/modules/supplier/registry.ts registers one per kind). */
export const supplierKinds = ["simulator", "reloadly", "dingconnect"] as const;
export type SupplierKind = (typeof supplierKinds)[number];

/** What the console's form and the server's checks know of a kind of supplier. */
export interface SupplierKindInfo {
  /** The API's documented base URLs, offered by the form. */
  baseUrls: { sandbox: string; live: string };
  /** Its separate auth server's, where it has one (the form asks for an auth URL only then). */
  authUrls?: { sandbox: string; live: string };
  /**
   * Its credentials in the form's order. A required one must end up stored; a secret left empty on an edit keeps
   * the stored value. `options` makes it a setting to choose, where "" clears it.
   */
  credentials: readonly { key: string; required: boolean; options?: readonly string[] }[];
  /** It keeps a report of its transactions to reconcile with (the simulator, stateless, does not). */
  reconciles: boolean;
}

export const supplierKindInfo: Readonly<Record<SupplierKind, SupplierKindInfo>> = {
  simulator: {
    baseUrls: { sandbox: "simulator:", live: "simulator:" },
    // "all": refuses every order (a route to fail over from, in demos and tests).
    credentials: [{ key: "refuse", required: false, options: ["", "all"] }],
    reconciles: false,
  },
  reloadly: {
    baseUrls: { sandbox: "https://topups-sandbox.reloadly.com", live: "https://topups.reloadly.com" },
    authUrls: { sandbox: "https://auth.reloadly.com", live: "https://auth.reloadly.com" },
    credentials: [
      { key: "clientId", required: true },
      { key: "clientSecret", required: true },
    ],
    reconciles: true,
  },
  dingconnect: {
    // Ding has no sandbox host: its test mode is UAT numbers (and ValidateOnly) on the live API.
    baseUrls: { sandbox: "https://api.dingconnect.com", live: "https://api.dingconnect.com" },
    credentials: [{ key: "apiKey", required: true }],
    reconciles: true,
  },
};

/** The last balance check's verdict: routes to a `down` account are tried last. */
export const supplierHealths = ["unknown", "up", "down"] as const;

/**
 * An attempt's state. `sent` is written before the call, so an attempt whose answer never came (time-out,
 * crash) is known and looked up at its supplier before anything else happens to the order. `skipped`: never sent,
 * because the route could not buy the SKU (its quote refused) or would have bought it at a loss.
 */
export const attemptStates = ["sent", "pending", "success", "failed", "skipped"] as const;
export type AttemptState = (typeof attemptStates)[number];

export const supplierAccount = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(supplierKinds),
  baseUrl: z.string(),
  authUrl: z.string(),
  enabled: z.boolean(),
  /** Which credentials are stored; their values are never answered (they are encrypted at rest). */
  credentialKeys: z.array(z.string()),
  health: z.enum(supplierHealths),
  balance: z.string().nullable(),
  balanceCurrency: z.string().nullable(),
  checkTime: z.string().nullable(),
  /** Why the last check failed, when it did. */
  lastError: z.string(),
  routes: z.number(),
  createTime: z.string(),
});
export type SupplierAccountView = z.infer<typeof supplierAccount>;

const url = z
  .string("validation.required")
  .trim()
  .max(300, "validation.tooLong")
  .refine((v) => v === "simulator:" || isHttpUrl(v), "console.errors.supplierUrl")
  .transform((v) => v.replace(/\/+$/, ""));

/** An http(s) address a URL parser takes, as the adapters will parse it (no spaces, a real host). */
function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

export const supplierAccountBody = z.object({
  /** Short and stable: products name their default supplier by it, and the timeline shows it. */
  code: z
    .string("validation.required")
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,39}$/, "console.errors.supplierCode"),
  name: z.string("validation.required").trim().min(1, "validation.required").max(100, "validation.tooLong"),
  kind: z.enum(supplierKinds, "validation.option"),
  baseUrl: url,
  authUrl: z.union([z.literal(""), url]).default(""),
  enabled: z.boolean().default(true),
  /**
   * The kind's credentials (`supplierKindInfo`). On an update, a secret left out or empty keeps its stored value;
   * a setting with options given as "" is cleared.
   */
  credentials: z.record(z.string(), z.string().max(500, "validation.tooLong")).default({}),
});
export type SupplierAccountBody = z.input<typeof supplierAccountBody>;

export const skuRoute = z.object({
  supplierId: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  /** The supplier's own product for this SKU (a synced catalog entry's id): operator id, product id, SkuCode. */
  supplierProduct: z.string(),
  /** That product's name in the supplier's catalog (null: the last sync did not list it). */
  productName: z.string().nullable(),
  /** What the supplier is expected to charge per unit, in `costCurrency` (the quote's; null: it cannot buy it). */
  cost: z.string().nullable(),
  costCurrency: z.string().nullable(),
  /** How the route buys the SKU's face value, from the last sync (null when it cannot: `refusal` says why). */
  quote: quote.nullable(),
  refusal: z.object({ reason: z.enum(quoteRefusals), params: z.record(z.string(), z.string()) }).nullable(),
  quoteTime: z.string().nullable(),
  /** What the catalog syncs found since a staff member last cleared them. */
  flags: z.array(routeFlag),
  enabled: z.boolean(),
});
export type SkuRoute = z.infer<typeof skuRoute>;

/** A SKU with its routes, in order (the first healthy one is tried first). */
export const routedSku = z.object({
  skuId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  skuCode: z.string(),
  spec: z.string(),
  faceValue: z.string(),
  currency: z.string(),
  /** The product's default supplier (its code), used when the SKU has no routes. */
  defaultSupplier: z.string(),
  /** What its routes' supplier products must be: top-ups for a top-up or login top-up, gift cards for a gift card. */
  kind: z.enum(supplierProductKinds),
  /** Orders may be sent to a route whose expected cost is above their price (otherwise that route is skipped). */
  allowLoss: z.boolean(),
  routes: z.array(skuRoute),
});
export type RoutedSku = z.infer<typeof routedSku>;

export const routedSkuQuery = pageQuery.extend({
  /** Part of a product's code or name, or a SKU's code. */
  keyword: z.string().trim().max(100, "validation.tooLong").optional(),
  /** Only SKUs with a route a catalog sync flagged. */
  flagged: z
    .enum(["true", "false"], "validation.option")
    .transform((v) => v === "true")
    .optional(),
});

export const skuRoutesBody = z.object({
  routes: z
    .array(
      z.object({
        supplierId: idParams.shape.id,
        /** A product of the account's synced catalog (picked from it): its cost comes from there. */
        supplierProduct: z
          .string("validation.required")
          .trim()
          .min(1, "validation.required")
          .max(100, "validation.tooLong"),
        enabled: z.boolean().default(true),
      }),
    )
    .max(10, "validation.tooLong"),
  allowLoss: z.boolean().default(false),
});
export type SkuRoutesBody = z.input<typeof skuRoutesBody>;

/** An amount with its currency; both null when not known. */
const money = { amount: z.string().nullable(), currency: z.string().nullable() };

/** One try at one supplier, as the console's order detail shows it. All amounts are for the whole attempt. */
export const fulfilmentAttempt = z.object({
  seq: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  supplierProduct: z.string(),
  /** Our reference at the supplier (the order number, `-2`, `-3`... for a failover). */
  reference: z.string(),
  transactionId: z.string().nullable(),
  /** What the recipient had to get: the SKU's face value times the quantity. */
  face: z.object(money),
  /** What we asked the supplier to take (`local`: in the recipient's currency). */
  sent: z.object({ ...money, local: z.boolean() }),
  /** What the quote said it would cost, before sending. */
  expectedCost: z.object(money),
  /** What the supplier says it delivered, and whether that is less than the face value. */
  delivered: z.object(money),
  shortDelivery: z.boolean(),
  /** What the supplier charged (null: nothing, or not known yet), in the account's currency. */
  cost: z.string().nullable(),
  costCurrency: z.string().nullable(),
  /** That cost in the order's currency, and the rate used (1 account-currency unit = rate order-currency units). */
  orderCost: z.string().nullable(),
  rate: z.string().nullable(),
  rateTime: z.string().nullable(),
  state: z.enum(attemptStates),
  /** A refusal's reason (a message key or the supplier's words). */
  detail: z.string(),
  startTime: z.string(),
  finishTime: z.string().nullable(),
  /** How long the supplier took to answer the submission. */
  latencyMs: z.number().nullable(),
});
export type FulfilmentAttempt = z.infer<typeof fulfilmentAttempt>;
