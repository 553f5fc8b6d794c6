import Big from "big.js";
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
import { orders } from "../../server/src/db/schema";
import { manualClock } from "../../server/src/lib/clock";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { reconciliationCommands } from "../../server/src/modules/reconciliation/reconciliation.commands";
import { reconciliationItems, reconciliationRuns } from "../../server/src/modules/reconciliation/reconciliation.schema";
import { runReconciliation } from "../../server/src/modules/reconciliation/reconciliation.service";
import { runScheduledReconciliations } from "../../server/src/modules/reconciliation/reconciliation.worker";
import { startReconciliation } from "../../server/src/modules/reconciliation/reconciliation-review.service";
import { syncCatalog } from "../../server/src/modules/supplier/catalog-sync";
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
import { openShop } from "../support/order-fixtures";
import { absentParams, consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import {
  DING_SKUS,
  type DingBehaviour,
  type DingConnectStandin,
  type PlantedTransfer,
  startDingConnectStandin,
} from "../support/standins/dingconnect-standin";
import { type Behaviour, STANDIN_IDS, startReloadlyStandin } from "../support/standins/reloadly-standin";
import { standInSupplier } from "../support/supplier-fixtures";
import { startTestApp, TEST_OPERATOR, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * Reconciliation with the suppliers (issue 19): a run reads a supplier account's own transaction report for a
 * window, matches it to our attempts by our reference and keeps every difference for a person to resolve.
 */

const DAY = { start: new Date("2026-11-20T00:00:00Z"), end: new Date("2026-11-21T00:00:00Z") };
const at = (iso: string) => new Date(iso);
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
  charged: charged === null ? null : { amount: charged, currency: "USD" },
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
    const start = (payload: object, lang = EN) =>
      call(t, "POST", consoleUrl(reconciliationCalls.start), { token: financeToken, lang, payload });
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
    const res = await call(t, "POST", consoleUrl(reconciliationCalls.start), {
      token: financeToken,
      lang: EN,
      payload: {
        supplierId: await simulatorId(),
        windowStart: "2026-11-20T00:00:00Z",
        windowEnd: "2026-11-21T00:00:00Z",
      },
    });
    expectFailure(res, 409, "Simulator keeps no transaction report to reconcile with (a simulator)");
    const zh = await call(t, "POST", consoleUrl(reconciliationCalls.start), {
      token: financeToken,
      lang: ZH,
      payload: {
        supplierId: await simulatorId(),
        windowStart: "2026-11-20T00:00:00Z",
        windowEnd: "2026-11-21T00:00:00Z",
      },
    });
    expectFailure(zh, 409, "Simulator 没有可供对账的交易报表（模拟供应商）");
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
    const usd = (amount: string) => ({ amount, currency: "USD" });
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

/**
 * A day of trade at a supplier account, through the real server: the account synced and the shop's SKUs routed
 * to its products, orders placed by the merchant and fulfilled by the real worker, balance checks through the
 * console. The test's clock moves through the day, and sessions end as it does: each call signs in afresh.
 */
async function tradingDay(t: TestApp, supplierId: number, routes: { topup: string; gift?: string }) {
  const admin = await staffMember(t, ["superAdmin"]);
  await syncCatalog(t.deps, supplierId, "operator", TEST_OPERATOR);
  const shop = await openShop(t, { balance: "200" });
  for (const kind of ["topup", "gift"] as const) {
    const product = routes[kind];
    if (!product) continue;
    const saved = await call(t, "PUT", consoleUrl(supplierCalls.setRoutes, { id: shop[kind].skuId }), {
      token: await staffLogin(t, admin),
      lang: EN,
      payload: { routes: [{ supplierId, supplierProduct: product }] },
    });
    expectOk(saved, EN);
  }
  return {
    shop,
    async checkBalance(time: string) {
      t.clock.set(at(time));
      const checked = await call(t, "POST", consoleUrl(supplierCalls.check, { id: supplierId }), {
        token: await staffLogin(t, admin),
        lang: EN,
      });
      expect(expectOk<SupplierAccountView>(checked, EN).health).toBe("up");
    },
    /** Places an order at `time` and lets the worker take it (after `before`, given the order number). */
    async place(
      time: string,
      { kind = "topup", account = "8613800138000", before }: PlaceOptions = {},
    ): Promise<string> {
      t.clock.set(at(time));
      const sku = shop[kind];
      const placed = await call(t, "POST", "/portal/merchant/api/order", {
        token: await t.login(shop.merchant.users.operator.username),
        payload: { productId: sku.productId, skuId: sku.skuId, inputs: { account } },
      });
      const { orderNo } = expectOk<{ orderNo: string }>(placed);
      before?.(orderNo);
      await runFulfilmentOnce(t.deps);
      return orderNo;
    },
    /** The shop's orders' statuses, in the order placed. */
    async statuses() {
      const rows = await t.deps.db
        .select({ orderNo: orders.orderNo, status: orders.status })
        .from(orders)
        .where(eq(orders.merchantId, shop.merchantId))
        .orderBy(asc(orders.id));
      return rows.map((o) => [o.orderNo, o.status]);
    },
  };
}

interface PlaceOptions {
  kind?: "topup" | "gift";
  account?: string;
  before?: (orderNo: string) => void;
}

/** Reconciles the day 2026-11-21 through the console as a finance officer, the next morning. */
async function reconcileThroughConsole(t: TestApp, supplierId: number) {
  const finance = await staffMember(t, ["financeOfficer"]);
  t.clock.set(at("2026-11-22T03:00:00Z"));
  const token = await staffLogin(t, finance);
  const started = await call(t, "POST", consoleUrl(reconciliationCalls.start), {
    token,
    lang: EN,
    payload: { supplierId, windowStart: "2026-11-21T00:00:00Z", windowEnd: "2026-11-22T00:00:00Z" },
  });
  const run = expectOk<ReconciliationRun>(started, EN);
  const listed = await call(t, "GET", consoleUrl(reconciliationCalls.discrepancies, { id: run.id }), {
    token,
    lang: EN,
  });
  const found = expectOk<Page<Discrepancy>>(listed, EN);
  expect(found.list.every((d) => d.runId === run.id && d.resolution === null)).toBe(true);
  // What each side says, without the row's own ids.
  const sides = found.list.map(({ id, runId, resolution, ...d }) => d);
  return { run, total: found.total, sides, finance };
}

const usd = (amount: string) => ({ amount, currency: "USD" });
const supplierSide = (state: string | null, charged: string | null, time: string | null) => ({
  state,
  charged: charged === null ? null : usd(charged),
  time: time === null ? null : `${time}.000Z`,
});
const ourSide = (state: string | null, cost: string | null, orderStatus: string | null) => ({
  state,
  cost: cost === null ? null : usd(cost),
  orderStatus,
});
/** The run of the day 2026-11-21 reconciled at 03:00 the next morning, by a staff member, with these figures. */
const dayRun = (run: ReconciliationRun, figures: Partial<ReconciliationRun>) => ({
  ...run,
  windowStart: "2026-11-21T00:00:00.000Z",
  windowEnd: "2026-11-22T00:00:00.000Z",
  trigger: "staff",
  state: "done",
  startTime: "2026-11-22T03:00:00.000Z",
  finishTime: "2026-11-22T03:00:00.000Z",
  error: "",
  ...figures,
});

/**
 * The whole way round at a local Reloadly (tests/support/standins): orders placed through the real server and
 * fulfilled by the real worker at the stand-in, balance checks at the day's edges, then the supplier's report
 * changed behind our back in one way of each kind; a run through the console finds each, matches the rest.
 */
describe.each(engines)("reconciliation with Reloadly on %s", (engine) => {
  let t: TestApp;
  let reloadly: Awaited<ReturnType<typeof startReloadlyStandin>>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    t.clock.set(at("2026-11-20T23:00:00Z"));
    reloadly = await startReloadlyStandin({ now: () => t.clock.now(), pendingQueries: 1_000 });
  });
  afterAll(async () => {
    await reloadly?.close();
    await closeTestApp(t);
  });

  it("finds each kind of discrepancy planted at the supplier, with both sides' amounts, and matches the rest", async () => {
    const { state } = reloadly;
    const [account] = await t.deps.db
      .insert(supplierAccounts)
      .values({
        code: `reloadly-${engine}`,
        name: "Reloadly",
        kind: "reloadly",
        baseUrl: reloadly.baseUrl,
        authUrl: reloadly.baseUrl,
        credentialsSealed: t.deps.cipher.encrypt(JSON.stringify(state.credentials)),
        credentialKeys: ["clientId", "clientSecret"],
      })
      .returning();
    const supplierId = account!.id;
    const day = await tradingDay(t, supplierId, {
      topup: String(STANDIN_IDS.cnLocal),
      gift: String(STANDIN_IDS.usCard),
    });
    const behaviours = new Map<string, Behaviour>();
    state.behaviour = (placed) => behaviours.get(String(placed.body.customIdentifier)) ?? "success";
    const place = (time: string, behaviour: Behaviour = "success", kind: "topup" | "gift" = "topup") =>
      day.place(time, { kind, before: (orderNo) => behaviours.set(orderNo, behaviour) });
    const recordOf = (reference: string, n = 0) => reloadly.transactionsOf(reference)[n]!.record;
    const idOf = (reference: string, n = 0) => String(recordOf(reference, n).transactionId);
    const adjustBalance = (by: string) => {
      state.balance = new Big(state.balance).plus(by).toFixed(2);
    };

    // The day before: a charge in the report's margin, then the balance at the window's start.
    reloadly.plant({ reference: "P-DAY-BEFORE", cost: "2.00", at: at("2026-11-20T23:40:00Z") });
    await day.checkBalance("2026-11-20T23:50:00Z");
    const topup = await place("2026-11-21T10:00:00Z");
    const gift = await place("2026-11-21T10:01:00Z", "success", "gift");
    const refused = await place("2026-11-21T10:02:00Z", "failed");
    // Reloadly's report later states a higher charge than its answer did.
    const differs = await place("2026-11-21T10:03:00Z");
    const original = recordOf(differs).balanceInfo as Record<string, unknown>;
    recordOf(differs).balanceInfo = { ...original, cost: 1.45 };
    adjustBalance("-0.07");
    // The same reference charged a second time.
    const twice = await place("2026-11-21T10:04:00Z");
    reloadly.plant({ reference: twice, cost: "1.38", at: at("2026-11-21T10:04:30Z") });
    // Refused to us (the order failed and was refunded), yet charged.
    const refunded = await place("2026-11-21T10:05:00Z", "failed");
    reloadly.plant({ reference: refunded, cost: "1.38", at: at("2026-11-21T10:05:30Z") });
    // A success to us that Reloadly refunded afterwards.
    const reversed = await place("2026-11-21T10:06:00Z");
    recordOf(reversed).status = "REFUNDED";
    adjustBalance("1.38");
    // Charges no order of ours made: one under a reference we never used, one without any.
    reloadly.plant({ reference: "NOT-OURS-1", cost: "3.00", at: at("2026-11-21T11:00:00Z") });
    reloadly.plant({ reference: null, cost: "0.50", at: at("2026-11-21T11:30:00Z") });
    // Still processing at the supplier: left for a later run.
    const pending = await place("2026-11-21T23:59:00Z", "pending");
    // Made just before midnight, stamped by Reloadly just after: still matched, counted on the next day.
    const lastOfDay = await place("2026-11-21T23:59:50Z");
    recordOf(lastOfDay).transactionDate = "2026-11-22 00:00:20";
    await day.checkBalance("2026-11-21T23:59:59Z");
    expect(await day.statuses()).toEqual([
      [topup, "success"],
      [gift, "success"],
      [refused, "failed"],
      [differs, "success"],
      [twice, "success"],
      [refunded, "failed"],
      [reversed, "success"],
      [pending, "processing"],
      [lastOfDay, "success"],
    ]);

    const { run, total, sides, finance } = await reconcileThroughConsole(t, supplierId);
    expect(run).toEqual(
      dayRun(run, {
        supplierId,
        supplierCode: `reloadly-${engine}`,
        supplierName: "Reloadly",
        // Twelve stamped inside the day (the two planted outside it are not the day's).
        supplierTransactions: 12,
        // The top-up, the gift card, the refusal on both sides, the one stamped after midnight.
        matched: 4,
        discrepancies: 6,
        open: 6,
        // 1.38 + 4.90 + 1.45 + 2 x 1.38 + 1.38 + 3.00 + 0.50
        supplierCharged: usd("15.3700"),
        // What we recorded for the day's attempts: five top-ups at 1.38 and the gift card at 4.90.
        ourCost: usd("11.8000"),
        balanceStart: usd("998.5000"),
        balanceEnd: usd("980.3700"),
        balanceMovement: usd("18.1300"),
        // The pending top-up's and the last top-up's debits, which the day's report does not (yet) list.
        unexplained: usd("2.7600"),
      }),
    );
    expect(total).toBe(6);
    expect(sides).toEqual([
      {
        kind: "amountDiffers",
        reference: differs,
        transactionId: idOf(differs),
        orderNo: differs,
        supplier: supplierSide("success", "1.4500", "2026-11-21T10:03:00"),
        ours: ourSide("success", "1.3800", "success"),
      },
      {
        kind: "chargedTwice",
        reference: twice,
        transactionId: `${idOf(twice)}, ${idOf(twice, 1)}`,
        orderNo: twice,
        supplier: supplierSide("success", "2.7600", "2026-11-21T10:04:00"),
        ours: ourSide("success", "1.3800", "success"),
      },
      {
        kind: "chargedButRefunded",
        reference: refunded,
        transactionId: idOf(refunded, 1),
        orderNo: refunded,
        supplier: supplierSide("success", "1.3800", "2026-11-21T10:05:30"),
        ours: ourSide("failed", null, "failed"),
      },
      {
        kind: "successUnconfirmed",
        reference: reversed,
        transactionId: idOf(reversed),
        orderNo: reversed,
        supplier: supplierSide("failed", null, "2026-11-21T10:06:00"),
        ours: ourSide("success", "1.3800", "success"),
      },
      {
        kind: "unknownTransaction",
        reference: "NOT-OURS-1",
        transactionId: idOf("NOT-OURS-1"),
        orderNo: null,
        supplier: supplierSide("success", "3.0000", "2026-11-21T11:00:00"),
        ours: ourSide(null, null, null),
      },
      {
        kind: "unknownTransaction",
        reference: "",
        transactionId: String(state.transactions.find((x) => x.record.customIdentifier === null)!.record.transactionId),
        orderNo: null,
        supplier: supplierSide("success", "0.5000", "2026-11-21T11:30:00"),
        ours: ourSide(null, null, null),
      },
    ]);

    // Started by a staff member: on the run and in the audit log.
    const [row] = await t.deps.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, run.id));
    expect(row!.staffId).toBe(finance.id);
    const [audited] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "reconciliation.started"), eq(auditEvents.targetId, String(run.id))));
    expect([audited?.actorKind, audited?.actorName, audited?.targetKind]).toEqual([
      "staff",
      finance.username,
      "reconciliationRun",
    ]);

    // The operator's CLI runs the same day at the same supplier and prints the same findings.
    const lines: string[] = [];
    await reconciliationCommands["reconciliation:run"]!.run(
      t.deps,
      { supplier: `reloadly-${engine}`, date: "2026-11-21" },
      (line) => lines.push(line),
      TEST_OPERATOR,
    );
    expect(lines.slice(1, 4)).toEqual([
      "  supplier transactions 12, matched 4, discrepancies 6 (open 6)",
      "  supplier charged 15.3700 USD, our cost 11.8000 USD",
      "  balance 998.5000 USD -> 980.3700 USD, movement 18.1300 USD, unexplained 2.7600 USD",
    ]);
    expect(lines.slice(4).map((line) => line.split("\t")[1])).toEqual([
      "amountDiffers",
      "chargedTwice",
      "chargedButRefunded",
      "successUnconfirmed",
      "unknownTransaction",
      "unknownTransaction",
    ]);
    expect(lines[4]!.split("\t").slice(2)).toEqual([
      differs,
      `supplier success 1.4500 USD [${idOf(differs)}]`,
      `ours success 1.3800 USD (order ${differs} success)`,
    ]);
  });
});

/** The same at a local DingConnect, whose report is ListTransferRecords (no date filter: paged through whole). */
describe.each(engines)("reconciliation with DingConnect on %s", (engine) => {
  let t: TestApp;
  let ding: DingConnectStandin;
  beforeAll(async () => {
    t = await startTestApp(engine);
    t.clock.set(at("2026-11-20T23:00:00Z"));
    ding = await startDingConnectStandin({ now: () => t.clock.now() });
  });
  afterAll(async () => {
    await ding?.close();
    await closeTestApp(t);
  });

  it("finds each kind of discrepancy planted at the supplier, with both sides' amounts, and matches the rest", async () => {
    const { state } = ding;
    const [account] = await t.deps.db
      .insert(supplierAccounts)
      .values({
        code: `ding-${engine}`,
        name: "DingConnect",
        kind: "dingconnect",
        baseUrl: ding.baseUrl,
        credentialsSealed: t.deps.cipher.encrypt(JSON.stringify({ apiKey: ding.apiKey })),
        credentialKeys: ["apiKey"],
      })
      .returning();
    const supplierId = account!.id;
    // 10 CNY at China Mobile: SendValue 1.50 less Ding's 4 % commission, 1.44 USD.
    const day = await tradingDay(t, supplierId, { topup: DING_SKUS.cn10 });
    let numbers = 0;
    /** A top-up to a number of its own, so Ding answers it as `behaviour` says. */
    const place = (time: string, behaviour?: DingBehaviour) => {
      const account = `86138000${String(numbers++).padStart(5, "0")}`;
      if (behaviour) state.byAccount.set(account, behaviour);
      return day.place(time, { account });
    };
    const transfersOf = (reference: string) =>
      state.transfers.filter((x) => x.record.TransferId?.DistributorRef === reference).map((x) => x.record);
    const idOf = (reference: string, n = 0) => transfersOf(reference)[n]!.TransferId!.TransferRef;
    // Ding's planted records never move the balance: the test takes what Ding would have.
    const adjustBalance = (by: string) => {
      state.balance = new Big(state.balance).plus(by).toString();
    };
    const plant = (transfer: PlantedTransfer, charge: string) => {
      const record = ding.plant(transfer);
      if (record.ProcessingState === "Complete") adjustBalance(`-${charge}`);
      return record;
    };
    const refuse: DingBehaviour = { kind: "refuse", code: "ProviderError" };

    await day.checkBalance("2026-11-20T23:50:00Z");
    const topup = await place("2026-11-21T09:00:00Z");
    // Refused at sending, and Ding kept a failed record of it: nothing charged on either side.
    const refused = await place("2026-11-21T09:01:00Z", refuse);
    plant(
      {
        distributorRef: refused,
        startedUtc: "2026-11-21T09:01:00Z",
        sendValue: "1.5",
        skuCode: DING_SKUS.cn10,
        state: "Failed",
      },
      "0",
    );
    // Ding's record later shows its commission withdrawn: it charged the whole 1.50.
    const differs = await place("2026-11-21T09:02:00Z");
    transfersOf(differs)[0]!.CommissionApplied = 0;
    adjustBalance("-0.06");
    // The same DistributorRef paid twice (go-dingconnect saw the live API pay a replay).
    const twice = await place("2026-11-21T09:03:00Z");
    plant(
      { distributorRef: twice, startedUtc: "2026-11-21T09:03:30Z", sendValue: "1.5", skuCode: DING_SKUS.cn10 },
      "1.44",
    );
    // Refused to us (refunded), yet Ding completed a transfer under its reference.
    const refunded = await place("2026-11-21T09:04:00Z", refuse);
    plant(
      { distributorRef: refunded, startedUtc: "2026-11-21T09:04:30Z", sendValue: "1.5", skuCode: DING_SKUS.cn10 },
      "1.44",
    );
    // A success to us that Ding's record now shows failed (and refunded).
    const reversed = await place("2026-11-21T09:05:00Z");
    transfersOf(reversed)[0]!.ProcessingState = "Failed";
    adjustBalance("1.44");
    // Transfers of no order of ours: an AT&T 5 USD (4.85 after 3 %) under another reference, and one without any.
    plant(
      { distributorRef: "NOT-OURS-DING", startedUtc: "2026-11-21T12:00:00Z", sendValue: "5", skuCode: DING_SKUS.us5 },
      "4.85",
    );
    plant(
      { distributorRef: null, startedUtc: "2026-11-21T12:30:00Z", sendValue: "1.5", skuCode: DING_SKUS.cn10 },
      "1.44",
    );
    // Still processing at Ding when the day is reconciled: left for a later run.
    const pending = await place("2026-11-21T23:00:00Z", { kind: "pending", pendingLists: 1_000 });
    await day.checkBalance("2026-11-21T23:59:59Z");
    // The day after: not this window's.
    plant(
      { distributorRef: "NEXT-DAY", startedUtc: "2026-11-22T00:30:00Z", sendValue: "1.5", skuCode: DING_SKUS.cn10 },
      "1.44",
    );
    expect(await day.statuses()).toEqual([
      [topup, "success"],
      [refused, "failed"],
      [differs, "success"],
      [twice, "success"],
      [refunded, "failed"],
      [reversed, "success"],
      [pending, "processing"],
    ]);

    const { run, total, sides } = await reconcileThroughConsole(t, supplierId);
    expect(run).toEqual(
      dayRun(run, {
        supplierId,
        supplierCode: `ding-${engine}`,
        supplierName: "DingConnect",
        // Every transfer started inside the day, ours and planted (the next day's is not).
        supplierTransactions: 10,
        // The top-up, and the refusal both sides recorded.
        matched: 2,
        discrepancies: 6,
        open: 6,
        // 1.44 + 1.50 + 2 x 1.44 + 1.44 + 4.85 + 1.44
        supplierCharged: usd("13.5500"),
        // Four top-ups we recorded as charged 1.44 each.
        ourCost: usd("5.7600"),
        balanceStart: usd("500.0000"),
        balanceEnd: usd("486.4500"),
        balanceMovement: usd("13.5500"),
        unexplained: usd("0.0000"),
      }),
    );
    expect(total).toBe(6);
    expect(sides).toEqual([
      {
        kind: "amountDiffers",
        reference: differs,
        transactionId: idOf(differs),
        orderNo: differs,
        supplier: supplierSide("success", "1.5000", "2026-11-21T09:02:00"),
        ours: ourSide("success", "1.4400", "success"),
      },
      {
        kind: "chargedTwice",
        reference: twice,
        transactionId: `${idOf(twice)}, ${idOf(twice, 1)}`,
        orderNo: twice,
        supplier: supplierSide("success", "2.8800", "2026-11-21T09:03:00"),
        ours: ourSide("success", "1.4400", "success"),
      },
      {
        kind: "chargedButRefunded",
        reference: refunded,
        transactionId: idOf(refunded),
        orderNo: refunded,
        supplier: supplierSide("success", "1.4400", "2026-11-21T09:04:30"),
        ours: ourSide("failed", null, "failed"),
      },
      {
        kind: "successUnconfirmed",
        reference: reversed,
        transactionId: idOf(reversed),
        orderNo: reversed,
        supplier: supplierSide("failed", null, "2026-11-21T09:05:00"),
        ours: ourSide("success", "1.4400", "success"),
      },
      {
        kind: "unknownTransaction",
        reference: "NOT-OURS-DING",
        transactionId: idOf("NOT-OURS-DING"),
        orderNo: null,
        supplier: supplierSide("success", "4.8500", "2026-11-21T12:00:00"),
        ours: ourSide(null, null, null),
      },
      {
        kind: "unknownTransaction",
        reference: "",
        transactionId: state.transfers.find((x) => x.record.TransferId?.DistributorRef === undefined)!.record
          .TransferId!.TransferRef,
        orderNo: null,
        supplier: supplierSide("success", "1.4400", "2026-11-21T12:30:00"),
        ours: ourSide(null, null, null),
      },
    ]);
  });
});
