import { useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilter, HttpError } from "@refinedev/core";
import type { TableProps } from "antd";
import { createElement, useDeferredValue, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { CallDeclaration } from "#contracts";
import { filterFormValues, type ListLocation, readListSearch, withListSearch } from "../lib/list-location";
import { encodeFilters } from "../lib/list-query";
import { customCall } from "../providers/api-call";
import { useCompactList } from "./column-chooser";
import {
  keyboardScrollable,
  ListEmpty,
  listPagination,
  listTableLayout,
  tableLoading,
  useLoadFailure,
} from "./list-page";

/** Marks the address changes a list makes itself (history state), so they do not remount it. */
const LIST_SYNC = { listSync: true } as const;
const isListSync = (state: unknown) => typeof state === "object" && state !== null && "listSync" in state;

/** A list with nothing to read from the address but its page and page size. */
const NO_FILTERS: ListLocation = { query: { shape: {} }, sortable: [] };

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

export interface ListTableOptions<Row, Values> {
  /** The Refine resource the list reads (with `call`: a name for its cache entry). */
  resource: string;
  /**
   * A list that is no resource of its own (a tab's, a drawer's, a record's): its declared call, the path
   * parameters it is read with (a merchant's id) and the query it always sends (an environment).
   */
  call?: { declaration: CallDeclaration; params?: object; query?: object };
  /** The filter fields (the list contract's query) and sortable columns the address may hold. */
  location?: ListLocation;
  /** The search form's field holding the time range (`startTime` / `endTime` in the address), if it has one. */
  rangeName?: string;
  /** The search form's values as the list's filters. */
  onSearch?: (values: Values) => CrudFilter[];
  /** The form's values from the filters in the address, when they differ from the API's words (a checkbox, a number). */
  formValues?: (fromAddress: Record<string, unknown>) => Values;
  /**
   * Where the list keeps its filters, sort, page and page size: the whole address (a page's list, the default), its
   * own keys under a prefix (a list in a tab, sharing the address), or nowhere (a list in a drawer, which the
   * address does not open).
   */
  address?: { prefix: string } | false;
  /** The message key saying it could not be read (`{{reason}}`). */
  loadFailed?: string;
  /** How soon to reload, from the rows shown and whether the last load failed (false: not by itself). */
  refetchInterval?: (rows: readonly Row[] | undefined, failed: boolean) => number | false;
}

/**
 * The one way a list is made, in the portal and the console: Refine's table with its filters, sort, page and page
 * size in the address (read when the list opens, the search form showing them; written back, replacing the history
 * entry, whenever they change), the page sizes of the contracts, and the same empty and failed states.
 */
export function useListTable<Row extends BaseRecord, Values extends object = Record<string, unknown>>(
  options: ListTableOptions<Row, Values>,
) {
  const { t } = useTranslation();
  const compact = useCompactList();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = options.location ?? NO_FILTERS;
  const prefix = options.address ? options.address.prefix : "";
  const inAddress = options.address !== false;
  const [initial] = useState(() => readListSearch(inAddress ? params : new URLSearchParams(), location, prefix));
  const { call } = options;
  const table = useTable<Row, HttpError, Values>({
    resource: options.resource,
    syncWithLocation: false,
    pagination: { currentPage: initial.currentPage, pageSize: initial.pageSize },
    filters: { initial: initial.filters, defaultBehavior: "replace" },
    sorters: { initial: initial.sorters },
    onSearch: options.onSearch ?? (() => []),
    meta: call && { listCall: { ...customCall(call.declaration, call.params), query: call.query } },
    queryOptions: {
      // Each failure is already reported by the http client and once by the page; retrying would repeat both.
      retry: false,
      refetchInterval: (query) =>
        options.refetchInterval?.(query.state.data?.data, query.state.status === "error") ?? false,
    },
  });
  const { filters, sorters, currentPage, pageSize, tableQuery } = table;
  const search = withListSearch(params, { filters, sorters, currentPage, pageSize }, location, prefix);
  useEffect(() => {
    if (inAddress && search !== params.toString()) navigate({ search }, { replace: true, state: LIST_SYNC });
  }, [inAddress, search, params, navigate]);
  useLoadFailure(options.loadFailed ? tableQuery.error : null, options.loadFailed ?? "");
  const [initialValues] = useState(() => {
    const values = filterFormValues(initial.filters, options.rangeName);
    return options.formValues ? options.formValues(values) : (values as Values);
  });

  // The rows render in a transition, which React splits into slices that leave the browser free for taps and keys
  // (a page of rows with tags and buttons was one long task on a phone). While that render catches up with rows that
  // just arrived, a table that showed none keeps its loading state rather than saying it is empty.
  const rows = table.tableProps.dataSource;
  const shownRows = useDeferredValue(rows);
  const catchingUp = shownRows !== rows && !shownRows?.length;
  const tableProps: TableProps<Row> & { ref: typeof keyboardScrollable } = {
    ...table.tableProps,
    dataSource: shownRows,
    ref: keyboardScrollable,
    loading: tableLoading(tableQuery) || catchingUp,
    ...listTableLayout(compact),
    // Shown with its rows: a pager laid out under an empty table would jump down when they arrive.
    pagination: catchingUp
      ? false
      : listPagination(table.tableProps.pagination, t, Boolean(tableQuery.data?.totalCapped), compact),
    locale: {
      emptyText: createElement(ListEmpty, {
        failed: tableQuery.isError,
        filtered: Object.keys(encodeFilters(filters)).length > 0,
        onRetry: () => void tableQuery.refetch(),
      }),
    },
  };
  return { ...table, tableProps, initialValues };
}
