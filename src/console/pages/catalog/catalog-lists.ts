import { type HttpError, useCustom } from "@refinedev/core";
import { type Attribute, type Brand, type CallDeclaration, type Category, catalogCalls } from "#contracts";
import { customCall } from "../../../providers/api-call";

function useShortList<T>(call: CallDeclaration, enabled: boolean): T[] {
  const { query } = useCustom<T[], HttpError>({ ...customCall(call), queryOptions: { retry: false, enabled } });
  return query.data?.data ?? [];
}

/**
 * The categories, brands and attributes the product search and form choose from. Read with the same calls as
 * their tabs, so they share one cached copy; a failure leaves the choices empty (the tab says why).
 */
export function useCatalogLists(enabled = true) {
  return {
    categories: useShortList<Category>(catalogCalls.categories.list, enabled),
    brands: useShortList<Brand>(catalogCalls.brands.list, enabled),
    attributes: useShortList<Attribute>(catalogCalls.attributes.list, enabled),
  };
}

/** "Games (游戏)": an entry's English name with its Chinese one when it has one. */
export const bothNames = (entry: { name: string; nameZh: string }) =>
  entry.nameZh ? `${entry.name} (${entry.nameZh})` : entry.name;
