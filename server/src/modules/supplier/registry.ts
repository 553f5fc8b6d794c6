import type { SupplierKind } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { dingConnectAdapter } from "./adapters/dingconnect";
import { reloadlyAdapter } from "./adapters/reloadly";
import { simulatorAdapter } from "./adapters/simulator";
import type { SupplierAdapter, SupplierClient, SupplierContext } from "./supplier";

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

const supplierContext = (deps: AppDeps): SupplierContext => ({
  clock: deps.clock,
  simulatorDelayMs: deps.config.SIMULATOR_DELAY_MS,
});

/** An account's credentials, unsealed (one JSON document; none stored = {}). */
export const unsealCredentials = (deps: AppDeps, sealed: string | null): Record<string, string> =>
  sealed ? (JSON.parse(deps.cipher.decrypt(sealed)) as Record<string, string>) : {};

/** A stored supplier account connected to its adapter; null when this server has no adapter of its kind. */
export function connectAccount(
  deps: AppDeps,
  registry: SupplierRegistry,
  account: { id: number; kind: string; baseUrl: string; authUrl: string; credentialsSealed: string | null },
): SupplierClient | null {
  const adapter = registry.get(account.kind);
  if (!adapter) return null;
  const credentials = unsealCredentials(deps, account.credentialsSealed);
  return adapter.connect(
    { id: account.id, baseUrl: account.baseUrl, authUrl: account.authUrl, credentials },
    supplierContext(deps),
  );
}
