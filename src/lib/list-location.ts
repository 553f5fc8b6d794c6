import type { CrudFilter, CrudSort } from "@refinedev/core";
import dayjs, { type Dayjs } from "dayjs";
import { encodeFilters, encodeSorters } from "./list-query";

/** One default page size and one set of options for every list (the export drawer keeps the spec's own 25/50/100). */
export const DEFAULT_LIST_PAGE_SIZE = 20;
export const LIST_PAGE_SIZES = [10, 20, 50, 100];

/** What a list keeps in the address, so a filtered, sorted page survives a reload and can be shared. */
export interface ListState {
  filters: CrudFilter[];
  sorters: CrudSort[];
  currentPage: number;
  pageSize: number;
}

/** What a list filters by (its contract's query schema, one field per filter) and which columns it sorts by. */
export interface ListLocation {
  query: { shape: Record<string, { safeParse: (value: unknown) => { success: boolean } }> };
  sortable: readonly string[];
}

/**
 * The address's query: the filters as the API's own fields (`status=failed&startTime=…`, the same words a link
 * such as `?batchId=…` uses), `sort=-amount`, and `page` / `pageSize` when they are not the defaults.
 */
export function listSearch(state: ListState): string {
  const params = new URLSearchParams();
  const query = { ...encodeFilters(state.filters), ...encodeSorters(state.sorters) };
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  if (state.currentPage > 1) params.set("page", String(state.currentPage));
  if (state.pageSize !== DEFAULT_LIST_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  return params.toString();
}

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The list state an address asks for. A hand-edited address must not break the page: unknown fields and sort
 * keys, values the list's query schema refuses (`status=bogus`, a time that is no time) and page sizes the pickers
 * do not offer are left out (the server would refuse them, and the form could not show them).
 */
export function readListSearch(search: URLSearchParams, location: ListLocation): ListState {
  const filters: CrudFilter[] = [];
  for (const [field, schema] of Object.entries(location.query.shape)) {
    const value = search.get(field)?.trim();
    if (value && schema.safeParse(value).success) filters.push({ field, operator: "eq", value });
  }
  const sorters: CrudSort[] = [];
  for (const part of (search.get("sort") ?? "").split(",")) {
    const field = part.replace(/^-/, "");
    if (location.sortable.includes(field) && !sorters.some((s) => s.field === field))
      sorters.push({ field, order: part.startsWith("-") ? "desc" : "asc" });
  }
  const pageSize = positive(search.get("pageSize"));
  return {
    filters,
    sorters,
    currentPage: positive(search.get("page")) ?? 1,
    pageSize: pageSize && LIST_PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_LIST_PAGE_SIZE,
  };
}

/**
 * A search form's values for filters read from the address: each field as it is, and `startTime` / `endTime`
 * as the form's time range (named `rangeName`), so the form shows what the list is filtered by.
 */
export function filterFormValues(filters: readonly CrudFilter[], rangeName: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  let start: Dayjs | null = null;
  let end: Dayjs | null = null;
  for (const filter of filters) {
    if (!("field" in filter)) continue;
    const time = dayjs(String(filter.value));
    if (filter.field === "startTime") start = time.isValid() ? time : null;
    else if (filter.field === "endTime") end = time.isValid() ? time : null;
    else values[filter.field] = filter.value;
  }
  if (start || end) values[rangeName] = [start, end];
  return values;
}
