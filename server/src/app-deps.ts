import type { KeyObject } from "node:crypto";
import path from "node:path";
import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { Database, Db } from "./db/connection";
import { type Clock, systemClock } from "./lib/clock";
import { type Cipher, createCipher } from "./lib/crypto";
import { type FileStorage, localFileStorage } from "./lib/file-storage";
import { type CacheInvalidation, cacheInvalidation, type TopicCache, topicCache } from "./lib/invalidation";
import { memo } from "./lib/memo";
import { type PasswordHasher, passwordHasher } from "./lib/passwords";
import { redisClient } from "./lib/redis";
import { parseRsaPublicKey } from "./lib/signing";
import { createMetrics, type Metrics } from "./metrics/metrics";
import { type SignInGate, signInGate } from "./modules/auth/login-throttle";
import type { CachedSession } from "./modules/auth/sessions.service";
import { httpSender, type Send } from "./modules/delivery/sender";
import type { CachedTarget } from "./modules/order/place-order";
import { type RiskRulesCache, riskRulesCache } from "./modules/risk/active-rules";

/**
 * The one container: everything services, routes, workers and commands need from the outside world, built once
 * per process (main, worker, CLI) or per test, and passed explicitly. Modules keep no state of their own.
 */
export interface AppDeps {
  db: Db;
  engine: "pglite" | "postgres";
  config: Config;
  clock: Clock;
  cipher: Cipher;
  passwords: PasswordHasher;
  /** Uploaded files' bytes (DATA_DIR/files; an S3-compatible store would be chosen here). */
  storage: FileStorage;
  /** Outbound HTTP to merchants' servers (callbacks, notifications), behind the private-address guard. */
  outbound: Send;
  /** Sign-in checks running in this process (see login-throttle). */
  signIns: SignInGate;
  /**
   * The process's one Redis client (REDIS_URL), or null: counters the API processes share (lib/redis.ts).
   * Not connected until the server uses it; the server's Open API connects it and closes it with the server.
   */
  redis: Redis | null;
  /**
   * A merchant's public key from its PEM, parsed once (bounded cache): parsing costs more than a verification,
   * and the same few keys verify every Open API request.
   */
  publicKey: (pem: string) => KeyObject | null;
  /** Which risk rules are on, as this process last read them (modules/risk/active-rules.ts). */
  riskRules: RiskRulesCache;
  /** This process's Prometheus series (metrics/metrics.ts), served by METRICS_PORT / WORKER_METRICS_PORT. */
  metrics: Metrics;
  /**
   * What this process caches of the database and hears of its changes (lib/invalidation.ts): started by the
   * processes that serve requests (`startCaches`); until then, and whenever notices are not heard, caches answer
   * nothing.
   */
  caches: {
    invalidation: CacheInvalidation;
    /** Live sessions by token hash (modules/auth/sessions.service.ts). */
    sessions: TopicCache<CachedSession>;
    /** Order targets by merchant, product and SKU (modules/order/place-order.ts). */
    targets: TopicCache<CachedTarget>;
  };
}

export function createDeps(database: Database, config: Config, clock: Clock = systemClock): AppDeps {
  const invalidation = cacheInvalidation();
  const riskRules = riskRulesCache(database.db);
  invalidation.on("risk", () => riskRules.forget());
  const sized = (max: number) => ({ max, ttlMs: config.CACHE_TTL_MS });
  return {
    db: database.db,
    engine: database.engine,
    config,
    clock,
    cipher: createCipher(config.encryptionKeys),
    passwords: passwordHasher(config.PASSWORD_HASH_LOG2N),
    storage: localFileStorage(path.join(config.dataDir, "files")),
    outbound: httpSender({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE }),
    signIns: signInGate(),
    redis: config.REDIS_URL ? redisClient(config.REDIS_URL) : null,
    publicKey: memo(1000, parseRsaPublicKey),
    riskRules,
    metrics: createMetrics({ db: database.db, clock }),
    caches: {
      invalidation,
      sessions: topicCache<CachedSession>(invalidation, "sessions", sized(10_000)),
      targets: topicCache<CachedTarget>(invalidation, "prices", sized(10_000)),
    },
  };
}
