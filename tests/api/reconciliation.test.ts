import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Discrepancy,
  type Page,
  type ReconcilableSupplier,
  type ReconciliationRun,
  reconciliationCalls,
  type SupplierAccountBody,
  type SupplierAccountView,
  supplierCalls,
  supplierKindInfo,
  supplierKinds,
} from "#contracts";
import { manualClock } from "../../server/src/lib/clock";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { reconciliationCommands } from "../../server/src/modules/reconciliation/reconciliation.commands";
import { reconciliationItems, reconciliationRuns } from "../../server/src/modules/reconciliation/reconciliation.schema";
import { runReconciliation } from "../../server/src/modules/reconciliation/reconciliation.service";
import { runScheduledReconciliations } from "../../server/src/modules/reconciliation/reconciliation.worker";
import { startReconciliation } from "../../server/src/modules/reconciliation/reconciliation-review.service";
import { supplierAdapters } from "../../server/src/modules/supplier/registry";
import type { SupplierTransaction, TimeWindow } from "../../server/src/modules/supplier/supplier";
import { supplierAccounts, supplierBalances } from "../../server/src/modules/supplier/supplier.schema";
import {
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  failureMessage,
  ZH,
} from "../support/api-helpers";
import { at, usd } from "../support/reconciliation";
import { absentParams, consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { standInSupplier } from "../support/supplier-fixtures";
import { startTestApp, TEST_OPERATOR, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * Reconciliation with the suppliers (issue 19): a run reads a supplier account's own transaction report for a
 * window, matches it to our attempts by our reference and keeps every difference for a person to resolve. The
 * same the whole way round at local stand-ins of Reloadly and DingConnect: reconciliation-suppliers.test.ts.
 */

const DAY = { start: new Date("2026-11-20T00:00:00Z"), end: new Date("2026-11-21T00:00:00Z") };
const tx = (
  reference: string | null,
  transactionId: string,
  state: SupplierTransaction["state"],
  charged: string | null,
  time: string,
): SupplierTransaction => ({
  reference,
  transactionId,
  state,
  charged: charged === null ? null : usd(charged),
  at: at(time),
});

/** A supplier (of the kind Reloadly) whose report is `report` for any account, recording the windows it is asked. */
function reportingSupplier(report: SupplierTransaction[] | (() => Promise<SupplierTransaction[]>)) {
  const asked: TimeWindow[] = [];
  const registry = standInSupplier("reloadly", {
    transactions: async (window) => {
      asked.push(window);
      return typeof report === "function" ? report() : report;
    },
  });
  return { registry, asked };
}

describe.each(engines)("reconciliation on %s", (engine) => {
  let t: TestApp;
  let admin: TestStaff;
  let adminToken: string;
  let finance: TestStaff;
  let financeToken: string;
  let techToken: string;
  let clerkToken: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await staffMember(t, ["superAdmin"]);
    adminToken = await staffLogin(t, admin);
    finance = await staffMember(t, ["financeOfficer"]);
    financeToken = await staffLogin(t, finance);
    techToken = await staffLogin(t, await staffMember(t, ["technology"]));
    clerkToken = await staffLogin(t, await staffMember(t, ["customerService"]));
  });
  afterAll(() => closeTestApp(t));

  let codes = 0;
  const addSupplier = async (body: Partial<SupplierAccountBody> = {}) =>
    expectOk<SupplierAccountView>(
      await call(t, "POST", consoleUrl(supplierCalls.create), {
        token: adminToken,
        lang: EN,
        headers: { "x-mfa-code": await staffCode(t, admin) },
        payload: {
          code: `reloadly-${engine}-${codes++}`,
          name: "Reloadly sandbox",
          kind: "reloadly",
          baseUrl: "https://topups-sandbox.reloadly.com",
          authUrl: "https://auth.reloadly.com",
          credentials: { clientId: "client", clientSecret: "secret" },
          ...body,
        },
      }),
      EN,
    );
  const get = async <T>(url: string, token = financeToken) =>
    expectOk<T>(await call(t, "GET", url, { token, lang: EN }), EN);
  const runView = (id: number) => get<ReconciliationRun>(consoleUrl(reconciliationCalls.run, { id }));
  const discrepancies = async (id: number, query = "") =>
    get<Page<Discrepancy>>(`${consoleUrl(reconciliationCalls.discrepancies, { id })}${query}`);
  const start = (payload: object, lang = EN) =>
    call(t, "POST", consoleUrl(reconciliationCalls.start), { token: financeToken, lang, payload });
  const resolve = (id: number, note: unknown, lang = EN) =>
    call(t, "POST", consoleUrl(reconciliationCalls.resolve, { id }), { token: financeToken, lang, payload: { note } });
  const simulatorId = async () =>
    (await t.deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.code, "simulator")))[0]!.id;

  it("lets finance run and resolve, technology read, and no one else", async () => {
    const calls = Object.values(reconciliationCalls);
    const status = async (token: string, c: (typeof calls)[number]) =>
      (
        await call(t, c.method, consoleUrl(c, absentParams(c)), {
          token,
          lang: EN,
          ...(c.method === "POST" && { payload: {} }),
        })
      ).json().code;
    const forbidden = (await Promise.all(calls.map((c) => status(clerkToken, c)))).map((code) => code === 403);
    expect(forbidden).toEqual(calls.map(() => true));
    expect(await status(techToken, reconciliationCalls.runs)).toBe(200);
    expect(await status(techToken, reconciliationCalls.run)).toBe(404);
    expect(await status(techToken, reconciliationCalls.start)).toBe(403);
    expect(await status(techToken, reconciliationCalls.resolve)).toBe(403);
    // Finance passes the permission check and reaches the call's own checks.
    expect(await status(financeToken, reconciliationCalls.start)).toBe(400);
    expect(await status(financeToken, reconciliationCalls.resolve)).toBe(400);
  });

  it("refuses bad input and unknown runs, discrepancies and suppliers with translated messages", async () => {
    const window = { windowStart: "2026-11-20T00:00:00Z", windowEnd: "2026-11-21T00:00:00Z" };
    expectFieldErrors(await start({ ...window, windowEnd: "2026-11-19T00:00:00Z", supplierId: 1 }), {
      windowEnd: "The end must be after the start",
    });
    expectFieldErrors(await start({ ...window, windowEnd: "2026-12-22T00:00:00Z", supplierId: 1 }, ZH), {
      windowEnd: "时间范围最多 31 天",
    });
    expectFieldErrors(await start({ windowStart: "yesterday", windowEnd: window.windowEnd, supplierId: 1 }), {
      windowStart: "Not a valid date and time",
    });
    expectFailure(await start({ ...window, supplierId: 999_999 }), 404, "This supplier does not exist");
    expectFieldErrors(await resolve(1, "  "), { note: "This field is required" });
    expectFieldErrors(await resolve(1, "x".repeat(501), ZH), { note: "该值过长" });
    expectFailure(await resolve(999_999, "checked"), 404, "No such discrepancy");
    const missingRun = await call(t, "GET", consoleUrl(reconciliationCalls.run, { id: 999_999 }), {
      token: financeToken,
      lang: ZH,
    });
    expectFailure(missingRun, 404, "对账记录不存在");
    const list = consoleUrl(reconciliationCalls.discrepancies, { id: 999_999 });
    expectFailure(await call(t, "GET", list, { token: financeToken, lang: EN }), 404, "No such reconciliation run");
    const badKind = await call(t, "GET", `${list}?kind=lostInTheMail`, { token: financeToken, lang: EN });
    expectFieldErrors(badKind, { kind: "Please choose one of the options" });
  });

  it("refuses the simulator, which keeps no report, and writes no run", async () => {
    const payload = {
      supplierId: await simulatorId(),
      windowStart: "2026-11-20T00:00:00Z",
      windowEnd: "2026-11-21T00:00:00Z",
    };
    expectFailure(await start(payload), 409, "Simulator keeps no transaction report to reconcile with (a simulator)");
    expectFailure(await start(payload, ZH), 409, "Simulator 没有可供对账的交易报表（模拟供应商）");
    expect(await t.deps.db.select().from(reconciliationRuns)).toEqual([]);
  });

  it("offers finance the accounts that keep a report, though finance cannot read the supplier accounts", async () => {
    const reloadly = await addSupplier();
    const offered = await get<ReconcilableSupplier[]>(consoleUrl(reconciliationCalls.suppliers));
    expect(offered).toContainEqual({ id: reloadly.id, code: reloadly.code, name: "Reloadly sandbox", enabled: true });
    // Neither the built-in simulator nor the sandbox's: simulators keep no report.
    expect(offered.map((s) => s.code)).not.toContain("simulator");
    expect(offered.map((s) => s.code)).not.toContain("sandbox");
    expect((await call(t, "GET", consoleUrl(supplierCalls.list), { token: financeToken, lang: EN })).statusCode).toBe(
      403,
    );
  });

  it("declares which kinds keep a report as their adapters do", () => {
    const clock = manualClock(new Date("2026-11-20T00:00:00Z"));
    const account = { id: 1, baseUrl: "https://supplier.invalid", authUrl: "", credentials: {} };
    for (const kind of supplierKinds) {
      const client = supplierAdapters[kind].connect(account, { clock, simulatorDelayMs: 0 });
      expect([kind, typeof client.transactions === "function"]).toEqual([kind, supplierKindInfo[kind].reconciles]);
    }
  });

  it("keeps each transaction no attempt of ours matches, counts the window's own, and compares the balance", async () => {
    const supplier = await addSupplier();
    // Balance checks before, inside and after the window: the newest at or before each edge counts.
    await t.deps.db.insert(supplierBalances).values([
      { supplierId: supplier.id, balance: "120.00", currency: "USD", checkedAt: at("2026-11-19T23:00:00Z") },
      { supplierId: supplier.id, balance: "100.00", currency: "USD", checkedAt: at("2026-11-19T23:55:00Z") },
      { supplierId: supplier.id, balance: "90.00", currency: "USD", checkedAt: at("2026-11-20T12:00:00Z") },
      { supplierId: supplier.id, balance: "90.50", currency: "USD", checkedAt: at("2026-11-21T00:00:00Z") },
      { supplierId: supplier.id, balance: "10.00", currency: "USD", checkedAt: at("2026-11-21T00:00:01Z") },
    ]);
    const { registry, asked } = reportingSupplier([
      tx("P-UNKNOWN-1", "9001", "success", "5.00", "2026-11-20T03:00:00Z"),
      tx(null, "9002", "success", "2.50", "2026-11-20T04:00:00Z"),
      tx("P-UNKNOWN-2", "9003", "failed", null, "2026-11-20T05:00:00Z"),
      tx("P-UNKNOWN-3", "9004", "pending", null, "2026-11-20T06:00:00Z"),
      // In the margin: the day before's, not this window's.
      tx("P-UNKNOWN-4", "9005", "success", "1.00", "2026-11-19T23:30:00Z"),
    ]);
    const run = await startReconciliation(
      t.deps,
      TEST_OPERATOR,
      { supplierId: supplier.id, windowStart: DAY.start.toISOString(), windowEnd: DAY.end.toISOString() },
      registry,
    );
    expect(asked).toEqual([{ start: at("2026-11-19T23:00:00Z"), end: at("2026-11-21T01:00:00Z") }]);
    const now = t.clock.now().toISOString();
    expect(run).toEqual({
      id: run.id,
      supplierId: supplier.id,
      supplierCode: supplier.code,
      supplierName: "Reloadly sandbox",
      windowStart: "2026-11-20T00:00:00.000Z",
      windowEnd: "2026-11-21T00:00:00.000Z",
      trigger: "operator",
      state: "done",
      startTime: now,
      finishTime: now,
      error: "",
      supplierTransactions: 4,
      matched: 0,
      discrepancies: 2,
      open: 2,
      supplierCharged: usd("7.5000"),
      ourCost: usd("0.0000"),
      balanceStart: usd("100.0000"),
      balanceEnd: usd("90.5000"),
      balanceMovement: usd("9.5000"),
      unexplained: usd("2.0000"),
    });
    expect(await runView(run.id)).toEqual(run);

    const found = await discrepancies(run.id);
    expect(found).toEqual({
      total: 2,
      list: [
        {
          id: found.list[0]!.id,
          runId: run.id,
          kind: "unknownTransaction",
          reference: "P-UNKNOWN-1",
          transactionId: "9001",
          orderNo: null,
          supplier: { state: "success", charged: usd("5.0000"), time: "2026-11-20T03:00:00.000Z" },
          ours: { state: null, cost: null, orderStatus: null },
          resolution: null,
        },
        {
          id: found.list[1]!.id,
          runId: run.id,
          kind: "unknownTransaction",
          reference: "",
          transactionId: "9002",
          orderNo: null,
          supplier: { state: "success", charged: usd("2.5000"), time: "2026-11-20T04:00:00.000Z" },
          ours: { state: null, cost: null, orderStatus: null },
          resolution: null,
        },
      ],
    });

    // Resolved once, with a note, audited; a second time is refused naming who resolved it.
    const [first, second] = found.list;
    const note = "Sandbox purchase made by hand at Reloadly; refund asked (ticket 42)";
    const resolved = expectOk<Discrepancy>(await resolve(first!.id, note), EN);
    expect(resolved).toEqual({ ...first, resolution: { note, by: finance.username, time: now } });
    expectFailure(
      await resolve(first!.id, "again"),
      409,
      `This discrepancy was already resolved by ${finance.username}`,
    );
    expectFailure(await resolve(first!.id, "again", ZH), 409, `该差异已由 ${finance.username} 处理`);
    expect(await runView(run.id)).toEqual({ ...run, open: 1 });
    expect((await discrepancies(run.id, "?open=true")).list.map((d) => d.id)).toEqual([second!.id]);
    expect((await discrepancies(run.id, "?open=false")).list.map((d) => d.id)).toEqual([first!.id]);
    expect((await discrepancies(run.id, "?kind=chargedTwice")).total).toBe(0);

    const audited = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetKind, "reconciliationRun"), eq(auditEvents.targetId, String(run.id))))
      .orderBy(asc(auditEvents.id));
    expect(audited.map((e) => [e.action, e.actorKind, e.actorName, e.after])).toEqual([
      [
        "reconciliation.started",
        "operator",
        TEST_OPERATOR.name,
        { supplier: supplier.code, windowStart: "2026-11-20T00:00:00.000Z", windowEnd: "2026-11-21T00:00:00.000Z" },
      ],
    ]);
    const resolvedAudit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "reconciliation.resolved"));
    expect(resolvedAudit.map((e) => [e.actorKind, e.actorName, e.targetKind, e.targetId, e.before, e.after])).toEqual([
      [
        "staff",
        finance.username,
        "discrepancy",
        String(first!.id),
        { resolution: null },
        { run: run.id, kind: "unknownTransaction", reference: "P-UNKNOWN-1", note },
      ],
    ]);

    // The lists: newest first, by account, and only runs with open discrepancies when asked.
    const runs = await get<Page<ReconciliationRun>>(
      `${consoleUrl(reconciliationCalls.runs)}?supplierId=${supplier.id}`,
    );
    expect(runs).toEqual({ total: 1, list: [{ ...run, open: 1 }] });
    expectOk(await resolve(second!.id, "Our own test transaction"), EN);
    const open = await get<Page<ReconciliationRun>>(`${consoleUrl(reconciliationCalls.runs)}?open=true`, techToken);
    expect(open.list.map((r) => r.id)).not.toContain(run.id);
    const settled = await get<Page<ReconciliationRun>>(`${consoleUrl(reconciliationCalls.runs)}?open=false`, techToken);
    expect(settled.list.map((r) => r.id)).toContain(run.id);
  });

  it("fails a run whose supplier cannot answer, with why, and keeps no discrepancy", async () => {
    const supplier = await addSupplier();
    const { registry } = reportingSupplier(() => Promise.reject(new Error("connect ECONNREFUSED\n 10.0.0.9:443")));
    const id = await runReconciliation(
      t.deps,
      { supplierId: supplier.id, window: DAY, trigger: "operator", actor: TEST_OPERATOR },
      registry,
    );
    const run = await runView(id!);
    expect(run).toMatchObject({
      state: "failed",
      error: "connect ECONNREFUSED 10.0.0.9:443",
      finishTime: t.clock.now().toISOString(),
      supplierTransactions: 0,
      matched: 0,
      discrepancies: 0,
      open: 0,
      supplierCharged: null,
      ourCost: null,
      balanceStart: null,
      balanceMovement: null,
    });
    expect(await t.deps.db.select().from(reconciliationItems).where(eq(reconciliationItems.runId, id!))).toEqual([]);
  });

  it("lists and resolves at the operator CLI, and refuses a window given two ways", async () => {
    const supplier = await addSupplier();
    const { registry } = reportingSupplier([tx("P-CLI-1", "7001", "success", "3.25", "2026-11-20T08:00:00Z")]);
    const run = await startReconciliation(
      t.deps,
      TEST_OPERATOR,
      { supplierId: supplier.id, windowStart: DAY.start.toISOString(), windowEnd: DAY.end.toISOString() },
      registry,
    );
    const [item] = (await discrepancies(run.id)).list;
    const command = async (name: string, values: Record<string, string | boolean>) => {
      const lines: string[] = [];
      await reconciliationCommands[name]!.run(t.deps, values, (line) => lines.push(line), TEST_OPERATOR);
      return lines;
    };
    expect(await command("reconciliation:list", { supplier: supplier.code, open: true })).toEqual([
      `Run ${run.id}\t${supplier.code}\t2026-11-20T00:00:00.000Z - 2026-11-21T00:00:00.000Z\toperator\tdone`,
      "  supplier transactions 1, matched 0, discrepancies 1 (open 1)",
      "  supplier charged 3.2500 USD, our cost 0.0000 USD",
      "  balance - -> -, movement -, unexplained -",
      `  #${item!.id}\tunknownTransaction\tP-CLI-1\tsupplier success 3.2500 USD [7001]\tours none`,
    ]);
    expect(await command("reconciliation:resolve", { item: String(item!.id), note: "Booked as a loss" })).toEqual([
      `Resolved #${item!.id} (unknownTransaction P-CLI-1) by ${TEST_OPERATOR.name}: Booked as a loss`,
    ]);
    expect(await command("reconciliation:list", { supplier: supplier.code, open: true })).toEqual([
      "No reconciliation runs match.",
    ]);
    expect(
      await failureMessage(() => command("reconciliation:resolve", { item: String(item!.id), note: "twice" })),
    ).toBe(`This discrepancy was already resolved by ${TEST_OPERATOR.name}`);
    expect(await failureMessage(() => command("reconciliation:resolve", { item: "first", note: "x" }))).toBe(
      "item: Must be a whole number",
    );
    expect(
      await failureMessage(() =>
        command("reconciliation:run", { supplier: supplier.code, date: "2026-11-20", from: "2026-11-20T00:00:00Z" }),
      ),
    ).toBe("date: Give either --date or both --from and --to");
    expect(
      await failureMessage(() => command("reconciliation:run", { supplier: supplier.code, date: "20/11/2026" })),
    ).toBe("date: A day is written as 2026-11-27");
    expect(await failureMessage(() => command("reconciliation:run", { supplier: "nobody", date: "2026-11-20" }))).toBe(
      "This supplier does not exist",
    );
    expect(
      await failureMessage(() => command("reconciliation:run", { supplier: "simulator", date: "2026-11-20" })),
    ).toBe("Simulator keeps no transaction report to reconcile with (a simulator)");
  });
});

describe.each(engines)("the daily reconciliation on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { config: { RECONCILIATION_HOUR_UTC: "2" } });
  });
  afterAll(() => closeTestApp(t));

  it("reconciles yesterday's UTC day of every enabled account with a report, once, from the configured hour", async () => {
    const [on] = await t.deps.db
      .insert(supplierAccounts)
      .values([
        { code: "reloadly-on", name: "Reloadly", kind: "reloadly", baseUrl: "https://topups.reloadly.com" },
        {
          code: "reloadly-off",
          name: "Reloadly old",
          kind: "reloadly",
          baseUrl: "https://topups.reloadly.com",
          enabled: false,
        },
      ])
      .returning();
    const { registry, asked } = reportingSupplier([]);
    const scheduled = async () =>
      (await t.deps.db.select().from(reconciliationRuns).orderBy(asc(reconciliationRuns.id))).map((r) => [
        r.supplierId,
        r.windowStart.toISOString(),
        r.windowEnd.toISOString(),
        r.trigger,
        r.staffId,
        r.state,
      ]);

    t.clock.set(at("2026-11-22T01:59:59Z"));
    expect(await runScheduledReconciliations(t.deps, registry)).toBe(0);
    t.clock.set(at("2026-11-22T02:00:00Z"));
    // The simulator keeps no report and the disabled account is left alone.
    expect(await runScheduledReconciliations(t.deps, registry)).toBe(1);
    expect(await runScheduledReconciliations(t.deps, registry)).toBe(0);
    t.clock.set(at("2026-11-22T23:59:00Z"));
    expect(await runScheduledReconciliations(t.deps, registry)).toBe(0);
    const day21 = [on!.id, "2026-11-21T00:00:00.000Z", "2026-11-22T00:00:00.000Z", "schedule", null, "done"];
    expect(await scheduled()).toEqual([day21]);
    expect(asked).toEqual([{ start: at("2026-11-20T23:00:00Z"), end: at("2026-11-22T01:00:00Z") }]);

    // Another process that also saw the day due finds its run taken and leaves it.
    const window = { start: at("2026-11-21T00:00:00Z"), end: at("2026-11-22T00:00:00Z") };
    expect(
      await runReconciliation(t.deps, { supplierId: on!.id, window, trigger: "schedule", actor: null }, registry),
    ).toBeNull();
    // On demand, the same day may be run again.
    expect(
      await runReconciliation(
        t.deps,
        { supplierId: on!.id, window, trigger: "operator", actor: TEST_OPERATOR },
        registry,
      ),
    ).toEqual(expect.any(Number));

    t.clock.set(at("2026-11-23T05:00:00Z"));
    expect(await runScheduledReconciliations(t.deps, registry)).toBe(1);
    expect((await scheduled()).filter((r) => r[3] === "schedule")).toEqual([
      day21,
      [on!.id, "2026-11-22T00:00:00.000Z", "2026-11-23T00:00:00.000Z", "schedule", null, "done"],
    ]);
    // The schedule is no one's action: nothing audited.
    expect(
      await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "reconciliation.started")),
    ).toHaveLength(1);
  });
});
