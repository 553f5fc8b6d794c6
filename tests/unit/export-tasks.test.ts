import { describe, expect, it } from "vitest";
import { ExportStatus } from "#contracts";
import { canDownload, canTerminate, exportPercent, exportQuery, hasPendingTasks } from "../../src/lib/export-tasks";
import { encodeListQuery } from "../../src/lib/list-query";

describe("exportQuery", () => {
  it("sends what the list call sends, without pageNum and pageSize", () => {
    const filters = [
      { field: "status", operator: "eq", value: "SUCCESS" },
      { field: "name", operator: "contains", value: undefined },
      { field: "amount", operator: "gte", value: 5 },
    ] as const;
    const sorters = [{ field: "createTime", order: "desc" }] as const;
    const list = encodeListQuery({ pagination: { currentPage: 2, pageSize: 20 }, filters, sorters });
    const { pageNum: _pageNum, pageSize: _pageSize, ...withoutPaging } = list;
    expect(exportQuery(filters, sorters)).toEqual(withoutPaging);
    expect(exportQuery(filters, sorters)).toEqual({ status: "SUCCESS", amountFrom: "5", sort: "-createTime" });
  });

  it("is empty without filters", () => {
    expect(exportQuery()).toEqual({});
  });
});

describe("exportPercent", () => {
  it("is the share processed, rounded down", () => {
    expect(exportPercent({ status: ExportStatus.processing, processed: 1, total: 3 })).toBe(33);
    expect(exportPercent({ status: ExportStatus.queued, processed: 0, total: 0 })).toBe(0);
    expect(exportPercent({ status: ExportStatus.exception, processed: 9, total: 4 })).toBe(100);
  });

  it("is none for a terminated task, even one stopped at its last row", () => {
    expect(exportPercent({ status: ExportStatus.terminated, processed: 5, total: 5 })).toBeNull();
  });

  it("is full for a completed task, even an empty one", () => {
    expect(exportPercent({ status: ExportStatus.completed, processed: 0, total: 0 })).toBe(100);
  });
});

describe("task actions", () => {
  it("terminates queued and processing tasks, downloads completed ones", () => {
    const all = Object.values(ExportStatus);
    expect(all.filter(canTerminate)).toEqual([ExportStatus.queued, ExportStatus.processing]);
    expect(all.filter(canDownload)).toEqual([ExportStatus.completed]);
    expect(hasPendingTasks([{ status: ExportStatus.completed }, { status: ExportStatus.queued }])).toBe(true);
    expect(hasPendingTasks([{ status: ExportStatus.terminated }, { status: ExportStatus.exception }])).toBe(false);
    expect(hasPendingTasks(undefined)).toBe(false);
  });
});
