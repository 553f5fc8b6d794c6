import type { KeyObject } from "node:crypto";
import path from "node:path";
import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { Database, Db } from "./db/connection";
import { type Clock, systemClock } from "./lib/clock";
import { type Cipher, createCipher } from "./lib/crypto";
import { type FileStorage, localFileStorage } from "./lib/file-storage";
import { type CacheInvalidation, cacheInvalidation } from "./lib/invalidation";
import { memo } from "./lib/memo";
import { type PasswordHasher, passwordHasher } from "./lib/passwords";
import { redisClient } from "./lib/redis";
import { parseRsaPublicKey } from "./lib/signing";
import { createMetrics, type Metrics } from "./metrics/metrics";

/** The parts of the container that belong to no module: made first, and given to the modules to make theirs. */
export interface CoreDeps {
  db: Db;
  engine: "pglite" | "postgres";
  config: Config;
  clock: Clock;
  cipher: Cipher;
  passwords: PasswordHasher;
  /** Uploaded files' bytes (DATA_DIR/files; an S3-compatible store would be chosen here). */
  storage: FileStorage;
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
  /** This process's Prometheus series (metrics/metrics.ts), served by METRICS_PORT / WORKER_METRICS_PORT. */
  metrics: Metrics;
  caches: {
    /**
     * How this process hears that what it caches of the database changed (lib/invalidation.ts): started by the
     * processes that serve requests (`invalidation.start`); until then, and whenever notices are not heard,
     * caches answer nothing.
     */
    invalidation: CacheInvalidation;
  };
}

/**
 * The one container: everything services, routes, workers and commands need from the outside world, built once
 * per process (main, worker, CLI) or per test by createDeps (create-deps.ts), and passed explicitly. Modules keep
 * no state of their own: what one keeps per process (its caches, its sign-in checks, its outbound sender) is its
 * part of this container, declared on `AppDeps` or `AppCaches` in its index.ts (declaration merging, as Fastify's
 * decorators are typed) and made by its declaration's `deps` (modules/module.ts). So this file knows no module.
 */
export interface AppDeps extends CoreDeps {
  caches: AppCaches;
}

/** What this process caches of the database: the modules' caches beside the invalidation that empties them. */
export interface AppCaches {
  invalidation: CacheInvalidation;
}

/** What a module's declaration adds to the container (its `deps`): parts no other module or the core makes. */
export type ModuleParts = { [K in Exclude<keyof AppDeps, keyof CoreDeps>]?: AppDeps[K] } & {
  caches?: { [K in Exclude<keyof AppCaches, "invalidation">]?: AppCaches[K] };
};

/** The parts every process has, whatever its modules (createDeps adds theirs). */
export function coreDeps(database: Database, config: Config, clock: Clock = systemClock): CoreDeps {
  return {
    db: database.db,
    engine: database.engine,
    config,
    clock,
    cipher: createCipher(config.encryptionKeys),
    passwords: passwordHasher(config.PASSWORD_HASH_LOG2N),
    storage: localFileStorage(path.join(config.dataDir, "files")),
    redis: config.REDIS_URL ? redisClient(config.REDIS_URL) : null,
    publicKey: memo(1000, parseRsaPublicKey),
    metrics: createMetrics({ db: database.db, clock }),
    caches: { invalidation: cacheInvalidation() },
  };
}
