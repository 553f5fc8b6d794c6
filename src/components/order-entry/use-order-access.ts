import { useOne } from "@refinedev/core";
import type { MerchantInfo } from "#contracts";
import { useMay } from "../../providers/use-may";
import { SINGLETON_ID } from "../../resources";

/** Whether the signed-in role may place orders (the Order / Batch order actions are hidden otherwise). */
export function useMayOrder(): boolean {
  return useMay("order", "create");
}

/** The merchant's balance and its currency, as Merchant Information shows them. */
export function useBalance(): { balance?: string; currency?: string; loading: boolean } {
  const { result, query } = useOne<MerchantInfo>({ resource: "merchant-info", id: SINGLETON_ID });
  return { balance: result?.balance, currency: result?.currency, loading: query.isLoading };
}
