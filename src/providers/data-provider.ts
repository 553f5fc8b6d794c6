import type { BaseRecord, DataProvider } from "@refinedev/core";
import { type CallDeclaration, type DataOperation, type Page, resourceCall } from "#contracts";
import { encodeFilters, encodeListQuery, encodeSorters } from "../lib/list-query";
import { customCall } from "./api-call";
import { API_BASE, type RequestConfig } from "./create-http-client";

/**
 * The method and path of a resource's data operation, from its declared call (contracts/resource-calls).
 * Refine's `id` fills the call's one path parameter, whatever its name (`:id`, an order's `:orderNo`); a call
 * without one serves a resource with one record per merchant, and the id pages pass is ignored.
 */
type CallOf = (resource: string, operation: DataOperation) => CallDeclaration;

function target(callOf: CallOf, resource: string, operation: DataOperation, id?: string | number) {
  const call = callOf(resource, operation);
  const parameter = /:(\w+)/.exec(call.path)?.[1];
  return customCall(call, parameter && id !== undefined ? { [parameter]: id } : {});
}

/**
 * How a resource's list page is read: its declared list call, with the page, filters and sort as the API's query.
 * The data provider reads lists so, and the first screen starts the same read early (first-screen-calls.ts).
 */
export function listRead(
  resource: string,
  list: Parameters<typeof encodeListQuery>[0],
  callOf: CallOf = resourceCall,
): RequestConfig {
  return { ...target(callOf, resource, "list"), params: encodeListQuery(list) };
}

/** The id pages pass for a resource with one record per merchant (Refine wants one; the path does not use it). */
export const SINGLETON_ID = "current";

/** How the provider sends a call: the http client's `request` (envelope, toasts, step-up), or a test's recorder. */
export type SendRequest = <T>(config: RequestConfig) => Promise<T>;

/**
 * Refine's data calls over the `/portal` envelope, sent through each resource's declared calls: the merchant
 * portal's resources by default, the console's when it passes its own `callOf`.
 */
export const createDataProvider = (request: SendRequest, callOf: CallOf = resourceCall): DataProvider => ({
  getApiUrl: () => API_BASE,

  // `meta.listCall`: a list that is no resource of its own (a tab's, a drawer's) names its declared call, with its
  // path parameters filled and the query it always sends (useListTable's `call`).
  getList: async ({ resource, pagination, filters, sorters, meta }) => {
    const listCall = meta?.listCall as { url: string; method: string; query?: object } | undefined;
    const page = await request<Page<never> & { summary?: unknown }>(
      listCall
        ? {
            url: listCall.url,
            method: listCall.method,
            params: { ...listCall.query, ...encodeListQuery({ pagination, filters, sorters }) },
          }
        : listRead(resource, { pagination, filters, sorters }, callOf),
    );
    // A capped total (huge lists stop counting) rides along for the page to say "10,000+".
    // So does a list's summary (Funds Details' credits and debits of the whole filtered range).
    return {
      data: page.list,
      total: page.total,
      ...(page.totalCapped ? { totalCapped: true } : {}),
      ...(page.summary !== undefined ? { summary: page.summary } : {}),
    };
  },

  // `meta.query`: a query the call declares beside the id (API Settings' `environment`).
  getOne: async ({ resource, id, meta }) => ({
    data: await request({ ...target(callOf, resource, "one", id), params: meta?.query }),
  }),

  create: async ({ resource, variables }) => ({
    data: await request({ ...target(callOf, resource, "create"), data: variables }),
  }),

  update: async ({ resource, id, variables, meta }) => ({
    data: await request({ ...target(callOf, resource, "update", id), data: variables, params: meta?.query }),
  }),

  deleteOne: async ({ resource, id }) => ({ data: await request(target(callOf, resource, "delete", id)) }),

  custom: async <TData extends BaseRecord = BaseRecord>({
    url,
    method,
    payload,
    query,
    headers,
    filters,
    sorters,
    meta,
  }: Parameters<NonNullable<DataProvider["custom"]>>[0]) => ({
    data: await request<TData>({
      method,
      url,
      data: payload,
      // `meta.query` as in update (mutations have no `query` of their own): API Settings names its application so.
      params: {
        ...(meta?.query as object | undefined),
        ...(query as object | undefined),
        ...encodeFilters(filters),
        ...encodeSorters(sorters),
      },
      ...(headers ? { headers } : {}),
    }),
  }),
});
