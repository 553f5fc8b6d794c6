import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { call, closeTestApp, EN, expectFailure, expectFieldErrors, expectOk, M, ZH } from "../support/api-helpers";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const BATCH = "/portal/merchant/api/order/batch";
const LIST = "/portal/merchant/api/order/list";
const HISTORY = "/portal/merchant/api/order/batch/list";

interface BatchResult {
  batchId: string | null;
  successCount: number;
  failCount: number;
  existingCount: number;
  results: {
    index: number;
    ok: boolean;
    orderNo?: string;
    merchantOrderNo?: string;
    existing?: boolean;
    existingBatchId?: string | null;
    message?: string;
    errors?: Record<string, string>;
  }[];
}

interface BatchSummary {
  batchId: string;
  productName: string;
  spec: string;
  placedBy: string | null;
  rows: number;
  placed: number;
  refused: number;
  existing: number;
  processing: number;
  success: number;
  failed: number;
  amount: string;
  currency: string;
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
      errors: { "inputs.account": "Mobile number: The format is not valid" },
    });
    const listed = expectOk<{ total: number; list: { merchantOrderNo: string; batchId: string }[] }>(
      await call(t, "GET", `${LIST}?batchId=${result.batchId}`, { token: shop.token }),
    );
    expect(listed.total).toBe(2);
    expect(listed.list.map((o) => o.merchantOrderNo).sort()).toEqual(["B1-1", "B1-3"]);
    expect(listed.list.every((o) => o.batchId === result.batchId)).toBe(true);
  });

  it("says that a batch sent again names orders that already exist, and keeps no empty batch", async () => {
    const items = [
      { merchantOrderNo: "B2-1", inputs: { account: "1380000021" } },
      { merchantOrderNo: "B2-2", inputs: { account: "1380000022" } },
    ];
    const first = expectOk<BatchResult>(await batch(items), EN);
    expect(first).toMatchObject({ successCount: 2, failCount: 0, existingCount: 0 });
    const balance = await balanceOf(t, shop.merchantId);
    const batchesBefore = expectOk<{ total: number }>(await call(t, "GET", HISTORY, { token: shop.token })).total;

    const again = expectOk<BatchResult>(await batch(items), EN);
    expect(again).toMatchObject({ batchId: null, successCount: 0, failCount: 0, existingCount: 2 });
    expect(again.results).toEqual(first.results.map((r) => ({ ...r, existing: true, existingBatchId: first.batchId })));
    expect(await balanceOf(t, shop.merchantId)).toBe(balance);
    expect(expectOk<{ total: number }>(await call(t, "GET", HISTORY, { token: shop.token })).total).toBe(batchesBefore);

    // With one new row the batch is kept, and holds only that order.
    const mixed = expectOk<BatchResult>(
      await batch([...items, { merchantOrderNo: "B2-3", inputs: { account: "1380000023" } }]),
      EN,
    );
    expect(mixed).toMatchObject({ successCount: 1, existingCount: 2 });
    expect(mixed.batchId).not.toBe(first.batchId);
    const listed = expectOk<{ list: { merchantOrderNo: string }[] }>(
      await call(t, "GET", `${LIST}?batchId=${mixed.batchId}`, { token: shop.token }),
    );
    expect(listed.list.map((o) => o.merchantOrderNo)).toEqual(["B2-3"]);
  });

  it("names a row's field by its label in the reader's language, and what differs in a repeated number", async () => {
    const rows = [
      { merchantOrderNo: "B4-1", inputs: {} },
      { merchantOrderNo: "B4-2", inputs: { account: "12" } },
    ];
    const en = expectOk<BatchResult>(await batch(rows), EN);
    expect(en.results.map((r) => r.errors)).toEqual([
      { "inputs.account": `Mobile number: ${M.required[EN]}` },
      { "inputs.account": "Mobile number: The format is not valid" },
    ]);
    const zh = expectOk<BatchResult>(await batch(rows, ZH), ZH);
    expect(zh.results.map((r) => r.errors)).toEqual([
      { "inputs.account": `手机号码：${M.required[ZH]}` },
      { "inputs.account": "手机号码：格式不正确" },
    ]);

    // The single order's envelope says the same.
    const single = { productId: shop.topup.productId, skuId: shop.topup.skuId, inputs: { account: "12" } };
    const ORDER = "/portal/merchant/api/order";
    expectFieldErrors(await call(t, "POST", ORDER, { token: shop.token, lang: ZH, payload: single }), {
      "inputs.account": "手机号码：格式不正确",
    });

    expectOk(await batch([{ merchantOrderNo: "B4-3", inputs: { account: "1380000043" } }]), EN);
    const changed = [{ merchantOrderNo: "B4-3", quantity: 2, inputs: { account: "1380000044" } }];
    expect(expectOk<BatchResult>(await batch(changed), EN).results[0]?.message).toBe(
      "Merchant order number B4-3 was already used for a different order (differs in: Quantity, Mobile number)",
    );
    expect(expectOk<BatchResult>(await batch(changed, ZH), ZH).results[0]?.message).toBe(
      "商户订单号 B4-3 已用于另一笔不同的订单（不同之处：数量、手机号码）",
    );
    const conflict = await call(t, "POST", ORDER, {
      token: shop.token,
      lang: EN,
      payload: { ...single, merchantOrderNo: "B4-3", inputs: { account: "1380000043" }, quantity: 3 },
    });
    expectFailure(
      conflict,
      409,
      "Merchant order number B4-3 was already used for a different order (differs in: Quantity)",
    );
  });

  it("lists past batches newest first with their counts, reopens one, and keeps them to their merchant", async () => {
    const own = await openShop(t, { balance: "1000" });
    const older = expectOk<BatchResult>(
      await batch([{ merchantOrderNo: "H1-1", inputs: { account: "1390000011" } }], EN, own),
      EN,
    );
    t.clock.advance(1000);
    const newer = expectOk<BatchResult>(
      await batch(
        [
          { merchantOrderNo: "H2-1", inputs: { account: "1390000021" } },
          { merchantOrderNo: "H2-2", quantity: 2, inputs: { account: "1390000000" } },
          { merchantOrderNo: "H2-3", inputs: { account: "12" } },
        ],
        EN,
        own,
      ),
      EN,
    );
    // The supplier rejects accounts ending in 0000 (the order fails and is refunded).
    while ((await runFulfilmentOnce(t.deps)) > 0);

    const page = expectOk<{ total: number; list: BatchSummary[] }>(
      await call(t, "GET", `${HISTORY}?pageSize=10`, { token: own.token, lang: EN }),
      EN,
    );
    expect(page.total).toBe(2);
    expect(page.list.map((b) => b.batchId)).toEqual([newer.batchId, older.batchId]);
    expect(page.list[0]).toMatchObject({
      productName: "Test Mobile Top-up",
      spec: "10 CNY",
      placedBy: own.merchant.users.operator.username,
      rows: 3,
      placed: 2,
      refused: 1,
      existing: 0,
      processing: 1,
      success: 0,
      failed: 1,
      amount: "10.0000",
      currency: "USD",
    });
    const zhPage = expectOk<{ list: BatchSummary[] }>(
      await call(t, "GET", `${HISTORY}?batchId=${older.batchId}`, { token: own.token, lang: ZH }),
      ZH,
    );
    expect(zhPage.list.map((b) => [b.batchId, b.productName])).toEqual([[older.batchId, "测试话费直充"]]);
    const since = new Date(t.clock.now().getTime() - 500).toISOString();
    const recent = expectOk<{ list: BatchSummary[] }>(
      await call(t, "GET", `${HISTORY}?startTime=${encodeURIComponent(since)}`, { token: own.token, lang: EN }),
      EN,
    );
    expect(recent.list.map((b) => b.batchId)).toEqual([newer.batchId]);

    const detail = expectOk<BatchSummary & { results: unknown[] }>(
      await call(t, "GET", `${HISTORY.replace("/list", "")}/${newer.batchId}`, { token: own.token, lang: ZH }),
      ZH,
    );
    expect(detail.results).toEqual([
      expect.objectContaining({ index: 0, merchantOrderNo: "H2-1", status: "processing", message: null }),
      expect.objectContaining({ index: 1, merchantOrderNo: "H2-2", status: "failed", existing: false }),
      {
        index: 2,
        merchantOrderNo: "H2-3",
        orderNo: null,
        existing: false,
        status: null,
        message: "此行有无效字段",
        errors: { "inputs.account": "手机号码：格式不正确" },
      },
    ]);

    // Another merchant sees none of it; finance may not see orders at all.
    const other = await openShop(t);
    const theirs = expectOk<{ total: number }>(await call(t, "GET", HISTORY, { token: other.token }));
    expect(theirs.total).toBe(0);
    const BATCH_ONE = `${HISTORY.replace("/list", "")}/${newer.batchId}`;
    expectFailure(await call(t, "GET", BATCH_ONE, { token: other.token, lang: EN }), 404, "No such batch");
    const finance = await t.login(own.merchant.users.finance.username);
    expect((await call(t, "GET", HISTORY, { token: finance })).statusCode).toBe(403);
    expect((await call(t, "GET", BATCH_ONE, { token: finance })).statusCode).toBe(403);
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
