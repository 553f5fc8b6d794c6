import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { call, closeTestApp, EN, expectFieldErrors, expectOk, ZH } from "../support/api-helpers";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const BATCH = "/portal/merchant/api/order/batch";
const LIST = "/portal/merchant/api/order/list";

interface BatchResult {
  batchId: string;
  successCount: number;
  failCount: number;
  results: { index: number; ok: boolean; orderNo?: string; merchantOrderNo?: string; message?: string }[];
}

describe.each(engines)("batch orders (%s)", (engine) => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "10100" });
  });
  afterAll(() => closeTestApp(t));

  const batch = (items: unknown[], lang = EN, s = shop) =>
    call(t, "POST", BATCH, {
      token: s.token,
      lang,
      payload: { productId: s.topup.productId, skuId: s.topup.skuId, items },
    });

  it("places the valid rows as independent orders under one batch id and reports each row", async () => {
    const res = await batch([
      { merchantOrderNo: "B1-1", inputs: { account: "1380000001" } },
      { merchantOrderNo: "B1-2", inputs: { account: "12" } },
      { merchantOrderNo: "B1-3", quantity: 2, inputs: { account: "1380000003" } },
    ]);
    const result = expectOk<BatchResult & { results: { errors?: Record<string, string> }[] }>(res, EN);
    expect(result).toMatchObject({ successCount: 2, failCount: 1 });
    expect(result.batchId).toMatch(/^B\d{14}[0-9A-F]{6}$/);
    expect(result.results.map((r) => [r.index, r.ok, r.merchantOrderNo])).toEqual([
      [0, true, "B1-1"],
      [1, false, "B1-2"],
      [2, true, "B1-3"],
    ]);
    expect(result.results[1]).toMatchObject({
      message: "This row has invalid fields",
      errors: { "inputs.account": "The format is not valid" },
    });
    const listed = expectOk<{ total: number; list: { merchantOrderNo: string; batchId: string }[] }>(
      await call(t, "GET", `${LIST}?batchId=${result.batchId}`, { token: shop.token }),
    );
    expect(listed.total).toBe(2);
    expect(listed.list.map((o) => o.merchantOrderNo).sort()).toEqual(["B1-1", "B1-3"]);
    expect(listed.list.every((o) => o.batchId === result.batchId)).toBe(true);
  });

  it("is idempotent row by row when the same batch is sent again", async () => {
    const items = [{ merchantOrderNo: "B2-1", inputs: { account: "1380000021" } }];
    const first = expectOk<BatchResult>(await batch(items), EN);
    const balance = await balanceOf(t, shop.merchantId);
    const again = expectOk<BatchResult>(await batch(items), EN);
    expect(again.results[0]?.orderNo).toBe(first.results[0]?.orderNo);
    expect(await balanceOf(t, shop.merchantId)).toBe(balance);
  });

  it("says 'Batch order list is empty' for no rows", async () => {
    expectFieldErrors(await batch([]), { items: "Batch order list is empty" });
    expectFieldErrors(await batch([], ZH), { items: "批量订单列表为空" });
  });

  it("fails only the rows the balance cannot cover", async () => {
    const poor = await openShop(t, { balance: "25" });
    const res = await batch(
      [1, 2, 3].map((i) => ({ inputs: { account: `13900000${i}0` } })),
      EN,
      poor,
    );
    const result = expectOk<BatchResult>(res, EN);
    expect(result.results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(result.results[2]?.message).toBe(
      "Insufficient balance: the order costs 10.00 USD and the balance is 5.00 USD",
    );
    expect(await balanceOf(t, poor.merchantId)).toBe("5.0000");
  });

  it("places a batch of 1,000 rows", async () => {
    const before = Number(await balanceOf(t, shop.merchantId));
    const items = Array.from({ length: 1000 }, (_, i) => ({
      inputs: { account: `1500${String(i).padStart(6, "0")}` },
    }));
    const result = expectOk<BatchResult>(await batch(items), EN);
    expect(result).toMatchObject({ successCount: 1000, failCount: 0 });
    expect(Number(await balanceOf(t, shop.merchantId))).toBe(before - 10_000);
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  }, 120_000);
});
