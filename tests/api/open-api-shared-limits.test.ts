import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app";
import { createDeps } from "../../server/src/create-deps";
import { AUTH_THROTTLE } from "../../server/src/modules/openapi/openapi-throttle";
import { closeTestApp, freshAddress } from "../support/api-helpers";
import { type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { openShop } from "../support/order-fixtures";
import { redisAnswers } from "../support/redis";
import { startTestApp, type TestApp, testConfig } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * Several API processes on one database and one Redis (REDIS_URL) share the Open API's limits: the rate limit
 * per AppID and the failed-authentication throttle. Needs a Redis (127.0.0.1:6379, or TEST_REDIS_URL); skipped
 * when none answers. Each run writes under a random key prefix and deletes its keys afterwards.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const BALANCE = { method: "GET" as const, url: "/openapi/v1/balance" };
const refusal = (res: { statusCode: number; json(): { data: { errorCode: string } } }) => [
  res.statusCode,
  res.json().data.errorCode,
];

const redisUp = await redisAnswers(REDIS_URL);

/** Another server process beside `t`: its own container and Redis client, the same database, keys and clock. */
async function anotherProcess(t: TestApp): Promise<TestApp> {
  const deps = createDeps(t.database, t.deps.config, t.clock);
  const app = await buildApp({ deps, webRoot: "/nonexistent-web-root" });
  return { ...t, app, deps, close: () => app.close() };
}

describe("REDIS_URL", () => {
  it("is optional, and a redis:// or rediss:// URL when set", () => {
    expect(testConfig().REDIS_URL).toBeUndefined();
    expect(testConfig().REDIS_KEY_PREFIX).toBe("mp:");
    expect(testConfig({ REDIS_URL: "rediss://cache.internal:6380/2" }).REDIS_URL).toBe(
      "rediss://cache.internal:6380/2",
    );
    expect(() => testConfig({ REDIS_URL: "cache.internal:6379" })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss/);
  });
});

describe.each(engines)("Open API limits shared through Redis on %s", (engine) => {
  const prefix = `mp-test-${randomBytes(6).toString("hex")}:`;
  let a: TestApp;
  let b: TestApp;
  let admin: Redis;
  const client = async (on: TestApp): Promise<OpenApiClient> => openApiClient(on, (await openShop(on)).merchantId);

  beforeAll(async () => {
    if (!redisUp) return;
    admin = new Redis(REDIS_URL);
    a = await startTestApp(engine, {
      config: { REDIS_URL, REDIS_KEY_PREFIX: prefix, OPENAPI_RATE_LIMIT_PER_MINUTE: "6" },
    });
    b = await anotherProcess(a);
  });
  afterAll(async () => {
    if (!redisUp) return;
    await b?.close();
    await closeTestApp(a);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it.skipIf(!redisUp)("counts one rate limit per AppID across processes (429 RATE_LIMITED past it)", async () => {
    const app = await client(a);
    for (let i = 0; i < 6; i++) {
      const res = await openApiCall(i % 2 === 0 ? a : b, app, BALANCE);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-ratelimit-remaining"]).toBe(String(5 - i));
    }
    for (const on of [a, b]) {
      const refused = await openApiCall(on, app, BALANCE);
      expect(refusal(refused)).toEqual([429, "RATE_LIMITED"]);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Per AppID: another merchant's allowance is untouched.
    expect((await openApiCall(b, await client(a), BALANCE)).statusCode).toBe(200);
    expect(await admin.keys(`${prefix}openapi-rl:*`)).not.toHaveLength(0);
  });

  it.skipIf(!redisUp)("counts failed authentications from an address across processes", async () => {
    const app = await client(a);
    const attacker = freshAddress();
    for (let i = 0; i < AUTH_THROTTLE.perAddress; i++) {
      const forged = await openApiCall(i % 2 === 0 ? a : b, app, {
        ...BALANCE,
        signature: "forged",
        remoteAddress: attacker,
      });
      expect(refusal(forged)).toEqual([401, "INVALID_SIGNATURE"]);
    }
    // Half of the failures reached each process: neither would stop the address on its own count.
    for (const on of [a, b]) {
      const stopped = await openApiCall(on, app, { ...BALANCE, remoteAddress: attacker });
      expect(refusal(stopped)).toEqual([429, "RATE_LIMITED"]);
      expect(stopped.json().message).toContain("failed authentications");
      expect(Number(stopped.headers["retry-after"])).toBeGreaterThan(0);
    }
    // The window passes (on the app's clock, which both processes share), and the address may try again.
    a.clock.advance(AUTH_THROTTLE.windowMs + 1);
    expect((await openApiCall(b, app, { ...BALANCE, remoteAddress: attacker })).statusCode).toBe(200);
  });

  it.skipIf(!redisUp)(
    "counts failed authentications per AppID across processes, sparing an address that authenticated on the other",
    async () => {
      const app = await client(a);
      const home = freshAddress();
      expect((await openApiCall(a, app, { ...BALANCE, remoteAddress: home })).statusCode).toBe(200);
      for (let i = 0; i < AUTH_THROTTLE.perAppId; i++)
        await openApiCall(i % 2 === 0 ? a : b, app, { ...BALANCE, signature: "forged", remoteAddress: freshAddress() });
      for (const on of [a, b])
        expect(refusal(await openApiCall(on, app, { ...BALANCE, remoteAddress: freshAddress() }))).toEqual([
          429,
          "RATE_LIMITED",
        ]);
      // Known from process a, so process b lets it through too.
      expect((await openApiCall(b, app, { ...BALANCE, remoteAddress: home })).statusCode).toBe(200);
    },
  );

  it.skipIf(!redisUp)("closes its Redis connection with the server", async () => {
    const c = await anotherProcess(a);
    expect((await openApiCall(c, await client(a), BALANCE)).statusCode).toBe(200);
    await c.close();
    expect(c.deps.redis?.status).toBe("end");
  });
});

describe.each(engines)("Open API limits when Redis does not answer, on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the server starts anyway, and the client keeps trying in the background.
    t = await startTestApp(engine, {
      config: { REDIS_URL: "redis://127.0.0.1:1", OPENAPI_RATE_LIMIT_PER_MINUTE: "2" },
    });
  });
  afterAll(() => closeTestApp(t));

  it("lets signed requests through uncounted rather than failing them", async () => {
    const app = await openApiClient(t, (await openShop(t)).merchantId);
    for (let i = 0; i < 4; i++) expect((await openApiCall(t, app, BALANCE)).statusCode).toBe(200);
  });

  it("still counts failed authentications, in the process", async () => {
    const app = await openApiClient(t, (await openShop(t)).merchantId);
    const attacker = freshAddress();
    for (let i = 0; i < AUTH_THROTTLE.perAddress; i++)
      await openApiCall(t, app, { ...BALANCE, signature: "forged", remoteAddress: attacker });
    expect(refusal(await openApiCall(t, app, { ...BALANCE, remoteAddress: attacker }))).toEqual([429, "RATE_LIMITED"]);
  });

  it("stops trying to reach Redis once the server closed", async () => {
    const other = await anotherProcess(t);
    const redis = other.deps.redis!;
    let tries = 0;
    await other.close();
    redis.on("reconnecting", () => tries++);
    // The client waits at most 2 s between tries.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(tries).toBe(0);
    expect(redis.status).not.toBe("ready");
  });
});
