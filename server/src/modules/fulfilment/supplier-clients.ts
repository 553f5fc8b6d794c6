import type { AppDeps } from "../../app-deps";
import { connectAccount, type SupplierRegistry } from "../supplier/registry";
import type { SupplierAdapter, SupplierClient } from "../supplier/supplier";

/** A supplier account's row, as fulfilment reads it to connect (credentials still sealed). */
export interface AccountRow {
  id: number;
  code: string;
  name: string;
  kind: string;
  baseUrl: string;
  authUrl: string;
  credentialsSealed: string | null;
  enabled: boolean;
  /** Changes whenever the account is edited: a client connected before is replaced. */
  updatedMs: number;
}

/**
 * The adapters connected to accounts, kept for the worker's life: a client holds what is worth keeping between
 * calls (Reloadly's OAuth token), and is connected again only when its account was edited.
 */
export function supplierClients(deps: AppDeps, registry: SupplierRegistry) {
  const connected = new Map<number, { updatedMs: number; client: SupplierClient }>();
  return {
    /** The adapter of a kind (its `quote`), or null when this server has none. */
    adapter: (kind: string): SupplierAdapter | null => registry.get(kind) ?? null,
    /** The account's client, or null when this server has no adapter of its kind. */
    of(account: AccountRow): SupplierClient | null {
      const known = connected.get(account.id);
      if (known && known.updatedMs === account.updatedMs) return known.client;
      const client = connectAccount(deps, registry, account);
      if (!client) return null;
      connected.set(account.id, { updatedMs: account.updatedMs, client });
      return client;
    },
  };
}
export type SupplierClients = ReturnType<typeof supplierClients>;
