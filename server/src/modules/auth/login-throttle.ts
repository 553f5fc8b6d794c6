import { and, count, eq, gt, max, min } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { loginAttempts } from "../../db/schema";
import { Failure } from "../../lib/failure";

/**
 * Throttling of password and code checks, kept in the database so every API process sees the same counts.
 *
 * - account + address: a few failures stop that pair (someone mistyping, or guessing one account);
 * - address: many failures across accounts stop that address (password spraying);
 * - account from anywhere: a distributed attack on one account stops it.
 *
 * An address that signed in to the account successfully before is exempt from the last two, so neither an
 * attacker elsewhere nor one behind the same office address can lock the real users out.
 */
export const THROTTLE = {
  windowMinutes: 15,
  perPair: 5,
  perAddress: 30,
  perAccount: 50,
  knownAddressDays: 30,
} as const;

export interface Attempt {
  username: string;
  ip: string;
}

/** What one process knows of the checks running in it (AppDeps.signIns): nothing here outlives the container. */
export interface SignInGate {
  /** Checks of one account run one at a time in this process, so each sees the outcome of the one before. */
  accountQueues: Map<string, Promise<unknown>>;
  /** Checks running now per address: a parallel spray counts against the address before its results are in. */
  addressesInFlight: Map<string, number>;
}

export const signInGate = (): SignInGate => ({ accountQueues: new Map(), addressesInFlight: new Map() });

function oneAtATime<T>({ accountQueues }: SignInGate, key: string, run: () => Promise<T>): Promise<T> {
  const previous = accountQueues.get(key) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(run);
  const tail = current.catch(() => undefined);
  accountQueues.set(key, tail);
  void tail.then(() => accountQueues.get(key) === tail && accountQueues.delete(key));
  return current;
}

function trackInFlight<T>({ addressesInFlight }: SignInGate, ip: string, run: () => Promise<T>): Promise<T> {
  addressesInFlight.set(ip, (addressesInFlight.get(ip) ?? 0) + 1);
  return run().finally(() => {
    const left = (addressesInFlight.get(ip) ?? 1) - 1;
    if (left === 0) addressesInFlight.delete(ip);
    else addressesInFlight.set(ip, left);
  });
}

/**
 * Runs one password or code check under the limits: refused (with the time to wait) before the check when
 * over a limit; otherwise recorded as a success when `check` returns and as a failure when it throws.
 *
 * Checks of the same account are serialised instead of being recorded as failures up front: a burst of guesses
 * still stops at the limit, and simultaneous *correct* sign-ins (tabs, scripts) are never counted as failures.
 */
export function throttled<T>(deps: AppDeps, who: Attempt, check: () => Promise<T>): Promise<T> {
  return oneAtATime(deps.signIns, who.username, async () => {
    await assertUnderLimits(deps, who);
    return trackInFlight(deps.signIns, who.ip, async () => {
      let result: T;
      try {
        result = await check();
      } catch (error) {
        await record(deps, who, false);
        throw error;
      }
      await record(deps, who, true);
      return result;
    });
  });
}

async function record(deps: AppDeps, { username, ip }: Attempt, succeeded: boolean) {
  await deps.db.insert(loginAttempts).values({ username, clientIp: ip, succeeded, createdAt: deps.clock.now() });
}

async function assertUnderLimits(deps: AppDeps, { username, ip }: Attempt): Promise<void> {
  const now = deps.clock.now();
  const windowStart = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const failuresSince = (where: ReturnType<typeof and>, since = windowStart) =>
    deps.db
      .select({ failures: count(), oldest: min(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(where, eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  const pairWhere = and(eq(loginAttempts.username, username), eq(loginAttempts.clientIp, ip));

  // Failures before the pair's last success do not count against it.
  const [lastPairSuccess] = await deps.db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(pairWhere, eq(loginAttempts.succeeded, true)));
  const lastSuccess = lastPairSuccess?.at ? new Date(lastPairSuccess.at) : null;
  const pairSince = lastSuccess && lastSuccess > windowStart ? lastSuccess : windowStart;
  const knownAddress =
    lastSuccess !== null && now.getTime() - lastSuccess.getTime() < THROTTLE.knownAddressDays * 86_400_000;

  const [[pair], [address], [account]] = await Promise.all([
    failuresSince(pairWhere, pairSince),
    failuresSince(eq(loginAttempts.clientIp, ip)),
    failuresSince(eq(loginAttempts.username, username)),
  ]);
  const limits = [
    { row: pair, extra: 0, limit: THROTTLE.perPair, exempt: false },
    {
      row: address,
      extra: deps.signIns.addressesInFlight.get(ip) ?? 0,
      limit: THROTTLE.perAddress,
      exempt: knownAddress,
    },
    { row: account, extra: 0, limit: THROTTLE.perAccount, exempt: knownAddress },
  ];
  for (const { row, extra, limit, exempt } of limits) {
    if (!row || Number(row.failures) + extra < limit || exempt) continue;
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
    const retryMs = Math.max(oldest + THROTTLE.windowMinutes * 60_000 - now.getTime(), 1000);
    const retryAfterSeconds = Math.ceil(retryMs / 1000);
    throw new Failure("loginThrottled", { minutes: Math.ceil(retryMs / 60_000) }, { retryAfterSeconds });
  }
}
