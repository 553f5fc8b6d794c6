import type { SupplierKind } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { dingConnectAdapter } from "./adapters/dingconnect";
import { reloadlyAdapter } from "./adapters/reloadly";
import { simulatorAdapter } from "./adapters/simulator";
import type { SupplierAdapter, SupplierContext } from "./supplier";

/**
 * The adapters this server has, by kind. A new supplier is one file under adapters/ and one line here (and its
 * kind in contracts/supplier.ts `supplierKinds`, which the database checks).
 */
export const supplierAdapters: Readonly<Record<SupplierKind, SupplierAdapter>> = {
  simulator: simulatorAdapter,
  reloadly: reloadlyAdapter,
  dingconnect: dingConnectAdapter,
};

export type SupplierRegistry = ReadonlyMap<string, SupplierAdapter>;

export function supplierRegistry(): SupplierRegistry {
  return new Map(Object.values(supplierAdapters).map((a) => [a.kind, a]));
}

export const supplierContext = (deps: AppDeps): SupplierContext => ({
  clock: deps.clock,
  simulatorDelayMs: deps.config.SIMULATOR_DELAY_MS,
});
