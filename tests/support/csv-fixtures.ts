import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

export const CSV = "text/csv; charset=utf-8";
const BOM = [0xef, 0xbb, 0xbf];

/**
 * A strict RFC 4180 reader (no CSV parser is installed): records end in CRLF (the last one too), fields are
 * separated by commas; a field holding a comma, a quote, CR or LF must be quoted, and a quote inside a quoted
 * field is doubled. Anything else (a bare quote, a lone CR or LF outside quotes, text after a closing quote, rows
 * of different widths) throws, so a sloppy writer fails the test rather than being read generously.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const fail = (what: string) => {
    throw new Error(`not RFC 4180 at ${i}: ${what} (${JSON.stringify(text.slice(Math.max(0, i - 20), i + 20))})`);
  };
  if (text.length === 0) return rows;
  if (!text.endsWith("\r\n")) fail("the last record does not end in CRLF");
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) fail("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            i += 1;
            break;
          }
        } else field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r") {
        if (text[i] === '"' || text[i] === "\n") fail("a quote or line feed in an unquoted field");
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ",") i += 1;
    else if (text[i] === "\r" && text[i + 1] === "\n") {
      i += 2;
      rows.push(row);
      row = [];
    } else fail("expected a comma or CRLF after a field");
  }
  for (const r of rows) if (r.length !== rows[0]!.length) throw new Error(`rows of different widths: ${r.length}`);
  return rows;
}

/** The downloaded CSV: its raw text (after the byte order mark, which it must start with) and its records. */
export function readCsv(res: LightMyRequestResponse): { text: string; rows: string[][] } {
  const bytes = res.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  // Strict UTF-8: an invalid byte throws instead of becoming U+FFFD.
  const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes.subarray(3));
  return { text, rows: parseCsv(text) };
}

/**
 * The characters a spreadsheet takes as the start of a formula (OWASP CSV Injection: = + - @ tab CR), their
 * full-width forms, and LF (what a CR becomes wherever line ends are normalised).
 */
export const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Line breaks as an XLSX reads back: XML turns every CR (and CRLF) of a text into LF, so a CSV field is compared
 * with the XLSX's cell after the same.
 */
export const asXmlText = (text: string) => text.replace(/\r\n?/g, "\n");

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * What the CSV must hold for one cell of the XLSX of the same export (its value and display format as exceljs
 * reads them back): text as it is, neutralised with a leading apostrophe when it would start a formula; a number
 * with the decimals its format shows; a date-time as `yyyy-mm-dd hh:mm:ss`; an empty cell as an empty field.
 */
export function csvFieldOfCell({ value, format }: { value: unknown; format: string }): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return FORMULA_START.test(value) ? `'${value}` : value;
  if (typeof value === "number") {
    const decimals = /\.(0+)$/.exec(format)?.[1]?.length ?? 0;
    return format === "General" ? String(value) : value.toFixed(decimals);
  }
  if (value instanceof Date)
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(
      value.getUTCHours(),
    )}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  throw new Error(`unexpected XLSX cell ${JSON.stringify(value)}`);
}
