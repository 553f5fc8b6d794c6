import { beforeEach, describe, expect, it, vi } from "vitest";

import { createDataProvider } from "../../src/providers/data-provider";

/** Records what the provider sends, and answers what each test says the server answered. */
const request = vi.fn();
const dataProvider = createDataProvider((config) => request(config));

beforeEach(() => request.mockReset());

describe("data provider over the /portal envelope", () => {
  it("lists with pageNum/pageSize, filters and sort, and reads total/list", async () => {
    request.mockResolvedValue({ total: 120, list: [{ id: 1 }, { id: 2 }] });
    const result = await dataProvider.getList({
      resource: "export-task",
      pagination: { currentPage: 2, pageSize: 50 },
      filters: [{ field: "status", operator: "eq", value: 1 }],
      sorters: [{ field: "id", order: "desc" }],
    });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 120 });
    expect(request).toHaveBeenCalledWith({
      method: "get",
      url: "/merchant/export/list",
      params: { pageNum: 2, pageSize: 50, status: "1", sort: "-id" },
    });
  });

  it("lists through a declared call of its own (meta.listCall: a drawer's list), with its fixed query", async () => {
    request.mockResolvedValue({ total: 1, list: [{ id: 7 }] });
    const result = await dataProvider.getList({
      resource: "GET /console/api/x/:id/things",
      pagination: { currentPage: 1, pageSize: 20 },
      filters: [{ field: "keyword", operator: "eq", value: "gift" }],
      meta: { listCall: { url: "/console/api/x/9/things", method: "get", query: { environment: "sandbox" } } },
    });
    expect(result).toEqual({ data: [{ id: 7 }], total: 1 });
    expect(request).toHaveBeenCalledWith({
      method: "get",
      url: "/console/api/x/9/things",
      params: { environment: "sandbox", pageNum: 1, pageSize: 20, keyword: "gift" },
    });
  });

  it("passes a list's summary through (Funds Details' credits and debits)", async () => {
    const summary = { credits: "10.0000", debits: "-4.0000", currency: "USD" };
    request.mockResolvedValue({ total: 0, list: [], summary });
    const result = await dataProvider.getList({ resource: "ledger" });
    expect(result).toEqual({ data: [], total: 0, summary });
  });

  it("reads and updates a singleton at its own path", async () => {
    request.mockResolvedValue({ merchantNo: "M1" });
    await expect(dataProvider.getOne({ resource: "merchant-info", id: "current" })).resolves.toEqual({
      data: { merchantNo: "M1" },
    });
    await dataProvider.update({ resource: "merchant-info", id: "current", variables: { merchantName: "X" } });
    expect(request).toHaveBeenLastCalledWith({
      method: "put",
      url: "/merchant/api/merchant/info",
      data: { merchantName: "X" },
    });
  });

  it("terminates an export task with PATCH and deletes it with DELETE", async () => {
    request.mockResolvedValue(null);
    await dataProvider.update({ resource: "export-task", id: 7, variables: {} });
    expect(request).toHaveBeenLastCalledWith({ method: "patch", url: "/merchant/export/kill/7", data: {} });
    await dataProvider.deleteOne({ resource: "export-task", id: 7 });
    expect(request).toHaveBeenLastCalledWith({ method: "delete", url: "/merchant/export/kill/7" });
  });

  it("creates at the collection path", async () => {
    request.mockResolvedValue({ id: 3 });
    await expect(dataProvider.create({ resource: "member", variables: { username: "a" } })).resolves.toEqual({
      data: { id: 3 },
    });
    expect(request).toHaveBeenLastCalledWith({ method: "post", url: "/merchant/api/member", data: { username: "a" } });
  });

  it("passes custom calls through with their query, sort and headers", async () => {
    request.mockResolvedValue({ productName: "Merchant Portal" });
    await dataProvider.custom?.({
      url: "/merchant/api/public/config",
      method: "get",
      query: { a: 1 },
      sorters: [{ field: "name", order: "asc" }],
      headers: { "X-Test": "1" },
    });
    expect(request).toHaveBeenLastCalledWith({
      method: "get",
      url: "/merchant/api/public/config",
      data: undefined,
      params: { a: 1, sort: "name" },
      headers: { "X-Test": "1" },
    });
  });

  it("names the /portal base as its API URL", () => {
    expect(dataProvider.getApiUrl()).toBe("/portal");
  });
});
