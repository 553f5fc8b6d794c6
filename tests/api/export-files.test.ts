import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translator } from "../../server/src/lib/i18n";
import { ledgerSheet, orderSheet, productSheet, sheetTimes } from "../../server/src/modules/export-task/export-rows";
import { runExportsOnce } from "../../server/src/modules/export-task/export-task.worker";
import { cellValue } from "../../server/src/modules/export-task/xlsx-stream";
import {
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  exportTaskRow,
  type Lang,
  M,
  ZH,
} from "../support/api-helpers";
import {
  downloadForm,
  downloadPath,
  exportNow,
  exportPath,
  readCells,
  readSheet,
  XLSX,
} from "../support/export-fixtures";
import { LEDGER_LIST } from "../support/funds-fixtures";
import { fund, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const ORDER_LIST = "/portal/merchant/api/order/list";
const PRODUCT_LIST = "/portal/merchant/api/product/list";
const ALL = "pageNum=1&pageSize=100";

describe.each(engines)("export files on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  const orderNos: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "500" });
    // Same-time ledger entries (ties on created_at) and a half-cent amount that rounds up.
    await fund(t, shop.merchantId, "10.005");
    await fund(t, shop.merchantId, "0.5");
    for (const [no, account] of [
      ["X-1", "13800000001"],
      ["X-2", "13800000002"],
      ["X-3", "13800000003"],
    ]) {
      const res = await call(t, "POST", "/portal/merchant/api/order", {
        token: shop.token,
        payload: { productId: shop.topup.productId, skuId: shop.topup.skuId, merchantOrderNo: no, inputs: { account } },
      });
      orderNos.push(expectOk<{ orderNo: string }>(res).orderNo);
      t.clock.advance(1_000);
    }
  });
  afterAll(() => closeTestApp(t));

  const cases = [
    { type: "order", list: ORDER_LIST, layout: orderSheet, queries: ["", "?merchantOrderNo=X-2"] },
    { type: "transaction", list: LEDGER_LIST, layout: ledgerSheet, queries: ["", "?type=add"] },
    { type: "product", list: PRODUCT_LIST, layout: productSheet, queries: ["", "?type=1"] },
  ] as const;

  describe.each(cases)("$type", ({ type, list, layout, queries }) => {
    it.each(queries)("writes exactly the list's rows for %j, in both languages", async (query) => {
      for (const lang of [EN, ZH] as Lang[]) {
        const id = expectOk<number>(
          await call(t, "GET", `${exportPath(type)}${query}`, { token: shop.token, lang }),
          lang,
        );
        expect(await exportTaskRow(t, id)).toMatchObject({ status: 0, type });
        expect(await runExportsOnce(t.deps, { batchRows: 2 })).toBe(1);
        const sep = query ? "&" : "?";
        const listed = expectOk<{ list: never[] }>(
          await call(t, "GET", `${list}${query}${sep}${ALL}`, { token: shop.token, lang }),
          lang,
        );
        const tr = translator(lang);
        const utc = sheetTimes(null);
        const expected = [layout.header(tr, utc), ...listed.list.map((item) => layout.row(item, tr, utc))].map((row) =>
          row.map(cellValue),
        );
        const res = await downloadForm(t, id, shop.token, lang);
        expect(res.statusCode).toBe(200);
        expect(await readSheet(res, expected[0]!.length)).toEqual(expected);
        expect(await exportTaskRow(t, id)).toMatchObject({
          status: 2,
          total: listed.list.length,
          processed: listed.list.length,
          finishedAt: t.clock.now(),
          error: null,
        });
      }
    });
  });

  it("uses the list pages' titles and labels in the asked language; money is a number, rounded half up", async () => {
    const sheets = {} as Record<Lang, unknown[][]>;
    let cells: Awaited<ReturnType<typeof readCells>> = [];
    for (const lang of [EN, ZH] as Lang[]) {
      const id = expectOk<number>(
        await call(t, "GET", `${exportPath("transaction")}?type=add`, { token: shop.token, lang }),
        lang,
      );
      await runExportsOnce(t.deps);
      cells = await readCells(await downloadForm(t, id, shop.token), 10);
      sheets[lang] = cells.map((row) => row.map((cell) => cell.value));
    }
    // Numbers a spreadsheet can sum, shown with the currency's decimals; times are date-times, not text.
    expect(cells[1]!.map((cell) => cell.format)).toEqual(expect.arrayContaining(["#,##0.00", "yyyy-mm-dd hh:mm:ss"]));
    expect(cells[1]![8]!.value).toBeInstanceOf(Date);
    expect(sheets[EN][0]!.slice(0, 2)).toEqual(["Fund number", "Order number"]);
    expect(sheets[ZH][0]![1]).toBe("订单号");
    expect(sheets[EN][0]![8]).toBe("Time (UTC)");
    // Newest first: 0.5, then 10.005 (-> 10.01), then the opening 500.
    expect(sheets[EN].slice(1).map((r) => [r[4], r[5], r[7]])).toEqual([
      ["Add deposit", 0.5, "USD"],
      ["Add deposit", 10.01, "USD"],
      ["Add deposit", 500, "USD"],
    ]);
    expect(sheets[ZH][1]![4]).toBe("增加预存款");
  });

  it("writes times in the time zone the browser gives, and names it; an unknown zone is refused", async () => {
    const url = (zone: string) => `${exportPath("transaction")}?type=add&timeZone=${encodeURIComponent(zone)}`;
    const id = expectOk<number>(await call(t, "GET", url("Asia/Shanghai"), { token: shop.token, lang: EN }), EN);
    await runExportsOnce(t.deps);
    const zoned = await readSheet(await downloadForm(t, id, shop.token), 10);
    const utcId = expectOk<number>(
      await call(t, "GET", `${exportPath("transaction")}?type=add`, { token: shop.token, lang: EN }),
      EN,
    );
    await runExportsOnce(t.deps);
    const utc = await readSheet(await downloadForm(t, utcId, shop.token), 10);
    expect(zoned[0]![8]).toBe("Time (Asia/Shanghai)");
    const times = (sheet: unknown[][]) => sheet.slice(1).map((r) => (r[8] as Date).getTime());
    expect(times(zoned)).toEqual(times(utc).map((ms) => ms + 8 * 3_600_000));
    const bad = await call(t, "GET", url("Mars/Olympus"), { token: shop.token, lang: EN });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors.timeZone).toBe("Not a known time zone");
  });

  it("downloads with the Authorization header too, and names the file by type and time", async () => {
    const id = await exportNow(t, shop.token, "order");
    const created = (await exportTaskRow(t, id))!.createdAt.toISOString();
    const stamp = created.slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
    const res = await t.app.inject({
      method: "POST",
      url: downloadPath(id),
      headers: { authorization: shop.token, "accept-language": EN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="orders-${stamp}.xlsx"; filename*=UTF-8''Orders-${stamp}.xlsx`,
    );
    const zh = await downloadForm(t, id, shop.token, ZH);
    expect(zh.headers["content-disposition"]).toBe(
      `attachment; filename="orders-${stamp}.xlsx"; filename*=UTF-8''${encodeURIComponent("订单")}-${stamp}.xlsx`,
    );
    expect((await readSheet(zh, 13)).length).toBe(orderNos.length + 1);
  });

  it("refuses a download to anyone but the task's owner, and of a task not completed", async () => {
    const id = await exportNow(t, shop.token, "order");
    const other = await t.merchant();
    for (const lang of [EN, ZH] as Lang[]) {
      expectFailure(
        await downloadForm(t, id, await t.login(other.users.operator.username), lang),
        404,
        M.exportTaskNotFound[lang],
      );
      expectFailure(
        await downloadForm(t, id, await t.login(shop.merchant.users.admin.username), lang),
        404,
        M.exportTaskNotFound[lang],
      );
      expectFailure(await downloadForm(t, id, null, lang), 401, M.unauthenticated[lang]);
      expectFailure(await downloadForm(t, id, "Bearer not-a-session", lang), 401, M.unauthenticated[lang]);
    }
    const queued = expectOk<number>(await call(t, "GET", exportPath("order"), { token: shop.token }));
    const message = { [EN]: "Only a completed export can be downloaded", [ZH]: "只有已完成的导出任务可以下载" };
    for (const lang of [EN, ZH] as Lang[])
      expectFailure(await downloadForm(t, queued, shop.token, lang), 409, message[lang]);
    expectFailure(await downloadForm(t, 987654, shop.token), 404, M.exportTaskNotFound[EN]);
  });

  it("lets each role export only what it may list", async () => {
    const finance = await t.login(shop.merchant.users.finance.username);
    for (const type of ["product", "order"] as const) {
      expectFailure(await call(t, "GET", exportPath(type), { token: finance, lang: ZH }), 403, M.forbidden[ZH]);
    }
    expectOk(await call(t, "GET", exportPath("transaction"), { token: finance }));
    for (const type of ["product", "order", "transaction"] as const) {
      expectOk(await call(t, "GET", exportPath(type), { token: shop.token }));
    }
    expectFailure(await call(t, "GET", exportPath("order"), { lang: EN }), 401, M.unauthenticated[EN]);
    await runExportsOnce(t.deps);
  });

  it("checks the filters as the list does", async () => {
    expectFieldErrors(await call(t, "GET", `${exportPath("order")}?status=lost`, { token: shop.token, lang: EN }), {
      status: "This value has the wrong type",
    });
  });
});
