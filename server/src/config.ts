import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PASSWORD_HASH_LOG2N } from "./lib/passwords";

/**
 * Configuration comes from the environment, checked once at start: a wrong value stops the server with a
 * sentence naming the variable, never a stack trace later.
 */
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().min(1);
const postgresUrl = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL");
const key32 = z
  .string()
  .trim()
  .refine((v) => decodeKey(v) !== null, "must be 32 bytes, base64 (44 characters) or hex (64 characters)");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: port.default(8080),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    /**
     * Prometheus metrics of the server (`npm start`): GET /metrics on a listener of their own at this port, never
     * on PORT (which answers /metrics with 404). Unset: no metrics listener. A variable apart from the worker's
     * (below), so a server and its workers can share one environment file on one machine.
     */
    METRICS_PORT: port.optional(),
    /** Prometheus metrics of `npm run worker` (GET /metrics) at this port; unset: none. One port per worker process. */
    WORKER_METRICS_PORT: port.optional(),
    /**
     * The address the metrics listeners bind to: loopback, so only a Prometheus (or agent) on this machine reads
     * them. Metrics are never public; another address only on a network the public cannot reach.
     */
    METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    /**
     * The embedded database's buffer cache (PostgreSQL's shared_buffers). PGlite's own default, 128MB, doubles the
     * server's resident memory; the operating system caches the data folder's files anyway.
     */
    EMBEDDED_SHARED_BUFFERS: z
      .string()
      .trim()
      .regex(/^\d{1,5}(kB|MB|GB)$/, "must be a size such as 16MB")
      .default("16MB"),
    DATABASE_URL: postgresUrl.optional(),
    /**
     * Where the cache listener connects (LISTEN, lib/invalidation.ts) when DATABASE_URL goes through PgBouncer in
     * transaction mode, which cannot carry LISTEN: the server itself, directly. Default: DATABASE_URL.
     */
    DATABASE_LISTEN_URL: postgresUrl.optional(),
    /** Connections each process's pool may open (API processes and workers alike; the listener is one more). */
    DATABASE_POOL_MAX: positiveInt.default(10),
    /** Key for secrets at rest (TOTP secrets now; API secrets and card codes later). */
    ENCRYPTION_KEY: key32.optional(),
    /** Earlier keys, comma-separated, still accepted for reading while data is re-encrypted. */
    ENCRYPTION_OLD_KEYS: z.string().trim().optional(),
    SESSION_IDLE_MINUTES: positiveInt.default(30),
    /**
     * How long a process may keep what it read of sessions and order targets (lib/invalidation.ts); a change
     * reaches every process at once by NOTIFY, this bounds a missed notice. 0 turns those caches off.
     */
    CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
    /**
     * A balance adjustment larger than this (in the merchant's currency, either sign) made in the console waits
     * for a second staff member's approval before it posts (four-eyes); 0 = every adjustment does.
     */
    ADJUSTMENT_FOUR_EYES_ABOVE: z
      .string()
      .trim()
      .regex(/^\d{1,13}(\.\d{1,4})?$/, "must be an amount such as 1000 or 1000.50")
      .default("1000"),
    SESSION_MAX_HOURS: positiveInt.default(12),
    /** scrypt cost as log2(N); OWASP's 17 is the floor outside tests (tests may go lower to run fast). */
    PASSWORD_HASH_LOG2N: z.coerce.number().int().min(10).max(20).default(PASSWORD_HASH_LOG2N),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** JSON lines (json), one readable line each (pretty), or pretty only when the output is a terminal (auto). */
    LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
    /** A request must arrive whole within this time (slow or stalled clients are cut off). */
    REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
    /** A connection with no traffic for this long is closed. */
    CONNECTION_TIMEOUT_MS: positiveInt.default(120_000),
    /**
     * On SIGTERM/SIGINT a process stops taking work and finishes what it has in hand (requests, the current
     * fulfilment, callback and export step) within this time; past it, it logs what was still running and exits 1.
     */
    SHUTDOWN_GRACE_MS: positiveInt.default(15_000),
    /** Overload: answer 503 while the event loop lags more than this (0 = not checked). */
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
    /** Overload: answer 503 while the heap or the resident memory is above these bytes (0 = not checked). */
    OVERLOAD_MAX_HEAP_BYTES: z.coerce.number().int().min(0).default(0),
    OVERLOAD_MAX_RSS_BYTES: z.coerce.number().int().min(0).default(0),
    /** Behind TLS: send Strict-Transport-Security for this many seconds (0 = off, e.g. on plain-http installs). */
    HSTS_MAX_AGE: z.coerce.number().int().min(0).default(0),
    /** Set when a reverse proxy sits in front, so client addresses (throttling, logs) come from X-Forwarded-For. */
    TRUST_PROXY: z.stringbool().default(false),
    /** Run the fulfilment worker inside the server; false when separate `npm run worker` processes do it. */
    RUN_WORKER: z.stringbool().default(true),
    /** How often an idle fulfilment worker looks for due orders. */
    FULFILMENT_POLL_MS: positiveInt.default(500),
    /** The simulator supplier answers success this long after an order was placed. */
    SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).default(3000),
    /** Each enabled supplier account's balance and health are checked this often. */
    SUPPLIER_CHECK_MS: positiveInt.default(300_000),
    /** Each enabled supplier account's catalog is read this often (and on demand in the console and CLI). */
    SUPPLIER_SYNC_MS: positiveInt.default(21_600_000),
    /** A catalog sync flags a route whose expected cost or FX rate moved by more than this percent. */
    SUPPLIER_ALERT_PERCENT: z.coerce.number().positive().max(100).default(2),
    /**
     * The hour (UTC) from which yesterday's reconciliation runs for each supplier account: suppliers finish their
     * day's report some time after midnight.
     */
    RECONCILIATION_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(2),
    /** How often an idle delivery worker looks for due callbacks and notifications. */
    DELIVERY_POLL_MS: positiveInt.default(1000),
    /** How often an idle export worker looks for queued export tasks. */
    EXPORT_POLL_MS: positiveInt.default(1000),
    /** Export tasks and their files are deleted this many days after they were asked for. */
    EXPORT_RETENTION_DAYS: positiveInt.default(7),
    /**
     * Let callbacks and notifications reach loopback and private networks (SSRF guard off). Only for a receiver
     * of your own on the same network, and for tests.
     */
    OUTBOUND_ALLOW_PRIVATE: z.stringbool().default(false),
    /**
     * Open API requests one AppID may make per minute; more get 429 with Retry-After. Counted per server process,
     * or across all of them with REDIS_URL.
     */
    OPENAPI_RATE_LIMIT_PER_MINUTE: positiveInt.default(6000),
    /**
     * Redis shared by the API processes (lib/redis.ts): the Open API rate limit and failed-authentication
     * counts, which are otherwise kept per process. Unset: each process counts on its own (fine for one).
     */
    REDIS_URL: z
      .string()
      .trim()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
    /** Prefix of every key this installation writes to Redis (to share one Redis between installations). */
    REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default("mp:"),
    CHAT_WIDGET_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** JSON object of string settings handed to the widget, e.g. {"siteId":"abc"}. */
    CHAT_WIDGET_SETTINGS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return {};
        try {
          return z.record(z.string(), z.string()).parse(JSON.parse(v));
        } catch {
          ctx.addIssue({ code: "custom", message: 'must be a JSON object of strings, e.g. {"siteId":"abc"}' });
          return z.NEVER;
        }
      }),
  })
  .refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT === 0 || env.METRICS_PORT !== env.PORT, {
    path: ["METRICS_PORT"],
    message: "must differ from PORT (metrics are never served on the public port)",
  })
  .refine((env) => env.NODE_ENV === "test" || env.PASSWORD_HASH_LOG2N >= PASSWORD_HASH_LOG2N, {
    path: ["PASSWORD_HASH_LOG2N"],
    message: `must be at least ${PASSWORD_HASH_LOG2N} (a lower cost is allowed only with NODE_ENV=test)`,
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, "ENCRYPTION_KEY" | "ENCRYPTION_OLD_KEYS"> {
  dataDir: string;
  /** Current key first, then older ones. */
  encryptionKeys: Buffer[];
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as shells and .env files usually intend.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Configuration is not valid:\n${lines.join("\n")}`);
  }
  const { ENCRYPTION_KEY, ENCRYPTION_OLD_KEYS, ...rest } = parsed.data;
  const dataDir = path.resolve(rest.DATA_DIR);
  const current = ENCRYPTION_KEY ? decodeKey(ENCRYPTION_KEY) : embeddedKey(rest, dataDir);
  const old = (ENCRYPTION_OLD_KEYS ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k, i) => {
      const key = decodeKey(k);
      if (!key)
        throw new ConfigError(`Configuration is not valid:\n  ENCRYPTION_OLD_KEYS: key ${i + 1} is not 32 bytes`);
      return key;
    });
  return { ...rest, dataDir, encryptionKeys: [current!, ...old] };
}

/**
 * Outside production a missing key is generated once into DATA_DIR/secrets.json, so `npm start` just works;
 * production must bring its own (a key on the same disk as the data protects little).
 */
function embeddedKey(env: Omit<Env, "ENCRYPTION_KEY" | "ENCRYPTION_OLD_KEYS">, dataDir: string): Buffer {
  if (env.NODE_ENV === "production") {
    throw new ConfigError(
      "Configuration is not valid:\n  ENCRYPTION_KEY: required in production (32 bytes, base64), e.g. `openssl rand -base64 32`",
    );
  }
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) {
    const stored = decodeKey(String(JSON.parse(readFileSync(file, "utf8")).encryptionKey ?? ""));
    if (!stored) throw new ConfigError(`${file} holds no valid encryptionKey; restore it or set ENCRYPTION_KEY`);
    return stored;
  }
  // A database made with a key that is not here (a restore whose key was not copied, a deleted secrets.json):
  // a new key would read none of its secrets and would seal new ones beside them with another key.
  if (!env.DATABASE_URL && existsSync(path.join(dataDir, "pgdata")))
    throw new ConfigError(
      `${dataDir}/pgdata holds a database but ${file} is missing: copy the key kept with it there or set ENCRYPTION_KEY (README.md, Backups)`,
    );
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${JSON.stringify({ encryptionKey: key.toString("base64") }, null, 2)}\n`, { mode: 0o600 });
  return key;
}

function decodeKey(value: string): Buffer | null {
  const v = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, "hex") : Buffer.from(v, "base64");
  return key.length === 32 ? key : null;
}
