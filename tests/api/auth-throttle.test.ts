import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THROTTLE } from "../../server/src/modules/auth/login-throttle";
import {
  bindMfa,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  freshAddress,
  loginCall,
  M,
  MINUTE,
  wrongCode,
  ZH,
} from "../support/api-helpers";
import { codeFor, startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const WRONG = "Wrong-pass1";

describe.each(engines)("sign-in throttling on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  // The numbers the tests below are written for; a change to the policy should be a deliberate test change.
  it("uses the documented limits", () => {
    expect(THROTTLE).toEqual({ windowMinutes: 15, perPair: 5, perAddress: 30, perAccount: 50, knownAddressDays: 30 });
  });

  async function failTimes(username: string, remoteAddress: string, times: number) {
    for (let i = 0; i < times; i++) {
      expectFailure(
        await loginCall(t, { username, password: WRONG }, { lang: EN, remoteAddress }),
        400,
        M.invalidCredentials[EN],
      );
    }
  }

  it("stops an account from one address after 5 failures, with Retry-After, even for the right password", async () => {
    const m = await t.merchant({ mfa: false });
    const username = m.users.operator.username;
    const attacker = freshAddress();
    await failTimes(username, attacker, THROTTLE.perPair);

    const blocked = await loginCall(t, { username, password: WRONG }, { lang: EN, remoteAddress: attacker });
    expectFailure(blocked, 429, M.loginThrottled(15)[EN]);
    expect(blocked.headers["retry-after"]).toBe("900");

    const right = await loginCall(t, { username }, { lang: ZH, remoteAddress: attacker });
    expectFailure(right, 429, M.loginThrottled(15)[ZH]);
    expect(right.headers["retry-after"]).toBe("900");
  });

  it("keeps the same account open from another address (one attacker cannot lock the user out)", async () => {
    const m = await t.merchant({ mfa: false });
    const username = m.users.admin.username;
    const attacker = freshAddress();
    await failTimes(username, attacker, THROTTLE.perPair);
    expectFailure(
      await loginCall(t, { username }, { lang: EN, remoteAddress: attacker }),
      429,
      M.loginThrottled(15)[EN],
    );
    expectOk(await loginCall(t, { username }, { remoteAddress: freshAddress() }));
  });

  it("ignores X-Forwarded-For when no proxy is trusted (the address cannot be spoofed)", async () => {
    const m = await t.merchant({ mfa: false });
    const username = m.users.finance.username;
    const attacker = freshAddress();
    await failTimes(username, attacker, THROTTLE.perPair);
    const spoofed = await loginCall(
      t,
      { username },
      { lang: EN, remoteAddress: attacker, headers: { "x-forwarded-for": "203.0.113.7" } },
    );
    expectFailure(spoofed, 429, M.loginThrottled(15)[EN]);
  });

  it("counts down while throttled and lets the pair in again after the window", async () => {
    const m = await t.merchant({ mfa: false });
    const username = m.users.operator.username;
    const address = freshAddress();
    await failTimes(username, address, THROTTLE.perPair);

    t.clock.advance(7 * MINUTE);
    const later = await loginCall(t, { username }, { lang: EN, remoteAddress: address });
    expectFailure(later, 429, M.loginThrottled(8)[EN]);
    expect(later.headers["retry-after"]).toBe(String(8 * 60));

    t.clock.advance(8 * MINUTE + 1000);
    expectOk(await loginCall(t, { username }, { remoteAddress: address }));
  });

  it("starts the pair's count afresh after a successful sign-in", async () => {
    const m = await t.merchant({ mfa: false });
    const username = m.users.admin.username;
    const address = freshAddress();
    await failTimes(username, address, THROTTLE.perPair - 1);
    t.clock.advance(1000);
    expectOk(await loginCall(t, { username }, { remoteAddress: address }));
    t.clock.advance(1000);
    await failTimes(username, address, THROTTLE.perPair);
    expectFailure(
      await loginCall(t, { username }, { lang: EN, remoteAddress: address }),
      429,
      M.loginThrottled(15)[EN],
    );
  });

  it("counts wrong MFA codes as failures, so codes cannot be guessed without limit", async () => {
    const m = await t.merchant({ mfa: false });
    const username = m.users.operator.username;
    const secret = await bindMfa(t, await t.login(username));
    t.clock.advance(30_000);
    const address = freshAddress();
    for (let i = 0; i < THROTTLE.perPair; i++) {
      const res = await loginCall(
        t,
        { username, captcha: wrongCode(secret, t.clock.now()) },
        { lang: EN, remoteAddress: address },
      );
      expectFieldErrors(res, { captcha: M.captchaInvalid[EN] });
    }
    const right = await loginCall(
      t,
      { username, captcha: codeFor(secret, t.clock.now()) },
      { lang: EN, remoteAddress: address },
    );
    expectFailure(right, 429, M.loginThrottled(15)[EN]);
  });

  it("throttles an address that fails across many usernames (password spraying), and only that address", async () => {
    const m = await t.merchant({ mfa: false });
    const sprayer = freshAddress();
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      const res = await loginCall(
        t,
        { username: `victim${i}@example.test`, password: WRONG },
        { lang: EN, remoteAddress: sprayer },
      );
      expectFailure(res, 400, M.invalidCredentials[EN]);
    }
    const next = await loginCall(t, { username: m.users.admin.username }, { lang: ZH, remoteAddress: sprayer });
    expectFailure(next, 429, M.loginThrottled(15)[ZH]);
    expectOk(await loginCall(t, { username: m.users.admin.username }, { remoteAddress: freshAddress() }));
  });

  it("stops a distributed attack on one account except from addresses that signed in to it before", async () => {
    const m = await t.merchant({ mfa: false });
    const username = m.users.finance.username;
    const home = freshAddress();
    expectOk(await loginCall(t, { username }, { remoteAddress: home }));
    t.clock.advance(1000);

    const attackers = Array.from({ length: THROTTLE.perAccount / THROTTLE.perPair }, () => freshAddress());
    for (const address of attackers) await failTimes(username, address, THROTTLE.perPair);

    const stranger = await loginCall(t, { username }, { lang: EN, remoteAddress: freshAddress() });
    expectFailure(stranger, 429, M.loginThrottled(15)[EN]);
    expectOk(await loginCall(t, { username }, { remoteAddress: home }));
    // The rest of the merchant is untouched by the attack on one account.
    expectOk(await loginCall(t, { username: m.users.admin.username }, { remoteAddress: freshAddress() }));
  });

  it("does not let parallel attempts get past the per-pair limit", async () => {
    const m = await t.merchant({ mfa: false });
    const remoteAddress = freshAddress();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        loginCall(t, { username: m.users.operator.username, password: WRONG }, { lang: EN, remoteAddress }),
      ),
    );
    const evaluated = burst.filter((r) => r.statusCode === 400).length;
    expect(evaluated).toBeLessThanOrEqual(THROTTLE.perPair);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(20 - evaluated);
  });
});
