import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/src/db/schema";
import { passwordHasher } from "../../server/src/lib/passwords";
import { THROTTLE } from "../../server/src/modules/auth/login-throttle";
import {
  bindMfa,
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectOk,
  freshAddress,
  INFO,
  LOGOUT,
  loginCall,
  M,
  MEMBERS,
  MFA_KEY,
  userRow,
  wrongCode,
  ZH,
} from "../support/api-helpers";
import { codeFor, startTestApp, TEST_PASSWORD, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const MFA_REQUIRED = { errorCode: "MFA_REQUIRED" };
const STEP_UP_REQUIRED = { errorCode: "STEP_UP_REQUIRED" };
const SECRET = "/portal/merchant/api/app/secret";
const KEYS = "/portal/merchant/api/app/keys";
/** The calls a session may make before MFA is bound (issue 12 §1). */
const BEFORE_MFA = new Set([
  "GET /merchant/api/logged/info",
  "GET /merchant/api/mfa/key",
  "POST /merchant/api/mfa/bind",
]);

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Every merchant call of the portal that needs a session (401 without one), from the server's OpenAPI document.
 * The console's calls are another realm, where a merchant's session is unknown (console-staff.test).
 */
async function signedInCalls(t: TestApp): Promise<{ method: Method; url: string; key: string }[]> {
  await t.app.ready();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const calls = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith("/portal/") || path.startsWith("/portal/console/")) continue;
    for (const verb of Object.keys(operations)) {
      const method = verb.toUpperCase() as Method;
      const url = path.replace(/\{[^}]+\}/g, "1");
      if ((await call(t, method, url, { payload: {} })).statusCode !== 401) continue; // public
      calls.push({ method, url, key: `${method} ${path.replace(/^\/portal/, "")}` });
    }
  }
  return calls;
}

describe.each(engines)("MFA as a server rule on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  describe("before MFA is bound", () => {
    it("refuses every call but user info, MFA key, MFA bind and logout with 403 MFA_REQUIRED, in both languages", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.admin.username);
      const calls = (await signedInCalls(t)).filter(
        (c) => !BEFORE_MFA.has(c.key) && c.key !== "POST /merchant/api/logout",
      );
      // The examples are among them: the live API secret, order placement and the fund lists.
      expect(calls.map((c) => c.key)).toEqual(
        expect.arrayContaining([
          "POST /merchant/api/app/secret",
          "POST /merchant/api/order",
          "GET /merchant/api/fund/transaction/list",
        ]),
      );
      expect(calls.length).toBeGreaterThan(30);
      for (const { method, url } of calls) {
        for (const lang of [EN, ZH] as const) {
          const res = await call(t, method, url, { token, lang, payload: {} });
          expectFailure(res, 403, M.mfaRequired[lang], MFA_REQUIRED);
        }
      }
      // Nothing was handed out on the way.
      const [row] = await t.deps.db.select().from(users).where(eq(users.id, m.users.admin.id));
      expect(row?.mfaSecret).toBeNull();
    });

    it("allows user info, the key, the bind and logout; after binding everything the role allows works", async () => {
      const m = await t.merchant({ mfa: false });
      const token = await t.login(m.users.admin.username);
      expect(expectOk<{ mfaStatus: number }>(await call(t, "GET", INFO, { token })).mfaStatus).toBe(0);
      expectFailure(await call(t, "GET", MEMBERS, { token, lang: EN }), 403, M.mfaRequired[EN], MFA_REQUIRED);
      await bindMfa(t, token);
      expectOk(await call(t, "GET", MEMBERS, { token }));
      expectOk(await call(t, "POST", LOGOUT, { token }));

      const other = await t.merchant({ mfa: false });
      const leaving = await t.login(other.users.finance.username);
      expectOk(await call(t, "GET", MFA_KEY, { token: leaving }));
      expectOk(await call(t, "POST", LOGOUT, { token: leaving }));
      expectFailure(await call(t, "GET", INFO, { token: leaving, lang: EN }), 401, M.unauthenticated[EN]);
    });

    it("closes a session again when its user's MFA is reset by an admin (they must bind anew)", async () => {
      const m = await t.merchant();
      const admin = await t.login(m.users.admin.username);
      expectOk(
        await call(t, "POST", `${MEMBERS}/${m.users.operator.id}/mfa/reset`, {
          token: admin,
          stepUp: m.users.admin.username,
        }),
      );
      const fresh = await t.login(m.users.operator.username, TEST_PASSWORD, "");
      expectFailure(
        await call(t, "GET", "/portal/merchant/api/order/list", { token: fresh, lang: ZH }),
        403,
        M.mfaRequired[ZH],
        MFA_REQUIRED,
      );
    });
  });

  describe("step-up: a current code for secrets, keys and members", () => {
    it("refuses the secret, the key rotation and every member change without a code (403 STEP_UP_REQUIRED)", async () => {
      const m = await t.merchant();
      const token = await t.login(m.users.admin.username);
      const target = `${MEMBERS}/${m.users.operator.id}`;
      const steps: [string, string, unknown][] = [
        ["POST", SECRET, undefined],
        ["POST", KEYS, undefined],
        ["POST", MEMBERS, { username: "new.member@example.test", role: "operator" }],
        ["PATCH", `${target}/status`, { enabled: false }],
        ["POST", `${target}/mfa/reset`, undefined],
        ["POST", `${target}/password/reset`, {}],
        ["DELETE", target, undefined],
      ];
      for (const [method, url, payload] of steps) {
        for (const lang of [EN, ZH] as const) {
          const res = await call(t, method as "POST", url, { token, lang, payload: payload as object });
          expectFailure(res, 403, M.stepUpRequired[lang], STEP_UP_REQUIRED);
        }
      }
      // Nothing changed: the operator is enabled, bound, and signs in with the old password.
      expect(await userRow(t, m.users.operator.id)).toMatchObject({ enabled: true });
      expect((await userRow(t, m.users.operator.id)).mfaSecret).not.toBeNull();
      await t.login(m.users.operator.username);
    });

    it("takes the current code once: a wrong one is a field error, a reused one is refused", async () => {
      const m = await t.merchant();
      const { username, mfaSecret } = m.users.admin;
      const token = await t.login(username);
      const wrong = wrongCode(mfaSecret!, t.clock.now());
      const refused = await call(t, "POST", SECRET, { token, lang: EN, headers: { "x-mfa-code": wrong } });
      expectFieldErrors(refused, { captcha: M.captchaInvalid[EN] });
      const malformed = await call(t, "POST", SECRET, { token, lang: EN, headers: { "x-mfa-code": "12ab" } });
      expectFieldErrors(malformed, { captcha: M.captchaFormat[EN] });

      const code = await t.code(username);
      expectOk(await call(t, "POST", SECRET, { token, headers: { "x-mfa-code": code } }));
      const replay = await call(t, "POST", KEYS, { token, lang: ZH, headers: { "x-mfa-code": code } });
      expectFieldErrors(replay, { captcha: M.captchaReused[ZH] });
      t.clock.advance(30_000);
      expectOk(await call(t, "POST", KEYS, { token, headers: { "x-mfa-code": codeFor(mfaSecret!, t.clock.now()) } }));
    });

    it("throttles wrong step-up codes like sign-in codes (a stolen session cannot guess its way through)", async () => {
      const m = await t.merchant();
      const { username, mfaSecret } = m.users.admin;
      const token = await t.login(username);
      const remoteAddress = freshAddress();
      for (let i = 0; i < THROTTLE.perPair; i++) {
        const headers = { "x-mfa-code": wrongCode(mfaSecret!, t.clock.now()) };
        expectFieldErrors(await call(t, "POST", SECRET, { token, lang: EN, headers, remoteAddress }), {
          captcha: M.captchaInvalid[EN],
        });
      }
      const right = await call(t, "POST", SECRET, {
        token,
        lang: EN,
        headers: { "x-mfa-code": await t.code(username) },
        remoteAddress,
      });
      expectFailure(right, 429, M.loginThrottled(15)[EN]);
    });

    it("checks the body before the code, so a form mistake does not use the code up", async () => {
      const m = await t.merchant();
      const { username } = m.users.admin;
      const token = await t.login(username);
      const code = await t.code(username);
      const bad = await call(t, "POST", MEMBERS, {
        token,
        lang: EN,
        payload: { username: "not-an-email", role: "operator" },
        headers: { "x-mfa-code": code },
      });
      expect(bad.statusCode).toBe(400);
      const good = await call(t, "POST", MEMBERS, {
        token,
        payload: { username: `stepped.${engine}@example.test`, role: "operator" },
        headers: { "x-mfa-code": code },
      });
      expectOk(good);
    });
  });

  describe("the sign-in throttle", () => {
    it("never counts simultaneous correct sign-ins as failures: 16 in parallel all succeed", async () => {
      const m = await t.merchant({ mfa: false });
      const remoteAddress = freshAddress();
      const all = await Promise.all(
        Array.from({ length: 16 }, () => loginCall(t, { username: m.users.operator.username }, { remoteAddress })),
      );
      expect(all.map((r) => r.statusCode)).toEqual(Array(16).fill(200));
      // And they left no failures behind: five wrong passwords are still allowed before the pair stops.
      for (let i = 0; i < THROTTLE.perPair; i++)
        expect(
          (await loginCall(t, { username: m.users.operator.username, password: "Wrong-pass1" }, { remoteAddress }))
            .statusCode,
        ).toBe(400);
    });

    it("counts the right password with a missing or wrong code as a failure", async () => {
      const m = await t.merchant();
      const { username, mfaSecret } = m.users.finance;
      const remoteAddress = freshAddress();
      for (let i = 0; i < THROTTLE.perPair; i++) {
        const captcha = i % 2 === 0 ? "" : wrongCode(mfaSecret!, t.clock.now());
        const res = await loginCall(t, { username, captcha }, { lang: EN, remoteAddress });
        expectFieldErrors(res, { captcha: (captcha ? M.captchaInvalid : M.captchaRequired)[EN] });
      }
      const right = await loginCall(t, { username, captcha: await t.code(username) }, { lang: EN, remoteAddress });
      expectFailure(right, 429, M.loginThrottled(15)[EN]);
    });

    it("does not let one address lock out the accounts that signed in from it before", async () => {
      const m = await t.merchant({ mfa: false });
      const office = freshAddress();
      expectOk(await loginCall(t, { username: m.users.admin.username }, { remoteAddress: office }));
      t.clock.advance(1000);
      // Someone behind the same address sprays wrong passwords across many accounts.
      for (let i = 0; i < THROTTLE.perAddress; i++) {
        const res = await loginCall(
          t,
          { username: `sprayed${engine}${i}@example.test`, password: "Wrong-pass1" },
          { remoteAddress: office },
        );
        expect(res.statusCode).toBe(400);
      }
      // A new account from that address is stopped; the colleague who signs in from there every day is not.
      expect((await loginCall(t, { username: m.users.operator.username }, { remoteAddress: office })).statusCode).toBe(
        429,
      );
      expectOk(await loginCall(t, { username: m.users.admin.username }, { remoteAddress: office }));
    });
  });

  describe("password hashing", () => {
    it("rehashes a password stored at a lower cost at the next successful sign-in, and only then", async () => {
      const m = await t.merchant({ mfa: false });
      const { id, username } = m.users.operator;
      const weak = await passwordHasher(10).hash(TEST_PASSWORD);
      await t.deps.db.update(users).set({ passwordHash: weak }).where(eq(users.id, id));

      await loginCall(t, { username, password: "Wrong-pass1" }, { remoteAddress: freshAddress() });
      expect((await userRow(t, id)).passwordHash).toBe(weak);

      expectOk(await loginCall(t, { username }, { remoteAddress: freshAddress() }));
      const rehashed = (await userRow(t, id)).passwordHash;
      expect(rehashed).toMatch(new RegExp(`^scrypt\\$${2 ** t.deps.config.PASSWORD_HASH_LOG2N}\\$8\\$1\\$`));
      expect(rehashed).not.toBe(weak);
      expectOk(await loginCall(t, { username }, { remoteAddress: freshAddress() }));
    });

    it("hashes at N=2^17, r=8, p=1 by default", async () => {
      const hash = await passwordHasher().hash("Some-password-1");
      expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect((await passwordHasher().verify("Some-password-1", hash)).ok).toBe(true);
    });
  });
});
