import Big from "big.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LedgerEntry } from "#contracts";
import { ledgerEntries, merchants, orders } from "../../server/src/db/schema";
import { adjustBalance, approveDeposit, rejectDeposit } from "../../server/src/modules/deposit/deposit-review.service";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { failOrder } from "../../server/src/modules/order/order-outcome";
import { call, closeTestApp, EN, expectFailure, expectFieldErrors, expectOk, M, ZH } from "../support/api-helpers";
import { LEDGER_LIST, submitDeposit } from "../support/funds-fixtures";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, TEST_OPERATOR, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const ORDER = "/portal/merchant/api/order";

interface LedgerPage {
  total: number;
  totalCapped?: boolean;
  list: LedgerEntry[];
  summary: { credits: string; debits: string; currency: string };
}

/** A small seeded generator (mulberry32): the random mix is the same on every run. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(engines)("funds details (%s)", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let finance: string;
  let admin: string;
  let otherFinance: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "100" });
    other = await openShop(t, { balance: "50" });
    finance = await t.login(shop.merchant.users.finance.username);
    admin = await t.login(shop.merchant.users.admin.username);
    otherFinance = await t.login(other.merchant.users.finance.username);
  });
  afterAll(() => closeTestApp(t));

  const list = async (token: string, query = "", lang: typeof EN | typeof ZH = EN) =>
    expectOk<LedgerPage>(await call(t, "GET", `${LEDGER_LIST}?pageNum=1&pageSize=50${query}`, { token, lang }), lang);
  const placeTopup = async (s: Shop, quantity = 1) => {
    const res = await call(t, "POST", ORDER, {
      token: s.token,
      lang: EN,
      payload: { productId: s.topup.productId, skuId: s.topup.skuId, quantity, inputs: { account: "13800138000" } },
    });
    return res;
  };
  const orderId = async (orderNo: string) =>
    (await t.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo)))[0]!.id;

  let orderNo = "";
  const times: string[] = [];

  it("shows every ledger entry newest first, joined to its order or deposit, with exact summary", async () => {
    t.clock.advance(1_000);
    const placed = expectOk<{ orderNo: string }>(await placeTopup(shop), EN);
    orderNo = placed.orderNo;
    times.push(t.clock.now().toISOString());
    t.clock.advance(1_000);
    const d = await submitDeposit(t, finance, shop.merchantId, { amount: "20.00", currency: "EUR" });
    await approveDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, settledCurrency: "USD", rate: "1.5" });
    times.push(t.clock.now().toISOString());
    t.clock.advance(1_000);
    await adjustBalance(t.deps, TEST_OPERATOR, {
      merchantNo: shop.merchant.merchantNo,
      type: "reduce",
      amount: "5.5",
      remark: "fee",
    });
    times.push(t.clock.now().toISOString());
    t.clock.advance(1_000);
    await adjustBalance(t.deps, TEST_OPERATOR, {
      merchantNo: shop.merchant.merchantNo,
      type: "other",
      amount: "-0.25",
      remark: "fx",
    });
    await adjustBalance(t.deps, TEST_OPERATOR, {
      merchantNo: shop.merchant.merchantNo,
      type: "other",
      amount: "1.00",
      remark: "gift",
    });
    t.clock.advance(1_000);
    expect(
      await failOrder(t.deps.db, await orderId(orderNo), t.clock.now(), "orderFailure.rejected", "ACCOUNT_INVALID"),
    ).toBe(true);

    const page = await list(finance);
    expect(page.list.map((e) => [e.type, e.amount, e.balance, e.remark])).toEqual([
      ["refund", "10.0000", "125.2500", ""],
      ["other", "1.0000", "115.2500", "gift"],
      ["other", "-0.2500", "114.2500", "fx"],
      ["reduce", "-5.5000", "114.5000", "fee"],
      ["add", "30.0000", "120.0000", `Deposit ${d.depositNo} (20.0000 EUR × 1.5)`],
      ["deduct", "-10.0000", "90.0000", ""],
      ["add", "100.0000", "100.0000", "test funds"],
    ]);
    expect(page.total).toBe(7);
    expect(page.summary).toEqual({ credits: "141.0000", debits: "-15.7500", currency: "USD" });
    // The newest entry's balance is the merchant's balance.
    expect(page.list[0]!.balance).toBe(await balanceOf(t, shop.merchantId));
    const [refund, , , , add, deduct] = page.list;
    expect(refund).toMatchObject({
      orderNo,
      depositNo: null,
      productName: "Test Mobile Top-up",
      rechargeAccount: "13800138000",
      currency: "USD",
    });
    expect(refund!.fundNo).toMatch(/^F20261121\d{10}$/);
    expect(deduct!.time).toBe(times[0]);
    expect(add).toMatchObject({ orderNo: null, depositNo: d.depositNo, productName: null, rechargeAccount: null });
    const zh = await list(finance, "&type=deduct", ZH);
    expect(zh.list.map((e) => e.productName)).toEqual(["测试话费直充"]);
    expect(await ledgerViolations(t.deps.db, shop.merchantId)).toEqual([]);
  });

  it("filters by type, order number, fund number and time, summing the whole filtered range", async () => {
    const others = await list(finance, "&type=other");
    expect(others.list.map((e) => e.amount)).toEqual(["1.0000", "-0.2500"]);
    expect(others.summary).toEqual({ credits: "1.0000", debits: "-0.2500", currency: "USD" });
    const ofOrder = await list(admin, `&orderNo=${orderNo}`);
    expect(ofOrder.list.map((e) => e.type)).toEqual(["refund", "deduct"]);
    expect(ofOrder.summary).toMatchObject({ credits: "10.0000", debits: "-10.0000" });
    const one = ofOrder.list[1]!.fundNo;
    expect((await list(shop.token, `&fundNo=${one}`)).list.map((e) => e.fundNo)).toEqual([one]);
    const range = await list(
      finance,
      `&startTime=${encodeURIComponent(times[1]!)}&endTime=${encodeURIComponent(times[2]!)}`,
    );
    expect(range.list.map((e) => e.type)).toEqual(["reduce", "add"]);
    expect(range.summary).toMatchObject({ credits: "30.0000", debits: "-5.5000" });
    const none = await list(finance, "&orderNo=P000");
    expect(none).toEqual({ total: 0, list: [], summary: { credits: "0.0000", debits: "0.0000", currency: "USD" } });

    // A page shows its rows; total and summary still cover the whole range.
    const second = expectOk<LedgerPage>(
      await call(t, "GET", `${LEDGER_LIST}?pageNum=2&pageSize=3`, { token: finance, lang: EN }),
      EN,
    );
    expect(second.list.map((e) => e.type)).toEqual(["reduce", "add", "deduct"]);
    expect([second.total, second.summary.credits, second.summary.debits]).toEqual([7, "141.0000", "-15.7500"]);
    expectFieldErrors(await call(t, "GET", `${LEDGER_LIST}?type=bonus`, { token: finance, lang: EN }), {
      type: M.invalidType[EN],
    });
  });

  it("sorts by amount or time when asked, ties broken by entry, and refuses other fields", async () => {
    const newest = (await list(finance)).list;
    const byAmount = await list(finance, "&sort=amount");
    const amounts = byAmount.list.map((e) => Number(e.amount));
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
    expect(byAmount.list.map((e) => e.fundNo).sort()).toEqual(newest.map((e) => e.fundNo).sort());
    expect((await list(finance, "&sort=time")).list.map((e) => e.fundNo)).toEqual(
      newest.map((e) => e.fundNo).reverse(),
    );
    expectFieldErrors(await call(t, "GET", `${LEDGER_LIST}?sort=balance`, { token: finance, lang: EN }), {
      sort: "This list cannot be sorted by that field",
    });
  });

  it("is open to admin, operator and finance, and shows each merchant only its own entries", async () => {
    for (const token of [admin, shop.token, finance]) expect((await list(token)).total).toBe(7);
    const theirs = await list(otherFinance);
    expect(theirs.list.map((e) => [e.type, e.amount])).toEqual([["add", "50.0000"]]);
    expect(theirs.summary).toEqual({ credits: "50.0000", debits: "0.0000", currency: "USD" });
    expect((await list(otherFinance, `&orderNo=${orderNo}`)).total).toBe(0);
    const mine = await list(finance);
    expect((await list(otherFinance, `&fundNo=${mine.list[0]!.fundNo}`)).total).toBe(0);
    expectFailure(await call(t, "GET", LEDGER_LIST, { lang: ZH }), 401, M.unauthenticated[ZH]);
  });

  it("refuses an adjustment that would go below zero, or without a remark, writing nothing", async () => {
    const before = await balanceOf(t, shop.merchantId);
    const count = (await list(finance)).total;
    const merchantNo = shop.merchant.merchantNo;
    await expect(
      adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type: "reduce", amount: "1000", remark: "too much" }),
    ).rejects.toThrow(
      `Refused: -1000 USD would take ${merchantNo}'s balance of ${before} USD below zero; nothing written`,
    );
    await expect(
      adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type: "other", amount: "-125.2501", remark: "x" }),
    ).rejects.toThrow(/below zero/);
    await expect(
      adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type: "other", amount: "5", remark: " " }),
    ).rejects.toThrow("A remark is required for a balance adjustment");
    await expect(
      adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type: "reduce", amount: "0", remark: "x" }),
    ).rejects.toThrow("The amount must not be zero");
    await expect(
      adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type: "other", amount: "1.00001", remark: "x" }),
    ).rejects.toThrow(/at most 4 decimals/);
    await expect(
      adjustBalance(t.deps, TEST_OPERATOR, { merchantNo: "M0", type: "other", amount: "1", remark: "x" }),
    ).rejects.toThrow("No merchant M0");
    expect(await balanceOf(t, shop.merchantId)).toBe(before);
    expect((await list(finance)).total).toBe(count);
    // Down to exactly zero is allowed.
    const zero = await adjustBalance(t.deps, TEST_OPERATOR, {
      merchantNo,
      type: "reduce",
      amount: `-${before}`,
      remark: "close",
    });
    expect([zero.balanceBefore, zero.balanceAfter]).toEqual([before, "0.0000"]);
    await adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type: "other", amount: before, remark: "reopen" });
    expect(await balanceOf(t, shop.merchantId)).toBe(before);
  });

  it("keeps the ledger's invariants after a seeded random mix of orders, refunds, deposits and adjustments", async () => {
    const mix = await openShop(t, { balance: "0" });
    const mixFinance = await t.login(mix.merchant.users.finance.username);
    const random = seeded(20261121);
    const pick = (n: number) => Math.floor(random() * n);
    const processing: string[] = [];
    const seen = new Set<string>();
    let expected = new Big(0);
    let credits = new Big(0);
    let debits = new Big(0);
    const book = (amount: Big) => {
      expected = expected.plus(amount);
      if (amount.gt(0)) credits = credits.plus(amount);
      else debits = debits.plus(amount);
    };
    for (let step = 0; step < 60; step++) {
      t.clock.advance(1 + pick(5_000));
      const action = pick(6);
      if (action === 0 || action === 1) {
        const quantity = 1 + pick(3);
        const res = await placeTopup(mix, quantity);
        if (res.statusCode === 200) {
          processing.push(res.json().data.orderNo);
          seen.add("order");
          book(new Big(-10 * quantity));
        } else {
          expect(res.statusCode).toBe(422);
          seen.add("order refused");
        }
      } else if (action === 2 && processing.length > 0) {
        const [no] = processing.splice(pick(processing.length), 1);
        const [row] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, no!));
        expect(await failOrder(t.deps.db, row!.id, t.clock.now(), "orderFailure.rejected", "ACCOUNT_INVALID")).toBe(
          true,
        );
        book(new Big(row!.amount));
        seen.add("refund");
      } else if (action === 3) {
        const amount = `${1 + pick(500)}.${String(pick(100)).padStart(2, "0")}`;
        const d = await submitDeposit(t, mixFinance, mix.merchantId, { amount, currency: "CNY" });
        if (pick(4) === 0) {
          await rejectDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, reason: "not received" });
          seen.add("reject");
        } else {
          const rate = `0.${String(1 + pick(99_999)).padStart(5, "0")}`;
          const done = await approveDeposit(t.deps, TEST_OPERATOR, {
            depositNo: d.depositNo,
            settledCurrency: "USD",
            rate,
          });
          const exact = new Big(amount).times(rate).round(2, Big.roundHalfUp);
          expect(new Big(done.settledAmount!).eq(exact)).toBe(true);
          book(exact);
          seen.add("approve");
        }
      } else {
        const type = action === 4 ? "reduce" : "other";
        const amount = `${action === 5 && pick(2) ? "" : "-"}${pick(30)}.${String(1 + pick(99)).padStart(2, "0")}`;
        const signed = type === "reduce" ? new Big(amount).abs().neg() : new Big(amount);
        const merchantNo = mix.merchant.merchantNo;
        if (expected.plus(signed).lt(0)) {
          await expect(
            adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type, amount, remark: "mix" }),
          ).rejects.toThrow(/below zero/);
          seen.add("adjust refused");
        } else {
          await adjustBalance(t.deps, TEST_OPERATOR, { merchantNo, type, amount, remark: "mix" });
          book(signed);
          seen.add(type);
        }
      }
    }
    expect([...seen].sort()).toEqual(
      ["adjust refused", "approve", "order", "order refused", "other", "reduce", "refund", "reject"].sort(),
    );
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
    const balance = await balanceOf(t, mix.merchantId);
    expect(new Big(balance).eq(expected)).toBe(true);
    const page = await list(mixFinance);
    const entries = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.merchantId, mix.merchantId));
    expect(page.total).toBe(entries.length);
    expect(page.list[0]!.balance).toBe(balance);
    expect([new Big(page.summary.credits).eq(credits), new Big(page.summary.debits).eq(debits)]).toEqual([true, true]);
  });

  it("answers the current balance and threshold to every role that sees funds, each merchant its own", async () => {
    const BALANCE = "/portal/merchant/api/fund/balance";
    const now = async (token: string) => expectOk<Record<string, unknown>>(await call(t, "GET", BALANCE, { token }));
    const expected = { balance: await balanceOf(t, shop.merchantId), currency: "USD", lowBalanceThreshold: null };
    for (const token of [finance, admin, shop.token]) expect(await now(token)).toEqual(expected);
    expect(await now(otherFinance)).toMatchObject({ balance: await balanceOf(t, other.merchantId) });
    await t.deps.db.update(merchants).set({ lowBalanceThreshold: "500" }).where(eq(merchants.id, shop.merchantId));
    expect(await now(finance)).toMatchObject({ lowBalanceThreshold: "500.0000" });
    expect((await call(t, "GET", BALANCE, {})).statusCode).toBe(401);
  });
});
