import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuditEntryItem,
  type CallDeclaration,
  catalogCalls,
  consoleAuditCalls,
  type Page,
  paymentCalls,
  priceCalls,
  roleCalls,
  SUPER_ADMIN,
  type SupplierAccountView,
  supplierCalls,
  supplierCatalogCalls,
} from "#contracts";
import { call, closeTestApp, EN, expectOk, type Lang, ZH } from "../support/api-helpers";
import { productBody } from "../support/catalog-console";
import { openShop } from "../support/order-fixtures";
import { consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * The audit log in the console (issue 15): merchant-side security events and console actions in one log,
 * searched by action, actor, merchant, target and time, newest first, and exported as a spreadsheet.
 */
describe.each(engines)("the console's audit log on %s", (engine) => {
  let t: TestApp;
  let tech: TestStaff;
  let token: string;
  let a: TestMerchant;
  let b: TestMerchant;

  beforeAll(async () => {
    t = await startTestApp(engine);
    tech = await staffMember(t, ["technology"]);
    token = await staffLogin(t, tech);
    [a, b] = [await t.merchant(), await t.merchant()];
    await t.login(a.users.operator.username);
    await t.login(b.users.finance.username);
  });
  afterAll(() => closeTestApp(t));

  const search = async (query: string, lang: Lang = EN) =>
    expectOk<Page<AuditEntryItem>>(
      await call(t, "GET", `${consoleUrl(consoleAuditCalls.list)}?${query}`, { token, lang }),
      lang,
    );

  it("finds merchant sign-ins and the staff's own, by action, merchant, actor kind and name", async () => {
    const signIns = await search("action=auth.signIn");
    expect(signIns.list.map((e) => e.actorName)).toEqual([b.users.finance.username, a.users.operator.username]);
    expect(signIns.list[0]).toMatchObject({ actorKind: "merchantUser", merchantNo: b.merchantNo, targetKind: "user" });

    expect((await search(`merchantNo=${a.merchantNo}&action=auth.signIn`)).list.map((e) => e.actorName)).toEqual([
      a.users.operator.username,
    ]);
    const staff = await search(`actorKind=staff&actor=${encodeURIComponent(tech.username.slice(0, 12))}`);
    expect(staff.list.map((e) => e.action)).toEqual(["staff.signIn"]);
    expect((await search("merchantNo=M999999")).total).toBe(0);
    const bad = await call(t, "GET", `${consoleUrl(consoleAuditCalls.list)}?action=moon.landed`, { token, lang: EN });
    expect(bad.json().code).toBe(400);
  });

  it("exports what the filter finds as a spreadsheet, newest first", async () => {
    const res = await call(t, "GET", `${consoleUrl(consoleAuditCalls.export)}?action=auth.signIn`, { token, lang: EN });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1, 5)).toEqual(["Time (UTC)", "Action", "Actor kind", "Actor"]);
    expect(rows.slice(1).map((r) => [r[2], r[4], r[5]])).toEqual([
      ["auth.signIn", b.users.finance.username, b.merchantNo],
      ["auth.signIn", a.users.operator.username, a.merchantNo],
    ]);
  });

  it("names each entry's target and merchant, in the reader's language, keeping the id", async () => {
    const chief = await staffMember(t, [SUPER_ADMIN]);
    const chiefToken = await staffLogin(t, chief);
    const send = async <T>(c: CallDeclaration, options: { params?: object; payload?: object } = {}) =>
      expectOk<T>(
        await call(t, c.method, consoleUrl(c, options.params), {
          token: chiefToken,
          lang: EN,
          payload: options.payload,
          headers: c.stepUp ? { "x-mfa-code": await staffCode(t, chief) } : {},
        }),
        EN,
      );
    const shop = await openShop(t);
    const code = `AUDIT-${engine.toUpperCase()}`;
    await send(catalogCalls.createProduct, { payload: productBody(code, { name: "Audit Card", nameZh: "审计卡" }) });
    const sku = { id: shop.merchantId, skuId: shop.topup.skuId };
    await send(priceCalls.setOverride, { params: sku, payload: { price: "9.5" } });
    await send(priceCalls.createList, { payload: { name: "Wholesale", currency: "USD" } });
    await send(roleCalls.createRole, { payload: { name: "Auditors", permissions: ["audit:list"] } });
    const bank = {
      bankName: "Bank of Audit",
      accountName: "Reseller Ltd",
      accountNumber: "6222 1234",
      currency: "USD",
    };
    await send(paymentCalls.createBankAccount, { payload: bank });
    const suppliers = await send<SupplierAccountView[]>(supplierCalls.list);
    await send(supplierCatalogCalls.sync, { params: { id: suppliers.find((s) => s.code === "simulator")!.id } });

    const named = async (query: string, lang: Lang) =>
      (await search(query, lang)).list.map((e) => [e.action, e.targetKind, e.targetName]);
    const byChief = `actor=${encodeURIComponent(chief.username)}`;
    expect(await named(byChief, EN)).toEqual([
      ["supplier.catalogSynced", "supplier", "Simulator"],
      ["payments.bankAccountAdded", "bankAccount", "Bank of Audit 6222 1234"],
      ["role.created", "role", "Auditors"],
      ["priceList.created", "priceList", "Wholesale"],
      ["prices.overrideSet", "sku", "Test Mobile Top-up 10 CNY"],
      ["catalog.created", "product", "Audit Card"],
      ["staff.signIn", "staff", chief.username],
    ]);
    // Products in Chinese where they have a Chinese name.
    expect((await named(byChief, ZH)).slice(4, 6)).toEqual([
      ["prices.overrideSet", "sku", "测试话费直充 10 CNY"],
      ["catalog.created", "product", "审计卡"],
    ]);

    // The merchant's own entries: its creation, its users' creation and sign-in, by name, with the merchant's.
    const shopEntries = (await search(`merchantNo=${shop.merchant.merchantNo}`)).list;
    const created = shopEntries.find((e) => e.action === "merchant.created")!;
    expect(created).toMatchObject({ targetKind: "merchant", targetId: shop.merchant.merchantNo });
    const operator = shop.merchant.users.operator;
    const ofOperator = shopEntries.filter((e) => e.targetKind === "user" && e.targetId === String(operator.id));
    expect(ofOperator.map((e) => [e.action, e.targetName])).toEqual([
      ["auth.signIn", operator.username],
      ["member.created", operator.username],
    ]);
    for (const e of shopEntries)
      expect(e).toMatchObject({ merchantNo: shop.merchant.merchantNo, merchantName: created.targetName });
    expect(created.targetName).toMatch(/^Merchant /);
  });
});
