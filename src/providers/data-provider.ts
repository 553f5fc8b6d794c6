import type { BaseRecord, DataProvider } from "@refinedev/core";
import type { Page } from "../../contracts/envelope";
import { encodeFilters, encodeListQuery, encodeSorters } from "../lib/list-query";
import { apiFor, apiPath } from "../resources/api-paths";
import { API_BASE, request } from "./http-client";

/** Refine's data calls over the `/portal` envelope; paths come from each resource's API declaration. */
export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  getList: async ({ resource, pagination, filters, sorters }) => {
    const page = await request<Page<never> & { summary?: unknown }>({
      method: "get",
      url: apiPath(resource, "list"),
      params: encodeListQuery({ pagination, filters, sorters }),
    });
    // A capped total (huge lists stop counting) rides along for the page to say "10,000+".
    // So does a list's summary (Funds Details' credits and debits of the whole filtered range).
    return {
      data: page.list,
      total: page.total,
      ...(page.totalCapped ? { totalCapped: true } : {}),
      ...(page.summary !== undefined ? { summary: page.summary } : {}),
    };
  },

  getOne: async ({ resource, id }) => ({ data: await request({ method: "get", url: apiPath(resource, "one", id) }) }),

  create: async ({ resource, variables }) => ({
    data: await request({ method: "post", url: apiPath(resource, "create"), data: variables }),
  }),

  update: async ({ resource, id, variables, meta }) => ({
    data: await request({
      method: meta?.method ?? apiFor(resource).updateMethod ?? "put",
      url: apiPath(resource, "update", id),
      data: variables,
    }),
  }),

  deleteOne: async ({ resource, id }) => ({
    data: await request({ method: "delete", url: apiPath(resource, "delete", id) }),
  }),

  custom: async <TData extends BaseRecord = BaseRecord>({
    url,
    method,
    payload,
    query,
    headers,
    filters,
    sorters,
  }: Parameters<NonNullable<DataProvider["custom"]>>[0]) => ({
    data: await request<TData>({
      method,
      url,
      data: payload,
      params: { ...(query as object | undefined), ...encodeFilters(filters), ...encodeSorters(sorters) },
      ...(headers ? { headers } : {}),
    }),
  }),
};
