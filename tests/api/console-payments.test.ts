import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConsoleBankAccount, depositCalls, type PaymentGateway, paymentCalls } from "#contracts";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
import { DEPOSIT, depositForm, insertProof, submitDeposit } from "../support/funds-fixtures";
import { openShop } from "../support/order-fixtures";
import { consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * Payments in the console (issue 16): the receiving bank accounts and payment methods a merchant's Recharge
 * dialog shows, managed by finance; a disabled account or method is no longer offered; once methods exist, a
 * recharge must name one of them.
 */
describe.each(engines)("the console's payments on %s", (engine) => {
  let t: TestApp;
  let finance: TestStaff;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    finance = await staffMember(t, ["financeOfficer"]);
    token = await staffLogin(t, finance);
  });
  afterAll(() => closeTestApp(t));

  const write = async (method: "POST" | "PUT", url: string, payload: object, stepUp = true) =>
    call(t, method, url, {
      token,
      lang: EN,
      payload,
      ...(stepUp && { headers: { "x-mfa-code": await staffCode(t, finance) } }),
    });

  it("adds, edits and disables a bank account, which the merchant's Recharge dialog shows while enabled", async () => {
    const shop = await openShop(t);
    const account = {
      bankName: "HSBC Hong Kong",
      accountName: "Reseller Ltd",
      accountNumber: "004-123-456789-001",
      swiftOrBranch: "HSBCHKHHHKH",
      currency: "usd",
    };
    const bad = await write("POST", consoleUrl(paymentCalls.createBankAccount), { ...account, bankName: " " });
    expect(bad.json().data.errors).toEqual({ bankName: "This field is required" });
    const added = expectOk<ConsoleBankAccount>(
      await write("POST", consoleUrl(paymentCalls.createBankAccount), account),
      EN,
    );
    expect(added).toMatchObject({ currency: "USD", enabled: true, note: "" });
    const seen = async () =>
      expectOk<{ list: { id: number }[]; gateways: string[] }>(
        await call(t, "GET", `/portal${depositCalls.bankAccounts.path}`, {
          token: await t.login(shop.merchant.users.finance.username),
        }),
      );
    expect((await seen()).list.map((a) => a.id)).toContain(added.id);

    const disabled = expectOk<ConsoleBankAccount>(
      await write("PUT", consoleUrl(paymentCalls.updateBankAccount, { id: added.id }), { ...account, enabled: false }),
      EN,
    );
    expect(disabled.enabled).toBe(false);
    expect((await seen()).list.map((a) => a.id)).not.toContain(added.id);
    const all = expectOk<ConsoleBankAccount[]>(await call(t, "GET", consoleUrl(paymentCalls.bankAccounts), { token }));
    expect(all.find((a) => a.id === added.id)).toMatchObject({ enabled: false });
    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetKind, "bankAccount"), eq(auditEvents.targetId, String(added.id))));
    expect(audit.map((a) => a.action)).toEqual(["payments.bankAccountAdded", "payments.bankAccountChanged"]);
  });

  it("offers the enabled payment methods in order, and then requires a recharge to name one", async () => {
    const shop = await openShop(t);
    const add = async (name: string, sort: number) =>
      expectOk<PaymentGateway>(await write("POST", consoleUrl(paymentCalls.createGateway), { name, sort }, false), EN);
    const usdt = await add("USDT (TRC20)", 2);
    await add("Bank transfer", 1);
    expect(
      (await write("POST", consoleUrl(paymentCalls.createGateway), { name: "Bank transfer" }, false)).statusCode,
    ).toBe(409);
    await write(
      "PUT",
      consoleUrl(paymentCalls.updateGateway, { id: usdt.id }),
      { name: "USDT (TRC20)", sort: 2, enabled: false },
      false,
    );
    const offered = expectOk<{ gateways: string[] }>(
      await call(t, "GET", `/portal${depositCalls.bankAccounts.path}`, {
        token: await t.login(shop.merchant.users.finance.username),
      }),
    );
    expect(offered.gateways).toEqual(["Bank transfer"]);
    // A recharge names one of them now: another (or a disabled one) is refused, nothing written.
    const financeToken = await t.login(shop.merchant.users.finance.username);
    const other = await call(t, "POST", DEPOSIT, {
      token: financeToken,
      lang: EN,
      payload: depositForm(await insertProof(t, shop.merchantId), { paymentGateway: "USDT (TRC20)" }),
    });
    expect([other.statusCode, other.json().data.errors]).toEqual([
      400,
      { paymentGateway: "Choose one of the payment methods offered" },
    ]);
    expect(await submitDeposit(t, financeToken, shop.merchantId, { paymentGateway: "Bank transfer" })).toMatchObject({
      paymentGateway: "Bank transfer",
    });
    // Customer service may not change payments.
    const service = await staffMember(t, ["customerService"]);
    const refused = await call(t, "POST", consoleUrl(paymentCalls.createGateway), {
      token: await staffLogin(t, service),
      payload: { name: "Alipay" },
    });
    expect(refused.statusCode).toBe(403);
  });
});
