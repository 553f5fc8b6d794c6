import { simulatorAdapter } from "../../server/src/modules/supplier/adapters/simulator";
import type { SupplierRegistry } from "../../server/src/modules/supplier/registry";
import { supplierRegistry } from "../../server/src/modules/supplier/registry";
import type { SupplierAccount, SupplierAdapter, SupplierClient } from "../../server/src/modules/supplier/supplier";

const unreachable = async (): Promise<never> => {
  throw new Error("supplier unreachable");
};

/**
 * The server's adapters with the one of `kind` replaced by a supplier that answers as `client` says (per
 * account when it is a function; the parts left out throw "unreachable"): a supplier's behaviour the simulator
 * does not have (down, hanging, remembering, counting). It quotes as the adapter it replaces (the simulator's
 * rule for a kind the server does not have), so orders reach it priced as they would be.
 */
export function standInSupplier(
  kind: string,
  client: Partial<SupplierClient> | ((account: SupplierAccount) => Partial<SupplierClient>),
): SupplierRegistry {
  const registry = supplierRegistry();
  const adapter: SupplierAdapter = {
    kind,
    connect: (account) => ({
      submit: unreachable,
      query: unreachable,
      lookup: unreachable,
      balance: unreachable,
      catalog: unreachable,
      ...(typeof client === "function" ? client(account) : client),
    }),
    quote: (registry.get(kind) ?? simulatorAdapter).quote,
  };
  return new Map([...registry, [kind, adapter]]);
}
