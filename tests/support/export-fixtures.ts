import ExcelJS from "exceljs";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { runExportsOnce } from "../../server/src/modules/export-task/export-task.worker";
import { call, EN, expectOk, type Lang } from "./api-helpers";
import type { TestApp } from "./test-app";

export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const exportPath = (type: "product" | "order" | "transaction") => `/portal/merchant/export/${type}/detail`;
export const downloadPath = (id: number) => `/portal/merchant/export/download/${id}`;

/** The drawer's download: a form post whose `Authorization` field holds the login token. */
export function downloadForm(t: TestApp, id: number, token: string | null, lang: Lang = EN) {
  return t.app.inject({
    method: "POST",
    url: downloadPath(id),
    headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": lang },
    payload: token === null ? "" : new URLSearchParams({ Authorization: token }).toString(),
  });
}

/** Every row of the file's only sheet, each cell as a spreadsheet reads it (text, number, date or null). */
export async function readSheet(res: LightMyRequestResponse, width: number) {
  return (await readCells(res, width)).map((row) => row.map((cell) => cell.value));
}

/** Every row of the file's only sheet, each cell's value and display format ("General" when it has none). */
export async function readCells(res: LightMyRequestResponse, width: number) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  const rows: { value: unknown; format: string }[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push(
      Array.from({ length: width }, (_, i) => {
        const cell = row.getCell(i + 1);
        return { value: cell.value ?? null, format: cell.numFmt ?? "General" };
      }),
    );
  });
  return rows;
}

export async function exportNow(t: TestApp, token: string, type: "product" | "order" | "transaction", query = "") {
  const id = expectOk<number>(await call(t, "GET", `${exportPath(type)}${query}`, { token, lang: EN }), EN);
  expect(await runExportsOnce(t.deps)).toBe(1);
  return id;
}
