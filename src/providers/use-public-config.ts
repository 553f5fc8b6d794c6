import { useCustom } from "@refinedev/core";
import { PRODUCT_NAME, type PublicConfig, systemCalls } from "#contracts";
import { customCall } from "./api-call";

/** The public configuration, read once per page load; undefined until it arrives. */
export function usePublicConfig(): PublicConfig | undefined {
  const { query } = useCustom<PublicConfig>({
    ...customCall(systemCalls.publicConfig),
    queryOptions: { staleTime: Number.POSITIVE_INFINITY, retry: false },
  });
  return query.data?.data;
}

/** The product's name as the server configures it, the contracts' default until then. */
export function useProductName(): string {
  return usePublicConfig()?.productName ?? PRODUCT_NAME;
}
