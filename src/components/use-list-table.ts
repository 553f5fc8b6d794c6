import { useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilter, HttpError } from "@refinedev/core";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { filterFormValues, type ListLocation, listSearch, readListSearch } from "../lib/list-location";

/** Marks the address changes a list makes itself (history state), so they do not remount it. */
const LIST_SYNC = { listSync: true } as const;
const isListSync = (state: unknown) => typeof state === "object" && state !== null && "listSync" in state;

/**
 * A key for a list page that changes when the address is changed by navigation (a link such as a batch's
 * `?batchId=…`, the menu), not when the list writes its own state there: the list then starts over from the
 * new address.
 */
export function useNavigationKey(): string {
  const location = useLocation();
  const key = useRef(location.key);
  if (!isListSync(location.state)) key.current = location.key;
  return key.current;
}

interface ListTableOptions<Row, Values> {
  resource: string;
  location: ListLocation;
  /** The search form's field holding the time range (`startTime` / `endTime` in the address). */
  rangeName: string;
  onSearch: (values: Values) => CrudFilter[];
  /** How soon to reload, from the rows shown and whether the last load failed (false: not by itself). */
  refetchInterval?: (rows: readonly Row[] | undefined, failed: boolean) => number | false;
}

/**
 * Refine's table for a main list, with its filters, sort, page and page size in the address: read once when the
 * page opens (the search form shows them), written back (replacing the history entry) whenever they change.
 */
export function useListTable<Row extends BaseRecord, Values extends object>(options: ListTableOptions<Row, Values>) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [initial] = useState(() => readListSearch(params, options.location));
  const table = useTable<Row, HttpError, Values>({
    resource: options.resource,
    syncWithLocation: false,
    pagination: { currentPage: initial.currentPage, pageSize: initial.pageSize },
    filters: { initial: initial.filters, defaultBehavior: "replace" },
    sorters: { initial: initial.sorters },
    onSearch: options.onSearch,
    queryOptions: {
      // Each failure is already reported by the http client and once by the page; retrying would repeat both.
      retry: false,
      refetchInterval: (query) =>
        options.refetchInterval?.(query.state.data?.data, query.state.status === "error") ?? false,
    },
  });
  const { filters, sorters, currentPage, pageSize } = table;
  const search = listSearch({ filters, sorters, currentPage, pageSize });
  useEffect(() => {
    if (search !== params.toString()) navigate({ search }, { replace: true, state: LIST_SYNC });
  }, [search, params, navigate]);
  const [initialValues] = useState(() => filterFormValues(initial.filters, options.rangeName) as Values);
  return { ...table, initialValues };
}
