import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReceivingBankAccount } from "#contracts";
import { merchants } from "../../server/src/db/schema";
import {
  addBankAccount,
  listBankAccounts,
  setBankAccountEnabled,
} from "../../server/src/modules/deposit/bank-account.service";
import { call, closeTestApp, EN, expectFailure, expectOk, failureMessage, M } from "../support/api-helpers";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

const ACCOUNTS = "/portal/merchant/api/fund/deposit/bank-accounts";

describe.each(engines)("the reseller's receiving bank accounts (%s)", (engine) => {
  let t: TestApp;
  let usd: TestMerchant;
  let eur: TestMerchant;

  beforeAll(async () => {
    t = await startTestApp(engine);
    usd = await t.merchant();
    eur = await t.merchant();
    await t.deps.db.update(merchants).set({ currency: "EUR" }).where(eq(merchants.merchantNo, eur.merchantNo));
  });
  afterAll(() => closeTestApp(t));

  const shown = async (merchant: TestMerchant, role: "admin" | "finance" = "finance") => {
    const token = await t.login(merchant.users[role].username);
    return expectOk<{ currency: string; list: ReceivingBankAccount[] }>(
      await call(t, "GET", ACCOUNTS, { token, lang: EN }),
      EN,
    );
  };

  it("shows no account until one is set up for the merchant's currency", async () => {
    expect(await shown(usd)).toEqual({ currency: "USD", list: [], gateways: [] });
  });

  it("shows the enabled accounts in the merchant's currency only, for who may recharge", async () => {
    const hsbc = await addBankAccount(t.deps, {
      bankName: " HSBC Hong Kong ",
      accountName: "Reseller Ltd.",
      accountNumber: "400-123456-838",
      swiftOrBranch: "HSBCHKHHHKH",
      currency: "usd",
      note: "Your merchant number as the reference",
    });
    await addBankAccount(t.deps, {
      bankName: "Deutsche Bank",
      accountName: "Reseller GmbH",
      accountNumber: "DE89370400440532013000",
      currency: "EUR",
    });
    const old = await addBankAccount(t.deps, {
      bankName: "Old Bank",
      accountName: "Reseller Ltd.",
      accountNumber: "1",
      currency: "USD",
    });
    await setBankAccountEnabled(t.deps, old.id, false);

    expect(await shown(usd)).toEqual({
      currency: "USD",
      list: [
        {
          id: hsbc.id,
          bankName: "HSBC Hong Kong",
          accountName: "Reseller Ltd.",
          accountNumber: "400-123456-838",
          swiftOrBranch: "HSBCHKHHHKH",
          currency: "USD",
          note: "Your merchant number as the reference",
        },
      ],
      gateways: [],
    });
    expect((await shown(usd, "admin")).list).toHaveLength(1);
    expect((await shown(eur)).list.map((a) => a.bankName)).toEqual(["Deutsche Bank"]);
    // Operators may not recharge, so they are not told where to send money.
    const operator = await t.login(usd.users.operator.username);
    expectFailure(await call(t, "GET", ACCOUNTS, { token: operator, lang: EN }), 403, M.forbidden[EN]);
  });

  it("enables a disabled account again, and lists every account for the operator", async () => {
    const [old] = (await listBankAccounts(t.deps, { currency: "usd" })).filter((a) => !a.enabled);
    await setBankAccountEnabled(t.deps, old!.id, true);
    expect((await shown(usd)).list.map((a) => a.accountNumber)).toEqual(["400-123456-838", "1"]);
    expect((await listBankAccounts(t.deps)).map((a) => a.currency)).toEqual(["USD", "EUR", "USD"]);
  });

  it("refuses an account without its details or with a bad currency, and an unknown id", async () => {
    const sentence = failureMessage;
    const base = { bankName: "B", accountName: "A", accountNumber: "1", currency: "USD" };
    expect(await sentence(() => addBankAccount(t.deps, { ...base, accountNumber: "  " }))).toBe(
      "A bank account needs --account-number",
    );
    expect(await sentence(() => addBankAccount(t.deps, { ...base, currency: "US" }))).toBe(
      "The currency is a three-letter code such as USD",
    );
    expect(await sentence(() => setBankAccountEnabled(t.deps, 999_999, false))).toBe("No bank account #999999");
    expect(await sentence(() => setBankAccountEnabled(t.deps, "#4x", false))).toBe("No bank account #4x");
  });
});
