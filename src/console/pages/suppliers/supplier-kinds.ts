import { supplierKindInfo } from "#contracts";

/**
 * Every documented address of every kind (contracts/supplier.ts `supplierKindInfo`): a field holding one of them
 * may be replaced when the kind changes.
 */
export const documentedUrls: ReadonlySet<string> = new Set(
  Object.values(supplierKindInfo).flatMap((k) => [
    ...Object.values(k.baseUrls),
    ...Object.values(k.authUrls ?? { sandbox: "", live: "" }),
  ]),
);
