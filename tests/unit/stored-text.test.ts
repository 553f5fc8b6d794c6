import { describe, expect, it } from "vitest";
import { readStoredText, storedMessage } from "#contracts";

const t = (key: string, params?: Record<string, unknown>) => `<${key}${params ? ` ${JSON.stringify(params)}` : ""}>`;

describe("sentences of ours stored in text columns", () => {
  it("round-trip as a key, with parameters when there are any", () => {
    expect(readStoredText(t, storedMessage("orderFailure.deadline"))).toBe("<orderFailure.deadline>");
    const stored = storedMessage({ key: "ledger.remarks.deposit", params: { depositNo: "D1", rate: "7.1" } });
    expect(stored).toBe('ledger.remarks.deposit {"depositNo":"D1","rate":"7.1"}');
    expect(readStoredText(t, stored)).toBe('<ledger.remarks.deposit {"depositNo":"D1","rate":"7.1"}>');
  });

  it("leave people's and suppliers' words as they were written", () => {
    for (const text of ["fee", "HTTP 500", "orderFailure", "errors.forbidden", "ledger.remarks.x {broken", ""])
      expect(readStoredText(t, text)).toBe(text);
  });
});
