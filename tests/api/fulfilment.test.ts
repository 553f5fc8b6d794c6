import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ledgerEntries, orderEvents, orders } from "../../server/src/db/schema";
import {
  claimDueOrders,
  DEADLINE_REASON,
  FULFILMENT,
  processOrder,
  runFulfilmentOnce,
  startFulfilmentWorker,
} from "../../server/src/modules/fulfilment/fulfilment.worker";
import { supplierClients } from "../../server/src/modules/fulfilment/supplier-clients";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { completeOrder, failOrder } from "../../server/src/modules/order/order-outcome";
import { importCatalog, setPrice } from "../../server/src/modules/product/catalog-import";
import { SIMULATOR_RULES, simulatorCards } from "../../server/src/modules/supplier/adapters/simulator";
import { supplierRegistry } from "../../server/src/modules/supplier/registry";
import type { SupplierClient, SupplierRequest } from "../../server/src/modules/supplier/supplier";
import { call, closeTestApp, EN, expectOk, ZH } from "../support/api-helpers";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { standInSupplier } from "../support/supplier-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const ORDER = "/portal/merchant/api/order";
const DELAY_MS = 3000; // the default SIMULATOR_DELAY_MS
const SECOND = 1000;

describe.each(engines)("fulfilment (%s)", (engine) => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "1000" });
  });
  afterAll(() => closeTestApp(t));
  // Every test leaves its orders final and the ledger whole.
  afterEach(async () => {
    expect(await t.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.status, "processing"))).toEqual([]);
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  });

  const run = () => runFulfilmentOnce(t.deps);
  const place = async (
    account: string,
    which: "topup" | "gift" | "login" = "topup",
    extra: Record<string, unknown> = {},
    token = shop.token,
  ) => {
    const target = shop[which];
    const inputs = which === "login" ? { account, password: "s3cret-Pa55", server: "asia" } : { account };
    const body = { productId: target.productId, skuId: target.skuId, inputs, ...extra };
    const order = expectOk<{ orderNo: string; status: string }>(
      await call(t, "POST", ORDER, { token, lang: EN, payload: body }),
      EN,
    );
    expect(order.status).toBe("processing");
    return order.orderNo;
  };
  const row = async (orderNo: string) => {
    const [r] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    return r!;
  };
  const entries = async (orderNo: string) => {
    const { id } = await row(orderNo);
    const list = await t.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, id))
      .orderBy(asc(ledgerEntries.id));
    return list.map((e) => [e.type, e.amount]);
  };
  const events = async (orderNo: string) => {
    const { id } = await row(orderNo);
    const list = await t.deps.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.id));
    return list.map((e) => [e.kind, e.detail]);
  };

  it("submits, polls while pending, and completes once the simulator's delay has passed", async () => {
    const orderNo = await place("13800138000");
    const placedAt = t.clock.now();
    expect(await run()).toBe(1);
    let r = await row(orderNo);
    expect(r).toMatchObject({ status: "processing", supplierRef: `SIM-${orderNo}`, attempts: 1 });
    expect(r.nextRunAt).toEqual(new Date(placedAt.getTime() + FULFILMENT.pendingPollMs));
    expect(await events(orderNo)).toEqual([["submitted", `SIM-${orderNo}`]]);

    expect(await run()).toBe(0); // not due yet
    t.clock.advance(SECOND);
    expect(await run()).toBe(1);
    expect((await row(orderNo)).status).toBe("processing");

    t.clock.advance(DELAY_MS - SECOND);
    expect(await run()).toBe(1);
    r = await row(orderNo);
    expect(r).toMatchObject({ status: "success", nextRunAt: null, resultSealed: null, failReason: null });
    expect(r.completedAt).toEqual(t.clock.now());
    expect(await entries(orderNo)).toEqual([["deduct", "-10.0000"]]);
    expect(await events(orderNo)).toEqual([["submitted", `SIM-${orderNo}`]]);

    const detail = expectOk<{ status: string; duration: number }>(
      await call(t, "GET", `${ORDER}/${orderNo}`, { token: shop.token, lang: EN }),
      EN,
    );
    expect(detail).toMatchObject({ status: "success", duration: 3 });
  });

  it("fails an account ending in 0000 at once and restores the balance with exactly one Refund", async () => {
    const before = await balanceOf(t, shop.merchantId);
    const orderNo = await place("13800000000");
    expect(await balanceOf(t, shop.merchantId)).not.toBe(before);
    expect(await run()).toBe(1);
    const r = await row(orderNo);
    expect(r).toMatchObject({ status: "failed", failReason: SIMULATOR_RULES.rejectReason, nextRunAt: null });
    expect(r.completedAt).toEqual(t.clock.now());
    expect(await balanceOf(t, shop.merchantId)).toBe(before);
    expect(await entries(orderNo)).toEqual([
      ["deduct", "-10.0000"],
      ["refund", "10.0000"],
    ]);
    for (const [lang, reason] of [
      [EN, "Recharge account rejected by the supplier (simulator rule: ends in 0000)"],
      [ZH, "充值账号被供应商拒绝（模拟器规则：以 0000 结尾）"],
    ] as const) {
      const shown = await call(t, "GET", `${ORDER}/${orderNo}`, { token: shop.token, lang });
      expect(expectOk<{ failReason: string }>(shown, lang).failReason).toBe(reason);
    }
    // A job repeated later, or a late answer, changes nothing.
    t.clock.advance(10 * SECOND);
    expect(await run()).toBe(0);
    expect(await failOrder(t.deps.db, r.id, t.clock.now(), "again", "SUPPLIER_REFUSED")).toBe(false);
    expect(await completeOrder(t.deps.db, r.id, t.clock.now(), null)).toBe(false);
    expect(await entries(orderNo)).toHaveLength(2);
    expect(await balanceOf(t, shop.merchantId)).toBe(before);
  });

  it("fails an account ending in 9999 at the product's deadline, never polling past it, and refunds it", async () => {
    const before = await balanceOf(t, shop.merchantId);
    const orderNo = await place("13800139999");
    expect(await run()).toBe(1);
    const { deadlineAt, createdAt } = await row(orderNo);
    expect(deadlineAt.getTime() - createdAt.getTime()).toBe(600 * SECOND);

    t.clock.set(new Date(deadlineAt.getTime() - SECOND / 2));
    expect(await run()).toBe(1);
    expect(await row(orderNo)).toMatchObject({ status: "processing", nextRunAt: deadlineAt });

    t.clock.set(deadlineAt);
    expect(await run()).toBe(1);
    expect(await row(orderNo)).toMatchObject({
      status: "failed",
      failReason: DEADLINE_REASON,
      failCode: "DEADLINE_PASSED",
    });
    expect(await entries(orderNo)).toEqual([
      ["deduct", "-10.0000"],
      ["refund", "10.0000"],
    ]);
    expect(await balanceOf(t, shop.merchantId)).toBe(before);
  });

  it("never completes or refunds twice with two workers at once, a repeated round or a late worker", async () => {
    const before = await balanceOf(t, shop.merchantId);
    const good = await Promise.all(Array.from({ length: 6 }, (_, i) => place(`1390000100${i}`)));
    const bad = await Promise.all(Array.from({ length: 6 }, (_, i) => place(`13900${i}10000`)));
    t.clock.advance(DELAY_MS);

    // A worker that claimed four orders and then stalled: the others are not handed out twice meanwhile.
    const stalled = await claimDueOrders(t.deps, 4);
    expect(stalled).toHaveLength(4);
    const [a, b] = await Promise.all([run(), run()]);
    expect(a + b).toBe(8);
    expect(await Promise.all([run(), run()])).toEqual([0, 0]);

    // Its lease runs out: another worker finishes its orders.
    t.clock.advance(FULFILMENT.leaseMs);
    expect(await run()).toBe(4);
    // Then the stalled worker wakes up and carries on with what it claimed: nothing changes.
    const clients = supplierClients(t.deps, supplierRegistry());
    for (const order of stalled) await processOrder(t.deps, clients, order);
    // And replays of the same round after a crash (claims by hand, as if the lease ran out again) neither.
    for (const order of stalled) await processOrder(t.deps, clients, { ...order, attempts: order.attempts + 1 });

    for (const orderNo of good) {
      expect((await row(orderNo)).status).toBe("success");
      expect(await entries(orderNo)).toEqual([["deduct", "-10.0000"]]);
    }
    for (const orderNo of bad) {
      expect((await row(orderNo)).status).toBe("failed");
      expect(await entries(orderNo)).toEqual([
        ["deduct", "-10.0000"],
        ["refund", "10.0000"],
      ]);
    }
    expect(Number(await balanceOf(t, shop.merchantId))).toBe(Number(before) - 60);
  });

  it("stores a gift card order's codes sealed: derived from the order, never in plain text in the database", async () => {
    const orderNo = await place("20261121", "gift", { quantity: 2 });
    t.clock.advance(DELAY_MS);
    expect(await run()).toBe(1);
    const r = await row(orderNo);
    expect(r.status).toBe("success");
    expect(r.resultSealed).toMatch(/^v1\./);
    const expected = simulatorCards(orderNo, 2, r.createdAt);
    expect(expected).toHaveLength(2);
    expect(expected[0]!.serial).toMatch(/^\d{16}$/);
    expect(expected[0]!.pin).toMatch(/^[A-Z2-9]{8}$/);
    expect(expected[0]!.expiresAt).toBe(new Date(r.createdAt.getTime() + 365 * 86_400_000).toISOString());
    expect(expected[1]!.serial).not.toBe(expected[0]!.serial);
    expect(JSON.parse(t.deps.cipher.decrypt(r.resultSealed!))).toEqual({ cards: expected });
    const stored = JSON.stringify(r);
    for (const card of expected) {
      expect(stored).not.toContain(card.serial);
      expect(stored).not.toContain(card.pin);
    }
    const revealed = expectOk<{ cards: unknown }>(
      await call(t, "POST", `${ORDER}/${orderNo}/cards/reveal`, { token: shop.token, lang: EN }),
      EN,
    );
    expect(revealed.cards).toEqual(expected);
  });

  it("retries a transient supplier error with backoff and a retry event, then goes on", async () => {
    const orderNo = await place("13800135555");
    expect(await run()).toBe(1);
    const r = await row(orderNo);
    expect(r).toMatchObject({ status: "processing", supplierRef: null, attempts: 1 });
    expect(r.nextRunAt).toEqual(new Date(t.clock.now().getTime() + 2 * SECOND));
    expect(await events(orderNo)).toEqual([["retry", SIMULATOR_RULES.flakyError]]);

    t.clock.advance(SECOND);
    expect(await run()).toBe(0);
    t.clock.advance(SECOND);
    expect(await run()).toBe(1);
    expect(await row(orderNo)).toMatchObject({ status: "processing", supplierRef: `SIM-${orderNo}`, attempts: 2 });
    t.clock.advance(DELAY_MS);
    expect(await run()).toBe(1);
    expect((await row(orderNo)).status).toBe("success");
    expect(await events(orderNo)).toEqual([
      ["retry", SIMULATOR_RULES.flakyError],
      ["submitted", `SIM-${orderNo}`],
    ]);
    expect(await entries(orderNo)).toEqual([["deduct", "-10.0000"]]);
  });

  it("hands the supplier the secret inputs decrypted, and keeps retrying a supplier that is down until the deadline", async () => {
    const seen: SupplierRequest[] = [];
    const down: Partial<SupplierClient> = {
      submit: async (request) => {
        seen.push(request);
        throw new Error("connect ECONNREFUSED 10.0.0.1:443");
      },
      lookup: async () => {
        throw new Error("connect ECONNREFUSED 10.0.0.1:443");
      },
    };
    const suppliers = standInSupplier("simulator", down);
    const orderNo = await place("hero_2026", "login");
    const { deadlineAt } = await row(orderNo);
    for (let round = 0; round < 20 && (await row(orderNo)).status === "processing"; round++) {
      expect(await runFulfilmentOnce(t.deps, { suppliers })).toBe(1);
      const next = (await row(orderNo)).nextRunAt;
      if (next) {
        expect(next.getTime()).toBeLessThanOrEqual(deadlineAt.getTime());
        t.clock.set(next);
      }
    }
    const r = await row(orderNo);
    expect(r).toMatchObject({ status: "failed", failReason: DEADLINE_REASON });
    expect(seen[0]).toMatchObject({
      orderNo,
      productType: 2,
      rechargeAccount: "hero_2026",
      inputs: { account: "hero_2026", password: "s3cret-Pa55", server: "asia" },
      attempt: 1,
    });
    expect(JSON.stringify(r.inputs)).not.toContain("s3cret-Pa55");
    // 2, 4, 8, ... seconds apart, at most a minute, the last one at the deadline.
    const retries = await events(orderNo);
    expect(retries.length).toBeGreaterThan(5);
    expect(new Set(retries.map(([kind, detail]) => `${kind}: ${detail}`))).toEqual(
      new Set(["retry: connect ECONNREFUSED 10.0.0.1:443"]),
    );
    expect(await entries(orderNo)).toEqual([
      ["deduct", "-25.0000"],
      ["refund", "25.0000"],
    ]);
  });

  it("cancels a supplier call at its time-out and retries the order later", async () => {
    let signal: AbortSignal | undefined;
    const hanging = standInSupplier("simulator", {
      // Answers only when its call is cancelled, as an HTTP client given the signal does.
      submit: (request) =>
        new Promise((_, reject) => {
          signal = request.signal;
          request.signal.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    });
    const orderNo = await place("13800138000");
    expect(await runFulfilmentOnce(t.deps, { suppliers: hanging, callTimeoutMs: 50 })).toBe(1);
    expect(signal?.aborted).toBe(true);
    expect(await row(orderNo)).toMatchObject({ status: "processing" });
    // Stored as a key with its figures, so each reader gets it in their language.
    expect(await events(orderNo)).toEqual([
      ["retry", `orderFailure.supplierTimeout {"supplier":"simulator","seconds":0.05}`],
    ]);
    // The retry reaches a supplier that answers, and the order completes as any other.
    for (let round = 0; round < 10 && (await row(orderNo)).status === "processing"; round++) {
      t.clock.advance(DELAY_MS);
      await run();
    }
    expect((await row(orderNo)).status).toBe("success");
  });

  it("fails and refunds an order whose product names a supplier this server does not have", async () => {
    const code = `NOWHERE-${randomBytes(3).toString("hex")}`;
    await importCatalog(t.deps, {
      products: [
        {
          code,
          type: 1,
          name: "Unsupplied",
          supplier: "nowhere",
          fields: [{ key: "account", label: { "en-US": "Account", "zh-CN": "账号" }, kind: "text", primaryKey: true }],
          skus: [{ code: "A", spec: "1", faceValue: "1", currency: "USD" }],
        },
      ],
    });
    await setPrice(t.deps, { merchantNo: shop.merchant.merchantNo, productCode: code, skuCode: "A", price: "1" });
    const list = expectOk<{ list: { id: number; code: string; skus: { id: number }[] }[] }>(
      await call(t, "GET", `/portal/merchant/api/product/list?pageSize=100&name=Unsupplied`, { token: shop.token }),
    );
    const product = list.list.find((p) => p.code === code)!;
    const body = { productId: product.id, skuId: product.skus[0]!.id, inputs: { account: "abc" } };
    const { orderNo } = expectOk<{ orderNo: string }>(
      await call(t, "POST", ORDER, { token: shop.token, payload: body }),
    );
    expect(await run()).toBe(1);
    expect(await row(orderNo)).toMatchObject({
      status: "failed",
      failReason: "orderFailure.noSupplier",
    });
    expect(await entries(orderNo)).toEqual([
      ["deduct", "-1.0000"],
      ["refund", "1.0000"],
    ]);
  });

  it("runs rounds in a loop until stopped, taking up what a dead worker held", async () => {
    // A previous run claimed this order and died.
    const orphan = await place("13700137001");
    expect(await claimDueOrders(t.deps, 1)).toMatchObject([{ orderNo: orphan }]);
    const orderNos = [orphan, ...(await Promise.all([place("13700137000"), place("13700130000")]))];
    t.clock.advance(DELAY_MS);
    // The embedded database has one process, so its worker takes leases back at start; on PostgreSQL other
    // workers may be alive and only the lease's end frees the order.
    if (engine === "postgres") t.clock.advance(FULFILMENT.leaseMs);
    const errors: unknown[] = [];
    const worker = startFulfilmentWorker(t.deps, { pollMs: 5, log: { error: (details) => errors.push(details) } });
    await vi.waitFor(
      async () => {
        const statuses = await Promise.all(orderNos.map(async (o) => (await row(o)).status));
        expect(statuses).toEqual(["success", "success", "failed"]);
      },
      { timeout: 10_000, interval: 20 },
    );
    await worker.stop();
    expect(errors).toEqual([]);
  });
});
