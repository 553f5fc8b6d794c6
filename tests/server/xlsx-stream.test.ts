// @vitest-environment node
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Cell, openXlsxWriter } from "../../server/src/modules/export-task/xlsx-stream";
import { heldOutput, producing } from "../support/held-output";

describe("openXlsxWriter", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "mp-xlsx-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Rows as arrays of `width` cells (exceljs drops trailing empty cells). */
  const readBack = async (file: string, width: number) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const rows: Cell[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const values = row.values as ExcelJS.CellValue[];
      rows.push(Array.from({ length: width }, (_, i) => (values[i + 1] ?? null) as Cell));
    });
    return { sheet, rows };
  };

  it("writes the header, Chinese text, numbers and empty cells that read back as written", async () => {
    const file = path.join(dir, "orders.xlsx");
    const writer = openXlsxWriter(createWriteStream(file), {
      sheetName: "订单",
      header: ["订单号", "商品", "金额", "备注"],
      columnWidths: [24, 30, 12, 40],
    });
    await writer.addRow(["PO202611210001", "中文商品名称 ✓", 1234.56, null]);
    await writer.addRow(["PO202611210002", "<&\"'> 特殊字符", -0.01, "2026-11-21T08:30:00.000Z"]);
    await writer.addRow([null, null, 0, ""]);
    await writer.finish();

    const { sheet, rows } = await readBack(file, 4);
    expect(sheet.name).toBe("订单");
    expect(sheet.getColumn(1).width).toBe(24);
    expect(sheet.getColumn(4).width).toBe(40);
    expect(rows[0]).toEqual(["订单号", "商品", "金额", "备注"]);
    expect(rows[1]).toEqual(["PO202611210001", "中文商品名称 ✓", 1234.56, null]);
    expect(rows[2]).toEqual(["PO202611210002", "<&\"'> 特殊字符", -0.01, "2026-11-21T08:30:00.000Z"]);
    expect(rows[3]?.slice(0, 3)).toEqual([null, null, 0]); // "" may read back as "" or nothing
    expect(rows).toHaveLength(4);
  });

  it("writes many rows in order, through a slow output, and every one comes back", async () => {
    const file = path.join(dir, "many.xlsx");
    // A small high-water mark makes the file stream push back often.
    const output = createWriteStream(file, { highWaterMark: 1024 });
    const writer = openXlsxWriter(output, { sheetName: "rows", header: ["n", "name", "amount"] });
    const count = 30_000;
    for (let n = 1; n <= count; n++) await writer.addRow([n, `商户订单 ${n}`, n / 100]);
    await writer.finish();
    expect(output.writableFinished).toBe(true);

    const { rows } = await readBack(file, 3);
    expect(rows).toHaveLength(count + 1);
    expect(rows[1]).toEqual([1, "商户订单 1", 0.01]);
    expect(rows[count]).toEqual([count, `商户订单 ${count}`, count / 100]);
    expect(rows.slice(1).every((row, i) => row[0] === i + 1 && row[1] === `商户订单 ${i + 1}`)).toBe(true);
  });

  it("stops accepting rows while the output accepts nothing, and carries on once it does", async () => {
    const file = path.join(dir, "stalled.xlsx");
    const disk = createWriteStream(file);
    const held = heldOutput((chunk, done) => disk.write(chunk, done), { final: (done) => disk.end(done) });
    const writer = openXlsxWriter(held.output, { sheetName: "rows", header: ["n", "noise"], onWait: held.onWait });
    // Random text compresses little, so the zip's own buffers (a few MB) fill after tens of thousands of rows.
    const { progress, done } = producing(writer, 200_000, (n) => [n, randomBytes(150).toString("base64")]);
    // Without back-pressure the producer never waits and writes all its rows into memory.
    await Promise.race([held.waited, done]);
    expect(progress.settled).toBe(false);
    expect(progress.rows).toBeLessThan(200_000);
    held.release();
    await done;
    expect(progress.rows).toBe(200_000);
    await writer.finish();
    const { rows: back } = await readBack(file, 2);
    expect(back).toHaveLength(200_000 + 1);
    expect(back.at(-1)?.[0]).toBe(200_000);
  }, 120_000);

  it("abort destroys and closes the output, and refuses more rows", async () => {
    const file = path.join(dir, "partial.xlsx");
    const output = createWriteStream(file);
    const writer = openXlsxWriter(output, { sheetName: "rows", header: ["n"] });
    for (let n = 0; n < 100; n++) await writer.addRow([n]);
    await writer.abort();
    expect(output.destroyed).toBe(true);
    expect(output.closed).toBe(true);
    await expect(writer.addRow([1])).rejects.toThrow(/aborted/);
    await expect(writer.finish()).rejects.toThrow(/aborted/);
    rmSync(file, { force: true }); // what the caller does; nothing recreates the file afterwards
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(file)).toBe(false);
  });

  it("keeps memory flat over 200,000 order-like rows (exceljs internals it relies on still hold)", async () => {
    // exceljs is pinned exactly because waitForRoom reads its internals; if an upgrade moves them, the pile of
    // uncompressed XML comes back (hundreds of MB at this size) and this ceiling fails.
    // Live memory only: without a collection first, heapUsed counts garbage that V8 may leave for hundreds of MB.
    const gc = global.gc;
    if (gc === undefined) throw new Error("run with --expose-gc (the server project does)");
    const file = path.join(dir, "many.xlsx");
    const header = Array.from({ length: 14 }, (_, i) => `column ${i + 1}`);
    const writer = openXlsxWriter(createWriteStream(file), { sheetName: "orders", header });
    const used = () => {
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    gc();
    const before = used();
    let peak = 0;
    for (let n = 1; n <= 200_000; n++) {
      await writer.addRow([
        `PO2026112${String(n).padStart(9, "0")}`,
        `M-${n}`,
        "中国移动话费充值 100 元",
        "SKU-100",
        n % 7,
        (n % 1000) + 0.25,
        "success",
        `1380013${String(n % 10_000).padStart(4, "0")}`,
        "2026-11-21 10:00:00",
        "2026-11-21 10:00:03",
        null,
        "simulator",
        `SIM-${n}`,
        "",
      ]);
      if (n % 5_000 === 0) {
        gc();
        peak = Math.max(peak, used() - before);
      }
    }
    await writer.finish();
    // Measured (live, after a collection): 4 MB above the start; without waiting for room 122 MB.
    expect(peak).toBeLessThan(40 * 1024 * 1024);
  }, 120_000);
});
