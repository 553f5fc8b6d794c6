import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { consoleDepositQuery, consoleProductQuery } from "#contracts";
import { sortQuery } from "../../contracts/envelope";
import {
  filterFormValues,
  type ListLocation,
  listSearch,
  readListSearch,
  withListSearch,
} from "../../src/lib/list-location";
import { batchOrdersPath, orderListFilters, orderListLocation } from "../../src/lib/order-list";

describe("a list's state in the address", () => {
  it("round-trips filters, sort, page and page size, leaving defaults out", () => {
    const state = {
      filters: orderListFilters({ rechargeAccount: " 13800138000 ", status: "failed" }),
      sorters: [{ field: "amount", order: "desc" as const }],
      currentPage: 3,
      pageSize: 50,
    };
    const search = listSearch(state);
    expect(search).toBe("rechargeAccount=13800138000&status=failed&sort=-amount&page=3&pageSize=50");
    expect(readListSearch(new URLSearchParams(search), orderListLocation)).toEqual(state);
    expect(listSearch({ filters: [], sorters: [], currentPage: 1, pageSize: 20 })).toBe("");
  });

  it("reads a batch result's link as the list filtered by that batch", () => {
    const search = new URL(batchOrdersPath("B-1"), "http://x").searchParams;
    expect(readListSearch(search, orderListLocation)).toEqual({
      filters: [{ field: "batchId", operator: "eq", value: "B-1" }],
      sorters: [],
      currentPage: 1,
      pageSize: 20,
    });
  });

  it("leaves out what a hand-edited address gets wrong instead of breaking the page", () => {
    const search = new URLSearchParams("sort=status,-amount,amount&page=-2&pageSize=7&color=red&orderNo=%20");
    expect(readListSearch(search, orderListLocation)).toEqual({
      filters: [],
      sorters: [{ field: "amount", order: "desc" }],
      currentPage: 1,
      pageSize: 20,
    });
  });

  it("leaves out filter values the list's query refuses, keeping the others", () => {
    const search = new URLSearchParams(`status=bogus&startTime=yesterday&orderNo=P1&productName=${"x".repeat(101)}`);
    expect(readListSearch(search, orderListLocation).filters).toEqual([
      { field: "orderNo", operator: "eq", value: "P1" },
    ]);
  });

  it("gives the search form its values back, the time range as dates", () => {
    const start = "2026-11-01T00:00:00.000+08:00";
    const values = filterFormValues(
      [
        { field: "status", operator: "eq", value: "failed" },
        { field: "startTime", operator: "eq", value: start },
      ],
      "createTime",
    );
    expect(values.status).toBe("failed");
    const [from, to] = values.createTime as [dayjs.Dayjs, null];
    expect(from.valueOf()).toBe(dayjs(start).valueOf());
    expect(to).toBeNull();
  });
});

describe("a list sharing the address, or starting from a default", () => {
  const products: ListLocation = { query: consoleProductQuery, sortable: [] };
  it("writes and reads its own keys under its prefix, keeping the others, never paging fields as filters", () => {
    const state = {
      filters: [{ field: "keyword", operator: "eq" as const, value: "gift" }],
      sorters: [],
      currentPage: 2,
      pageSize: 50,
    };
    const search = withListSearch(new URLSearchParams("tab=bin&products.page=9"), state, products, "products.");
    expect(search).toBe("tab=bin&products.keyword=gift&products.page=2&products.pageSize=50");
    expect(readListSearch(new URLSearchParams(search), products, "products.")).toEqual(state);
    expect(readListSearch(new URLSearchParams("pageSize=50&pageNum=3"), products).filters).toEqual([]);
  });

  it("starts from the default filter when the address names none, and keeps 'any' as the field left empty", () => {
    const deposits = { query: consoleDepositQuery, sortable: [], defaults: { status: "pending" } };
    const pending = [{ field: "status", operator: "eq" as const, value: "pending" }];
    expect(readListSearch(new URLSearchParams(""), deposits).filters).toEqual(pending);
    expect(listSearch({ filters: pending, sorters: [], currentPage: 1, pageSize: 20 }, deposits)).toBe("");
    const any = listSearch({ filters: [], sorters: [], currentPage: 1, pageSize: 20 }, deposits);
    expect(any).toBe("status=");
    expect(readListSearch(new URLSearchParams(any), deposits).filters).toEqual([]);
  });
});

describe("sortQuery", () => {
  const schema = sortQuery(["createTime", "amount"]);
  it("parses `field,-field` into keys and refuses unknown or repeated fields", () => {
    expect(schema.parse({ sort: "-amount, createTime" }).sort).toEqual([
      { field: "amount", desc: true },
      { field: "createTime", desc: false },
    ]);
    expect(schema.parse({}).sort).toEqual([]);
    for (const sort of ["status", "amount,-amount"])
      expect(schema.safeParse({ sort }).error?.issues.map((i) => i.message)).toEqual(["validation.sortField"]);
  });
});
