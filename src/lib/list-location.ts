import type { CrudFilter, CrudSort } from "@refinedev/core";
import dayjs, { type Dayjs } from "dayjs";
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from "#contracts";
import { encodeFilters, encodeSorters } from "./list-query";

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
  /**
   * Filters a list starts with when its address does not name the field (the console's deposits: the pending
   * queue). Choosing "any" then shows in the address as the field left empty (`status=`), so a reload keeps it.
   */
  defaults?: Readonly<Record<string, string>>;
}

/** The paging and sorting fields a list query shares (pageQuery, sortQuery): never read as filters. */
const NOT_FILTERS = new Set(["pageNum", "pageSize", "page", "sort"]);

/**
 * The address's query: the filters as the API's own fields (`status=failed&startTime=…`, the same words a link
 * such as `?batchId=…` uses), `sort=-amount`, and `page` / `pageSize` when they are not the defaults. A list that
 * shares the address with others (a tab's list) writes its keys under a `prefix` (`products.keyword=…`).
 */
export function listSearch(state: ListState, location?: Pick<ListLocation, "defaults">, prefix = ""): string {
  return listParams(state, location, prefix).toString();
}

function listParams(state: ListState, location: Pick<ListLocation, "defaults"> | undefined, prefix: string) {
  const query: Record<string, string | number> = { ...encodeFilters(state.filters), ...encodeSorters(state.sorters) };
  const defaults = location?.defaults ?? {};
  // A field at its default stays out of the address; one cleared of its default is written empty.
  for (const field of Object.keys(defaults)) query[field] ??= "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (String(value) !== defaults[key]) params.set(prefix + key, String(value));
  if (state.currentPage > 1) params.set(`${prefix}page`, String(state.currentPage));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set(`${prefix}pageSize`, String(state.pageSize));
  return params;
}

/**
 * The address with one list's part written anew from its state: a list with a `prefix` replaces only its own keys
 * (the page's other lists and tabs keep theirs); one without owns the whole query.
 */
export function withListSearch(
  address: URLSearchParams,
  state: ListState,
  location: Pick<ListLocation, "defaults"> | undefined,
  prefix = "",
): string {
  const own = listParams(state, location, prefix);
  if (!prefix) return own.toString();
  const next = new URLSearchParams([...address].filter(([key]) => !key.startsWith(prefix)));
  for (const [key, value] of own) next.append(key, value);
  return next.toString();
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
export function readListSearch(search: URLSearchParams, location: ListLocation, prefix = ""): ListState {
  const filters: CrudFilter[] = [];
  for (const [field, schema] of Object.entries(location.query.shape)) {
    if (NOT_FILTERS.has(field)) continue;
    const key = prefix + field;
    const value = search.has(key) ? search.get(key)?.trim() : location.defaults?.[field];
    if (value && schema.safeParse(value).success) filters.push({ field, operator: "eq", value });
  }
  const sorters: CrudSort[] = [];
  for (const part of (search.get(`${prefix}sort`) ?? "").split(",")) {
    const field = part.replace(/^-/, "");
    if (location.sortable.includes(field) && !sorters.some((s) => s.field === field))
      sorters.push({ field, order: part.startsWith("-") ? "desc" : "asc" });
  }
  const pageSize = positive(search.get(`${prefix}pageSize`));
  return {
    filters,
    sorters,
    currentPage: positive(search.get(`${prefix}page`)) ?? 1,
    pageSize: pageSize && PAGE_SIZE_CHOICES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/**
 * A search form's values for filters read from the address: each field as it is, and `startTime` / `endTime`
 * as the form's time range (named `rangeName`, for a form with one), so the form shows what the list is filtered by.
 */
export function filterFormValues(filters: readonly CrudFilter[], rangeName?: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  let start: Dayjs | null = null;
  let end: Dayjs | null = null;
  for (const filter of filters) {
    if (!("field" in filter)) continue;
    const time = dayjs(String(filter.value));
    if (rangeName && filter.field === "startTime") start = time.isValid() ? time : null;
    else if (rangeName && filter.field === "endTime") end = time.isValid() ? time : null;
    else values[filter.field] = filter.value;
  }
  if (rangeName && (start || end)) values[rangeName] = [start, end];
  return values;
}
