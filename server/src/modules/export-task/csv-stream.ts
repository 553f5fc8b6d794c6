import { once } from "node:events";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import type { Cell, SheetWriter } from "./xlsx-stream";

/**
 * The first characters that make a spreadsheet read a text cell of a CSV as a formula (OWASP "CSV Injection":
 * = + - @ tab and carriage return), the full-width = + - @ (some spreadsheets take them as formulas too, as
 * csv-stringify's own `escape_formulas` knows), and a line feed: tools that normalise line ends turn a leading CR
 * into one (an XLSX reader does), so both kinds of line break are treated alike.
 */
const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r", "\n", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);

/**
 * A text cell as a CSV can hold it safely: one that a spreadsheet would run as a formula gets a leading
 * apostrophe (it is then read as text). Only text: numbers (money too, -12.50 included) are written as numbers
 * and never changed. The XLSX needs none of this: its text cells are text, never formulas.
 */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_START.has(text[0]!) ? `'${text}` : text;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A cell as the CSV writes it; null for an empty field. What the XLSX shows, as text a spreadsheet reads back to
 * the same value: a number as a number (money with its currency's decimals, no thousands separator), a time as
 * `yyyy-mm-dd hh:mm:ss` (the XLSX's display format; its UTC fields are the wall-clock time), text as it is but
 * neutralised (see `neutraliseFormula`).
 */
export function csvField(cell: Cell): string | null {
  if (cell === null) return null;
  if (typeof cell === "string") return neutraliseFormula(cell);
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : null;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    return (
      `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())} ` +
      `${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}:${pad(cell.getUTCSeconds())}`
    );
  }
  return cell.text ?? String(cell.number);
}

/**
 * A CSV written as it goes (csv-stringify's stream), memory flat whatever the row count: UTF-8 with a byte order
 * mark (Excel reads a CSV without one in the system's code page, which garbles Chinese), RFC 4180 (comma, CRLF
 * between records and after the last, a field quoted when it holds a comma, a quote or a line break, quotes
 * doubled). The same header and rows as the XLSX (see `csvField`); no sheet name, no column widths.
 */
export function openCsvWriter(
  output: Writable,
  options: {
    header: readonly string[];
    /** Called each time a row has to wait for `output` to take more (a slow disk or a stalled network). */
    onWait?: () => void;
  },
): SheetWriter {
  const csv = stringify({
    bom: true,
    delimiter: ",",
    quote: '"',
    escape: '"',
    record_delimiter: "windows",
    // Given a record delimiter, csv-stringify quotes only fields holding all of it; a lone \n or \r must be quoted too.
    quote_record_delimiter: true,
    eof: true,
    // At most 16 KB of CSV text waits here for `output` (Node 22 raised the default to 64 KB): a stalled output
    // holds few rows in memory.
    readableHighWaterMark: 16 * 1024,
  });
  let state: "open" | "finished" | "aborted" = "open";
  // Ends when `output` has every byte (and is closed), or fails with the first error of either stream.
  const done = pipeline(csv, output);
  done.catch(() => {});

  async function write(values: readonly Cell[]): Promise<void> {
    if (state !== "open") throw new Error(`csv writer is ${state}`);
    if (csv.write(values.map(csvField))) return;
    options.onWait?.();
    await Promise.race([once(csv, "drain"), done]);
  }

  // The first record: nothing is buffered yet, so it never has to wait.
  csv.write(options.header.map(csvField));
  return {
    addRow: write,
    async finish() {
      if (state !== "open") throw new Error(`csv writer is ${state}`);
      state = "finished";
      csv.end();
      await done;
    },
    async abort() {
      if (state === "aborted") return;
      state = "aborted";
      // Resolve only once the file is closed, so the caller's delete cannot race a late open.
      const closed = output.closed ? Promise.resolve() : once(output, "close").then(() => {});
      csv.destroy();
      output.destroy();
      await closed.catch(() => {});
    },
  };
}
