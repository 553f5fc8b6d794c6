import type { SupplierRegistry } from "../../server/src/modules/supplier/registry";
import { supplierRegistry } from "../../server/src/modules/supplier/registry";
import type { SupplierAccount, SupplierAdapter, SupplierClient } from "../../server/src/modules/supplier/supplier";

const unreachable = async (): Promise<never> => {
  throw new Error("supplier unreachable");
};

/**
 * The server's adapters with the one of `kind` replaced by a supplier that answers as `client` says (per
 * account when it is a function; the parts left out throw "unreachable"): a supplier's behaviour the simulator
 * does not have (down, hanging, remembering, counting).
 */
export function standInSupplier(
  kind: string,
  client: Partial<SupplierClient> | ((account: SupplierAccount) => Partial<SupplierClient>),
): SupplierRegistry {
  const adapter: SupplierAdapter = {
    kind,
    connect: (account) => ({
      submit: unreachable,
      query: unreachable,
      lookup: unreachable,
      balance: unreachable,
      ...(typeof client === "function" ? client(account) : client),
    }),
  };
  return new Map([...supplierRegistry(), [kind, adapter]]);
}
