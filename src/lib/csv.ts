/**
 * CSV for the batch-order template and imports: we read our own template, files saved from a spreadsheet and
 * pasted cells, so a small RFC 4180 reader (tested in tests/unit/order-inputs.test.ts) does instead of a
 * dependency.
 */

/** The delimiter of a CSV file: the one of `,` `;` tab found most often in its first line (outside quotes). */
export function detectDelimiter(text: string): string {
  const firstLine = (text.split(/\r\n|\n|\r/)[0] ?? "").replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** RFC 4180 text into cells: quoted cells may hold the delimiter, `""` and line breaks; CRLF, LF or CR ends a row. */
export function parseDelimited(text: string, delimiter = detectDelimiter(text)): string[][] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = "";
  };
  while (i < source.length) {
    const ch = source[i] as string;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" || ch === "\n") {
      endRow();
      if (ch === "\r" && source[i + 1] === "\n") i++;
    } else cell += ch;
    i++;
  }
  if (cell !== "" || row.length > 0) endRow();
  return rows;
}

/** Cells as CSV (CRLF, quoted where needed) for the template download. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const quote = (cell: string) => (/[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return rows.map((cells) => cells.map(quote).join(",")).join("\r\n");
}
