import type { CatalogEntry, GiftCard, OrderFailCode, Quote, QuoteResult, QuoteWanted } from "#contracts";

/**
 * How an adapter classifies a refusal (the order's `failCode` when no other route takes it): the recharge account
 * is wrong, the product cannot be delivered, the supplier cannot take orders now (its balance), or another reason
 * (the default, `SUPPLIER_REFUSED`).
 */
export type RefusalCode = Extract<
  OrderFailCode,
  "ACCOUNT_INVALID" | "PRODUCT_UNAVAILABLE" | "SUPPLIER_UNAVAILABLE" | "SUPPLIER_REFUSED"
>;

import type { Clock } from "../../lib/clock";

/**
 * The boundary to whoever actually delivers a top-up or a gift card. The fulfilment worker talks to suppliers
 * only through this interface. A supplier *adapter* is the code for one kind of supplier (Reloadly, DingConnect,
 * the built-in simulator); a supplier *account* (table `supplier_accounts`, edited in the console) is one set of
 * credentials and base URLs for an adapter; an adapter connected to an account is a `SupplierClient`.
 *
 * Adding a supplier is one file under adapters/ exporting a `SupplierAdapter`, and one line in registry.ts.
 *
 * Money (contracts/supplier-catalog.ts): the adapter's `quote` says, from the route's catalog entry alone, what to
 * send for a SKU's face value and what that should cost; the worker checks that cost against the order's price and
 * hands the quote to `submit` as `plan`. The answer says what the supplier charged and delivered, from its own
 * words: the worker records both and flags a delivery short of the face value.
 */

/** One supplier account as the adapter sees it: credentials decrypted, nothing else of ours. */
export interface SupplierAccount {
  id: number;
  /** Where its API answers (sandbox, live, or a local stand-in in tests). Never ends with a slash. */
  baseUrl: string;
  /** Where it issues tokens, for suppliers with a separate auth server (Reloadly); "" when there is none. */
  authUrl: string;
  /** The kind's credentials (`supplierKindInfo`), by key. Never logged, never put in an error message. */
  credentials: Record<string, string>;
}

/** One attempt at fulfilling an order at one supplier (one route of the order's SKU). */
export interface SupplierRequest {
  /**
   * Our reference for this attempt: the order number for the first attempt, `<orderNo>-<n>` for the n-th (a
   * failover to another route). Sent as the supplier's client reference (Reloadly `customIdentifier`,
   * DingConnect `DistributorRef`), which the supplier refuses to accept twice: that makes `submit` idempotent,
   * and lets `lookup` find an attempt whose answer we never got.
   */
  reference: string;
  orderNo: string;
  /** 1 Topup, 2 Login Topup, 3 Gift Card. */
  productType: number;
  /** The route's product at the supplier: its operator id, product id or SKU code. */
  supplierProduct: string;
  /** The SKU's face value (per unit) and its currency: what the recipient gets, e.g. "10.00" "USD". */
  faceValue: string;
  faceCurrency: string;
  /**
   * How to buy one unit: the adapter's own `quote` of the route's catalog entry for this face value, made by the
   * worker before sending (the same plan every time this attempt is sent again).
   */
  plan: Quote;
  /** The route's catalog entry as the last sync read it (null: a SKU without routes at its default supplier). */
  entry: CatalogEntry | null;
  spec: string;
  quantity: number;
  /** The account being recharged (a phone number in international form for mobile top-ups). */
  rechargeAccount: string;
  /** The order's inputs by field key, secrets decrypted (the supplier needs e.g. the game login password). */
  inputs: Record<string, string>;
  placedAt: Date;
  /** 1 the first time a worker takes the order up, then 2, 3... (counts polls and retries alike). */
  attempt: number;
  /** Aborted at the call's time-out: pass it to the HTTP client so the call is dropped, not left running. */
  signal: AbortSignal;
}

/** An amount of money and its currency, as a supplier states it (decimal text). */
export interface Money {
  amount: string;
  currency: string;
}

/**
 * A supplier's definitive answer about an attempt. `transactionId` is the supplier's own id for it (shown in
 * the console, used by `query`). For a success, all for the whole attempt and only as the supplier states them:
 * `cost` what it charged the account, `delivered` what it says the recipient got, `sent` what it was asked to take
 * when that differs from the plan (an amount looked up at send time).
 */
export type SupplierAnswer =
  | {
      state: "success";
      transactionId?: string;
      cards?: GiftCard[];
      cost?: Money;
      delivered?: Money;
      sent?: Money & { local: boolean };
    }
  /** Refused or failed for good: nothing was or will be delivered, so the next route may be tried. */
  | { state: "failed"; reason: string; transactionId?: string; code?: RefusalCode }
  /** Accepted, no final answer yet: ask again later with `query`. */
  | { state: "pending"; transactionId: string };

/** What `lookup` finds: the attempt's state, or that the supplier has no attempt with that reference. */
export type LookupAnswer = SupplierAnswer | { state: "notFound" };

export type SupplierBalance = Money;

/** One transaction of a supplier's own report (reconciliation): what it says it did, by our reference. */
export interface SupplierTransaction {
  /** Our reference as the supplier kept it (Reloadly `customIdentifier`, DingConnect `DistributorRef`); null: none. */
  reference: string | null;
  transactionId: string;
  state: "success" | "failed" | "pending";
  /** What it took from the account (null: nothing, as for a failed transaction). */
  charged: Money | null;
  at: Date;
}

/** A reconciliation window: from `start` (inclusive) to `end` (exclusive). */
export interface TimeWindow {
  start: Date;
  end: Date;
}

/**
 * An adapter connected to one account. A thrown error means "don't know" (network, time-out, 5xx, an answer we
 * cannot read): the worker never treats it as a refusal. It asks the same supplier again (`lookup` after a
 * `submit` that threw) and never sends the order to another supplier while it may still succeed at this one.
 * Error messages end up in the order's timeline, so they must not contain secrets (credentials, tokens, the
 * order's secret inputs).
 */
export interface SupplierClient {
  /** Places the attempt. Idempotent per `request.reference` (see there). */
  submit(request: SupplierRequest): Promise<SupplierAnswer>;
  /** The state of an attempt the supplier accepted (`pending` with this transaction id). */
  query(request: SupplierRequest & { transactionId: string }): Promise<SupplierAnswer>;
  /** Finds an attempt by our reference, after a `submit` whose answer was lost (time-out, crash). */
  lookup(request: SupplierRequest): Promise<LookupAnswer>;
  /** The account's balance at the supplier (also the health check: a throw marks the account unhealthy). */
  balance(signal: AbortSignal): Promise<SupplierBalance>;
  /** Everything the account can buy, read whole (paged through as the supplier pages it). */
  catalog(signal: AbortSignal): Promise<CatalogEntry[]>;
  /**
   * The supplier's own report of the account's transactions in the window, every page of it. Absent where the
   * supplier keeps no report (the simulator, which is stateless).
   */
  transactions?(window: TimeWindow, signal: AbortSignal): Promise<SupplierTransaction[]>;
}

/**
 * An adapter: its kind (stored in `supplier_accounts.kind`; its credentials and documented addresses are declared
 * in contracts/supplier.ts `supplierKindInfo`, which the console's form and the server's checks share) and how to
 * connect to an account.
 */
export interface SupplierAdapter {
  kind: string;
  connect(account: SupplierAccount, context: SupplierContext): SupplierClient;
  /**
   * How this supplier buys one unit of `wanted` through `entry`, or why it cannot: pure, from the entry alone, so
   * a route is checked when saved, re-quoted after each sync and shown on the Prices page with the same figures
   * the worker sends. `entry` is null for a SKU without routes sent to its product's default supplier.
   */
  quote(entry: CatalogEntry | null, wanted: QuoteWanted): QuoteResult;
}

export interface SupplierContext {
  clock: Clock;
  /** The simulator's answer delay (config SIMULATOR_DELAY_MS). */
  simulatorDelayMs: number;
}

/** An answer we could not read or a status we do not know: "don't know", never a refusal. */
export class SupplierUnclearError extends Error {}
