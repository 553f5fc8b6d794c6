import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, orders } from "../../server/src/db/schema";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { OrderGroups } from "../../server/src/modules/order/order-groups";
import type { NewOrder } from "../../server/src/modules/order/order-insert";
import { buildOrder, orderableTarget } from "../../server/src/modules/order/place-order";
import { closeTestApp } from "../support/api-helpers";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/** Group commit on a hot balance row: many orders in one statement, and the same answers as one by one. */
describe.each(engines)("placing orders in groups (%s)", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  async function orderSet(shop: Shop, count: number, prefix: string): Promise<NewOrder[]> {
    const placer = { merchantId: shop.merchantId, userId: null, source: "api" as const };
    const target = await orderableTarget(t.deps, shop.merchantId, shop.topup.productId, shop.topup.skuId);
    return Array.from({ length: count }, (_, i) => {
      const built = buildOrder(
        t.deps,
        placer,
        target,
        {
          merchantOrderNo: `${prefix}-${i}`,
          quantity: 1,
          inputs: { account: `1390000${String(i).padStart(4, "0")}` },
        },
        null,
      );
      if ("errors" in built) throw new Error("invalid test order");
      return built.order;
    });
  }

  const rowsOf = (shop: Shop, prefix: string) =>
    t.deps.db
      .select({ no: orders.merchantOrderNo, orderNo: orders.orderNo, id: orders.id })
      .from(orders)
      .where(and(eq(orders.merchantId, shop.merchantId)))
      .orderBy(asc(orders.id))
      .then((rows) => rows.filter((r) => r.no.startsWith(`${prefix}-`)));

  it("places orders that queue up together, in their order, with a chained ledger", async () => {
    const shop = await openShop(t, { balance: "1000" });
    const groups = new OrderGroups(t.deps);
    const outcomes = await Promise.all((await orderSet(shop, 50, "G")).map((o) => groups.place(o)));
    expect(outcomes.every((o) => o.kind === "placed")).toBe(true);
    expect(groups.placed.orders).toBe(50);
    // The first goes alone at once; the 49 that queued behind it share one statement.
    expect(groups.placed.statements).toBe(2);
    const rows = await rowsOf(shop, "G");
    expect(rows.map((r) => r.no)).toEqual(Array.from({ length: 50 }, (_, i) => `G-${i}`));
    expect([...rows.map((r) => r.orderNo)].sort()).toEqual(rows.map((r) => r.orderNo));
    const entries = await t.deps.db
      .select({ fundNo: ledgerEntries.fundNo, after: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(ledgerEntries.id));
    expect(entries.map((e) => e.after)).toEqual(Array.from({ length: 50 }, (_, i) => `${990 - 10 * i}.0000`));
    expect([...entries.map((e) => e.fundNo)].sort()).toEqual(entries.map((e) => e.fundNo));
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  });

  it("falls back to one by one when the group's total is more than the balance", async () => {
    const shop = await openShop(t, { balance: "105" });
    const groups = new OrderGroups(t.deps);
    const outcomes = await Promise.all((await orderSet(shop, 20, "S")).map((o) => groups.place(o)));
    expect(outcomes.map((o) => o.kind)).toEqual([...Array(10).fill("placed"), ...Array(10).fill("insufficient")]);
    expect((await rowsOf(shop, "S")).map((r) => r.no)).toEqual(Array.from({ length: 10 }, (_, i) => `S-${i}`));
    expect(await balanceOf(t, shop.merchantId)).toBe("5.0000");
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  });

  it("falls back to one by one when a merchant order number in the group was used before", async () => {
    const shop = await openShop(t, { balance: "1000" });
    const groups = new OrderGroups(t.deps);
    const set = await orderSet(shop, 10, "D");
    await groups.place(set[5]!);
    const outcomes = await Promise.all(set.map((o) => groups.place(o)));
    expect(outcomes.map((o) => o.kind)).toEqual([...Array(5).fill("placed"), "duplicate", ...Array(4).fill("placed")]);
    expect(await balanceOf(t, shop.merchantId)).toBe("900.0000");
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  });
});
