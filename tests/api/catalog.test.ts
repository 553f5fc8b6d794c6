import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "#contracts";
import { merchants, productSkus, products } from "../../server/src/db/schema";
import { type CatalogFile, importCatalog, setPrice } from "../../server/src/modules/product/catalog-import";
import { loadOrderTarget } from "../../server/src/modules/product/product.service";
import {
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  type Lang,
  M,
  ZH,
} from "../support/api-helpers";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

const LIST = "/portal/merchant/api/product/list";
const detail = (id: number | string) => `/portal/merchant/api/product/${id}`;
const productNotFound = { [EN]: "No such product", [ZH]: "商品不存在" };
const unknownType = { [EN]: "Unknown product type", [ZH]: "未知的商品类型" };

interface Page {
  total: number;
  list: Product[];
}

const l = (en: string, zh: string) => ({ "en-US": en, "zh-CN": zh });

/** Four products: one per type, one off sale; a SKU taken off sale; names to search in both languages. */
const catalog: CatalogFile = {
  products: [
    {
      code: "T-MOBILE",
      type: 1,
      name: "Mobile Top-up",
      nameZh: "手机话费",
      description: "Airtime",
      descriptionZh: "话费",
      imageUrl: "/catalog/mobile-topup.svg",
      sort: 10,
      fields: [
        {
          key: "account",
          label: l("Mobile number", "手机号码"),
          kind: "text",
          primaryKey: true,
          pattern: "\\d{6,20}",
          maxLength: 20,
        },
      ],
      skus: [
        { code: "S10", spec: "10 CNY", faceValue: "10", currency: "CNY", sort: 2 },
        { code: "S20", spec: "20 CNY", faceValue: "20.5", currency: "CNY", sort: 1 },
        { code: "OLD", spec: "5 CNY", faceValue: "5", currency: "CNY", status: "disabled" },
      ],
    },
    {
      code: "T-GAME",
      type: 2,
      name: "Starfall Gems",
      nameZh: "星陨钻石",
      sort: 5,
      fields: [
        {
          key: "account",
          label: l("Game account", "游戏账号"),
          kind: "text",
          primaryKey: true,
          group: l("Login", "登录"),
        },
        { key: "password", label: l("Password", "密码"), kind: "secret", group: l("Login", "登录") },
        {
          key: "server",
          label: l("Server", "服务器"),
          kind: "select",
          options: [
            { value: "asia", label: l("Asia", "亚洲") },
            { value: "europe", label: l("Europe", "欧洲") },
          ],
        },
        { key: "roleName", label: l("Character", "角色"), kind: "text", required: false, minLength: 2, maxLength: 32 },
      ],
      skus: [{ code: "G60", spec: "60 Gems", faceValue: "0.99", currency: "USD" }],
    },
    {
      code: "T-CARD",
      type: 3,
      name: "Book Gift Card",
      sort: 5,
      fields: [{ key: "email", label: l("E-mail", "邮箱"), kind: "text", primaryKey: true }],
      skus: [{ code: "C50", spec: "50 CNY", faceValue: "50", currency: "CNY" }],
    },
    {
      code: "T-OLD",
      type: 3,
      name: "Old 100% Card",
      nameZh: "旧卡",
      status: "disabled",
      fields: [{ key: "email", label: l("E-mail", "邮箱"), kind: "text", primaryKey: true }],
      skus: [{ code: "C30", spec: "30 CNY", faceValue: "30", currency: "CNY" }],
    },
  ],
};

describe.each(engines)("products on %s", (engine) => {
  let t: TestApp;
  let a: TestMerchant;
  let b: TestMerchant;
  let tokenA: string;
  let tokenB: string;
  const ids: Record<string, number> = {};
  const skuIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(engine);
    a = await t.merchant();
    b = await t.merchant();
    await t.deps.db.update(merchants).set({ currency: "EUR" }).where(eq(merchants.merchantNo, b.merchantNo));
    await importCatalog(t.deps, catalog);
    for (const p of await t.deps.db.select().from(products)) ids[p.code] = p.id;
    for (const s of await t.deps.db.select().from(productSkus)) skuIds[s.code] = s.id;
    const price = (m: TestMerchant, productCode: string, skuCode: string, value: string) =>
      setPrice(t.deps, { merchantNo: m.merchantNo, productCode, skuCode, price: value });
    await price(a, "T-MOBILE", "S10", "1.42");
    await price(a, "T-MOBILE", "OLD", "0.70");
    await price(a, "T-GAME", "G60", "0.95");
    await price(a, "T-CARD", "C50", "7.1");
    await price(a, "T-OLD", "C30", "4.3");
    await price(b, "T-MOBILE", "S10", "1.5");
    await price(b, "T-MOBILE", "S20", "3.0001");
    tokenA = await t.login(a.users.operator.username);
    tokenB = await t.login(b.users.operator.username);
  });
  afterAll(() => closeTestApp(t));

  const list = async (token: string, query = "", lang: Lang = EN) =>
    expectOk<Page>(await call(t, "GET", `${LIST}${query}`, { token, lang }), lang);
  const codes = (page: Page) => page.list.map((p) => p.code);

  it("lists every product, highest sort first then oldest, with the caller's prices in its currency", async () => {
    const page = await list(tokenA);
    expect(page.total).toBe(4);
    expect(codes(page)).toEqual(["T-MOBILE", "T-GAME", "T-CARD", "T-OLD"]);
    expect(page.list[0]).toEqual({
      id: ids["T-MOBILE"],
      code: "T-MOBILE",
      name: "Mobile Top-up",
      type: 1,
      status: "enabled",
      imageUrl: "/catalog/mobile-topup.svg",
      description: "Airtime",
      deadlineSeconds: 600,
      skus: [
        {
          id: skuIds.S10,
          code: "S10",
          spec: "10 CNY",
          faceValue: "10.0000",
          currency: "CNY",
          price: "1.4200",
          priceCurrency: "USD",
          orderable: true,
        },
        {
          id: skuIds.S20,
          code: "S20",
          spec: "20 CNY",
          faceValue: "20.5000",
          currency: "CNY",
          price: null,
          priceCurrency: "USD",
          orderable: false,
        },
      ],
      fields: [
        {
          key: "account",
          label: "Mobile number",
          kind: "text",
          required: true,
          primaryKey: true,
          group: "",
          pattern: "\\d{6,20}",
          minLength: null,
          maxLength: 20,
          options: null,
        },
      ],
    });
  });

  it("answers the same product on its detail call", async () => {
    for (const lang of [EN, ZH] as Lang[]) {
      const page = await list(tokenA, "", lang);
      for (const item of page.list) {
        expect(expectOk<Product>(await call(t, "GET", detail(item.id), { token: tokenA, lang }), lang)).toEqual(item);
      }
    }
  });

  it("pages the list", async () => {
    const first = await list(tokenA, "?pageNum=1&pageSize=3");
    const second = await list(tokenA, "?pageNum=2&pageSize=3");
    const beyond = await list(tokenA, "?pageNum=3&pageSize=3");
    expect([first.total, second.total, beyond.total]).toEqual([4, 4, 4]);
    expect(codes(first)).toEqual(["T-MOBILE", "T-GAME", "T-CARD"]);
    expect(codes(second)).toEqual(["T-OLD"]);
    expect(beyond.list).toEqual([]);
  });

  it("finds products by a part of their English or Chinese name, whatever the caller's language", async () => {
    for (const lang of [EN, ZH] as Lang[]) {
      for (const [name, expected] of [
        ["mobile", ["T-MOBILE"]],
        ["TOP-UP", ["T-MOBILE"]],
        ["话费", ["T-MOBILE"]],
        ["星陨", ["T-GAME"]],
        ["card", ["T-CARD", "T-OLD"]],
        ["100%", ["T-OLD"]],
        ["%", ["T-OLD"]],
        ["_", []],
        ["nothing like it", []],
      ] as const) {
        const page = await list(tokenA, `?name=${encodeURIComponent(name)}`, lang);
        expect({ name, lang, codes: codes(page), total: page.total }).toEqual({
          name,
          lang,
          codes: expected,
          total: expected.length,
        });
      }
    }
  });

  it("answers names in the caller's language, English where the catalog has no Chinese name", async () => {
    const zh = await list(tokenA, "", ZH);
    expect(zh.list.map((p) => [p.name, p.description])).toEqual([
      ["手机话费", "话费"],
      ["星陨钻石", ""],
      ["Book Gift Card", ""],
      ["旧卡", ""],
    ]);
  });

  it("filters by type and by status, together with the name", async () => {
    expect(codes(await list(tokenA, "?type=3"))).toEqual(["T-CARD", "T-OLD"]);
    expect(codes(await list(tokenA, "?type=1"))).toEqual(["T-MOBILE"]);
    expect(codes(await list(tokenA, "?status=disabled"))).toEqual(["T-OLD"]);
    expect(codes(await list(tokenA, "?type=3&status=enabled&name=card"))).toEqual(["T-CARD"]);
    expect(await list(tokenA, "?type=2&name=mobile")).toEqual({ total: 0, list: [] });
  });

  describe.each([EN, ZH] as Lang[])("bad filters in %s", (lang) => {
    it.each([
      ["type=4", { type: unknownType[lang] }],
      ["type=0", { type: unknownType[lang] }],
      ["type=abc", { type: M.invalidType[lang] }],
      ["status=gone", { status: M.invalidType[lang] }],
      [`name=${"x".repeat(101)}`, { name: M.tooLong[lang] }],
      ["type=9&pageSize=0", { pageSize: M.pageSize[lang], type: unknownType[lang] }],
    ])("%s -> 400 with data.errors", async (query, errors) => {
      expectFieldErrors(await call(t, "GET", `${LIST}?${query}`, { token: tokenA, lang }), errors);
    });
  });

  it("prices each SKU for the caller's merchant only (tenant isolation)", async () => {
    const [mobileA] = (await list(tokenA, "?type=1")).list;
    const [mobileB] = (await list(tokenB, "?type=1")).list;
    const prices = (p: Product | undefined) => p?.skus.map((s) => [s.id, s.price, s.priceCurrency, s.orderable]);
    expect(prices(mobileA)).toEqual([
      [skuIds.S10, "1.4200", "USD", true],
      [skuIds.S20, null, "USD", false],
    ]);
    expect(prices(mobileB)).toEqual([
      [skuIds.S10, "1.5000", "EUR", true],
      [skuIds.S20, "3.0001", "EUR", true],
    ]);
    // B priced nothing else: none of A's prices shows up for B, in the list or on a detail.
    const pageB = await list(tokenB);
    for (const p of pageB.list.filter((p) => p.code !== "T-MOBILE")) {
      expect(p.skus.map((s) => [s.price, s.orderable])).toEqual(p.skus.map(() => [null, false]));
      const shown = expectOk<Product>(await call(t, "GET", detail(p.id), { token: tokenB, lang: EN }), EN);
      expect(shown.skus.every((s) => s.price === null)).toBe(true);
    }
  });

  it("shows a product off sale with its prices, but nothing in it orderable", async () => {
    const [old] = (await list(tokenA, "?status=disabled")).list;
    expect(old?.skus).toEqual([
      expect.objectContaining({ id: skuIds.C30, price: "4.3000", priceCurrency: "USD", orderable: false }),
    ]);
  });

  it("does not show a SKU taken off sale, even one the merchant has a price for", async () => {
    const [mobile] = (await list(tokenA, "?type=1")).list;
    expect(mobile?.skus.map((s) => s.id)).not.toContain(skuIds.OLD);
  });

  it("answers the detail's fields, groups and options in the caller's language", async () => {
    const fieldsIn = async (lang: Lang) =>
      expectOk<Product>(await call(t, "GET", detail(ids["T-GAME"]!), { token: tokenA, lang }), lang).fields;
    expect(await fieldsIn(ZH)).toEqual([
      {
        key: "account",
        label: "游戏账号",
        kind: "text",
        required: true,
        primaryKey: true,
        group: "登录",
        pattern: null,
        minLength: null,
        maxLength: 200,
        options: null,
      },
      expect.objectContaining({ key: "password", label: "密码", kind: "secret", group: "登录", primaryKey: false }),
      expect.objectContaining({
        key: "server",
        label: "服务器",
        kind: "select",
        group: "",
        options: [
          { value: "asia", label: "亚洲" },
          { value: "europe", label: "欧洲" },
        ],
      }),
      expect.objectContaining({ key: "roleName", label: "角色", required: false, minLength: 2, maxLength: 32 }),
    ]);
    const en = await fieldsIn(EN);
    expect(en.map((f) => [f.label, f.group])).toEqual([
      ["Game account", "Login"],
      ["Password", "Login"],
      ["Server", ""],
      ["Character", ""],
    ]);
    expect(en[2]?.options).toEqual([
      { value: "asia", label: "Asia" },
      { value: "europe", label: "Europe" },
    ]);
  });

  it("answers 404 for a product that does not exist, 400 for an id that is not one", async () => {
    for (const lang of [EN, ZH] as Lang[]) {
      expectFailure(await call(t, "GET", detail(999999), { token: tokenA, lang }), 404, productNotFound[lang]);
      for (const id of ["abc", "1.5"]) {
        expectFieldErrors(await call(t, "GET", detail(id), { token: tokenA, lang }), { id: M.integer[lang] });
      }
      // A whole number below the first id says so, rather than that it is not a whole number.
      const above = { [EN]: '"id" must be above 0', [ZH]: "“id”必须大于 0" }[lang];
      for (const id of ["0", "-1"])
        expectFieldErrors(await call(t, "GET", detail(id), { token: tokenA, lang }), { id: above });
    }
  });

  it("lets admin and operator in; refuses finance with 403 and callers without a session with 401", async () => {
    expect((await list(await t.login(a.users.admin.username))).total).toBe(4);
    const finance = await t.login(a.users.finance.username);
    for (const lang of [EN, ZH] as Lang[]) {
      expectFailure(await call(t, "GET", LIST, { token: finance, lang }), 403, M.forbidden[lang]);
      expectFailure(await call(t, "GET", detail(ids["T-MOBILE"]!), { token: finance, lang }), 403, M.forbidden[lang]);
      expectFailure(await call(t, "GET", LIST, { lang }), 401, M.unauthenticated[lang]);
      expectFailure(await call(t, "GET", detail(ids["T-MOBILE"]!), { lang }), 401, M.unauthenticated[lang]);
    }
  });

  describe("loadOrderTarget", () => {
    const merchantId = async (m: TestMerchant) => {
      const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, m.merchantNo));
      return row!.id;
    };

    it("answers the product (with its stored fields), the SKU, this merchant's price and currency", async () => {
      const target = await loadOrderTarget(
        t.deps.db,
        await merchantId(a),
        ids["T-MOBILE"]!,
        skuIds.S10!,
        t.clock.now(),
      );
      expect(target).toMatchObject({
        product: { id: ids["T-MOBILE"], code: "T-MOBILE", name: "Mobile Top-up", nameZh: "手机话费", type: 1 },
        sku: { id: skuIds.S10, code: "S10", spec: "10 CNY", status: "enabled" },
        price: "1.4200",
        merchantCurrency: "USD",
      });
      expect(target?.product.fields).toEqual([
        expect.objectContaining({ key: "account", label: l("Mobile number", "手机号码"), primaryKey: true }),
      ]);
      const forB = await loadOrderTarget(t.deps.db, await merchantId(b), ids["T-MOBILE"]!, skuIds.S10!, t.clock.now());
      expect([forB?.price, forB?.merchantCurrency]).toEqual(["1.5000", "EUR"]);
    });

    it("answers a null price when unpriced, a null SKU when not the product's, null for no product", async () => {
      const id = await merchantId(a);
      expect((await loadOrderTarget(t.deps.db, id, ids["T-MOBILE"]!, skuIds.S20!, t.clock.now()))?.price).toBeNull();
      const wrongSku = await loadOrderTarget(t.deps.db, id, ids["T-MOBILE"]!, skuIds.G60!, t.clock.now());
      expect(wrongSku).toMatchObject({ product: { code: "T-MOBILE" }, sku: null, price: null });
      expect(await loadOrderTarget(t.deps.db, id, 999999, skuIds.S10!, t.clock.now())).toBeNull();
    });

    it("works inside a transaction", async () => {
      const id = await merchantId(a);
      const target = await t.deps.db.transaction((tx) =>
        loadOrderTarget(tx, id, ids["T-GAME"]!, skuIds.G60!, t.clock.now()),
      );
      expect(target?.price).toBe("0.9500");
    });
  });
});
