import { and, count, eq, gt, max, min } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { loginAttempts } from "../../db/schema";
import { AppError } from "../../lib/errors";

/**
 * Throttling of password and code checks, kept in the database so every API process sees the same counts.
 *
 * - account + address: a few failures stop that pair (someone mistyping, or guessing one account);
 * - address: many failures across accounts stop that address (password spraying);
 * - account from anywhere: a distributed attack on one account stops it — except from addresses that signed in
 *   to it successfully before, so an attacker cannot lock the real user out.
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

export interface AttemptHandle {
  /** The check passed: the attempt counts as a success (and clears the pair's earlier failures). */
  succeed(): Promise<void>;
  /** The attempt proved nothing either way (e.g. a code not yet entered): it does not count. */
  forget(): Promise<void>;
}

/**
 * Records an attempt as failed *before* the password is checked, then counts: parallel attempts see each other,
 * so a burst cannot slip past the limits while the slow hash runs. A throttled attempt is not kept, so waiting
 * out the window works. Throws 429 with Retry-After when over a limit.
 */
export async function beginAttempt(deps: AppDeps, { username, ip }: Attempt): Promise<AttemptHandle> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(loginAttempts)
    .values({ username, clientIp: ip, succeeded: false, createdAt: now })
    .returning({ id: loginAttempts.id });
  const id = row!.id;
  const forget = async () => {
    await deps.db.delete(loginAttempts).where(eq(loginAttempts.id, id));
  };
  try {
    await assertUnderLimits(deps, { username, ip }, now);
  } catch (error) {
    await forget();
    throw error;
  }
  return {
    succeed: async () => {
      await deps.db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
    },
    forget,
  };
}

async function assertUnderLimits(deps: AppDeps, { username, ip }: Attempt, now: Date): Promise<void> {
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

  const [[pair], [address], [account]] = await Promise.all([
    failuresSince(pairWhere, pairSince),
    failuresSince(eq(loginAttempts.clientIp, ip)),
    failuresSince(eq(loginAttempts.username, username)),
  ]);
  const knownAddress = () =>
    lastSuccess !== null && now.getTime() - lastSuccess.getTime() < THROTTLE.knownAddressDays * 86_400_000;

  // Each count includes this attempt, so "over" means more than the limit.
  const limits = [
    { row: pair, limit: THROTTLE.perPair, exempt: false },
    { row: address, limit: THROTTLE.perAddress, exempt: false },
    { row: account, limit: THROTTLE.perAccount, exempt: knownAddress() },
  ];
  for (const { row, limit, exempt } of limits) {
    if (!row || Number(row.failures) <= limit || exempt) continue;
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
    const retryMs = Math.max(oldest + THROTTLE.windowMinutes * 60_000 - now.getTime(), 1000);
    throw new AppError(429, "errors.loginThrottled", { minutes: Math.ceil(retryMs / 60_000) }, undefined, {
      "retry-after": String(Math.ceil(retryMs / 1000)),
    });
  }
}
