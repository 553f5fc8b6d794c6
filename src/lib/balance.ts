import Big from "big.js";
import type { CurrentBalance } from "#contracts";

/** Below the merchant's own threshold (none set: never low). Exact decimals, as the ledger keeps them. */
export function isLowBalance({ balance, lowBalanceThreshold }: CurrentBalance): boolean {
  return lowBalanceThreshold !== null && lowBalanceThreshold !== "" && new Big(balance).lt(lowBalanceThreshold);
}
