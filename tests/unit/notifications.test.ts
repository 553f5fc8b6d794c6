import { describe, expect, it } from "vitest";
import { notificationLink, unreadBadge } from "../../src/lib/notifications";

describe("notification links and the badge", () => {
  it("leads each kind to what it is about", () => {
    expect(notificationLink({ kind: "exportReady" })).toEqual({ exportDrawer: true });
    expect(notificationLink({ kind: "deposit" })).toEqual({ page: "/merchant-fund/fund" });
    expect(notificationLink({ kind: "lowBalance" })).toEqual({ page: "/merchant-fund/transaction-log" });
    expect(notificationLink({ kind: "failureSpike" })).toEqual({ page: "/merchant/order?status=failed" });
  });

  it("counts up to 99, then says 99+", () => {
    expect(unreadBadge(undefined)).toBe(0);
    expect(unreadBadge({ count: 7, capped: false })).toBe(7);
    expect(unreadBadge({ count: 100, capped: true })).toBe("99+");
  });
});
