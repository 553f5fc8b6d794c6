import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE } from "../../contracts/envelope";
import { encodeFilters, encodeListQuery, encodeSorters } from "../../src/lib/list-query";

describe("encodeListQuery", () => {
  it("sends pageNum and pageSize (the contract's default page size when absent)", () => {
    expect(encodeListQuery({ pagination: { currentPage: 3, pageSize: 50 } })).toEqual({ pageNum: 3, pageSize: 50 });
    expect(encodeListQuery()).toEqual({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  });

  it("sends no paging when paging is off", () => {
    expect(encodeListQuery({ pagination: { mode: "off" } })).toEqual({});
  });

  it("adds filters and sort", () => {
    expect(
      encodeListQuery({
        pagination: { currentPage: 1, pageSize: 999999 },
        filters: [{ field: "status", operator: "eq", value: 1 }],
        sorters: [{ field: "createTime", order: "desc" }],
      }),
    ).toEqual({ pageNum: 1, pageSize: 999999, status: "1", sort: "-createTime" });
  });
});

describe("encodeSorters", () => {
  it("writes sort=field,-field", () => {
    expect(
      encodeSorters([
        { field: "name", order: "asc" },
        { field: "createTime", order: "desc" },
      ]),
    ).toEqual({ sort: "name,-createTime" });
    expect(encodeSorters([])).toEqual({});
  });
});

describe("encodeFilters", () => {
  it("maps equality-like operators to the field and ranges to From/To", () => {
    expect(
      encodeFilters([
        { field: "orderNo", operator: "contains", value: "A1" },
        { field: "status", operator: "in", value: [1, 2] },
        { field: "createTime", operator: "gte", value: "2026-01-01" },
        { field: "createTime", operator: "lte", value: new Date("2026-01-31T00:00:00Z") },
      ]),
    ).toEqual({
      orderNo: "A1",
      status: "1,2",
      createTimeFrom: "2026-01-01",
      createTimeTo: "2026-01-31T00:00:00.000Z",
    });
  });

  it("leaves out empty values", () => {
    expect(
      encodeFilters([
        { field: "a", operator: "eq", value: "" },
        { field: "b", operator: "eq", value: null },
        { field: "c", operator: "in", value: [] },
        { field: "d", operator: "eq", value: 0 },
      ]),
    ).toEqual({ d: "0" });
  });

  it("refuses operators the API does not know", () => {
    expect(() => encodeFilters([{ field: "a", operator: "ne", value: 1 }])).toThrow(/Unsupported filter operator: ne/);
    expect(() => encodeFilters([{ operator: "or", value: [] }])).toThrow(/Unsupported filter operator: or/);
  });
});
