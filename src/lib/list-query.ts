import type { CrudFilter, CrudSort, Pagination } from "@refinedev/core";
import { DEFAULT_PAGE_SIZE } from "#contracts";

export type QueryParams = Record<string, string | number>;

/** How filter operators travel: equality-like ones as `field=value`, ranges as `fieldFrom` / `fieldTo`. */
const suffixByOperator: Partial<Record<string, string>> = {
  eq: "",
  contains: "",
  in: "",
  gte: "From",
  lte: "To",
};

function encodeValue(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (Array.isArray(value)) return value.length > 0 ? value.map(String).join(",") : undefined;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** Filters as query parameters; operators the portal API does not know are an error, not silently dropped. */
export function encodeFilters(filters: readonly CrudFilter[] = []): QueryParams {
  const params: QueryParams = {};
  for (const filter of filters) {
    if (!("field" in filter)) throw new Error(`Unsupported filter operator: ${filter.operator}`);
    const suffix = suffixByOperator[filter.operator];
    if (suffix === undefined) throw new Error(`Unsupported filter operator: ${filter.operator}`);
    const value = encodeValue(filter.value);
    if (value !== undefined) params[`${filter.field}${suffix}`] = value;
  }
  return params;
}

/** `sort=field,-field`: descending fields carry a minus. */
export function encodeSorters(sorters: readonly CrudSort[] = []): QueryParams {
  if (sorters.length === 0) return {};
  return { sort: sorters.map((s) => (s.order === "desc" ? `-${s.field}` : s.field)).join(",") };
}

/** A list request's query: pageNum/pageSize (unless paging is off), filters, sort. */
export function encodeListQuery(
  params: { pagination?: Pagination; filters?: readonly CrudFilter[]; sorters?: readonly CrudSort[] } = {},
): QueryParams {
  const { pagination } = params;
  const paging: QueryParams =
    pagination?.mode === "off"
      ? {}
      : { pageNum: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? DEFAULT_PAGE_SIZE };
  return { ...paging, ...encodeFilters(params.filters), ...encodeSorters(params.sorters) };
}
