import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { merchants, productSkus, products } from "../../server/src/db/schema";
import { postBalanceChange } from "../../server/src/modules/ledger/ledger.service";
import { importCatalog, setPrice } from "../../server/src/modules/product/catalog-import";
import type { TestApp, TestMerchant } from "./test-app";

/** A top-up whose only required input is a 6–20 digit account, like the demo's DEMO-MOBILE-TOPUP. */
export const topupFields = [
  {
    key: "account",
    label: { "en-US": "Mobile number", "zh-CN": "手机号码" },
    kind: "text",
    primaryKey: true,
    pattern: "\\d{6,20}",
  },
  {
    key: "note",
    label: { "en-US": "Note", "zh-CN": "备注" },
    kind: "text",
    required: false,
    maxLength: 20,
  },
];

/** A login top-up with a secret password and a server to choose. */
export const loginTopupFields = [
  { key: "account", label: { "en-US": "Game account", "zh-CN": "游戏账号" }, kind: "text", primaryKey: true },
  { key: "password", label: { "en-US": "Password", "zh-CN": "密码" }, kind: "secret" },
  {
    key: "server",
    label: { "en-US": "Server", "zh-CN": "服务器" },
    kind: "select",
    options: [
      { value: "asia", label: { "en-US": "Asia", "zh-CN": "亚洲" } },
      { value: "europe", label: { "en-US": "Europe", "zh-CN": "欧洲" } },
    ],
  },
];

export interface Shop {
  merchant: TestMerchant;
  merchantId: number;
  /** "Bearer …" of the merchant's operator. */
  token: string;
  topup: { productId: number; skuId: number; code: string };
  login: { productId: number; skuId: number; code: string };
  gift: { productId: number; skuId: number; code: string };
}

async function skuOf(t: TestApp, code: string) {
  const [row] = await t.deps.db
    .select({ productId: products.id, skuId: productSkus.id })
    .from(products)
    .innerJoin(productSkus, and(eq(productSkus.productId, products.id), eq(productSkus.code, "A")))
    .where(eq(products.code, code));
  if (!row) throw new Error(`no product ${code}`);
  return { ...row, code };
}

/**
 * A merchant with a funded balance and three priced products (top-up 10.00, login top-up 25.00, gift card 5.00
 * per unit), its operator signed in. Each call makes new products, so tests never share state.
 */
export async function openShop(t: TestApp, { balance = "100" }: { balance?: string } = {}): Promise<Shop> {
  const merchant = await t.merchant();
  const tag = randomBytes(4).toString("hex").toUpperCase();
  const codes = { topup: `TOPUP-${tag}`, login: `GAME-${tag}`, gift: `GIFT-${tag}` };
  await importCatalog(t.deps, {
    products: [
      {
        code: codes.topup,
        type: 1,
        name: "Test Mobile Top-up",
        nameZh: "测试话费直充",
        fields: topupFields,
        skus: [{ code: "A", spec: "10 CNY", faceValue: "10", currency: "CNY" }],
      },
      {
        code: codes.login,
        type: 2,
        name: "Test Game Top-up",
        fields: loginTopupFields,
        skus: [{ code: "A", spec: "60 gems", faceValue: "6", currency: "USD" }],
      },
      {
        code: codes.gift,
        type: 3,
        name: "Test Gift Card",
        fields: [{ ...topupFields[0], key: "account", label: { "en-US": "Reference", "zh-CN": "参考号" } }],
        skus: [{ code: "A", spec: "5 USD", faceValue: "5", currency: "USD" }],
      },
    ],
  });
  const prices = { topup: "10.00", login: "25.00", gift: "5.00" } as const;
  for (const key of ["topup", "login", "gift"] as const)
    await setPrice(t.deps, {
      merchantNo: merchant.merchantNo,
      productCode: codes[key],
      skuCode: "A",
      price: prices[key],
    });
  const [row] = await t.deps.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.merchantNo, merchant.merchantNo));
  const merchantId = row!.id;
  if (balance !== "0") await fund(t, merchantId, balance);
  return {
    merchant,
    merchantId,
    token: await t.login(merchant.users.operator.username),
    topup: await skuOf(t, codes.topup),
    login: await skuOf(t, codes.login),
    gift: await skuOf(t, codes.gift),
  };
}

/** Credits a merchant through the ledger, as an approved deposit would. */
export async function fund(t: TestApp, merchantId: number, amount: string) {
  await postBalanceChange(t.deps.db, { merchantId, type: "add", amount, remark: "test funds", at: t.clock.now() });
}

export async function balanceOf(t: TestApp, merchantId: number): Promise<string> {
  const [row] = await t.deps.db
    .select({ balance: merchants.balance })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row!.balance;
}
