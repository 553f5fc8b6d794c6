import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Deposit } from "#contracts";
import { settle } from "#contracts";
import { deposits, ledgerEntries, merchantApps, merchantEvents, merchants } from "../../server/src/db/schema";
import { ensureApp } from "../../server/src/modules/api-settings/api-settings.repository";
import { approveDeposit, rejectDeposit } from "../../server/src/modules/deposit/deposit-review.service";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { call, closeTestApp, EN, expectFailure, expectFieldErrors, expectOk, M, ZH } from "../support/api-helpers";
import {
  DEPOSIT,
  DEPOSIT_LIST,
  depositForm,
  insertProof,
  merchantIdOf,
  submitDeposit,
} from "../support/funds-fixtures";
import { balanceOf } from "../support/order-fixtures";
import { startTestApp, TEST_OPERATOR, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

interface Side {
  merchant: TestMerchant;
  id: number;
  admin: string;
  operator: string;
  finance: string;
}

const taken = (ref: string) => ({
  [EN]: `Reference number ${ref} was already used for another deposit of this merchant`,
  [ZH]: `参考号 ${ref} 已用于本商户的另一笔充值记录`,
});

describe.each(engines)("deposits (%s)", (engine) => {
  let t: TestApp;
  let a: Side;
  let b: Side;

  async function side(): Promise<Side> {
    const merchant = await t.merchant();
    return {
      merchant,
      id: await merchantIdOf(t, merchant.merchantNo),
      admin: await t.login(merchant.users.admin.username),
      operator: await t.login(merchant.users.operator.username),
      finance: await t.login(merchant.users.finance.username),
    };
  }

  /** Deposit notifications are written only for a merchant whose API application has a notification URL. */
  async function withNotifyUrl(merchantId: number) {
    await ensureApp(t.deps, merchantId);
    await t.deps.db
      .update(merchantApps)
      .set({ notifyUrl: "https://merchant.example/notify" })
      .where(eq(merchantApps.merchantId, merchantId));
  }

  beforeAll(async () => {
    t = await startTestApp(engine);
    a = await side();
    b = await side();
  });
  afterAll(() => closeTestApp(t));

  const list = (token: string, query = "", lang = EN) =>
    call(t, "GET", `${DEPOSIT_LIST}?pageNum=1&pageSize=50${query}`, { token, lang });
  const depositRow = async (depositNo: string) =>
    (await t.deps.db.select().from(deposits).where(eq(deposits.depositNo, depositNo)))[0]!;

  it("records a finance user's recharge as Pending, with its proof, and changes no balance", async () => {
    const proof = await insertProof(t, a.id, "image/jpeg");
    const form = depositForm(proof, { amount: "1000.50", currency: "EUR", remarks: " wire from HQ " });
    const res = await call(t, "POST", DEPOSIT, { token: a.finance, lang: EN, payload: form });
    const d = expectOk<Deposit>(res, EN);
    expect(d).toMatchObject({
      type: "add",
      amount: "1000.5000",
      currency: "EUR",
      referenceNo: form.referenceNo,
      paymentGateway: "SWIFT",
      transactionTime: "2026-11-20T08:30:00.000Z",
      status: "pending",
      statusTime: t.clock.now().toISOString(),
      createTime: t.clock.now().toISOString(),
      settledAmount: null,
      settledCurrency: null,
      exchangeRate: null,
      balanceBefore: null,
      balanceAfter: null,
      companyName: "Acme Ltd",
      bankAccount: "DE89370400440532013000",
      proofFileId: proof,
      proofUrl: `/portal/merchant/api/upload/file/${proof}`,
      proofContentType: "image/jpeg",
      remarks: "wire from HQ",
      rejectReason: null,
    });
    expect(d.depositNo).toMatch(/^D20261121\d{10}$/);
    expect(await balanceOf(t, a.id)).toBe("0.0000");
    expect(await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.merchantId, a.id))).toEqual([]);
  });

  it("lets admin and finance create and list, operator only list", async () => {
    await submitDeposit(t, a.admin, a.id);
    const proof = await insertProof(t, a.id);
    for (const lang of [EN, ZH] as const)
      expectFailure(
        await call(t, "POST", DEPOSIT, { token: a.operator, lang, payload: depositForm(proof) }),
        403,
        M.forbidden[lang],
      );
    for (const token of [a.admin, a.operator, a.finance]) {
      const page = expectOk<{ total: number; list: Deposit[] }>(await list(token), EN);
      expect(page.total).toBeGreaterThanOrEqual(2);
    }
    expectFailure(
      await call(t, "GET", "/portal/merchant/api/order/list", { token: a.finance, lang: EN }),
      403,
      M.forbidden[EN],
    );
    expectFailure(await call(t, "GET", DEPOSIT_LIST, { lang: EN }), 401, M.unauthenticated[EN]);
  });

  it("sorts by amount or transaction time when asked, and refuses other fields", async () => {
    // Transaction times before every other deposit's (the form's default is 2026-11-20), the later one first.
    await submitDeposit(t, a.finance, a.id, {
      amount: "7.50",
      referenceNo: "SORT-1",
      transactionTime: "2026-11-02T08:00:00.000Z",
    });
    await submitDeposit(t, a.finance, a.id, {
      amount: "3.25",
      referenceNo: "SORT-2",
      transactionTime: "2026-11-01T08:00:00.000Z",
    });
    const page = expectOk<{ list: Deposit[] }>(await list(a.finance, "&sort=-amount"), EN);
    const amounts = page.list.map((d) => Number(d.amount));
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    const byTime = expectOk<{ list: Deposit[] }>(await list(a.finance, "&sort=transactionTime"), EN).list;
    expect(byTime).toHaveLength(page.list.length);
    expect(byTime.slice(0, 2).map((d) => d.referenceNo)).toEqual(["SORT-2", "SORT-1"]);
    expectFieldErrors(await list(a.finance, "&sort=status"), { sort: "This list cannot be sorted by that field" });
  });

  it("answers translated field errors for a missing or malformed form", async () => {
    const expected = {
      [EN]: {
        amount: "Please enter the amount",
        currency: "Please choose the currency",
        referenceNo: "Please enter the reference number",
        paymentGateway: "Please enter the payment gateway",
        transactionTime: "Please enter the transaction time",
        proofFileId: "Please upload the proof of payment",
        companyName: "Please enter the company name",
        bankAccount: "Please enter the bank account",
      },
      [ZH]: {
        amount: "请输入金额",
        currency: "请选择币种",
        referenceNo: "请输入参考号",
        paymentGateway: "请输入支付渠道",
        transactionTime: "请输入交易时间",
        proofFileId: "请上传付款凭证",
        companyName: "请输入公司名称",
        bankAccount: "请输入银行账号",
      },
    };
    for (const lang of [EN, ZH] as const) {
      const res = await call(t, "POST", DEPOSIT, { token: a.finance, lang, payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors).toEqual(expected[lang]);
    }
    const proof = await insertProof(t, a.id);
    for (const amount of ["0", "0.00", "-5", "abc", "1.0001"])
      expectFieldErrors(
        await call(t, "POST", DEPOSIT, { token: a.finance, lang: EN, payload: depositForm(proof, { amount }) }),
        { amount: "The amount is a number above 0" },
      );
    // Decimals follow the currency: 3 for KWD, 2 for USD, none for JPY.
    const tooPrecise = "The amount has more decimals than its currency allows (e.g. JPY none, USD 2, KWD 3)";
    for (const [amount, currency] of [
      ["100.005", "USD"],
      ["100.5", "JPY"],
    ] as const)
      expectFieldErrors(
        await call(t, "POST", DEPOSIT, {
          token: a.finance,
          lang: EN,
          payload: depositForm(proof, { amount, currency }),
        }),
        { amount: tooPrecise },
      );
    expectFieldErrors(
      await call(t, "POST", DEPOSIT, {
        token: a.finance,
        lang: ZH,
        payload: depositForm(proof, { currency: "usd", referenceNo: "  " }),
      }),
      { currency: "币种为三位字母代码，例如 USD", referenceNo: "请输入参考号" },
    );
  });

  it("accepts only a proof file of the caller's own merchant", async () => {
    const bProof = await insertProof(t, b.id);
    for (const [lang, message] of [
      [EN, "The proof of payment was not found; please upload it again"],
      [ZH, "未找到付款凭证，请重新上传"],
    ] as const) {
      for (const proofFileId of [bProof, 99_999_999])
        expectFieldErrors(
          await call(t, "POST", DEPOSIT, { token: a.finance, lang, payload: depositForm(proofFileId) }),
          { proofFileId: message },
        );
    }
    const before = await t.deps.db.select().from(deposits).where(eq(deposits.merchantId, a.id));
    expect(before.every((d) => d.proofFileId !== bProof)).toBe(true);
  });

  it("refuses a duplicate reference number per merchant with 409, in both languages", async () => {
    const first = await submitDeposit(t, a.finance, a.id, { referenceNo: "TT-2026-0001" });
    const proof = await insertProof(t, a.id);
    for (const lang of [EN, ZH] as const)
      expectFailure(
        await call(t, "POST", DEPOSIT, {
          token: a.admin,
          lang,
          payload: depositForm(proof, { referenceNo: " TT-2026-0001 " }),
        }),
        409,
        taken("TT-2026-0001")[lang],
        { errors: { referenceNo: taken("TT-2026-0001")[lang] } },
      );
    // Another merchant may use the same reference.
    const other = await submitDeposit(t, b.finance, b.id, { referenceNo: "TT-2026-0001" });
    expect(other.depositNo).not.toBe(first.depositNo);
  });

  it("answers one record and one 409 when the same reference is submitted twice at once", async () => {
    const proof = await insertProof(t, a.id);
    const form = depositForm(proof, { referenceNo: "RACE-1" });
    const answers = await Promise.all(
      [0, 1].map(() => call(t, "POST", DEPOSIT, { token: a.finance, lang: EN, payload: form })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expectFailure(loser, 409, taken("RACE-1")[EN], { errors: { referenceNo: taken("RACE-1")[EN] } });
  });

  it("lists only the caller's merchant's deposits, newest first, with filters", async () => {
    t.clock.advance(60_000);
    const late = await submitDeposit(t, a.finance, a.id, { referenceNo: "LATE-REF" });
    const page = expectOk<{ total: number; list: Deposit[] }>(await list(a.operator), EN);
    const own = await t.deps.db.select().from(deposits).where(eq(deposits.merchantId, a.id));
    expect(page.total).toBe(own.length);
    expect(page.list[0]!.depositNo).toBe(late.depositNo);
    expect(page.list.every((d) => own.some((o) => o.depositNo === d.depositNo))).toBe(true);
    const times = page.list.map((d) => d.createTime);
    expect([...times].sort().reverse()).toEqual(times);

    const byRef = expectOk<{ total: number; list: Deposit[] }>(await list(a.finance, "&referenceNo=LATE-REF"), EN);
    expect(byRef.list.map((d) => d.depositNo)).toEqual([late.depositNo]);
    const bByRef = expectOk<{ total: number }>(await list(b.finance, "&referenceNo=LATE-REF"), EN);
    expect(bByRef.total).toBe(0);
    const since = encodeURIComponent(late.createTime);
    const recent = expectOk<{ list: Deposit[] }>(await list(a.finance, `&startTime=${since}`), EN);
    expect(recent.list.map((d) => d.depositNo)).toEqual([late.depositNo]);
    const failed = expectOk<{ total: number }>(await list(a.finance, "&status=failed"), EN);
    expect(failed.total).toBe(0);
    const paged = expectOk<{ total: number; list: Deposit[] }>(
      await call(t, "GET", `${DEPOSIT_LIST}?pageNum=2&pageSize=1`, { token: a.finance, lang: EN }),
      EN,
    );
    expect(paged.total).toBe(own.length);
    expect(paged.list.map((d) => d.depositNo)).toEqual([page.list[1]!.depositNo]);
    expectFieldErrors(await list(a.finance, "&status=done"), { status: M.invalidType[EN] });
  });

  describe("approval", () => {
    it("settles amount x rate half-up in exact decimals", () => {
      // 100.01 x 7.1234 = 712.411334 -> 712.41
      expect(settle("100.01", "7.1234", "CNY")).toBe("712.41");
      // 1000.50 x 0.0070315 = 7.03501575 -> 7.04
      expect(settle("1000.50", "0.0070315", "USD")).toBe("7.04");
      // 2.01 x 0.5 = 1.005 exactly: half-up gives 1.01 (a float gives 1.00)
      expect(settle("2.01", "0.5", "USD")).toBe("1.01");
      // 100.10 x 0.05 = 5.005 -> 5.01; 100.10 x 0.04995 = 4.999995 -> 5.00
      expect(settle("100.10", "0.05", "USD")).toBe("5.01");
      expect(settle("100.10", "0.04995", "USD")).toBe("5.00");
      // JPY has no minor unit: 100.50 x 149 = 14974.5 -> 14975; 100.01 x 151.235 = 15124.76235 -> 15125
      expect(settle("100.50", "149", "JPY")).toBe("14975");
      expect(settle("100.01", "151.235", "JPY")).toBe("15125");
      expect(settle("100.01", "149.1234", "KRW")).toBe("14914");
      // KWD has three: 10.01 x 0.3077 = 3.080077 -> 3.080; 1.50 x 0.001 = 0.0015 -> 0.002
      expect(settle("10.01", "0.3077", "KWD")).toBe("3.080");
      expect(settle("1.50", "0.001", "KWD")).toBe("0.002");
    });

    it("takes a three-decimal amount where the currency has three, and settles it exactly", async () => {
      const c = await side();
      const d = await submitDeposit(t, c.finance, c.id, { amount: "100.005", currency: "KWD" });
      expect(d.amount).toBe("100.0050");
      // 100.005 x 7.1234 = 712.375617 -> 712.38 (USD, half-up)
      const approved = await approveDeposit(t.deps, TEST_OPERATOR, {
        depositNo: d.depositNo,
        settledCurrency: "USD",
        rate: "7.1234",
      });
      expect(approved).toMatchObject({ settledAmount: "712.3800", balanceAfter: "712.3800" });
      expect(await balanceOf(t, c.id)).toBe("712.3800");
      expect(await ledgerViolations(t.deps.db, c.id)).toEqual([]);
    });

    it("credits the settled amount with one Add entry, locks rate and balances, records the event", async () => {
      const c = await side();
      await withNotifyUrl(c.id);
      const d = await submitDeposit(t, c.finance, c.id, { amount: "100.01", currency: "CNY" });
      t.clock.advance(1_000);
      const approved = await approveDeposit(t.deps, TEST_OPERATOR, {
        depositNo: d.depositNo,
        settledCurrency: "USD",
        rate: "7.1234",
      });
      expect(approved).toMatchObject({
        status: "success",
        settledAmount: "712.4100",
        settledCurrency: "USD",
        exchangeRate: "7.12340000",
        balanceBefore: "0.0000",
        balanceAfter: "712.4100",
      });
      expect(approved.statusTime.toISOString()).toBe(t.clock.now().toISOString());
      expect(await balanceOf(t, c.id)).toBe("712.4100");
      const entries = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.depositId, approved.id));
      expect(entries.map((e) => [e.type, e.amount, e.balanceBefore, e.balanceAfter])).toEqual([
        ["add", "712.4100", "0.0000", "712.4100"],
      ]);
      const events = await t.deps.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, c.id));
      expect(events).toHaveLength(1);
      expect(events[0]!.type).toBe("deposit.status");
      expect(events[0]!.eventId).toMatch(/^[0-9a-f-]{36}$/);
      expect(events[0]!.payload).toEqual({
        depositNo: d.depositNo,
        referenceNo: d.referenceNo,
        status: "success",
        amount: "100.0100",
        currency: "CNY",
        settledAmount: "712.4100",
        settledCurrency: "USD",
        exchangeRate: "7.12340000",
        statusTime: t.clock.now().toISOString(),
      });
      const shown = expectOk<{ list: Deposit[] }>(await list(c.finance, `&referenceNo=${d.referenceNo}`), EN);
      expect(shown.list[0]).toMatchObject({ status: "success", settledAmount: "712.4100", balanceAfter: "712.4100" });
      // Funds Details says where the credit came from in the reader's language (the remark is stored as a key).
      const remark = async (lang: typeof EN | typeof ZH) =>
        expectOk<{ list: { remark: string }[] }>(
          await call(t, "GET", "/portal/merchant/api/fund/transaction/list?pageSize=1", { token: c.finance, lang }),
          lang,
        ).list[0]?.remark;
      expect(await remark(EN)).toBe(`Deposit ${d.depositNo} (100.0100 CNY × 7.1234)`);
      expect(await remark(ZH)).toBe(`充值 ${d.depositNo}（100.0100 CNY × 7.1234）`);

      // A second deposit chains on the first: 1000.50 x 0.0070315 -> 7.04.
      const d2 = await submitDeposit(t, c.finance, c.id, { amount: "1000.50", currency: "INR" });
      const second = await approveDeposit(t.deps, TEST_OPERATOR, {
        depositNo: d2.depositNo,
        settledCurrency: "USD",
        rate: "0.0070315",
      });
      expect([second.settledAmount, second.balanceBefore, second.balanceAfter]).toEqual([
        "7.0400",
        "712.4100",
        "719.4500",
      ]);
      expect(await ledgerViolations(t.deps.db, c.id)).toEqual([]);
    });

    it("rounds to whole units for a JPY balance", async () => {
      const c = await side();
      await t.deps.db.update(merchants).set({ currency: "JPY" }).where(eq(merchants.id, c.id));
      const d = await submitDeposit(t, c.finance, c.id, { amount: "100.50", currency: "USD" });
      const approved = await approveDeposit(t.deps, TEST_OPERATOR, {
        depositNo: d.depositNo,
        settledCurrency: "JPY",
        rate: "149",
      });
      expect([approved.settledAmount, approved.balanceAfter]).toEqual(["14975.0000", "14975.0000"]);
    });

    it("refuses a settled currency other than the merchant's balance currency, writing nothing", async () => {
      const d = await submitDeposit(t, a.finance, a.id, { amount: "10.00" });
      await expect(
        approveDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, settledCurrency: "EUR", rate: "1" }),
      ).rejects.toThrow("The settled currency must be the merchant's balance currency, USD (not EUR)");
      await expect(
        approveDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, settledCurrency: "USD", rate: "-1" }),
      ).rejects.toThrow(/exchange rate/);
      await expect(
        approveDeposit(t.deps, TEST_OPERATOR, { depositNo: "D000", settledCurrency: "USD", rate: "1" }),
      ).rejects.toThrow("No deposit D000");
      const huge = await submitDeposit(t, a.finance, a.id, { amount: "9999999999999.99" });
      await expect(
        approveDeposit(t.deps, TEST_OPERATOR, {
          depositNo: huge.depositNo,
          settledCurrency: "USD",
          rate: "999999999999",
        }),
      ).rejects.toThrow(/too large/);
      await expect(
        approveDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, settledCurrency: "USD", rate: "0.00000001" }),
      ).rejects.toThrow("The settled amount rounds to 0.00 USD; nothing to credit");
      expect((await depositRow(huge.depositNo)).status).toBe("pending");
      expect((await depositRow(d.depositNo)).status).toBe("pending");
      expect(await balanceOf(t, a.id)).toBe("0.0000");
    });

    it("approves once: a second approval is refused with no second entry", async () => {
      const c = await side();
      const d = await submitDeposit(t, c.finance, c.id, { amount: "50.00" });
      await approveDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, settledCurrency: "USD", rate: "1" });
      await expect(
        approveDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, settledCurrency: "USD", rate: "2" }),
      ).rejects.toThrow(`Deposit ${d.depositNo} is already approved; it cannot be approved or rejected again`);
      await expect(
        rejectDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, reason: "late" }),
      ).rejects.toMatchObject({
        failure: "depositAlreadyApproved",
        params: { depositNo: d.depositNo },
      });
      const row = await depositRow(d.depositNo);
      expect([row.status, row.exchangeRate]).toEqual(["success", "1.00000000"]);
      expect(await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.depositId, row.id))).toHaveLength(1);
      expect(await balanceOf(t, c.id)).toBe("50.0000");
    });

    it("approving the same deposit concurrently credits it once", async () => {
      const c = await side();
      const d = await submitDeposit(t, c.finance, c.id, { amount: "20.00" });
      const outcomes = await Promise.allSettled(
        [0, 1, 2].map(() =>
          approveDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, settledCurrency: "USD", rate: "1" }),
        ),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      expect(await balanceOf(t, c.id)).toBe("20.0000");
      expect(await ledgerViolations(t.deps.db, c.id)).toEqual([]);
    });
  });

  describe("rejection", () => {
    it("marks a pending deposit Failed with its reason, no entry, an event; then refuses approval", async () => {
      const c = await side();
      await withNotifyUrl(c.id);
      const d = await submitDeposit(t, c.finance, c.id);
      t.clock.advance(5_000);
      await expect(rejectDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, reason: "  " })).rejects.toThrow(
        /reason/,
      );
      const rejected = await rejectDeposit(t.deps, TEST_OPERATOR, {
        depositNo: d.depositNo,
        reason: "No transfer received",
      });
      expect([rejected.status, rejected.rejectReason, rejected.statusTime.toISOString()]).toEqual([
        "failed",
        "No transfer received",
        t.clock.now().toISOString(),
      ]);
      await expect(
        approveDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, settledCurrency: "USD", rate: "1" }),
      ).rejects.toThrow(`Deposit ${d.depositNo} is already rejected; it cannot be approved or rejected again`);
      await expect(rejectDeposit(t.deps, TEST_OPERATOR, { depositNo: d.depositNo, reason: "again" })).rejects.toThrow(
        "already rejected",
      );
      expect(await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.merchantId, c.id))).toEqual([]);
      expect(await balanceOf(t, c.id)).toBe("0.0000");
      const events = await t.deps.db.select().from(merchantEvents).where(eq(merchantEvents.merchantId, c.id));
      expect(events.map((e) => (e.payload as { status: string }).status)).toEqual(["failed"]);
      const shown = expectOk<{ list: Deposit[] }>(await list(c.operator, "&status=failed"), EN);
      expect(shown.list.map((x) => [x.depositNo, x.rejectReason])).toEqual([[d.depositNo, "No transfer received"]]);
    });
  });
});
