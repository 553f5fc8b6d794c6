import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { Failure } from "../../lib/failure";

/**
 * Failed authentications, counted per AppID and per client address (nothing is written to the database for a
 * refused request). Over a limit, requests are refused with 429 before any database work. An address that
 * authenticated for an AppID lately is exempt from that AppID's limit, so a stranger who knows the AppID cannot
 * lock the merchant's own servers out.
 *
 * Where the counts live: in this process's memory (`openApiAuthThrottle`), or, with REDIS_URL, in Redis
 * (`sharedAuthThrottle`) so that every API process counts the same failures. Windows are measured on the
 * app's clock either way.
 */
export const AUTH_THROTTLE = {
  windowMs: 60_000,
  perAddress: 60,
  perAppId: 300,
  knownAddressMs: 24 * 3_600_000,
} as const;

export interface AuthThrottle {
  /** Throws 429 when this address, or this AppID from an address it does not know, failed too often. */
  check(appId: string, ip: string): Promise<void>;
  /** Counts a failed authentication; never throws. */
  failed(appId: string, ip: string): Promise<void>;
  /** Remembers that this address authenticated for this AppID; never throws. */
  succeeded(appId: string, ip: string): void;
}

const refuse = (waitMs: number): never => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw new Failure("authThrottled", { seconds }, { retryAfterSeconds: seconds });
};

interface Window {
  count: number;
  resetAt: number;
}

/** The counts in this process's memory: one process (the embedded default), or each process on its own. */
export function openApiAuthThrottle(now: () => number): AuthThrottle {
  const byAddress = new Map<string, Window>();
  const byAppId = new Map<string, Window>();
  const knownAddresses = new Map<string, number>();

  const windowOf = (map: Map<string, Window>, key: string) => {
    const at = now();
    let window = map.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + AUTH_THROTTLE.windowMs };
      map.set(key, window);
    }
    return window;
  };
  // Windows that ended are dropped now and then, so the maps stay as small as the traffic of one window.
  const sweep = () => {
    const at = now();
    for (const map of [byAddress, byAppId]) for (const [key, w] of map) if (w.resetAt <= at) map.delete(key);
    for (const [key, until] of knownAddresses) if (until <= at) knownAddresses.delete(key);
  };
  let calls = 0;

  return {
    async check(appId, ip) {
      if (++calls % 1000 === 0) sweep();
      const at = now();
      const address = byAddress.get(ip);
      if (address && address.resetAt > at && address.count >= AUTH_THROTTLE.perAddress) refuse(address.resetAt - at);
      const known = (knownAddresses.get(`${appId} ${ip}`) ?? 0) > at;
      const app = byAppId.get(appId);
      if (!known && app && app.resetAt > at && app.count >= AUTH_THROTTLE.perAppId) refuse(app.resetAt - at);
    },
    async failed(appId, ip) {
      windowOf(byAddress, ip).count += 1;
      if (appId) windowOf(byAppId, appId).count += 1;
    },
    succeeded(appId, ip) {
      knownAddresses.set(`${appId} ${ip}`, now() + AUTH_THROTTLE.knownAddressMs);
    },
  };
}

/**
 * KEYS: the address's window, the AppID's window, when the (AppID, address) pair stops being known.
 * ARGV: now, the address's limit, the AppID's limit. Answers how many ms to wait, 0 when under the limits.
 * A window is a hash {count, resetAt}; resetAt and "known until" are times on the app's clock.
 */
const CHECK_LUA = `
local now = tonumber(ARGV[1])
local function wait(key, limit)
  local window = redis.call('HMGET', key, 'count', 'resetAt')
  local count, resetAt = tonumber(window[1]), tonumber(window[2])
  if count and resetAt and resetAt > now and count >= limit then return resetAt - now end
  return 0
end
local ms = wait(KEYS[1], tonumber(ARGV[2]))
if ms == 0 and (tonumber(redis.call('GET', KEYS[3])) or 0) <= now then ms = wait(KEYS[2], tonumber(ARGV[3])) end
return ms
`;

/**
 * KEYS: the windows to count one more failure in. ARGV: now, the end of a window starting now, its length.
 * Redis forgets a window when it ends (PEXPIRE), so nothing is swept.
 */
const FAILED_LUA = `
local now = tonumber(ARGV[1])
for _, key in ipairs(KEYS) do
  local resetAt = tonumber(redis.call('HGET', key, 'resetAt'))
  if resetAt and resetAt > now then
    redis.call('HINCRBY', key, 'count', 1)
  else
    redis.call('HSET', key, 'count', 1, 'resetAt', ARGV[2])
    redis.call('PEXPIRE', key, ARGV[3])
  end
end
return 0
`;

/** The scripts as commands of the client (EVALSHA, loaded again by the client if Redis forgot them). */
interface ThrottleScripts {
  mpAuthThrottleCheck(...args: (string | number)[]): Promise<number>;
  mpAuthThrottleFailed(...args: (string | number)[]): Promise<number>;
}

/** A known pair is written to Redis again at most this often by one process (it is kept a day). */
const KNOWN_REFRESH_MS = 600_000;

/**
 * The counts in Redis, under `keyPrefix`, shared by every process that uses the same Redis and prefix.
 *
 * Without Redis (unreachable, or an error or time-out), each call falls back to the in-memory throttle of this
 * process, with a warning at most once a minute: the limits still hold per process, as they did before Redis,
 * rather than not at all, and no request fails because of Redis. Successes are always remembered locally as
 * well, so during an outage the merchant's own servers stay exempt from their AppID's limit.
 */
export function sharedAuthThrottle(
  redis: Redis,
  keyPrefix: string,
  now: () => number,
  log: FastifyBaseLogger,
): AuthThrottle {
  const local = openApiAuthThrottle(now);
  if (!("mpAuthThrottleCheck" in redis)) {
    redis.defineCommand("mpAuthThrottleCheck", { numberOfKeys: 3, lua: CHECK_LUA });
    redis.defineCommand("mpAuthThrottleFailed", { lua: FAILED_LUA });
  }
  const scripts = redis as Redis & ThrottleScripts;
  const addressKey = (ip: string) => `${keyPrefix}addr:${ip}`;
  const appKey = (appId: string) => `${keyPrefix}app:${appId}`;
  const knownKey = (appId: string, ip: string) => `${keyPrefix}known:${appId} ${ip}`;
  // Redis is asked only while connected; while it is not, the client's own warning said so (lib/redis.ts).
  const connected = () => redis.status === "ready";

  let warnedAt = Number.NEGATIVE_INFINITY;
  const fellBack = (err: unknown) => {
    const at = Date.now();
    if (at - warnedAt < 60_000) return;
    warnedAt = at;
    log.warn({ err }, "Redis did not answer: failed Open API authentications are counted in this process");
  };
  // Pairs this process wrote lately (bounded): a pair is not written on every one of its requests.
  const written = new LRUCache<string, number>({ max: 10_000 });

  return {
    async check(appId, ip) {
      if (!connected()) return local.check(appId, ip);
      let waitMs: number;
      try {
        waitMs = Number(
          await scripts.mpAuthThrottleCheck(
            addressKey(ip),
            appKey(appId),
            knownKey(appId, ip),
            now(),
            AUTH_THROTTLE.perAddress,
            AUTH_THROTTLE.perAppId,
          ),
        );
      } catch (err) {
        fellBack(err);
        return local.check(appId, ip);
      }
      if (waitMs > 0) refuse(waitMs);
    },
    async failed(appId, ip) {
      if (!connected()) return local.failed(appId, ip);
      const keys = appId ? [addressKey(ip), appKey(appId)] : [addressKey(ip)];
      const at = now();
      try {
        await scripts.mpAuthThrottleFailed(
          keys.length,
          ...keys,
          at,
          at + AUTH_THROTTLE.windowMs,
          AUTH_THROTTLE.windowMs,
        );
      } catch (err) {
        fellBack(err);
        await local.failed(appId, ip);
      }
    },
    succeeded(appId, ip) {
      local.succeeded(appId, ip);
      if (!connected()) return;
      const pair = `${appId} ${ip}`;
      const at = now();
      if ((written.get(pair) ?? Number.NEGATIVE_INFINITY) > at - KNOWN_REFRESH_MS) return;
      written.set(pair, at);
      // Not awaited: the request does not wait for it (the next one from this pair will find it written).
      redis
        .set(knownKey(appId, ip), String(at + AUTH_THROTTLE.knownAddressMs), "PX", AUTH_THROTTLE.knownAddressMs)
        .catch((err: unknown) => {
          written.delete(pair);
          fellBack(err);
        });
    },
  };
}
