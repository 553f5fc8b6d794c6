import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newMerchantOrderNo } from "#contracts";
import { queryRows } from "../../server/src/db/raw";
import { type NewOrder, placing } from "../../server/src/modules/order/order-insert";
import { buildOrder, orderableTarget } from "../../server/src/modules/order/place-order";
import { closeTestApp } from "../support/api-helpers";
import { openShop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * The placing statement is a prepared statement (db/raw.ts preparedStatement): after a few runs PostgreSQL may
 * keep one generic plan for the connection's life, made from whatever the statistics said then, often an empty
 * orders table. Its plan must still probe the account index for the velocity rule and the blocked list's key:
 * a generic plan once chose another index of the merchant's orders there and read all of them on every order
 * (measured: an order took twice as long after a few thousand, and longer with every one).
 */
describe.runIf(engines.includes("postgres"))("the placing statement's generic plan on PostgreSQL", () => {
  let t: TestApp;
  let order: NewOrder;
  let client: pg.Client;

  beforeAll(async () => {
    t = await startTestApp("postgres");
    const shop = await openShop(t, { balance: "1000" });
    const placer = { merchantId: shop.merchantId, userId: shop.merchant.users.operator.id, source: "manual" as const };
    const target = await orderableTarget(t.deps, shop.merchantId, shop.topup.productId, shop.topup.skuId);
    const built = buildOrder(t.deps, placer, target, { quantity: 1, inputs: { account: "13800138000" } }, null);
    if ("errors" in built) throw new Error("the test order does not validate");
    order = { ...built.order, merchantOrderNo: newMerchantOrderNo(t.clock.now()) };
    const [{ name } = { name: "" }] = await queryRows<{ name: string }>(
      t.deps.db,
      sql`select current_database() as name`,
    );
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = `/${name}`;
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await closeTestApp(t);
  });

  it("probes the account index and the blocked list's key, even planned on an empty orders table", async () => {
    const { statement, values } = placing([order], { blocked: true, velocityPerHour: 100, cooling: null });
    const query = statement.query(values);
    await client.query("set plan_cache_mode = force_generic_plan");
    await client.query(`prepare place_orders as ${query.sql}`);
    const literal = (v: unknown) => (v === null ? "null" : pg.escapeLiteral(String(v)));
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `explain execute place_orders(${query.params.map(literal).join(", ")})`,
    );
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("Index Cond: (account = g.account)");
    expect(plan).toMatch(
      /using orders_merchant_account_idx on orders o\s+\(cost=[^)]*\)\s+Index Cond: \(\(merchant_id/,
    );
    expect(plan).not.toMatch(/Seq Scan on orders|orders_merchant_(updated|created|status|product|amount)_idx/);
  });
});
