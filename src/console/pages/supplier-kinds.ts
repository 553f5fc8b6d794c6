import { supplierKindInfo } from "#contracts";
import { formatMoney } from "../../lib/format-decimal";

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

/** A supplier's cost (up to 4 decimals): "9.25", "0.1234", "1,000.00". */
export function formatCost(value: string | null | undefined): string {
  const text = formatMoney(value, 4);
  return text === "-" ? text : text.replace(/(\.\d\d\d*?)0+$/, "$1");
}
