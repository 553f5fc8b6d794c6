import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newDeposit, UPLOAD_MAX_BYTES } from "#contracts";
import {
  amountTone,
  apiRelativeUrl,
  checkUploadFile,
  debounce,
  depositListFilters,
  formatRate,
  ledgerListFilters,
  PREVIEW_KEY_DEBOUNCE_MS,
  toNewDeposit,
} from "../../src/lib/funds";
import { encodeListQuery } from "../../src/lib/list-query";

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

describe("ledgerListFilters", () => {
  it("sends nothing for an empty form", () => {
    expect(ledgerListFilters({})).toEqual([]);
    expect(ledgerListFilters({ orderNo: "  ", fundNo: "", time: null })).toEqual([]);
  });

  it("trims texts and sends the API's parameter names, the range covering its end second", () => {
    const start = dayjs("2026-05-01T10:00:00.250");
    const end = dayjs("2026-05-02T10:00:00");
    const query = encodeListQuery({
      pagination: { currentPage: 3, pageSize: 20 },
      filters: ledgerListFilters({ type: "refund", orderNo: " O1 ", fundNo: "F2", time: [start, end] }),
    });
    expect(query).toMatchObject({ pageNum: 3, pageSize: 20, type: "refund", orderNo: "O1", fundNo: "F2" });
    expect(query.startTime).toMatch(ISO_WITH_OFFSET);
    expect(dayjs(query.startTime).valueOf()).toBe(dayjs("2026-05-01T10:00:00").valueOf());
    expect(dayjs(query.endTime).valueOf()).toBe(dayjs("2026-05-02T10:00:00.999").valueOf());
  });

  it("sends an open-ended range as one bound", () => {
    const query = encodeListQuery({ filters: ledgerListFilters({ time: [null, dayjs("2026-01-01T00:00:00")] }) });
    expect(query.startTime).toBeUndefined();
    expect(query.endTime).toMatch(ISO_WITH_OFFSET);
  });
});

describe("depositListFilters", () => {
  it("sends status, trimmed reference and range", () => {
    const query = encodeListQuery({
      filters: depositListFilters({ status: "pending", referenceNo: " R-1 ", time: [dayjs("2026-01-01"), null] }),
    });
    expect(query).toMatchObject({ status: "pending", referenceNo: "R-1" });
    expect(query.startTime).toMatch(ISO_WITH_OFFSET);
    expect(query.endTime).toBeUndefined();
  });
});

describe("amountTone", () => {
  it("tells credits, debits and zero apart by the decimal, not a float", () => {
    expect(amountTone("100.0000")).toBe("credit");
    expect(amountTone("0.0001")).toBe("credit");
    expect(amountTone("-0.0001")).toBe("debit");
    expect(amountTone("0.0000")).toBe("none");
  });
});

describe("checkUploadFile", () => {
  it("accepts the contracts' types up to 10 MB", () => {
    for (const type of ["image/png", "image/jpeg", "image/webp", "application/pdf"])
      expect(checkUploadFile({ type, size: UPLOAD_MAX_BYTES })).toEqual({ ok: true });
  });
  it("refuses other types and anything larger", () => {
    expect(checkUploadFile({ type: "image/gif", size: 10 })).toEqual({ ok: false, key: "deposit.upload.badType" });
    expect(checkUploadFile({ type: "", size: 10 })).toEqual({ ok: false, key: "deposit.upload.badType" });
    expect(checkUploadFile({ type: "image/png", size: UPLOAD_MAX_BYTES + 1 })).toEqual({
      ok: false,
      key: "deposit.upload.tooLarge",
    });
  });
});

describe("formatRate", () => {
  it("drops the stored scale's trailing zeros and nothing else", () => {
    expect(formatRate("0.14080000")).toBe("0.1408");
    expect(formatRate("7.00000000")).toBe("7");
    expect(formatRate("12.34567891")).toBe("12.34567891");
    expect(formatRate(null)).toBe("-");
  });
});

describe("apiRelativeUrl", () => {
  it("strips the client's base so the client does not add it twice", () => {
    expect(apiRelativeUrl("/portal/merchant/api/upload/file/3")).toBe("/merchant/api/upload/file/3");
    expect(apiRelativeUrl("/merchant/api/upload/file/3")).toBe("/merchant/api/upload/file/3");
    expect(apiRelativeUrl("https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
  });
});

describe("toNewDeposit", () => {
  it("turns the form into a body the contract accepts", () => {
    const body = toNewDeposit({
      amount: " 1000.50 ",
      currency: "usd",
      referenceNo: " REF-1 ",
      paymentGateway: "Wire",
      transactionTime: dayjs("2026-03-04T05:06:07.890"),
      proofFileId: 7,
      companyName: "ACME",
      bankAccount: "123",
    });
    expect(body).toMatchObject({ amount: "1000.50", currency: "USD", referenceNo: "REF-1", remarks: "" });
    expect(body.transactionTime).toMatch(ISO_WITH_OFFSET);
    expect(dayjs(body.transactionTime).valueOf()).toBe(dayjs("2026-03-04T05:06:07").valueOf());
    expect(newDeposit.safeParse(body).success).toBe(true);
  });
  it("leaves missing fields for the contract to name", () => {
    const result = newDeposit.safeParse(toNewDeposit({}));
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        "validation.amount",
        "validation.transactionTimeRequired",
        "validation.proofRequired",
        "validation.companyNameRequired",
      ]),
    );
  });
});

describe("debounce", () => {
  afterEach(() => vi.useRealTimers());

  it("runs only the last call of a burst, the debounce time after it", () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const run = debounce((key: string) => calls.push(key), PREVIEW_KEY_DEBOUNCE_MS);
    run("ArrowLeft");
    vi.advanceTimersByTime(200);
    run("ArrowRight");
    vi.advanceTimersByTime(299);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(["ArrowRight"]);
    run("Escape");
    vi.advanceTimersByTime(300);
    expect(calls).toEqual(["ArrowRight", "Escape"]);
  });

  it("drops a pending call when cancelled", () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const run = debounce(fn, 300);
    run();
    run.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});
