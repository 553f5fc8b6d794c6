import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ExchangeRate, exchangeRateCalls } from "#contracts";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { rateBetween } from "../../server/src/modules/pricing/exchange-rate.service";
import { pricingCommands } from "../../server/src/modules/pricing/pricing.commands";
import {
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  failureMessage,
  M,
  ZH,
} from "../support/api-helpers";
import { consoleUrl, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { startTestApp, TEST_OPERATOR, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const MINUTE = 60_000;

/**
 * Exchange rates (issue 19) through the real app: set by staff with prices:edit (or the operator CLI), read with
 * prices:list, one rate per pair whichever way round it was set last, looked up both ways, refused with a reason
 * per field, audited with the rate they replace.
 */
describe.each(engines)("exchange rates on %s", (engine) => {
  let t: TestApp;
  let admin: TestStaff;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await staffMember(t, ["superAdmin"]);
    token = await staffLogin(t, admin);
  });
  afterAll(() => closeTestApp(t));

  const set = (payload: object, options: { as?: string; lang?: string } = {}) =>
    call(t, "POST", consoleUrl(exchangeRateCalls.set), {
      token: options.as ?? token,
      lang: options.lang ?? EN,
      payload,
    });
  const list = async (as = token) =>
    expectOk<ExchangeRate[]>(await call(t, "GET", consoleUrl(exchangeRateCalls.list), { token: as, lang: EN }), EN);

  it("sets a rate, lists the newest per pair either way round, and looks it up both ways", async () => {
    const start = t.clock.now();
    expect(await rateBetween(t.deps.db, "USD", "CNY", start)).toBeNull();
    const usdCny = expectOk<ExchangeRate>(await set({ base: "usd", quote: " cny ", rate: "7.10" }), EN);
    expect(usdCny).toEqual({
      base: "USD",
      quote: "CNY",
      rate: "7.1",
      setTime: start.toISOString(),
      setBy: admin.username,
    });
    expect(await rateBetween(t.deps.db, "USD", "CNY", start)).toEqual({ rate: "7.1", at: start });
    // The inverse, to 8 decimals half-up: 1 / 7.1 = 0.140845070…
    expect(await rateBetween(t.deps.db, "CNY", "USD", start)).toEqual({ rate: "0.14084507", at: start });
    expect(await rateBetween(t.deps.db, "EUR", "EUR", start)).toEqual({ rate: "1", at: start });

    const later = new Date(start.getTime() + MINUTE);
    t.clock.set(later);
    expectOk(await set({ base: "EUR", quote: "USD", rate: "1.0825" }), EN);
    // Set the other way round: the newest row of either direction is the pair's rate.
    const cnyUsd = expectOk<ExchangeRate>(await set({ base: "CNY", quote: "USD", rate: "0.15" }), EN);
    expect(await list()).toEqual([
      cnyUsd,
      { base: "EUR", quote: "USD", rate: "1.0825", setTime: later.toISOString(), setBy: admin.username },
    ]);
    expect(await rateBetween(t.deps.db, "USD", "CNY", later)).toEqual({ rate: "6.66666667", at: later });

    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "exchangeRate.set"));
    expect(audit.map((a) => [a.actorName, a.targetId, a.before, a.after])).toEqual([
      [admin.username, "USD/CNY", null, { rate: "7.1" }],
      [admin.username, "EUR/USD", null, { rate: "1.0825" }],
      [admin.username, "CNY/USD", { rate: "0.14084507" }, { rate: "0.15" }],
    ]);
    t.clock.set(start);
  });

  it("refuses a bad currency, rate or pair with a reason on each field, in both languages", async () => {
    expectFieldErrors(await set({ base: "US", quote: "CNY", rate: "abc" }), {
      base: "The currency is a three-letter code such as USD",
      rate: "The rate is a number above zero with at most 8 decimals",
    });
    expectFieldErrors(await set({ base: "USD", quote: "usd", rate: "0" }), {
      rate: "The rate is a number above zero with at most 8 decimals",
      quote: "Choose two different currencies",
    });
    expectFieldErrors(await set({ base: "USD", quote: "JPY", rate: "150.123456789" }), {
      rate: "The rate is a number above zero with at most 8 decimals",
    });
    expectFieldErrors(await set({ base: "USD", quote: "JPY" }), { rate: M.required[EN] });
    expectFieldErrors(await set({ base: "USD", quote: "USD", rate: "-1" }, { lang: ZH }), {
      rate: "汇率须为大于零的数字，最多 8 位小数",
      quote: "请选择两种不同的币种",
    });
    expect((await list()).some((r) => r.quote === "JPY" || r.base === "JPY")).toBe(false);
  });

  it("lets prices:list read rates and only prices:edit set them", async () => {
    const tech = await staffLogin(t, await staffMember(t, ["technology"]));
    const finance = await staffLogin(t, await staffMember(t, ["financeOfficer"]));
    const service = await staffLogin(t, await staffMember(t, ["customerService"]));
    expect(await list(tech)).toEqual(await list());
    expect(await list(finance)).toEqual(await list());
    for (const as of [tech, finance])
      expectFailure(await set({ base: "USD", quote: "GBP", rate: "0.79" }, { as }), 403, M.forbidden[EN]);
    expectFailure(
      await call(t, "GET", consoleUrl(exchangeRateCalls.list), { token: service, lang: EN }),
      403,
      M.forbidden[EN],
    );
    expect((await list()).some((r) => r.quote === "GBP")).toBe(false);
  });

  it("sets and lists rates from the operator CLI, audited as the operator, refusing a bad rate", async () => {
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    const now = t.clock.now().toISOString();
    await pricingCommands["rate:set"]!.run(t.deps, { base: "usd", quote: "sgd", rate: "1.34" }, out, TEST_OPERATOR);
    expect(lines).toEqual([`Set 1 USD = 1.34 SGD\tset ${now} by ${TEST_OPERATOR.name}`]);
    const refused = await failureMessage(() =>
      pricingCommands["rate:set"]!.run(t.deps, { base: "USD", quote: "SGD", rate: "-2" }, out, TEST_OPERATOR),
    );
    expect(refused).toBe("rate: The rate is a number above zero with at most 8 decimals");
    lines.length = 0;
    await pricingCommands["rate:list"]!.run(t.deps, {}, out, TEST_OPERATOR);
    expect(lines).toContain(`1 USD = 1.34 SGD\tset ${now} by ${TEST_OPERATOR.name}`);
    const [audit] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, "USD/SGD"));
    expect([audit!.actorKind, audit!.after]).toEqual(["operator", { rate: "1.34" }]);
  });
});
