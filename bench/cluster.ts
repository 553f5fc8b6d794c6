/**
 * Several processes on one PostgreSQL (issue 18): 3 API processes (`npm start` with RUN_WORKER=false) behind a
 * small round-robin load balancer, and 2 worker processes (`npm run worker`) fulfilling the orders, on a scratch
 * database. Load: portal orders (a signed-in operator's bearer token) and Open API orders (HMAC-signed) half and
 * half, spread over several merchants, through the balancer at 32 and 8 concurrent clients; then the same load
 * against ONE of the API processes directly, for comparison, and through the balancer to that one alone (what
 * the proxy hop costs by itself). The three take turns in short rounds, pooled afterwards. After the runs: every
 * order leaves Processing (the workers), the ledger check, how many requests each API process served, and how
 * long a session signed out through one API process stays usable on another that had it cached (LISTEN/NOTIFY;
 * target < 100 ms). On a machine of few cores, everything (PostgreSQL, the processes, the balancer, the load
 * generator) shares them: more processes cannot add throughput there; the run shows the setup is right.
 * With Redis at 127.0.0.1:6379 the API processes share the Open API rate limit through it (REDIS_URL, a random
 * key prefix, the limit raised out of the way), as production would.
 * `BENCH_ROUNDS` (default 2) x `BENCH_DURATION_MS` (default 3,000) per row, after `BENCH_WARMUP_MS` (500).
 * Needs PostgreSQL: DATABASE_URL, or the local server at postgres://postgres@127.0.0.1:5432/postgres.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { loadConfig } from "../server/src/config";
import { createDeps } from "../server/src/create-deps";
import { openDatabase } from "../server/src/db/connection";
import { queryRows } from "../server/src/db/raw";
import { merchantApps, productSkus, products, users } from "../server/src/db/schema";
import { ensureApp } from "../server/src/modules/api-settings/api-settings.repository";
import { operatorActor } from "../server/src/modules/audit/audit.service";
import { createSession } from "../server/src/modules/auth/sessions.service";
import { newTotpSecret } from "../server/src/modules/auth/totp";
import { ledgerViolations, postBalanceChange } from "../server/src/modules/ledger/ledger.service";
import { importCatalog, setPrice } from "../server/src/modules/product/catalog-import";
import { createMerchant, createUser } from "../server/src/modules/provisioning/provisioning.service";
import { topupFields } from "../tests/support/order-fixtures";
import { redisAnswers } from "../tests/support/redis";
import { freePort, type Server, sleep, spawnEntry, stopServer } from "../tests/support/server-process";
import { scratchPostgres } from "../tests/support/test-db";
import { roundRobin } from "./support/balancer";
import {
  benchEngines,
  benchTiming,
  type HttpRequestSpec,
  httpLoad,
  int,
  type LoadStats,
  mergeStats,
  ms,
  printTable,
  seconds,
} from "./support/load";
import { signedOrderRequest } from "./support/signed-orders";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TIMING = benchTiming({ warmupMs: 500, durationMs: 3_000 });
const CONCURRENCY = [32, 8];
const API_PROCESSES = 3;
const WORKER_PROCESSES = 2;
const MERCHANTS = 4;
/** Requests prepared per run: more than a run can send (each Open API nonce and order number is good once). */
const PER_RUN = Math.ceil(((TIMING.warmupMs + TIMING.durationMs) / 1000) * 4_000);
const ACCOUNT = "13800138000";
const STOP_TIMEOUT_MS = 15_000;
const DRAIN_TIMEOUT_MS = 180_000;
const REVOCATION_TRIES = 5;

interface BenchMerchant {
  merchantId: number;
  userId: number;
  /** "Bearer …" of the merchant's operator. */
  token: string;
  appId: string;
  secret: string;
}

/** Everything started is undone in reverse, once, on success, failure or Ctrl-C. */
const cleanups: (() => Promise<unknown> | unknown)[] = [];
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`  clean-up step failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

/** SIGTERM (the processes finish what they hold), SIGKILL if that takes longer than STOP_TIMEOUT_MS. */
async function stop(name: string, server: Server): Promise<string> {
  const started = performance.now();
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    server.child.kill("SIGKILL");
  }, STOP_TIMEOUT_MS);
  const code = await stopServer(server, "SIGTERM");
  clearTimeout(timer);
  const how = killed ? "SIGKILLed" : code === null ? `ended by ${server.child.signalCode}` : `exit ${code}`;
  return `${name} ${how} in ${seconds(started)}`;
}

/**
 * The load of one run: the merchants in turn, each request a portal order or an Open API order (half and half),
 * the Open API ones signed now (the servers run on real time) with a fresh nonce and merchant order number each.
 */
function orderMix(merchants: BenchMerchant[], target: { productId: number; skuId: number }): HttpRequestSpec[] {
  const order = { productId: target.productId, skuId: target.skuId, inputs: { account: ACCOUNT } };
  const portalBody = JSON.stringify(order);
  const timestamp = String(Date.now());
  return Array.from({ length: PER_RUN }, (_, i): HttpRequestSpec => {
    const m = merchants[i % merchants.length]!;
    if (Math.floor(i / merchants.length) % 2 === 0)
      return {
        method: "POST",
        path: "/portal/merchant/api/order",
        headers: { authorization: m.token, "content-type": "application/json", "accept-language": "en-US" },
        body: portalBody,
      };
    return signedOrderRequest({ appId: m.appId, key: { type: "HMAC", secret: m.secret } }, order, timestamp, "C");
  });
}

async function main() {
  const total = performance.now();
  if (!(await benchEngines()).includes("postgres")) {
    console.log(
      "cluster: skipped. It needs PostgreSQL: set DATABASE_URL, or run one at postgres://postgres@127.0.0.1:5432/postgres.",
    );
    return;
  }

  const scratch = await scratchPostgres("mp_cluster");
  cleanups.push(() => scratch.drop());
  const dataDir = mkdtempSync(path.join(tmpdir(), "mp-cluster-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const encryptionKey = randomBytes(32).toString("base64");
  const redis = await redisAnswers();
  const redisPrefix = `mp-bench-${randomBytes(4).toString("hex")}:`;
  const env: Record<string, string> = {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    // One key for every process (and this bench, which seals the merchants' secrets): without it each would use
    // DATA_DIR/secrets.json, shared here but not across machines.
    ENCRYPTION_KEY: encryptionKey,
    RUN_WORKER: "false",
    SIMULATOR_DELAY_MS: "0",
    // The bench measures throughput, not the limiter.
    OPENAPI_RATE_LIMIT_PER_MINUTE: "1000000000",
    // The balancer says who the client was (X-Forwarded-For).
    TRUST_PROXY: "true",
    ...(redis && { REDIS_URL: "redis://127.0.0.1:6379", REDIS_KEY_PREFIX: redisPrefix }),
  };
  if (redis)
    cleanups.push(async () => {
      const client = new Redis("redis://127.0.0.1:6379", { lazyConnect: true });
      await client.connect();
      const keys = await client.keys(`${redisPrefix}*`);
      if (keys.length > 0) await client.del(...keys);
      client.disconnect();
    });

  // Process output is collected, and shown at the end (they log at `warn`: anything there is worth a look).
  const processes: { name: string; server: Server }[] = [];
  cleanups.push(async () => {
    const stopped = await Promise.all(processes.map(({ name, server }) => stop(name, server)));
    console.log(`\n  stopped: ${stopped.join("; ")}`);
    // Log lines (JSON, warn and up) and anything else that is not the start banner (crashes, Node warnings).
    const banner = /^(Merchant Portal is running|\s{2,}(API documentation|Database|Demo |Console |.*@demo\.test$))/;
    for (const { name, server } of processes) {
      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.trim() !== "" && !banner.test(line));
      if (lines.length === 0) continue;
      console.log(`  ${name} said (${lines.length} lines):`);
      for (const line of lines.slice(0, 8)) console.log(`    ${line.slice(0, 400)}`);
    }
  });
  const track = (name: string, server: Server) => {
    processes.push({ name, server });
    return server;
  };
  /** `npm start` on a free port, tracked (so stopped) before it is healthy; answers once /portal/health does. */
  const startApi = async (name: string) => {
    const server = track(name, spawnEntry("main", env, await freePort()));
    const since = performance.now();
    for (;;) {
      if (server.child.exitCode !== null)
        throw new Error(`${name} exited with ${server.child.exitCode}:\n${server.output()}`);
      const healthy = await fetch(`${server.url}/portal/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return server;
      if (performance.now() - since > 90_000) throw new Error(`${name} did not become healthy:\n${server.output()}`);
      await sleep(50);
    }
  };

  // The processes run the built server (dist-server/), as production does.
  execFileSync(process.execPath, ["scripts/server-build.mjs"], { stdio: "inherit" });
  // The first API process migrates and seeds the demo alone; the others, and the workers, then start together.
  let started = performance.now();
  const apis = [await startApi("api1")];
  const rest = Promise.all(Array.from({ length: API_PROCESSES - 1 }, (_, i) => startApi(`api${i + 2}`)));
  // Awaited below, after the merchants are set up; a failure meanwhile must not end the bench before clean-up.
  rest.catch(() => {});
  for (let i = 0; i < WORKER_PROCESSES; i++) track(`worker${i + 1}`, spawnEntry("worker", env));

  // Meanwhile, the merchants, through the app's own services on a connection of the bench's own.
  const database = await openDatabase({ kind: "postgres", url: scratch.url }, () => {});
  cleanups.push(() => database.close());
  const deps = createDeps(
    database,
    loadConfig({
      NODE_ENV: "test",
      PASSWORD_HASH_LOG2N: "12",
      ENCRYPTION_KEY: encryptionKey,
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      LOG_LEVEL: "silent",
      CACHE_TTL_MS: "0",
    }),
  );
  const actor = operatorActor("bench");
  const code = `CLUSTER-TOPUP-${randomBytes(3).toString("hex").toUpperCase()}`;
  await importCatalog(deps, {
    products: [
      {
        code,
        type: 1,
        name: "Bench Mobile Top-up",
        fields: topupFields,
        skus: [{ code: "A", spec: "10 CNY", faceValue: "10", currency: "CNY" }],
      },
    ],
  });
  const [target] = await deps.db
    .select({ productId: products.id, skuId: productSkus.id })
    .from(products)
    .innerJoin(productSkus, and(eq(productSkus.productId, products.id), eq(productSkus.code, "A")))
    .where(eq(products.code, code));
  const merchants: BenchMerchant[] = [];
  for (let i = 0; i < MERCHANTS; i++) {
    const m = await createMerchant(deps, actor, { name: `Cluster Merchant ${i + 1}` });
    await setPrice(deps, { merchantNo: m.merchantNo, productCode: code, skuCode: "A", price: "10.00" });
    await postBalanceChange(deps.db, {
      merchantId: m.id,
      type: "add",
      amount: "1000000000",
      remark: "bench funds",
      at: new Date(),
    });
    const user = await createUser(deps, actor, {
      merchantNo: m.merchantNo,
      username: `operator.${m.merchantNo.toLowerCase()}@cluster.test`,
      role: "operator",
    });
    // The server refuses a user without MFA bound: bind it as the dialog would have.
    await deps.db
      .update(users)
      .set({ mfaSecret: deps.cipher.encrypt(newTotpSecret()) })
      .where(eq(users.id, user.id));
    const token = await createSession(deps, deps.db, user.id, { ip: "127.0.0.1", userAgent: "bench/cluster" });
    // The merchant's API application with an HMAC secret, as an admin sets it up (tests/support/open-api.ts).
    const app = await ensureApp(deps, m.id);
    const secret = randomBytes(32).toString("base64url");
    await deps.db
      .update(merchantApps)
      .set({ keyType: "HMAC", secretSealed: deps.cipher.encrypt(secret), secretHint: secret.slice(-4) })
      .where(eq(merchantApps.merchantId, m.id));
    merchants.push({ merchantId: m.id, userId: user.id, token: `Bearer ${token}`, appId: app.appId, secret });
  }
  apis.push(...(await rest));
  console.log(
    `\n${API_PROCESSES} API + ${WORKER_PROCESSES} worker processes on PostgreSQL, ${MERCHANTS} merchants, ` +
      `Redis ${redis ? "shared (REDIS_URL)" : "absent: rate limits per process"}; started in ${seconds(started)}`,
  );

  const lb = await roundRobin(apis.map((a) => a.url));
  cleanups.push(() => lb.close());
  // The same balancer in front of api1 alone: what the proxy hop itself costs, apart from the extra processes.
  const hop = await roundRobin([apis[0]!.url]);
  cleanups.push(() => hop.close());

  const processing = async () =>
    Number(
      (
        await queryRows<{ n: string }>(deps.db, sql`select count(*)::text as n from orders where status = 'processing'`)
      )[0]?.n ?? 0,
    );
  /** Waits until the workers fulfilled every order (each run starts on an empty queue); answers how long. */
  const drain = async () => {
    const since = performance.now();
    for (;;) {
      const left = await processing();
      if (left === 0) return performance.now() - since;
      const dead = processes.find((p) => p.server.child.exitCode !== null);
      if (dead) throw new Error(`${dead.name} exited with ${dead.server.child.exitCode}:\n${dead.server.output()}`);
      if (performance.now() - since > DRAIN_TIMEOUT_MS)
        throw new Error(`${left} orders still Processing after ${DRAIN_TIMEOUT_MS / 1000} s`);
      await sleep(100);
    }
  };

  // The load: through the balancer, through it to api1 alone, and against api1 directly, in turns.
  const fronts = [
    { name: `${API_PROCESSES} API via LB`, url: lb.url },
    { name: "1 API via LB", url: hop.url },
    { name: "1 API direct", url: apis[0]!.url },
  ];
  const runs = new Map<string, LoadStats[]>();
  let lastDrainMs = 0;
  started = performance.now();
  for (let round = 0; round < ROUNDS; round++)
    for (const c of CONCURRENCY)
      for (const front of round % 2 === 0 ? fronts : [...fronts].reverse()) {
        const result = await httpLoad(front.url, orderMix(merchants, target!), c, TIMING);
        const key = `${front.name} c=${c}`;
        runs.set(key, [...(runs.get(key) ?? []), result]);
        lastDrainMs = await drain();
      }

  console.log(
    `\nmixed orders (portal + Open API HMAC, ${MERCHANTS} merchants), ${ROUNDS} rounds x ` +
      `${TIMING.durationMs / 1000} s per row; load average ${loadavg()[0]!.toFixed(1)}; runs took ${seconds(started)}`,
  );
  const rows: (string | number)[][] = [];
  const merged = new Map([...runs].map(([key, rounds]) => [key, mergeStats(rounds)]));
  for (const c of CONCURRENCY) {
    const direct = merged.get(`1 API direct c=${c}`)!;
    for (const front of fronts) {
      const s = merged.get(`${front.name} c=${c}`)!;
      const vs = s === direct ? "" : `${(s.perSec / direct.perSec).toFixed(2)}x`;
      rows.push([`${front.name} c=${c}`, int(s.perSec), ms(s.p50), ms(s.p99), ms(s.max), s.errors, vs]);
      if (s.sample) console.log(`  sample error (${front.name} c=${c}): ${s.sample}`);
    }
  }
  printTable(["front", "orders/s", "p50 ms", "p99 ms", "max ms", "errors", "vs direct"], rows);
  console.log(
    `  balancer: requests per API process ${lb.served().map(int).join(" / ")}` +
      (lb.failures() > 0 ? `, ${lb.failures()} upstream failures` : ""),
  );

  const byStatus = await queryRows<{ status: string; n: string }>(
    deps.db,
    sql`select status, count(*)::text as n from orders group by status order by status`,
  );
  console.log(
    `  orders: ${byStatus.map((r) => `${int(Number(r.n))} ${r.status}`).join(", ")} ` +
      `(the workers emptied the last run's queue ${(lastDrainMs / 1000).toFixed(1)} s after it ended)`,
  );
  const violations = await ledgerViolations(deps.db);
  const ledger = violations.length === 0 ? "consistent" : `INCONSISTENT ${JSON.stringify(violations.slice(0, 3))}`;
  console.log(`  ledger check: ${ledger}`);

  // Revocation across processes: a session api2 has cached, signed out through api1.
  const [signOut, refuse] = [apis[0]!, apis[1]!];
  const info = async (server: Server, token: string) =>
    (await fetch(`${server.url}/portal/merchant/api/logged/info`, { headers: { authorization: token } })).status;
  const afterAnswer: number[] = [];
  const afterSent: number[] = [];
  for (let i = 0; i < REVOCATION_TRIES; i++) {
    const m = merchants[i % merchants.length]!;
    const session = await createSession(deps, deps.db, m.userId, { ip: "127.0.0.1", userAgent: "bench/revoke" });
    const token = `Bearer ${session}`;
    for (let k = 0; k < 2; k++)
      if ((await info(refuse, token)) !== 200) throw new Error("a new session was refused by api2");
    const sent = performance.now();
    const res = await fetch(`${signOut.url}/portal/merchant/api/logout`, {
      method: "POST",
      headers: { authorization: token },
    });
    if (!res.ok) throw new Error(`sign-out through api1 answered ${res.status}: ${await res.text()}`);
    const answered = performance.now();
    for (;;) {
      if ((await info(refuse, token)) === 401) break;
      if (performance.now() - answered > 10_000) throw new Error("api2 still accepts a signed-out session after 10 s");
      await sleep(1);
    }
    afterAnswer.push(performance.now() - answered);
    afterSent.push(performance.now() - sent);
  }
  const worst = Math.max(...afterAnswer);
  const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `  session signed out through api1, refused by api2 (which had it cached) after ${ms(middle(afterAnswer))} ms ` +
      `median, ${ms(worst)} ms worst of ${REVOCATION_TRIES} (from the sign-out's answer; ${ms(middle(afterSent))} ms ` +
      `median from its request) -> target < 100 ms ${worst < 100 ? "MET" : "MISSED"}`,
  );
  const exited = processes.filter((p) => p.server.child.exitCode !== null);
  if (exited.length > 0) console.log(`  exited during the bench: ${exited.map((p) => p.name).join(", ")}`);
  console.log(`\ntotal ${seconds(total)}`);
}

try {
  await main();
} finally {
  await cleanUp();
}
