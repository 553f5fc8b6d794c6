import type { BaseRecord, CrudFilter } from "@refinedev/core";
import type { CallDeclaration } from "#contracts";
import type { ListLocation } from "../lib/list-location";
import { useListTable } from "./use-list-table";

/** A search as the list's filters: one `field=value` each, blanks left out (the data provider drops them). */
const asFilters = (search: object): CrudFilter[] =>
  Object.entries(search).map(([field, value]) => ({ field, operator: "eq", value }));

/**
 * A paged list read with its own call, for the lists that are not a Refine resource (a tab, a drawer's section,
 * a list under a record), made by useListTable like every other list: the page, the search it is filtered by (a
 * new search goes back to page 1), its load failure said in words (`loadFailed`, a message key), the table's
 * props with its pagination and its empty and failed states. Its state stays out of the address unless the
 * list says where (`address` with a prefix, and the `location` its filters are read with).
 */
export function usePagedCall<T extends BaseRecord, S extends object = Record<string, unknown>>(
  call: CallDeclaration,
  options: {
    params?: object;
    query?: object;
    loadFailed?: string;
    address?: { prefix: string };
    location?: ListLocation;
  } = {},
) {
  const list = useListTable<T>({
    resource: `${call.method} ${call.path}`,
    call: { declaration: call, params: options.params, query: options.query },
    address: options.address ?? false,
    location: options.location,
    loadFailed: options.loadFailed,
  });
  const { tableQuery, tableProps, filters, setFilters, setCurrentPage } = list;
  const search = Object.fromEntries(
    filters.flatMap((f) => ("field" in f && f.value !== undefined ? [[f.field, f.value]] : [])),
  ) as Partial<S>;
  return {
    query: tableQuery,
    rows: (tableProps.dataSource ?? []) as readonly T[],
    pagination: tableProps.pagination,
    tableProps,
    initialValues: list.initialValues as Partial<S>,
    search,
    /** Filters the list anew, from its first page. */
    searchFor: (next: Partial<S>) => {
      setFilters(asFilters(next), "replace");
      setCurrentPage(1);
    },
  };
}
