import type { GiftCard } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { simulatorSupplier } from "./simulator-supplier";

/**
 * The boundary to whoever actually delivers a top-up or a gift card. The fulfilment worker talks to suppliers
 * only through this interface; a product names its supplier (`products.supplier`), copied onto each order.
 */
export interface SupplierRequest {
  /** Our order number. Real suppliers take it as their client reference, which makes `submit` idempotent. */
  orderNo: string;
  /** 1 Topup, 2 Login Topup, 3 Gift Card. */
  productType: number;
  spec: string;
  quantity: number;
  rechargeAccount: string;
  /** The order's inputs by field key, secrets decrypted (the supplier needs e.g. the game login password). */
  inputs: Record<string, string>;
  placedAt: Date;
  /** 1 the first time a worker takes the order up, then 2, 3... (counts polls and retries alike). */
  attempt: number;
  /** Aborted at the call's time-out: pass it to the HTTP client so the call is dropped, not left running. */
  signal: AbortSignal;
}

export type SupplierAnswer =
  | { state: "success"; cards?: GiftCard[] }
  | { state: "failed"; reason: string }
  /** Accepted, no final answer yet: ask again later with `query` and this reference. */
  | { state: "pending"; ref: string };

/**
 * A thrown error means "don't know" (network, timeout, supplier down): the worker retries with backoff until the
 * product's deadline. Only a `failed` answer fails the order. Error messages end up in the order's timeline, so
 * they must not contain secrets (credentials, the order's secret inputs).
 */
export interface SupplierAdapter {
  name: string;
  /**
   * Places the order with the supplier. MUST be idempotent per `orderNo`: jobs are at-least-once, so after a
   * crash or a lost answer the same order is submitted again, and it must not be bought twice. Real suppliers
   * offer this through a client reference (our orderNo) that they refuse to accept twice, answering the
   * existing order's state instead.
   */
  submit(request: SupplierRequest): Promise<SupplierAnswer>;
  /** The state of an order the supplier has accepted. */
  query(request: SupplierRequest & { ref: string }): Promise<SupplierAnswer>;
}

export type SupplierRegistry = ReadonlyMap<string, SupplierAdapter>;

/** The adapters this server knows, by name. A new supplier is one adapter file and one line here. */
export function supplierRegistry(deps: AppDeps): SupplierRegistry {
  const adapters = [simulatorSupplier({ clock: deps.clock, delayMs: deps.config.SIMULATOR_DELAY_MS })];
  return new Map(adapters.map((a) => [a.name, a]));
}
