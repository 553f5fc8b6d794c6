import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, orders } from "../../server/src/db/schema";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import {
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectNoInternals,
  expectOk,
  M,
  ZH,
} from "../support/api-helpers";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const ORDER = "/portal/merchant/api/order";
const LIST = "/portal/merchant/api/order/list";

const insufficient = (amount: string, balance: string) => ({
  [EN]: `Insufficient balance: the order costs ${amount} USD and the balance is ${balance} USD`,
  [ZH]: `余额不足：订单金额 ${amount} USD，当前余额 ${balance} USD`,
});

describe.each(engines)("placing orders (%s)", (engine) => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "100" });
  });
  afterAll(() => closeTestApp(t));

  const place = (body: Record<string, unknown>, lang = EN, token = shop.token) =>
    call(t, "POST", ORDER, { token, lang, payload: body });
  const topup = (extra: Record<string, unknown> = {}) => ({
    productId: shop.topup.productId,
    skuId: shop.topup.skuId,
    inputs: { account: "13800138000" },
    ...extra,
  });
  const entriesOf = (orderId: number) =>
    t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));

  it("debits the balance, writes one Deduct entry and answers the Processing order", async () => {
    const before = await balanceOf(t, shop.merchantId);
    const order = expectOk<Record<string, unknown>>(await place(topup({ quantity: 2 })), EN);
    expect(order).toMatchObject({
      productName: "Test Mobile Top-up",
      spec: "10 CNY",
      quantity: 2,
      unitPrice: "10.0000",
      amount: "20.0000",
      currency: "USD",
      rechargeAccount: "13800138000",
      status: "processing",
      source: "manual",
      completeTime: null,
      duration: null,
      batchId: null,
    });
    expect(order.orderNo).toMatch(/^P\d{8}\d{10}$/);
    expect(order.merchantOrderNo).toMatch(/^\d{14}[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(Number(await balanceOf(t, shop.merchantId))).toBe(Number(before) - 20);
    const [row] = await t.deps.db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, String(order.orderNo)));
    const entries = await entriesOf(row!.id);
    expect(entries.map((e) => [e.type, e.amount, e.balanceBefore, e.balanceAfter])).toEqual([
      ["deduct", "-20.0000", before, await balanceOf(t, shop.merchantId)],
    ]);
    expect(await ledgerViolations(t.deps.db, shop.merchantId)).toEqual([]);
  });

  it("names the product in the caller's language", async () => {
    const order = expectOk<{ productName: string }>(await place(topup(), ZH), ZH);
    expect(order.productName).toBe("测试话费直充");
  });

  it("refuses an order the balance cannot cover, writing nothing, in both languages", async () => {
    const poor = await openShop(t, { balance: "15" });
    const body = {
      productId: poor.topup.productId,
      skuId: poor.topup.skuId,
      quantity: 2,
      inputs: { account: "1234567" },
    };
    for (const lang of [EN, ZH] as const) {
      const res = await place(body, lang, poor.token);
      expectFailure(res, 422, insufficient("20.00", "15.00")[lang]);
    }
    expect(await balanceOf(t, poor.merchantId)).toBe("15.0000");
    expect(await t.deps.db.select().from(orders).where(eq(orders.merchantId, poor.merchantId))).toEqual([]);
    expect(await ledgerViolations(t.deps.db, poor.merchantId)).toEqual([]);
  });

  it("checks inputs against the product's fields and writes nothing on a bad one", async () => {
    const before = await balanceOf(t, shop.merchantId);
    expectFieldErrors(await place(topup({ inputs: {} })), {
      "inputs.account": `Mobile number: ${M.required[EN]}`,
    });
    expectFieldErrors(await place(topup({ inputs: { account: "12ab" } })), {
      "inputs.account": "Mobile number: The format is not valid",
    });
    expectFieldErrors(await place(topup({ inputs: { account: "1234567", note: "x".repeat(21) } }), ZH), {
      "inputs.note": "备注：最多 20 个字符",
    });
    expectFieldErrors(await place(topup({ inputs: { account: "1234567", color: "red" } })), {
      "inputs.color": 'Unknown field "color"',
    });
    const login = { productId: shop.login.productId, skuId: shop.login.skuId };
    expectFieldErrors(await place({ ...login, inputs: { account: "hero", password: "pw", server: "mars" } }), {
      "inputs.server": "Server: Please choose one of the options",
    });
    expectFieldErrors(await place(topup({ quantity: 0 })), { quantity: "Quantity must be between 1 and 100" });
    expectFieldErrors(await place(topup({ merchantOrderNo: "has space" })), {
      merchantOrderNo: "The merchant order number has 1 to 64 letters, digits, - or _",
    });
    const unknown = await place({ productId: 999999, skuId: shop.topup.skuId, inputs: {} });
    expectFailure(unknown, 404, "No such product", { errors: { productId: "No such product" } });
    const wrongSku = await place({ productId: shop.topup.productId, skuId: shop.login.skuId, inputs: {} });
    expectFailure(wrongSku, 404, "No such SKU for this product", { errors: { skuId: "No such SKU for this product" } });
    expect(await balanceOf(t, shop.merchantId)).toBe(before);
  });

  it("keeps secret inputs encrypted and never shows them again", async () => {
    const body = {
      productId: shop.login.productId,
      skuId: shop.login.skuId,
      inputs: { account: "hero", password: " s3cret pass", server: "asia" },
    };
    const order = expectOk<{ orderNo: string; rechargeAccount: string }>(await place(body), EN);
    expect(order.rechargeAccount).toBe("hero");
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    expect(JSON.stringify(row!.inputs)).not.toContain("s3cret");
    const detail = expectOk<{ inputs: unknown[] }>(
      await call(t, "GET", `${ORDER}/${order.orderNo}`, { token: shop.token, lang: EN }),
      EN,
    );
    expect(detail.inputs).toEqual([
      { key: "account", label: "Game account", value: "hero", secret: false },
      { key: "password", label: "Password", value: "******", secret: true },
      { key: "server", label: "Server", value: "Asia", secret: false },
    ]);
  });

  it("answers the original order for a repeated merchant order number, and 409 when the content differs", async () => {
    const body = topup({ merchantOrderNo: "REPEAT-1" });
    const first = expectOk<{ orderNo: string }>(await place(body), EN);
    const balance = await balanceOf(t, shop.merchantId);
    const again = await place(body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(expectOk<{ orderNo: string }>(again, EN).orderNo).toBe(first.orderNo);
    expect(await balanceOf(t, shop.merchantId)).toBe(balance);

    const changed = await place(topup({ merchantOrderNo: "REPEAT-1", quantity: 3, inputs: { account: "999999" } }));
    expectFailure(
      changed,
      409,
      "Merchant order number REPEAT-1 was already used for a different order (differs in: Quantity, Mobile number)",
    );
    expect(await balanceOf(t, shop.merchantId)).toBe(balance);
  });

  it("answers the original order to a repeat even when the balance could not pay for it again", async () => {
    const tight = await openShop(t, { balance: "10" });
    const body = {
      productId: tight.topup.productId,
      skuId: tight.topup.skuId,
      merchantOrderNo: "LAST-ONE",
      inputs: { account: "1234567" },
    };
    const first = expectOk<{ orderNo: string }>(await place(body, EN, tight.token), EN);
    expect(await balanceOf(t, tight.merchantId)).toBe("0.0000");
    const again = expectOk<{ orderNo: string }>(await place(body, EN, tight.token), EN);
    expect(again.orderNo).toBe(first.orderNo);
  });

  it("places one order and one debit for 20 concurrent requests with the same merchant order number", async () => {
    const before = await balanceOf(t, shop.merchantId);
    const body = topup({ merchantOrderNo: "SAME-20" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(body)));
    const numbers = new Set(answers.map((res) => expectOk<{ orderNo: string }>(res, EN).orderNo));
    expect(numbers.size).toBe(1);
    expect(Number(await balanceOf(t, shop.merchantId))).toBe(Number(before) - 10);
    const rows = await t.deps.db.select().from(orders).where(eq(orders.merchantOrderNo, "SAME-20"));
    expect(rows).toHaveLength(1);
    expect(await entriesOf(rows[0]!.id)).toHaveLength(1);
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  });

  it("lets only admins and operators place orders", async () => {
    const finance = await t.login(shop.merchant.users.finance.username);
    expectFailure(await place(topup(), EN, finance), 403, M.forbidden[EN]);
    const admin = await t.login(shop.merchant.users.admin.username);
    expectOk(await place(topup(), EN, admin), EN);
  });

  it("refuses a product that is not priced for this merchant", async () => {
    const other = await openShop(t, { balance: "50" });
    // The other shop's products have prices only for the other merchant.
    const res = await place({
      productId: other.topup.productId,
      skuId: other.topup.skuId,
      inputs: { account: "1234567" },
    });
    expectFailure(res, 409, "This SKU has no price for your merchant and cannot be ordered", {
      errors: { skuId: "This SKU has no price for your merchant and cannot be ordered" },
    });
  });

  it("never lets the ledger be rewritten", async () => {
    await expect(t.deps.db.update(ledgerEntries).set({ remark: "edited" })).rejects.toThrow();
    await expect(t.deps.db.delete(ledgerEntries)).rejects.toThrow();
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  });

  it("never answers internals for malformed bodies", async () => {
    const res = await call(t, "POST", ORDER, { token: shop.token, lang: EN, payload: { productId: "x", inputs: [] } });
    expect(res.statusCode).toBe(400);
    expectNoInternals(res);
  });

  it("lists only the merchant's own orders", async () => {
    const other = await openShop(t, { balance: "0" });
    const list = expectOk<{ total: number; list: unknown[] }>(await call(t, "GET", LIST, { token: other.token }));
    expect(list).toEqual({ total: 0, list: [] });
    const mine = expectOk<{ list: { orderNo: string }[] }>(await call(t, "GET", LIST, { token: shop.token }));
    const res = await call(t, "GET", `${ORDER}/${mine.list[0]!.orderNo}`, { token: other.token, lang: EN });
    expectFailure(res, 404, "No such order");
  });
});
