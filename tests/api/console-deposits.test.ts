import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConsoleDeposit, consoleDepositCalls, type Page } from "#contracts";
import { deposits, files } from "../../server/src/db/schema";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { call, closeTestApp, EN, expectFailure, expectOk } from "../support/api-helpers";
import { merchantIdOf, submitDeposit } from "../support/funds-fixtures";
import { consoleUrl, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

const BALANCE = "/portal/merchant/api/fund/balance";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082",
  "hex",
);

/**
 * The console's deposit review (issue 15): a finance officer sees every merchant's pending deposits in a queue,
 * opens each proof, approves at a rate into the merchant's balance currency (the merchant's balance shows it on
 * its next read) or rejects with a reason; a decided deposit cannot be decided again.
 */
describe.each(engines)("the console's deposit review on %s", (engine) => {
  let t: TestApp;
  let finance: TestStaff;
  let financeToken: string;
  let a: TestMerchant;
  let b: TestMerchant;
  let adminA: string;
  let adminB: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    finance = await staffMember(t, ["financeOfficer"]);
    financeToken = await staffLogin(t, finance);
    [a, b] = [await t.merchant(), await t.merchant()];
    [adminA, adminB] = [await t.login(a.users.admin.username), await t.login(b.users.admin.username)];
  });
  afterAll(() => closeTestApp(t));

  const list = async (query: string) =>
    expectOk<Page<ConsoleDeposit>>(
      await call(t, "GET", `${consoleUrl(consoleDepositCalls.list)}?${query}`, { token: financeToken, lang: EN }),
      EN,
    );
  const decide = (
    c: typeof consoleDepositCalls.approve | typeof consoleDepositCalls.reject,
    id: number,
    payload: object,
  ) => call(t, "POST", consoleUrl(c, { id }), { token: financeToken, lang: EN, payload });

  it("queues every merchant's pending deposits oldest first, with the merchant and a proof it can open", async () => {
    const first = await submitDeposit(t, adminA, await merchantIdOf(t, a.merchantNo));
    const second = await submitDeposit(t, adminB, await merchantIdOf(t, b.merchantNo), { amount: "250.50" });
    // A real image behind the second proof.
    const storageKey = await t.deps.storage.put(PNG);
    await t.deps.db.update(files).set({ storageKey, size: PNG.length }).where(eq(files.id, second.proofFileId!));

    const queue = await list("status=pending&pageNum=1&pageSize=50");
    const mine = queue.list.filter((d) => [first.depositNo, second.depositNo].includes(d.depositNo));
    expect(mine.map((d) => [d.depositNo, d.merchantNo, d.amount, d.balanceCurrency])).toEqual([
      [first.depositNo, a.merchantNo, "100.0000", "USD"],
      [second.depositNo, b.merchantNo, "250.5000", "USD"],
    ]);
    expect((await list(`merchantNo=${b.merchantNo}`)).list.map((d) => d.depositNo)).toEqual([second.depositNo]);

    const proof = await call(t, "GET", mine[1]!.proofUrl!, { token: financeToken });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers["content-type"]).toBe("image/png");
    expect(proof.rawPayload.equals(PNG)).toBe(true);
    // The merchant's own file call still answers only that merchant.
    const other = await call(t, "GET", `/portal/merchant/api/upload/file/${second.proofFileId}`, {
      token: adminA,
      lang: EN,
    });
    expect(other.statusCode).toBe(404);
  });

  it("approves at a rate into the balance, which the merchant reads at once, and audits it under the staff member", async () => {
    const merchantId = await merchantIdOf(t, a.merchantNo);
    const before = expectOk<{ balance: string }>(await call(t, "GET", BALANCE, { token: adminA }));
    const deposit = await submitDeposit(t, adminA, merchantId, { amount: "100.00" });
    const queued = (await list(`depositNo=${deposit.depositNo}`)).list[0]!;

    const bad = await decide(consoleDepositCalls.approve, queued.id, { rate: "-1" });
    expect(bad.json()).toMatchObject({ code: 400, data: { errors: { rate: expect.any(String) } } });
    const approved = expectOk<ConsoleDeposit>(
      await decide(consoleDepositCalls.approve, queued.id, { rate: "0.98765" }),
      EN,
    );
    expect(approved).toMatchObject({
      status: "success",
      settledAmount: "98.7700",
      settledCurrency: "USD",
      exchangeRate: "0.98765000",
    });
    const after = expectOk<{ balance: string }>(await call(t, "GET", BALANCE, { token: adminA }));
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(98.77, 2);

    const again = await decide(consoleDepositCalls.reject, queued.id, { reason: "late" });
    expect(again.json().code).toBe(409);
    const [entry] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, deposit.depositNo));
    expect(entry).toMatchObject({ action: "deposit.approved", actorKind: "staff", actorName: finance.username });
    // The amount stays on both sides: the log reads "Pending → Success" with the settled figures added.
    const { amount, currency } = (entry?.before ?? {}) as { amount?: string; currency?: string };
    expect(Number(amount)).toBe(100);
    expect(entry?.after).toMatchObject({ status: "success", amount, currency, settledAmount: "98.7700" });
  });

  it("rejects with a reason, which the merchant's Recharge History shows; no money moves", async () => {
    const merchantId = await merchantIdOf(t, b.merchantNo);
    const before = expectOk<{ balance: string }>(await call(t, "GET", BALANCE, { token: adminB }));
    const deposit = await submitDeposit(t, adminB, merchantId);
    const noReason = await decide(consoleDepositCalls.reject, deposit.id, { reason: "  " });
    expect(noReason.json()).toMatchObject({ code: 400, data: { errors: { reason: "This field is required" } } });
    const rejected = expectOk<ConsoleDeposit>(
      await decide(consoleDepositCalls.reject, deposit.id, { reason: "The transfer did not arrive" }),
      EN,
    );
    expect(rejected).toMatchObject({ status: "failed", rejectReason: "The transfer did not arrive" });
    const [row] = await t.deps.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row?.rejectReason).toBe("The transfer did not arrive");
    expect(expectOk<{ balance: string }>(await call(t, "GET", BALANCE, { token: adminB })).balance).toBe(
      before.balance,
    );
    expectFailure(await decide(consoleDepositCalls.approve, 999_999, { rate: "1" }), 404, "No deposit 999999", {
      errors: { depositNo: "No deposit 999999" },
    });
  });
});
