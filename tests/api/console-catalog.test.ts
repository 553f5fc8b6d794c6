import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Attribute,
  type Category,
  type ConsoleProduct,
  type ConsoleProductDetail,
  catalogCalls,
  type Page,
  type ProductBody,
} from "#contracts";
import { products } from "../../server/src/db/schema";
import { closeTestApp, EN, expectFailure, expectOk, ZH } from "../support/api-helpers";
import { bodyOf, type CatalogConsole, catalogConsole, productBody } from "../support/catalog-console";
import { topupFields } from "../support/order-fixtures";
import { staffLogin, staffMember } from "../support/staff";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const { categories, brands, attributes } = catalogCalls;
const FORBIDDEN = "You do not have permission to do this";

/**
 * The catalog in the console (issue 16): categories, brands and attributes, and products saved whole with their
 * SKUs: every field error named and nothing written, SKUs matched by code, permissions and the audit log. The
 * recycle bin and the import file: console-catalog-bin.test.ts.
 */
describe.each(engines)("the console's catalog on %s", (engine) => {
  let t: TestApp;
  let c: CatalogConsole;
  beforeAll(async () => {
    t = await startTestApp(engine);
    c = await catalogConsole(t);
  });
  afterAll(() => closeTestApp(t));

  it("keeps categories, brands and attributes, refusing a taken name and removing what products use", async () => {
    const auditFrom = await c.lastAuditId();
    const mobile = await c.ok<Category>(categories.create, { payload: { name: "Mobile", nameZh: "话费" } });
    expect(mobile).toMatchObject({ name: "Mobile", nameZh: "话费", sort: 0, products: 0 });
    expect(await c.fieldErrors(categories.create, { payload: { name: "Mobile" } })).toEqual([
      409,
      { name: "A category named Mobile already exists" },
    ]);
    const acme = await c.ok<Category>(brands.create, { payload: { name: "Acme", logoUrl: "/catalog/acme.svg" } });
    const spare = await c.ok<Category>(brands.create, { payload: { name: "Spare" } });
    const region = await c.ok<Attribute>(attributes.create, {
      payload: { code: "region", name: "Region", options: ["CN", "US"] },
    });
    expect(await c.fieldErrors(attributes.create, { payload: { code: "region", name: "Again" } })).toEqual([
      409,
      { code: "Another attribute already has the code region" },
    ]);

    const described = { categoryId: mobile.id, brandId: acme.id, attributes: { region: "CN" } };
    const product = await c.ok<ConsoleProductDetail>(catalogCalls.createProduct, {
      payload: productBody("TAX-1", described),
    });
    expect(product).toMatchObject({ categoryName: "Mobile", brandName: "Acme", attributes: { region: "CN" } });
    expect((await c.ok<Category[]>(categories.list)).find((c) => c.id === mobile.id)?.products).toBe(1);

    const inUse =
      "Products are in this category (the recycle bin's too): move them to another category or purge them first";
    expectFailure(await c.send(categories.remove, { params: { id: mobile.id } }), 409, inUse);
    expectFailure(
      await c.send(categories.remove, { params: { id: mobile.id }, lang: ZH }),
      409,
      "仍有商品属于该分类（包括回收站中的商品）：请先将其移到其他分类或彻底删除",
    );
    // In the bin it is no longer counted, but still refuses the removal (a restore must find its category).
    expectOk(await c.send(catalogCalls.deleteProduct, { params: { id: product.id } }), EN);
    expect((await c.ok<Category[]>(categories.list)).find((c) => c.id === mobile.id)?.products).toBe(0);
    expectFailure(await c.send(categories.remove, { params: { id: mobile.id } }), 409, inUse);
    expect((await c.send(brands.remove, { params: { id: acme.id } })).statusCode).toBe(409);

    // The attribute in use keeps its code and the options products have.
    const regionBody = { code: "region", name: "Region", options: ["CN", "US"] };
    expect(
      await c.fieldErrors(attributes.update, {
        params: { id: region.id },
        payload: { ...regionBody, options: ["US"] },
      }),
    ).toEqual([
      400,
      { options: "Product TAX-1 has the value CN: keep it among the options or change the product first" },
    ]);
    expect(
      await c.fieldErrors(attributes.update, { params: { id: region.id }, payload: { ...regionBody, code: "area" } }),
    ).toEqual([409, { code: "Products use this attribute: its code cannot change while they do" }]);
    expectFailure(
      await c.send(attributes.remove, { params: { id: region.id } }),
      409,
      "Products use this attribute (the recycle bin's too): take it off them or purge them first",
    );
    const renamed = await c.ok<Attribute>(attributes.update, {
      params: { id: region.id },
      payload: { ...regionBody, name: "Sales region", options: ["CN", "US", "EU"] },
    });
    expect(renamed).toMatchObject({ name: "Sales region", options: ["CN", "US", "EU"], products: 0 });
    expectOk(await c.send(brands.remove, { params: { id: spare.id } }), EN);
    expect((await c.ok<Category[]>(brands.list)).map((b) => b.name)).toEqual(["Acme"]);

    const entries = await c.auditSince(auditFrom);
    expect(entries.map((e) => [e.action, e.targetKind, e.targetId, e.actorName])).toEqual([
      ["catalog.created", "category", "Mobile", c.admin.username],
      ["catalog.created", "brand", "Acme", c.admin.username],
      ["catalog.created", "brand", "Spare", c.admin.username],
      ["catalog.created", "attribute", "region", c.admin.username],
      ["catalog.created", "product", "TAX-1", c.admin.username],
      ["catalog.deleted", "product", "TAX-1", c.admin.username],
      ["catalog.changed", "attribute", "region", c.admin.username],
      ["catalog.deleted", "brand", "Spare", c.admin.username],
    ]);
    expect(entries[6]).toMatchObject({ before: { options: ["CN", "US"] }, after: { options: ["CN", "US", "EU"] } });
  });

  it("names every field error of a product and writes nothing; saves SKUs by code, binning the missing", async () => {
    const rows = () => t.deps.db.select().from(products).where(eq(products.code, "FORM-1"));
    const references = await c.fieldErrors(catalogCalls.createProduct, {
      payload: productBody("FORM-1", {
        categoryId: 999_999,
        brandId: 999_999,
        supplier: "nobody",
        attributes: { colour: "red" },
      }),
    });
    expect(references).toEqual([
      400,
      {
        categoryId: "This category does not exist",
        brandId: "This brand does not exist",
        supplier: "This supplier does not exist",
        "attributes.colour": "No attribute has this code",
      },
    ]);
    await c.ok<Attribute>(attributes.create, { payload: { code: "validity", name: "Validity", options: ["30d"] } });
    const badValue = await c.fieldErrors(catalogCalls.createProduct, {
      payload: productBody("FORM-1", { attributes: { validity: "1y" } }),
    });
    expect(badValue).toEqual([400, { "attributes.validity": "Choose one of the attribute's options" }]);
    const [fieldsStatus, fieldsErrors] = await c.fieldErrors(catalogCalls.createProduct, {
      payload: productBody("FORM-1", {
        fields: [
          { ...topupFields[0]!, key: "1st" },
          { ...topupFields[0]!, key: "other" },
        ] as ProductBody["fields"],
      }),
    });
    expect([fieldsStatus, fieldsErrors]).toEqual([
      400,
      {
        "fields.0.key": "A letter, then letters, digits or _ (at most 40)",
        fields: "Exactly one field must be the primary key",
      },
    ]);
    expect(await rows()).toEqual([]);

    const created = await c.ok<ConsoleProductDetail>(catalogCalls.createProduct, {
      payload: productBody("FORM-1", { attributes: { validity: "30d" } }),
    });
    expect(created.skuList.map((s) => [s.code, s.faceValue, s.status])).toEqual([
      ["A", "10.0000", "enabled"],
      ["B", "20.0000", "enabled"],
    ]);
    expect(await c.fieldErrors(catalogCalls.createProduct, { payload: productBody("FORM-1") })).toEqual([
      409,
      { code: "A product with this code already exists (it may be in the recycle bin)" },
    ]);
    const update = (body: ProductBody) =>
      c.send(catalogCalls.updateProduct, { params: { id: created.id }, payload: body });
    expect((await update(bodyOf(created, { code: "FORM-2" }))).json()).toMatchObject({
      code: 409,
      data: { errors: { code: expect.stringMatching(/^A product's code cannot change/) } },
    });

    const auditFrom = await c.lastAuditId();
    const skus = [
      { code: "A", spec: "10 CNY", faceValue: "10.5", currency: "CNY" },
      { code: "C", spec: "30 CNY", faceValue: "30", currency: "CNY" },
    ];
    const edited = expectOk<ConsoleProductDetail>(await update(bodyOf(created, { name: "Renamed", skus })), EN);
    expect(edited.skuList.map((s) => [s.code, s.faceValue])).toEqual([
      ["A", "10.5000"],
      ["C", "30.0000"],
    ]);
    const skuB = created.skuList.find((s) => s.code === "B")!;
    expect((await c.bin()).list).toContainEqual(
      expect.objectContaining({ kind: "sku", id: skuB.id, productCode: "FORM-1", skuCode: "B", orders: 0 }),
    );
    // Listed again, the binned SKU comes back with the values given, under its own id.
    const back = expectOk<ConsoleProductDetail>(
      await update(
        bodyOf(edited, { skus: [...skus, { code: "B", spec: "20 CNY (new)", faceValue: "21", currency: "CNY" }] }),
      ),
      EN,
    );
    expect(back.skuList.find((s) => s.code === "B")).toMatchObject({ id: skuB.id, spec: "20 CNY (new)" });
    expect((await c.bin()).list.some((e) => e.id === skuB.id)).toBe(false);

    const [changed] = await c.auditSince(auditFrom);
    expect(changed).toMatchObject({ action: "catalog.changed", targetKind: "product", targetId: "FORM-1" });
    expect(changed?.before).toMatchObject({
      name: "Product FORM-1",
      skus: ["A: 10 CNY 10.0000 CNY", "B: 20 CNY 20.0000 CNY"],
    });
    expect(changed?.after).toMatchObject({ name: "Renamed", skus: ["A: 10 CNY 10.5000 CNY", "C: 30 CNY 30.0000 CNY"] });
  });

  it("lists live products a page at a time, by keyword, type, status, category and brand", async () => {
    const cards = await c.ok<Category>(categories.create, { payload: { name: "Cards" } });
    const [one, two] = [
      productBody("LIST-1", { type: 3, nameZh: "礼品卡", categoryId: cards.id, status: "disabled" }),
      productBody("LIST-2"),
    ];
    for (const body of [one, two]) await c.ok(catalogCalls.createProduct, { payload: body });
    const codes = async (query: Record<string, string | number>) => {
      const page = await c.ok<Page<ConsoleProduct>>(catalogCalls.products, { query: { pageSize: 100, ...query } });
      expect(page.total).toBe(page.list.length);
      return page.list.map((p) => p.code);
    };
    expect(await codes({ keyword: "list-" })).toEqual(["LIST-1", "LIST-2"]);
    expect(await codes({ keyword: "礼品" })).toEqual(["LIST-1"]);
    expect(await codes({ keyword: "list", type: 3 })).toEqual(["LIST-1"]);
    expect(await codes({ keyword: "list", status: "enabled" })).toEqual(["LIST-2"]);
    expect(await codes({ categoryId: cards.id })).toEqual(["LIST-1"]);
    // TAX-1 is Acme's, but in the bin.
    const acme = (await c.ok<Category[]>(brands.list)).find((b) => b.name === "Acme")!;
    expect(await codes({ brandId: acme.id })).toEqual([]);
    const page = await c.ok<Page<ConsoleProduct>>(catalogCalls.products, { query: { keyword: "list", pageSize: 1 } });
    expect(page).toMatchObject({ total: 2, list: [{ code: "LIST-1", categoryName: "Cards", skus: 2 }] });
  });

  it("lets a role read the catalog without changing it, and another not even read it", async () => {
    const tech = await staffLogin(t, await staffMember(t, ["technology"]));
    const service = await staffLogin(t, await staffMember(t, ["customerService"]));
    expectOk(await c.send(catalogCalls.products, { as: tech }), EN);
    expectOk(await c.send(catalogCalls.exportDocument, { as: tech }), EN);
    for (const [write, payload] of [
      [catalogCalls.createProduct, productBody("PERM-1")],
      [categories.create, { name: "Perm" }],
      [catalogCalls.importDocument, { products: [] }],
    ] as const)
      expectFailure(await c.send(write, { as: tech, payload }), 403, FORBIDDEN);
    expectFailure(await c.send(catalogCalls.deleteProduct, { as: tech, params: { id: 1 } }), 403, FORBIDDEN);
    expectFailure(await c.send(catalogCalls.products, { as: service }), 403, FORBIDDEN);
    expect(await t.deps.db.select().from(products).where(eq(products.code, "PERM-1"))).toEqual([]);
  });
});
