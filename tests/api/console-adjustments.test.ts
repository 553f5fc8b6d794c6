import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Adjustment, adjustmentCalls, type Page } from "#contracts";
import { ledgerEntries, merchants } from "../../server/src/db/schema";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { call, closeTestApp, EN, expectFailure, expectOk } from "../support/api-helpers";
import { merchantIdOf } from "../support/funds-fixtures";
import { fund } from "../support/order-fixtures";
import { consoleUrl, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * Balance adjustments in the console under four-eyes (issue 15): up to ADJUSTMENT_FOUR_EYES_ABOVE (500 here)
 * one posts at once; above it, it waits for a second finance officer, never the one who asked; the ledger entry,
 * the adjustment's state and the audit entry are written together, and a balance never goes below zero.
 */
describe.each(engines)("four-eyes balance adjustments on %s", (engine) => {
  let t: TestApp;
  let first: TestStaff;
  let second: TestStaff;
  let firstToken: string;
  let secondToken: string;
  let m: TestMerchant;
  let merchantId: number;

  beforeAll(async () => {
    t = await startTestApp(engine, { config: { ADJUSTMENT_FOUR_EYES_ABOVE: "500" } });
    [first, second] = [await staffMember(t, ["financeOfficer"]), await staffMember(t, ["financeOfficer"])];
    [firstToken, secondToken] = [await staffLogin(t, first), await staffLogin(t, second)];
    m = await t.merchant();
    merchantId = await merchantIdOf(t, m.merchantNo);
    await fund(t, merchantId, "1000");
  });
  afterAll(() => closeTestApp(t));

  const balance = async () =>
    (await t.deps.db.select({ b: merchants.balance }).from(merchants).where(eq(merchants.id, merchantId)))[0]!.b;
  const entries = async () =>
    Number(
      (
        await t.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.merchantId, merchantId))
      )[0]!.n,
    );
  const ask = (token: string, payload: object) =>
    call(t, "POST", consoleUrl(adjustmentCalls.create), { token, lang: EN, payload });
  const decide = (
    token: string,
    c: typeof adjustmentCalls.approve | typeof adjustmentCalls.reject,
    id: number,
    payload?: object,
  ) => call(t, "POST", consoleUrl(c, { id }), { token, lang: EN, ...(payload && { payload }) });

  it("posts a small adjustment at once, with its remark, and says so", async () => {
    const before = await entries();
    const done = expectOk<Adjustment>(
      await ask(firstToken, { merchantNo: m.merchantNo, type: "reduce", amount: "100", remark: "Chargeback fee" }),
      EN,
    );
    expect(done).toMatchObject({
      status: "posted",
      amount: "-100.0000",
      balanceAfter: "900.0000",
      requestedBy: first.username,
    });
    expect(await balance()).toBe("900.0000");
    expect(await entries()).toBe(before + 1);
    const noRemark = await ask(firstToken, { merchantNo: m.merchantNo, type: "other", amount: "5", remark: " " });
    expect(noRemark.json()).toMatchObject({ code: 400, data: { errors: { remark: "This field is required" } } });
    const zero = await ask(firstToken, { merchantNo: m.merchantNo, type: "other", amount: "0", remark: "x" });
    expect(zero.json()).toMatchObject({ code: 400, data: { errors: { amount: "The amount cannot be 0" } } });
  });

  it("holds a large one until a second staff member approves it; the one who asked cannot", async () => {
    const before = await entries();
    const pending = expectOk<Adjustment>(
      await ask(firstToken, { merchantNo: m.merchantNo, type: "other", amount: "750.5", remark: "Promotion credit" }),
      EN,
    );
    expect(pending).toMatchObject({ status: "pending", amount: "750.5000", balanceAfter: null });
    expect(await balance()).toBe("900.0000");
    expect(await entries()).toBe(before);

    const queue = expectOk<Page<Adjustment>>(
      await call(t, "GET", `${consoleUrl(adjustmentCalls.list)}?status=pending`, { token: secondToken, lang: EN }),
      EN,
    );
    expect(queue.list.map((a) => a.id)).toEqual([pending.id]);

    expectFailure(
      await decide(firstToken, adjustmentCalls.approve, pending.id),
      403,
      "A second staff member must approve this adjustment: you asked for it",
      null,
    );
    const approved = expectOk<Adjustment>(await decide(secondToken, adjustmentCalls.approve, pending.id), EN);
    expect(approved).toMatchObject({ status: "posted", decidedBy: second.username, balanceAfter: "1650.5000" });
    expect(await balance()).toBe("1650.5000");
    expect(await entries()).toBe(before + 1);
    expectFailure(
      await decide(secondToken, adjustmentCalls.approve, pending.id),
      409,
      "This adjustment has already been decided",
      null,
    );

    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.merchantId, merchantId));
    const mine = audit.filter((e) => e.action === "adjustment.requested" || e.action === "balance.adjusted");
    expect(mine.map((e) => [e.action, e.actorName])).toEqual([
      ["balance.adjusted", first.username],
      ["adjustment.requested", first.username],
      ["balance.adjusted", second.username],
    ]);
  });

  it("refuses to approve what would take the balance below zero (it stays pending), and rejects with a reason", async () => {
    const big = expectOk<Adjustment>(
      await ask(firstToken, { merchantNo: m.merchantNo, type: "reduce", amount: "-5000", remark: "Wrong top-up" }),
      EN,
    );
    expect(big).toMatchObject({ status: "pending", amount: "-5000.0000" });
    const refused = await decide(secondToken, adjustmentCalls.approve, big.id);
    expect(refused.json().code).toBe(409);
    expect(await balance()).toBe("1650.5000");
    const rejected = expectOk<Adjustment>(
      await decide(secondToken, adjustmentCalls.reject, big.id, { reason: "Amount is wrong" }),
      EN,
    );
    expect(rejected).toMatchObject({ status: "rejected", rejectReason: "Amount is wrong", decidedBy: second.username });
    expect(await balance()).toBe("1650.5000");
    const unknown = await ask(firstToken, { merchantNo: "M999999", type: "other", amount: "1", remark: "x" });
    expect(unknown.json().code).toBe(404);
  });
});
