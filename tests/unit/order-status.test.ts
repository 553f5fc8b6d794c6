import { describe, expect, it } from "vitest";
import { durationParts } from "#contracts";
import {
  elapsedSeconds,
  hasProcessing,
  isTimelineKind,
  refreshInterval,
  timelineColor,
  timelineKinds,
} from "../../src/lib/order-status";

describe("durationParts", () => {
  it.each([
    [0, "seconds", { s: "0" }],
    [5, "seconds", { s: "5" }],
    [59.9, "seconds", { s: "59" }],
    [60, "minutes", { m: "1", s: "00" }],
    [65, "minutes", { m: "1", s: "05" }],
    [3599, "minutes", { m: "59", s: "59" }],
    [3600, "hours", { h: "1", m: "00", s: "00" }],
    [3725, "hours", { h: "1", m: "02", s: "05" }],
    [90061, "hours", { h: "25", m: "01", s: "01" }],
  ])("%s seconds -> %s %o", (seconds, key, params) => {
    expect(durationParts(seconds)).toEqual({ key, params });
  });

  it("says a positive duration under a second is under a second, not 0s", () => {
    expect(durationParts(0.4)).toEqual({ key: "underOneSecond", params: {} });
  });

  it("refuses what is not a duration", () => {
    expect(() => durationParts(-1)).toThrow(RangeError);
    expect(() => durationParts(Number.NaN)).toThrow(RangeError);
    expect(() => durationParts(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("elapsedSeconds", () => {
  const created = "2024-05-01T10:00:00.000+08:00";
  const at = (iso: string) => Date.parse(iso);

  it("counts whole seconds since the order was placed, across offsets", () => {
    expect(elapsedSeconds(created, at("2024-05-01T02:01:05.900Z"))).toBe(65);
    expect(elapsedSeconds(created, at("2024-05-01T10:00:00.999+08:00"))).toBe(0);
  });

  it("is never negative when the browser's clock trails the server's, and 0 for a bad date", () => {
    expect(elapsedSeconds(created, at("2024-05-01T09:59:58+08:00"))).toBe(0);
    expect(elapsedSeconds("not a date", Date.now())).toBe(0);
  });
});

describe("refreshing while orders are Processing", () => {
  const processing = { status: "processing" } as const;
  const success = { status: "success" } as const;
  const failed = { status: "failed" } as const;

  it("keeps reloading while any listed order is Processing", () => {
    expect(hasProcessing([success, processing, failed])).toBe(true);
    expect(refreshInterval([success, processing], false, 3000)).toBe(3000);
  });

  it("stops once every order is final, or there are none", () => {
    expect(hasProcessing([success, failed])).toBe(false);
    expect(refreshInterval([success, failed], false, 3000)).toBe(false);
    expect(refreshInterval([], false, 3000)).toBe(false);
    expect(refreshInterval(undefined, false, 3000)).toBe(false);
  });

  it("stops after a failed load instead of reporting the failure every few seconds", () => {
    expect(refreshInterval([processing], true, 2000)).toBe(false);
  });
});

describe("timeline kinds", () => {
  it("knows the server's kinds and gives each a colour", () => {
    for (const kind of timelineKinds) {
      expect(isTimelineKind(kind)).toBe(true);
      expect(timelineColor[kind]).toBeTruthy();
    }
    expect(isTimelineKind("somethingNew")).toBe(false);
  });
});
