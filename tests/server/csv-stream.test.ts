// @vitest-environment node
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { csvField, neutraliseFormula, openCsvWriter } from "../../server/src/modules/export-task/csv-stream";
import { moneyCell } from "../../server/src/modules/export-task/export-rows";
import { parseCsv } from "../support/csv-fixtures";
import { heldOutput, producing } from "../support/held-output";

const BOM = "\uFEFF";

describe("csvField", () => {
  it("writes numbers as numbers, money with its currency's decimals, times as the XLSX shows them", () => {
    expect(csvField(42)).toBe("42");
    expect(csvField(-0.5)).toBe("-0.5");
    expect(csvField(moneyCell("-12.5", "USD"))).toBe("-12.50");
    expect(csvField(moneyCell("1234567.005", "USD"))).toBe("1234567.01");
    expect(csvField(moneyCell("1234.5", "JPY"))).toBe("1235");
    expect(csvField(moneyCell("1.2345", "KWD"))).toBe("1.235");
    expect(csvField({ number: 3, format: "0.00" })).toBe("3");
    expect(csvField(new Date(Date.UTC(2026, 10, 21, 8, 5, 9)))).toBe("2026-11-21 08:05:09");
    expect(csvField(null)).toBeNull();
    expect(csvField(Number.NaN)).toBeNull();
  });

  it("neutralises text a spreadsheet would run as a formula, and only that", () => {
    for (const text of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1", "\n=1", "＝1", "＋1", "－1", "＠A1"])
      expect(neutraliseFormula(text), JSON.stringify(text)).toBe(`'${text}`);
    for (const text of ["", "abc", "1-1", " =1", "'=1", "订单", "a=b"]) expect(neutraliseFormula(text)).toBe(text);
    expect(csvField("-2+3")).toBe("'-2+3");
  });
});

describe("openCsvWriter", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "mp-csv-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes a BOM, the header and RFC 4180 records, exactly", async () => {
    const file = path.join(dir, "orders.csv");
    const output = createWriteStream(file);
    const writer = openCsvWriter(output, { header: ["订单号", "金额", "备注"] });
    await writer.addRow(["PO1", moneyCell("-3", "USD"), 'a, "b"\nc']);
    await writer.addRow(["=1+1", null, ""]);
    await writer.finish();
    expect(output.writableFinished).toBe(true);
    expect(readFileSync(file, "utf8")).toBe(`${BOM}订单号,金额,备注\r\nPO1,-3.00,"a, ""b""\nc"\r\n'=1+1,,\r\n`);
  });

  it("stops accepting rows while the output accepts nothing, and carries on once it does", async () => {
    const chunks: Buffer[] = [];
    const held = heldOutput(
      (chunk, done) => {
        chunks.push(chunk);
        done();
      },
      { highWaterMark: 1024 },
    );
    const writer = openCsvWriter(held.output, { header: ["n", "text"], onWait: held.onWait });
    const { progress, done } = producing(writer, 20_000, (n) => [n, `商户订单 ${n}`]);
    await Promise.race([held.waited, done]);
    expect(progress.settled).toBe(false);
    expect(progress.rows).toBeLessThan(1_000);
    held.release();
    await done;
    await writer.finish();
    const text = Buffer.concat(chunks).toString("utf8");
    const back = parseCsv(text.slice(1));
    expect(back).toHaveLength(20_000 + 1);
    expect(back.at(-1)).toEqual(["20000", "商户订单 20000"]);
  });

  it("abort destroys and closes the output, and refuses more rows", async () => {
    const file = path.join(dir, "partial.csv");
    const output = createWriteStream(file);
    const writer = openCsvWriter(output, { header: ["n"] });
    for (let n = 0; n < 100; n++) await writer.addRow([n]);
    await writer.abort();
    expect(output.destroyed).toBe(true);
    expect(output.closed).toBe(true);
    await expect(writer.addRow([1])).rejects.toThrow(/aborted/);
    await expect(writer.finish()).rejects.toThrow(/aborted/);
    rmSync(file, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(file)).toBe(false);
  });

  it("fails finish when the output fails", async () => {
    const output = new Writable({
      write(_chunk, _encoding, done) {
        done(new Error("disk full"));
      },
    });
    const writer = openCsvWriter(output, { header: ["n"] });
    const rows = (async () => {
      for (let n = 0; n < 10; n++) await writer.addRow([n]);
      await writer.finish();
    })();
    await expect(rows).rejects.toThrow(/disk full/);
  });
});
