import { describe, expect, it } from "vitest";
import { merchantOrderNo, type OrderField, type ProductSku } from "#contracts";
import { detectDelimiter, parseDelimited, toCsv } from "../../src/lib/csv";
import {
  amountOf,
  type BatchRow,
  balanceAfter,
  batchItems,
  batchOutcome,
  columnForHeader,
  coversAmount,
  fieldGroups,
  fieldRule,
  fillMerchantOrderNos,
  formatHint,
  isOrderable,
  newMerchantOrderNo,
  priceRange,
  requestRule,
  rowsFromTable,
  sendableRows,
  templateColumns,
  templateHeader,
  validateRow,
  validateRows,
} from "../../src/lib/order-inputs";

/** A translator that shows what would be translated: the key, and its parameters when there are any. */
const t = (key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key);

const field = (over: Partial<OrderField> & Pick<OrderField, "key">): OrderField => ({
  label: over.key,
  kind: "text",
  required: true,
  primaryKey: false,
  group: "",
  pattern: null,
  minLength: null,
  maxLength: 200,
  options: null,
  ...over,
});

// Shaped like the demo catalog's login top-up: an account, a secret, a select, an optional text.
const fields: OrderField[] = [
  field({
    key: "account",
    label: "Game account",
    primaryKey: true,
    group: "Account",
    pattern: "\\d{6,20}",
    maxLength: 20,
  }),
  field({ key: "password", label: "Password", kind: "secret", group: "Account", maxLength: 64 }),
  field({
    key: "server",
    label: "Server",
    kind: "select",
    group: "Character",
    options: [
      { value: "asia", label: "Asia" },
      { value: "europe", label: "Europe" },
    ],
  }),
  field({ key: "note", label: "Note", required: false, maxLength: 5 }),
];

const rule = (f: OrderField, value: unknown) =>
  fieldRule(f, t)
    .validator({}, value)
    .then(
      () => "ok",
      (e: Error) => e.message,
    );

const baseInputs = { account: "13800138000", password: " pw ", server: "asia", note: "" };
const row = (
  key: number,
  over: Partial<Omit<BatchRow, "key" | "inputs">> & { inputs?: Record<string, string> } = {},
): BatchRow => ({ key, merchantOrderNo: "", quantity: "", ...over, inputs: { ...baseInputs, ...over.inputs } });

describe("form rules from the field schema", () => {
  it("says what the server's check says, translated", async () => {
    const [account, password, server, note] = fields as [OrderField, OrderField, OrderField, OrderField];
    expect(await rule(account, undefined)).toBe("validation.required");
    expect(await rule(account, "  ")).toBe("validation.required");
    expect(await rule(account, "12345")).toBe("validation.pattern");
    expect(await rule(account, " 123456 ")).toBe("ok");
    expect(await rule(account, "1".repeat(21))).toBe('validation.maxLength {"min":0,"max":20}');
    expect(await rule(password, " ")).toBe("ok");
    expect(await rule(server, "mars")).toBe("validation.option");
    expect(await rule(server, "europe")).toBe("ok");
    expect(await rule(note, "")).toBe("ok");
    expect(await rule(note, "toolong")).toBe('validation.maxLength {"min":0,"max":5}');
    expect(await rule(field({ key: "n", kind: "number" }), "1e3")).toBe("validation.number");
    expect(await rule(field({ key: "n", kind: "number" }), "-12.50")).toBe("ok");
    expect(await rule(field({ key: "c", minLength: 4, maxLength: 8 }), "abc")).toBe(
      'validation.lengthBetween {"min":4,"max":8}',
    );
  });

  it("checks quantity and merchant order number with the request schema", async () => {
    const check = (name: "quantity" | "merchantOrderNo", value: unknown) =>
      requestRule(name, t)
        .validator({}, value)
        .then(
          () => "ok",
          (e: Error) => e.message,
        );
    expect(await check("quantity", null)).toBe("validation.required");
    expect(await check("quantity", 0)).toBe("validation.quantity");
    expect(await check("quantity", 101)).toBe("validation.quantity");
    expect(await check("quantity", 1.5)).toBe("validation.integer");
    expect(await check("quantity", 100)).toBe("ok");
    expect(await check("merchantOrderNo", "")).toBe("validation.required");
    expect(await check("merchantOrderNo", "a b")).toBe("validation.merchantOrderNo");
    expect(await check("merchantOrderNo", "A-1_b")).toBe("ok");
  });

  it("groups fields under their headings in the order they first appear", () => {
    expect(fieldGroups(fields).map((g) => [g.name, g.fields.map((f) => f.key)])).toEqual([
      ["Account", ["account", "password"]],
      ["Character", ["server"]],
      ["", ["note"]],
    ]);
  });
});

describe("a field's format in words", () => {
  it("says 'digits' for the digit patterns, never shows a regular expression", () => {
    expect(formatHint({ pattern: "\\d{6,20}", minLength: null, maxLength: 20 }, t)).toBe(
      'orderForm.format.digits {"min":6,"max":20}',
    );
    expect(formatHint({ pattern: "\\d{11}", minLength: null, maxLength: 11 }, t)).toBe(
      'orderForm.format.digitsExactly {"count":11}',
    );
  });

  it("falls back to the length for any other pattern", () => {
    expect(formatHint({ pattern: "[^@\\s]+@[^@\\s]+", minLength: 3, maxLength: 100 }, t)).toBe(
      'validation.lengthBetween {"min":3,"max":100}',
    );
    expect(formatHint({ pattern: null, minLength: null, maxLength: 64 }, t)).toBe('validation.maxLength {"max":64}');
  });
});

describe("merchant order numbers", () => {
  it("are the local time to the second and 8 unambiguous random symbols", () => {
    const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i * 37);
    const number = newMerchantOrderNo(new Date(2026, 0, 2, 3, 4, 5), bytes);
    expect(number).toBe("2026010203040505AFMSY3");
    expect(number).toHaveLength(22);
  });

  it("always pass the contract's format and differ from one another", () => {
    const numbers = new Set(Array.from({ length: 1000 }, () => newMerchantOrderNo()));
    expect(numbers.size).toBe(1000);
    for (const n of numbers) {
      expect(n).toMatch(/^\d{14}[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(merchantOrderNo.safeParse(n).success).toBe(true);
    }
  });

  it("are filled in for the filled rows without one, unique even when the generator repeats itself", () => {
    const made = ["X1", "X1", "KEEP", "X2"];
    const rows = [
      row(1),
      row(2, { merchantOrderNo: "KEEP" }),
      { key: 3, merchantOrderNo: "", quantity: "", inputs: { account: "" } },
      row(4),
    ];
    const filled = fillMerchantOrderNos(rows, () => made.shift() ?? "never");
    expect(filled.map((r) => r.merchantOrderNo)).toEqual(["X1", "KEEP", "", "X2"]);
    expect(filled[1]).toBe(rows[1]);
  });
});

describe("batch rows", () => {
  it("are checked cell by cell, with the server's column names", () => {
    expect(validateRow(row(1), fields)).toEqual({});
    expect(
      validateRow(
        row(1, { quantity: "x", merchantOrderNo: "no spaces", inputs: { account: "1", server: "" } }),
        fields,
      ),
    ).toEqual({
      "inputs.account": "validation.pattern",
      "inputs.server": "validation.required",
      quantity: "validation.integer",
      merchantOrderNo: "validation.merchantOrderNo",
    });
    expect(validateRow(row(1, { quantity: "0" }), fields)).toEqual({ quantity: "validation.quantity" });
    expect(validateRow(row(1, { quantity: "101" }), fields)).toEqual({ quantity: "validation.quantity" });
  });

  it("validates 1,000 rows in one pass each, flags repeated numbers, skips blank rows and refuses 1,001", () => {
    const rows = Array.from({ length: 1000 }, (_, i) =>
      row(i, { merchantOrderNo: `N${i}`, inputs: { account: i % 100 === 7 ? "bad" : String(1_000_000 + i) } }),
    );
    rows[500] = { ...rows[500]!, merchantOrderNo: "N1" };
    rows.push({ key: 5000, merchantOrderNo: "", quantity: "3", inputs: { account: "", password: "" } });
    let checks = 0;
    const result = validateRows(rows, fields, (r) => {
      checks++;
      return validateRow(r, fields);
    });
    expect(checks).toBe(1000);
    expect(result.filled).toBe(1000);
    expect(result.tooMany).toBe(false);
    expect(result.errors.size).toBe(10 + 2);
    expect(result.errors.get(7)).toEqual({ "inputs.account": "validation.pattern" });
    expect(result.errors.get(1)).toEqual({ merchantOrderNo: "orderForm.batch.duplicateNo" });
    expect(result.errors.get(500)).toEqual({ merchantOrderNo: "orderForm.batch.duplicateNo" });
    expect(result.errors.has(5000)).toBe(false);

    rows.push(row(6000));
    expect(validateRows(rows, fields).tooMany).toBe(true);
  });

  it("become request items: filled rows only, blank quantity 1, inputs cleaned as the server cleans them", () => {
    const rows = [
      row(1, { merchantOrderNo: " A1 ", quantity: " 2 ", inputs: { account: " 123456 " } }),
      { key: 2, merchantOrderNo: "", quantity: "5", inputs: { account: "" } },
      row(3),
    ];
    expect(batchItems(rows, fields)).toEqual([
      { merchantOrderNo: "A1", quantity: 2, inputs: { account: "123456", password: " pw ", server: "asia" } },
      { merchantOrderNo: "", quantity: 1, inputs: { account: "13800138000", password: " pw ", server: "asia" } },
    ]);
  });

  it("say whether the batch succeeded, partly or not at all", () => {
    expect(batchOutcome({ successCount: 3, failCount: 0 })).toBe("success");
    expect(batchOutcome({ successCount: 2, failCount: 1 })).toBe("partial");
    expect(batchOutcome({ successCount: 0, failCount: 3 })).toBe("failed");
    expect(batchOutcome({ successCount: 0, failCount: 0, existingCount: 2 })).toBe("existing");
    expect(batchOutcome({ successCount: 1, failCount: 0, existingCount: 2 })).toBe("success");
  });

  it("count for the cost only the rows that will be sent: filled, without errors, with their quantities", () => {
    const rows = [
      row(1, { quantity: "3" }),
      row(2, { quantity: "4", inputs: { account: "12" } }),
      { key: 3, merchantOrderNo: "", quantity: "9", inputs: { account: "" } },
      row(4, { quantity: "" }),
    ];
    const validation = validateRows(rows, fields);
    expect([...validation.errors.keys()]).toEqual([2]);
    expect(sendableRows(rows, validation)).toEqual({ rows: 2, quantity: 4 });
  });
});

describe("templates and imported tables", () => {
  const columns = templateColumns(fields, t);

  it("have one column per field, then quantity and merchant order number, headed `Label (key)`", () => {
    expect(columns.map((c) => [c.id, c.required])).toEqual([
      ["inputs.account", true],
      ["inputs.password", true],
      ["inputs.server", true],
      ["inputs.note", false],
      ["quantity", false],
      ["merchantOrderNo", false],
    ]);
    expect(columns.map(templateHeader)).toEqual([
      "Game account (account)",
      "Password (password)",
      "Server (server)",
      "Note (note)",
      "orderForm.fields.quantity (quantity)",
      "orderForm.fields.merchantOrderNo (merchantOrderNo)",
    ]);
  });

  it("read a header by its key in parentheses (any language), its bare key or its label", () => {
    expect(columnForHeader("游戏账号 (account)", columns)?.id).toBe("inputs.account");
    expect(columnForHeader("* Server", columns)?.id).toBe("inputs.server");
    expect(columnForHeader("MERCHANTORDERNO", columns)?.id).toBe("merchantOrderNo");
    expect(columnForHeader("Colour", columns)).toBeUndefined();
  });

  it("turn a table into rows: header after blank lines, unknown and missing columns reported", () => {
    const imported = rowsFromTable(
      [
        ["", ""],
        ["Game account (account)", "Password (password)", "Colour", "quantity"],
        [" 123456 ", " secret ", "red", "2"],
        ["", "", "", ""],
        ["654321", "pw", "", ""],
      ],
      columns,
    );
    expect(imported.unknownHeaders).toEqual(["Colour"]);
    expect(imported.missing.map((c) => c.id)).toEqual(["inputs.server", "inputs.note", "merchantOrderNo"]);
    expect(imported.rows).toEqual([
      {
        merchantOrderNo: "",
        quantity: "2",
        inputs: { account: "123456", password: " secret ", server: "", note: "" },
      },
      { merchantOrderNo: "", quantity: "", inputs: { account: "654321", password: "pw", server: "", note: "" } },
    ]);
    expect(rowsFromTable([], columns).rows).toEqual([]);
  });
});

describe("CSV", () => {
  it("parses quoted cells holding delimiters, quotes and line breaks, with any line ending and a BOM", () => {
    const text = '\uFEFFa,b,c\r\n"1,5","say ""hi""","two\r\nlines"\n,,\rlast,"",x\n';
    expect(parseDelimited(text)).toEqual([
      ["a", "b", "c"],
      ["1,5", 'say "hi"', "two\r\nlines"],
      ["", "", ""],
      ["last", "", "x"],
    ]);
  });

  it("finds the delimiter Excel used (comma, semicolon, tab) from the header line", () => {
    expect(detectDelimiter("a;b;c\n1,5;2;3")).toBe(";");
    expect(detectDelimiter('"x;y",b,c')).toBe(",");
    expect(detectDelimiter("a\tb")).toBe("\t");
    expect(parseDelimited("a;b\n1,5;2")).toEqual([
      ["a", "b"],
      ["1,5", "2"],
    ]);
    expect(parseDelimited("a\tb\n1\t2", "\t")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("writes what it reads", () => {
    const rows = [
      ["Account (account)", 'He said "go"', "a,b", " padded", "multi\nline"],
      ["", "x"],
    ];
    expect(toCsv(rows)).toBe('Account (account),"He said ""go""","a,b"," padded","multi\nline"\r\n,x');
    expect(parseDelimited(toCsv(rows), ",")).toEqual(rows);
  });
});

describe("products and money", () => {
  const sku = (id: number, price: string | null): ProductSku => ({
    id,
    code: `S${id}`,
    spec: `S${id}`,
    faceValue: "10",
    currency: "CNY",
    price,
    priceCurrency: "USD",
    orderable: price !== null,
  });

  it("knows what this merchant may order and at what prices", () => {
    const skus = [sku(1, "14.05"), sku(2, null), sku(3, "1.42"), sku(4, "7.0500")];
    expect(priceRange(skus)).toEqual({ min: "1.42", max: "14.05", currency: "USD" });
    expect(priceRange([sku(2, null)])).toBeNull();
    expect(isOrderable({ status: "enabled", skus })).toBe(true);
    expect(isOrderable({ status: "disabled", skus })).toBe(false);
    expect(isOrderable({ status: "enabled", skus: [sku(2, null)] })).toBe(false);
  });

  it("multiplies and subtracts exactly, never in floating point", () => {
    expect(amountOf("0.1", 3)).toBe("0.3");
    expect(amountOf("1.4200", 100)).toBe("142");
    expect(balanceAfter("0.3", amountOf("0.1", 3))).toBe("0");
    expect(coversAmount("0.3", amountOf("0.1", 3))).toBe(true);
    expect(coversAmount("0.2999", "0.3")).toBe(false);
  });
});
