import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Role } from "#contracts";
import { buildApp } from "../../server/src/app";
import type { AppDeps } from "../../server/src/app-deps";
import { type Config, loadConfig } from "../../server/src/config";
import { createDeps } from "../../server/src/create-deps";
import type { Database } from "../../server/src/db/connection";
import { users } from "../../server/src/db/schema";
import { manualClock } from "../../server/src/lib/clock";
import { operatorActor } from "../../server/src/modules/audit/audit.service";
import { newTotpSecret, totpCode } from "../../server/src/modules/auth/totp";
import { createMerchant, createUser } from "../../server/src/modules/provisioning/provisioning.service";
import { type Engine, openTestDatabase } from "./test-db";

export const TEST_PASSWORD = "Passw0rd!test";

/** The operator the tests act as when they call an operator command's service (deposit review, adjustments). */
export const TEST_OPERATOR = operatorActor("test-operator");

const TEST_DATA_PREFIX = "mp-test-data-";

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    // Fast hashes: the production cost (2^17, ~0.3 s each) would make the suite crawl; config allows it in tests only.
    // 2^11 (~7 ms a hash, 2^12 took twice that over the run's 1,600 hashes) keeps a cost above the floor of 2^10
    // that mfa-gate.test stores as a weaker hash to see it rehashed; the production cost has its own tests there.
    PASSWORD_HASH_LOG2N: "11",
    // A busy test machine stalls the event loop now and then; load shedding is tested on its own (health.test).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0",
    // Tests change rows behind the app's back and look at once; a notice from another connection could come a
    // moment later. The caches are tested on their own (cache-invalidation.test), with this turned back on.
    CACHE_TTL_MS: "0",
    LOG_LEVEL: "silent",
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    // A folder of its own per app, made only when something is stored there (uploads), removed by `close`.
    DATA_DIR: overrides.DATA_DIR ?? path.join(tmpdir(), `${TEST_DATA_PREFIX}${randomBytes(8).toString("hex")}`),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  clock: ReturnType<typeof manualClock>;
  close(): Promise<void>;
  /**
   * A new merchant with one user per role (factories, not a global seed). Their MFA is bound, as the server
   * requires before anything else; `mfa: false` leaves it unbound (tests of binding and of the MFA gate).
   */
  merchant(options?: { name?: string; mfa?: boolean }): Promise<TestMerchant>;
  /**
   * Signs in and answers the token head + token, ready for `Authorization`. For a user whose MFA the harness
   * bound, the current code is sent unless `captcha` is given.
   */
  login(username: string, password?: string, captcha?: string): Promise<string>;
  /**
   * The user's current MFA code, usable once more: the harness forgets the step the user last used, as if the
   * clock (frozen in tests) had moved on to the next step. For step-up calls (`X-MFA-Code`) and sign-ins.
   */
  code(username: string): Promise<string>;
}

export interface TestUser {
  id: number;
  username: string;
  /** The MFA secret the harness bound, when it did. */
  mfaSecret?: string;
}

export interface TestMerchant {
  merchantNo: string;
  users: Record<Role, TestUser>;
}

/** The real app on a fresh database, with a clock the test controls. */
export async function startTestApp(
  engine: Engine,
  options: { config?: Record<string, string>; webRoot?: string } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(engine);
  const config = testConfig(options.config);
  const clock = manualClock(new Date("2026-11-21T10:00:00Z"));
  const deps = createDeps(database, config, clock);
  await deps.caches.invalidation.start(database);
  const app = await buildApp({ deps, webRoot: options.webRoot ?? "/nonexistent-web-root" });
  let counter = 0;
  const known = new Map<string, TestUser>();

  async function code(username: string) {
    const user = known.get(username);
    if (!user?.mfaSecret) throw new Error(`the harness bound no MFA for ${username}`);
    await deps.db.update(users).set({ mfaLastStep: null }).where(eq(users.id, user.id));
    return codeFor(user.mfaSecret, clock.now());
  }

  return {
    app,
    deps,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      if (path.basename(config.dataDir).startsWith(TEST_DATA_PREFIX))
        rmSync(config.dataDir, { recursive: true, force: true });
    },
    code,
    async merchant({ name, mfa = true } = {}) {
      const tag = `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;
      const m = await createMerchant(deps, TEST_OPERATOR, { name: name ?? `Merchant ${tag}` });
      const members = {} as TestMerchant["users"];
      for (const role of ["admin", "operator", "finance"] as const) {
        const username = `${role}.${tag}@example.test`;
        const u = await createUser(deps, TEST_OPERATOR, {
          merchantNo: m.merchantNo,
          username,
          role,
          password: TEST_PASSWORD,
        });
        const mfaSecret = mfa ? newTotpSecret() : undefined;
        if (mfaSecret)
          await deps.db
            .update(users)
            .set({ mfaSecret: deps.cipher.encrypt(mfaSecret) })
            .where(eq(users.id, u.id));
        members[role] = { id: u.id, username, ...(mfaSecret && { mfaSecret }) };
        known.set(username, members[role]);
      }
      return { merchantNo: m.merchantNo, users: members };
    },
    async login(username, password = TEST_PASSWORD, captcha) {
      const sent = captcha ?? (known.get(username)?.mfaSecret ? await code(username) : "");
      const res = await app.inject({
        method: "POST",
        url: "/portal/merchant/api/login",
        payload: { username, password, captcha: sent },
      });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login failed for ${username}: ${res.body}`);
      return `${body.data.tokenHead}${body.data.token}`;
    },
  };
}

/** The code an authenticator app would show now for a secret (tests bind MFA with it). */
export const codeFor = (secret: string, at: Date) => totpCode(secret, at);
