import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/src/app";
import { type AppDeps, createDeps } from "../../server/src/app-deps";
import { type Config, loadConfig } from "../../server/src/config";
import type { Role } from "../../server/src/contracts";
import type { Database } from "../../server/src/db/connection";
import { manualClock } from "../../server/src/lib/clock";
import { totpCode } from "../../server/src/modules/auth/totp";
import { createMerchant, createUser } from "../../server/src/modules/provisioning/provisioning.service";
import { type Engine, openTestDatabase } from "./test-db";

export const TEST_PASSWORD = "Passw0rd!test";

const TEST_DATA_PREFIX = "mp-test-data-";

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
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
  /** A new merchant with one user per role (factories, not a global seed). */
  merchant(options?: { name?: string }): Promise<TestMerchant>;
  /** Signs in and answers the token head + token, ready for `Authorization`. */
  login(username: string, password?: string, captcha?: string): Promise<string>;
}

export interface TestMerchant {
  merchantNo: string;
  users: Record<Role, { id: number; username: string }>;
}

/** The real app on a fresh database, with a clock the test controls. */
export async function startTestApp(
  engine: Engine,
  options: { config?: Record<string, string>; webRoot?: string } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(engine);
  const config = testConfig(options.config);
  const clock = manualClock(new Date("2026-11-21T10:00:00Z"));
  const app = await buildApp({ database, config, clock, webRoot: options.webRoot ?? "/nonexistent-web-root" });
  const deps = createDeps(database, config, clock);
  let counter = 0;

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
    async merchant({ name } = {}) {
      const tag = `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;
      const m = await createMerchant(deps, { name: name ?? `Merchant ${tag}` });
      const users = {} as TestMerchant["users"];
      for (const role of ["admin", "operator", "finance"] as const) {
        const username = `${role}.${tag}@example.test`;
        const u = await createUser(deps, { merchantNo: m.merchantNo, username, role, password: TEST_PASSWORD });
        users[role] = { id: u.id, username };
      }
      return { merchantNo: m.merchantNo, users };
    },
    async login(username, password = TEST_PASSWORD, captcha = "") {
      const res = await app.inject({
        method: "POST",
        url: "/portal/merchant/api/login",
        payload: { username, password, captcha },
      });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login failed for ${username}: ${res.body}`);
      return `${body.data.tokenHead}${body.data.token}`;
    },
  };
}

/** The code an authenticator app would show now for a secret (tests bind MFA with it). */
export const codeFor = (secret: string, at: Date) => totpCode(secret, at);
