import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { encodeListQuery } from "../../src/lib/list-query";
import { batchOrdersPath, orderListFilters, orderPath } from "../../src/lib/order-list";

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

describe("orderListFilters", () => {
  it("sends nothing for an empty form", () => {
    expect(orderListFilters({})).toEqual([]);
    expect(orderListFilters({ orderNo: "  ", createTime: null })).toEqual([]);
  });

  it("trims texts and sends the form's fields under the API's parameter names", () => {
    const filters = orderListFilters({
      orderNo: " O123 ",
      merchantOrderNo: "M-1",
      productName: "Mobile",
      batchId: "B9",
      status: "processing",
      source: "api",
    });
    expect(encodeListQuery({ pagination: { currentPage: 2, pageSize: 20 }, filters })).toEqual({
      pageNum: 2,
      pageSize: 20,
      orderNo: "O123",
      merchantOrderNo: "M-1",
      productName: "Mobile",
      batchId: "B9",
      status: "processing",
      source: "api",
    });
  });

  it("sends the create-time range as ISO date-times with an offset, covering the whole end second", () => {
    const start = dayjs("2024-05-01T10:00:00.700");
    const end = dayjs("2024-05-02T18:30:15.000");
    const params = encodeListQuery({ filters: orderListFilters({ createTime: [start, end] }) });
    expect(params.startTime).toMatch(ISO_WITH_OFFSET);
    expect(params.endTime).toMatch(ISO_WITH_OFFSET);
    expect(Date.parse(String(params.startTime))).toBe(dayjs("2024-05-01T10:00:00.000").valueOf());
    expect(Date.parse(String(params.endTime))).toBe(dayjs("2024-05-02T18:30:15.999").valueOf());
  });

  it("allows an open-ended range", () => {
    const params = encodeListQuery({ filters: orderListFilters({ createTime: [dayjs("2024-05-01T10:00:00"), null] }) });
    expect(Object.keys(params).sort()).toEqual(["pageNum", "pageSize", "startTime"]);
  });
});

describe("order paths", () => {
  it("derives the pages' paths from the resource declaration", () => {
    expect(orderPath()).toBe("/merchant/order");
    expect(orderPath("create")).toBe("/merchant/order/create");
    expect(orderPath("batch")).toBe("/merchant/order/batch");
    expect(orderPath("show", "O 1/2")).toBe("/merchant/order/O%201%2F2");
    expect(() => orderPath("show")).toThrow();
  });

  it("links a batch to the list filtered by it", () => {
    expect(batchOrdersPath("B-20240501 1")).toBe("/merchant/order?batchId=B-20240501+1");
  });
});
