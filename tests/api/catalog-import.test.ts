import { existsSync, readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkOrderInputs, type Product } from "#contracts";
import { merchantPrices, merchants, productSkus, products } from "../../server/src/db/schema";
import {
  type CatalogFile,
  importCatalog,
  removePrice,
  setPrice,
} from "../../server/src/modules/product/catalog-import";
import { DEMO_PASSWORD, seedDemo } from "../../server/src/modules/provisioning/demo-seed";
import { bindMfa, call, closeTestApp, EN, expectOk, failureMessage, type Lang, ZH } from "../support/api-helpers";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

const LIST = "/portal/merchant/api/product/list?pageSize=100";
const l = (en: string, zh: string) => ({ "en-US": en, "zh-CN": zh });
const accountField = { key: "account", label: l("Account", "账号"), kind: "text", primaryKey: true } as const;

type ProductInput = CatalogFile["products"][number];
const product = (code: string, overrides: Partial<ProductInput> = {}): ProductInput => ({
  code,
  type: 1,
  name: `Product ${code}`,
  fields: [accountField],
  skus: [
    { code: "A", spec: "10 CNY", faceValue: "10", currency: "CNY" },
    { code: "B", spec: "20 CNY", faceValue: "20", currency: "CNY" },
  ],
  ...overrides,
});

/** The JSON example of docs/catalog-import.md, as staff would copy it. */
function docsExample(): unknown {
  const doc = readFileSync("docs/catalog-import.md", "utf8");
  const block = /```json\n([\s\S]*?)\n```/.exec(doc);
  if (!block?.[1]) throw new Error("docs/catalog-import.md has no ```json block");
  return JSON.parse(block[1]);
}

describe.each(engines)("catalog import and prices on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  const catalogRows = async () => ({
    products: await t.deps.db.select().from(products).orderBy(asc(products.id)),
    skus: await t.deps.db.select().from(productSkus).orderBy(asc(productSkus.id)),
  });
  const rejection = (file: unknown) => failureMessage(() => importCatalog(t.deps, file));
  const tokens = new Map<string, string>();
  const asOperator = async (m: TestMerchant, lang: Lang = EN) => {
    const username = m.users.operator.username;
    if (!tokens.has(username)) tokens.set(username, await t.login(username));
    return expectOk<{ list: Product[] }>(await call(t, "GET", LIST, { token: tokens.get(username), lang }), lang).list;
  };

  it("creates products and SKUs, storing field definitions with their defaults", async () => {
    const report = await importCatalog(t.deps, {
      products: [product("IMP-1", { nameZh: "一号", deadlineSeconds: 120, sort: 3 }), product("IMP-2")],
    });
    expect(report).toEqual({ products: { created: 2, updated: 0 }, skus: { created: 4, updated: 0, disabled: 0 } });
    const [row] = await t.deps.db.select().from(products).where(eq(products.code, "IMP-1"));
    expect(row).toMatchObject({
      type: 1,
      name: "Product IMP-1",
      nameZh: "一号",
      status: "enabled",
      deadlineSeconds: 120,
      supplier: "simulator",
      sort: 3,
      fields: [{ ...accountField, required: true, maxLength: 200 }],
    });
    const skus = await t.deps.db.select().from(productSkus).where(eq(productSkus.productId, row!.id));
    expect(skus.map((s) => [s.code, s.faceValue, s.currency, s.status])).toEqual([
      ["A", "10.0000", "CNY", "enabled"],
      ["B", "20.0000", "CNY", "enabled"],
    ]);
  });

  it("is idempotent: the same file again keeps the same rows and reports them as updated", async () => {
    const file = { products: [product("IDEM-1"), product("IDEM-2", { type: 3 })] };
    await importCatalog(t.deps, file);
    const before = await catalogRows();
    const report = await importCatalog(t.deps, file);
    expect(report).toEqual({ products: { created: 0, updated: 2 }, skus: { created: 0, updated: 4, disabled: 0 } });
    const after = await catalogRows();
    const strip = (rows: typeof before) => ({
      products: rows.products.map(({ updatedAt: _, ...p }) => p),
      skus: rows.skus,
    });
    expect(strip(after)).toEqual(strip(before));
  });

  it("updates by code, leaves products missing from the file alone, and disables (never deletes) SKUs", async () => {
    await importCatalog(t.deps, { products: [product("UPD-1"), product("UPD-KEEP")] });
    const [keepBefore] = await t.deps.db.select().from(products).where(eq(products.code, "UPD-KEEP"));
    const m = await t.merchant();
    await setPrice(t.deps, { merchantNo: m.merchantNo, productCode: "UPD-1", skuCode: "B", price: "2.5" });

    const report = await importCatalog(t.deps, {
      products: [
        product("UPD-1", {
          name: "Renamed",
          skus: [
            { code: "A", spec: "10 CNY (new)", faceValue: "10.5", currency: "CNY" },
            { code: "C", spec: "30 CNY", faceValue: "30", currency: "CNY" },
          ],
        }),
      ],
    });
    expect(report).toEqual({ products: { created: 0, updated: 1 }, skus: { created: 1, updated: 1, disabled: 1 } });
    const [updated] = await t.deps.db.select().from(products).where(eq(products.code, "UPD-1"));
    expect(updated?.name).toBe("Renamed");
    const skus = await t.deps.db
      .select()
      .from(productSkus)
      .where(eq(productSkus.productId, updated!.id))
      .orderBy(asc(productSkus.id));
    expect(skus.map((s) => [s.code, s.spec, s.faceValue, s.status])).toEqual([
      ["A", "10 CNY (new)", "10.5000", "enabled"],
      ["B", "20 CNY", "20.0000", "disabled"],
      ["C", "30 CNY", "30.0000", "enabled"],
    ]);
    const [keepAfter] = await t.deps.db.select().from(products).where(eq(products.code, "UPD-KEEP"));
    expect(keepAfter).toEqual(keepBefore);

    // The merchant no longer sees the disabled SKU; its price row stays (orders and history refer to the SKU).
    const shown = (await asOperator(m)).find((p) => p.code === "UPD-1");
    expect(shown?.skus.map((s) => s.spec)).toEqual(["10 CNY (new)", "30 CNY"]);
    expect(await t.deps.db.select().from(merchantPrices).where(eq(merchantPrices.skuId, skus[1]!.id))).toHaveLength(1);

    // Listing it again brings it back, with its price.
    const again = await importCatalog(t.deps, { products: [product("UPD-1")] });
    expect(again.skus).toEqual({ created: 0, updated: 2, disabled: 1 });
    const back = (await asOperator(m)).find((p) => p.code === "UPD-1");
    expect(back?.skus.map((s) => [s.spec, s.price, s.orderable])).toEqual([
      ["10 CNY", null, false],
      ["20 CNY", "2.5000", true],
    ]);
  });

  it.each([
    ["not an object", [], /the file: /],
    ["no products", { products: [] }, /the file has no products/],
    [
      "an unknown key",
      { products: [{ ...product("K"), colour: "red" }] },
      /product 1 \(K\): Unrecognized key: "colour"/,
    ],
    ["a bad type", { products: [product("K", { type: 4 as 1 })] }, /product 1 \(K\), type: type must be 1 \(Topup\)/],
    [
      "a face value as a number",
      {
        products: [
          product("K", { skus: [{ code: "A", spec: "x", faceValue: 9.5 as unknown as string, currency: "USD" }] }),
        ],
      },
      /product 1 \(K\), SKU 1 \(A\), faceValue: faceValue must be a decimal string/,
    ],
    [
      "a face value with 5 decimals",
      { products: [product("K", { skus: [{ code: "A", spec: "x", faceValue: "1.00001", currency: "USD" }] })] },
      /SKU 1 \(A\), faceValue: faceValue must be a number above 0 with at most 4 decimal places/,
    ],
    [
      "a lower-case currency",
      { products: [product("K", { skus: [{ code: "A", spec: "x", faceValue: "1", currency: "usd" }] })] },
      /currency: currency must be a three-letter ISO code/,
    ],
    ["duplicate product codes", { products: [product("K"), product("K")] }, /product codes must be unique/],
    [
      "duplicate SKU codes",
      { products: [product("K", { skus: [product("K").skus[0]!, product("K").skus[0]!] })] },
      /product 1 \(K\), skus: SKU codes must be unique within a product/,
    ],
    [
      "two primary keys",
      { products: [product("K", { fields: [accountField, { ...accountField, key: "other" }] })] },
      /product 1 \(K\), fields: Exactly one field must be the primary key/,
    ],
    [
      "a select without options",
      { products: [product("K", { fields: [accountField, { key: "s", label: l("S", "S"), kind: "select" }] })] },
      /product 1 \(K\), field 2 \(s\), options: Options are required for select fields/,
    ],
    [
      "a pattern that is not a regular expression",
      { products: [product("K", { fields: [{ ...accountField, pattern: "([a-z" }] })] },
      /field 1 \(account\), pattern: Not a valid regular expression/,
    ],
  ])("refuses a file with %s, saying where", async (_, file, message) => {
    const before = await catalogRows();
    const text = await rejection(file);
    expect(text).toMatch(/^The catalog file is not valid; nothing was imported\.\n- /);
    expect(text).toMatch(message);
    expect(await catalogRows()).toEqual(before);
  });

  it("writes nothing when a later product of the file is invalid", async () => {
    const before = await catalogRows();
    const text = await rejection({
      products: [product("ATOMIC-OK"), product("ATOMIC-BAD", { skus: [] })],
    });
    expect(text).toContain("product 2 (ATOMIC-BAD), skus: a product needs at least one SKU");
    expect(await catalogRows()).toEqual(before);
  });

  it("rolls the whole import back when the database refuses a row half-way", async () => {
    await importCatalog(t.deps, { products: [product("TX-1")] });
    const before = await catalogRows();
    // A constraint only this test has: the last SKU of the file fails after everything before it was written.
    await t.deps.db.execute(sql.raw(`alter table product_skus add constraint test_refuse check (code <> 'REFUSED')`));
    try {
      const failed = importCatalog(t.deps, {
        products: [
          product("TX-1", { name: "Changed" }),
          product("TX-2"),
          product("TX-3", { skus: [{ code: "REFUSED", spec: "x", faceValue: "1", currency: "USD" }] }),
        ],
      });
      await expect(failed).rejects.toThrow();
    } finally {
      await t.deps.db.execute(sql.raw("alter table product_skus drop constraint test_refuse"));
    }
    expect(await catalogRows()).toEqual(before);
  });

  describe("prices", () => {
    let m: TestMerchant;
    beforeAll(async () => {
      await importCatalog(t.deps, { products: [product("PRICE-1")] });
      m = await t.merchant();
    });
    const target = () => ({ merchantNo: m.merchantNo, productCode: "PRICE-1", skuCode: "A" });
    const priceOf = async () => (await asOperator(m)).find((p) => p.code === "PRICE-1")?.skus[0]?.price;

    it("sets, changes and removes a merchant's price", async () => {
      expect(await setPrice(t.deps, { ...target(), price: "9.5" })).toMatchObject({ price: "9.5", currency: "USD" });
      expect(await priceOf()).toBe("9.5000");
      await setPrice(t.deps, { ...target(), price: " 0.0001 " });
      expect(await priceOf()).toBe("0.0001");
      const [merchant] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, m.merchantNo));
      expect(
        await t.deps.db.select().from(merchantPrices).where(eq(merchantPrices.merchantId, merchant!.id)),
      ).toHaveLength(1);
      expect(await removePrice(t.deps, target())).toBe(true);
      expect(await priceOf()).toBeNull();
      expect(await removePrice(t.deps, target())).toBe(false);
    });

    it.each(["0", "-1", "1.23456", "abc", "1e3", "", "12345678901234567", "0.00001"])(
      "refuses the price %j",
      async (price) => {
        await expect(setPrice(t.deps, { ...target(), price })).rejects.toThrow(
          /price must be a number above 0 with at most 4 decimal places/,
        );
        expect(await priceOf()).toBeNull();
      },
    );

    it("names what it cannot find", async () => {
      const cases = [
        [{ ...target(), merchantNo: "M999999" }, "No merchant M999999"],
        [{ ...target(), productCode: "NOPE" }, "No product with code NOPE"],
        [{ ...target(), skuCode: "Z" }, "Product PRICE-1 has no SKU with code Z"],
      ] as const;
      for (const [input, message] of cases) {
        await expect(setPrice(t.deps, { ...input, price: "1" })).rejects.toThrow(message);
        await expect(removePrice(t.deps, input)).rejects.toThrow(message);
      }
    });
  });

  it("imports the example of docs/catalog-import.md", async () => {
    const report = await importCatalog(t.deps, docsExample());
    expect(report.products.created).toBe(2);
    const m = await t.merchant();
    await setPrice(t.deps, { merchantNo: m.merchantNo, productCode: "ACME-MOBILE", skuCode: "CNY10", price: "1.42" });
    const mobile = (await asOperator(m, ZH)).find((p) => p.code === "ACME-MOBILE");
    expect(mobile).toMatchObject({ name: "Acme 手机充值", skus: [{ price: "1.4200", orderable: true }, {}] });
    expect(checkOrderInputs(mobile!.fields, { account: "13800138000" }).errors).toEqual({});
  });
});

describe.each(engines)("the demo seed on %s", (engine) => {
  let t: TestApp;
  let catalog: Product[];
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedDemo(t.deps);
    // The demo users bind MFA at their first sign-in, as anyone does.
    token = await t.login("operator@demo.test", DEMO_PASSWORD);
    await bindMfa(t, token);
    catalog = expectOk<{ list: Product[] }>(await call(t, "GET", LIST, { token, lang: EN }), EN).list;
  });
  afterAll(() => closeTestApp(t));

  it("has DEMO-MOBILE-TOPUP, priced for the demo merchant, whose only required input is `account` (6-20 digits)", () => {
    const mobile = catalog.find((p) => p.code === "DEMO-MOBILE-TOPUP");
    expect(mobile).toMatchObject({ type: 1, status: "enabled" });
    expect(mobile!.skus.length).toBeGreaterThan(1);
    for (const sku of mobile!.skus) expect(sku).toMatchObject({ priceCurrency: "USD", orderable: true });
    const required = mobile!.fields.filter((f) => f.required);
    expect(required.map((f) => [f.key, f.primaryKey])).toEqual([["account", true]]);
    const errors = (account: string) => Object.keys(checkOrderInputs(mobile!.fields, { account }).errors);
    expect(["123456", "13800138000", "1".repeat(20)].map(errors)).toEqual([[], [], []]);
    expect(["12345", "1".repeat(21), "12a4567", ""].map(errors)).toEqual([
      ["account"],
      ["account"],
      ["account"],
      ["account"],
    ]);
  });

  it("has each product type, a game login top-up with a secret password and a server choice", () => {
    expect(new Set(catalog.map((p) => p.type))).toEqual(new Set([1, 2, 3]));
    const login = catalog.find((p) => p.type === 2);
    expect(login?.fields.map((f) => [f.key, f.kind, f.required, f.primaryKey])).toEqual(
      expect.arrayContaining([
        ["account", "text", true, true],
        ["password", "secret", true, false],
        ["server", "select", true, false],
      ]),
    );
  });

  it("shows what is not orderable: a SKU without a price, a product off sale", () => {
    const skus = catalog.flatMap((p) => p.skus.map((s) => ({ ...s, product: p })));
    expect(skus.some((s) => s.product.status === "enabled" && s.price === null && !s.orderable)).toBe(true);
    expect(catalog.some((p) => p.status === "disabled" && p.skus.every((s) => !s.orderable))).toBe(true);
  });

  it("gives every product names in both languages and an image that exists under public/", async () => {
    const zh = expectOk<{ list: Product[] }>(await call(t, "GET", LIST, { token, lang: ZH }), ZH).list;
    for (const [i, p] of catalog.entries()) {
      expect(p.imageUrl).toMatch(/^\/catalog\/[a-z0-9-]+\.svg$/);
      expect(existsSync(`public${p.imageUrl}`)).toBe(true);
      expect(zh[i]?.name).not.toBe(p.name);
    }
  });
});
