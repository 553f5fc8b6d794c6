import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditEntryItem, consoleAuditCalls, type Page } from "#contracts";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
import { consoleUrl, staffLogin, staffMember, type TestStaff } from "../support/staff";
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

  const search = async (query: string) =>
    expectOk<Page<AuditEntryItem>>(
      await call(t, "GET", `${consoleUrl(consoleAuditCalls.list)}?${query}`, { token, lang: EN }),
      EN,
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
});
