import { and, count, eq, gt, min, sql } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { loginAttempts } from "../../db/schema";
import { AppError } from "../../lib/errors";

/**
 * Sign-in throttling, kept in the database so every API process sees the same counts.
 *
 * - account + address: a few failures stop that pair (the common case: someone mistyping, or guessing one account);
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

export async function assertNotThrottled(deps: AppDeps, { username, ip }: Attempt): Promise<void> {
  const now = deps.clock.now();
  const windowStart = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const failuresSince = (where: ReturnType<typeof and>) =>
    deps.db
      .select({ failures: count(), oldest: min(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(where, eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, windowStart)));

  // Failures before the pair's last success do not count against it.
  const [lastPairSuccess] = await deps.db
    .select({ at: sql<Date | null>`max(${loginAttempts.createdAt})`.mapWith(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.username, username), eq(loginAttempts.clientIp, ip), eq(loginAttempts.succeeded, true)),
    );
  const pairSince = lastPairSuccess?.at && lastPairSuccess.at > windowStart ? lastPairSuccess.at : windowStart;

  const [[pair], [address], [account]] = await Promise.all([
    failuresSince(
      and(eq(loginAttempts.username, username), eq(loginAttempts.clientIp, ip), gt(loginAttempts.createdAt, pairSince)),
    ),
    failuresSince(eq(loginAttempts.clientIp, ip)),
    failuresSince(eq(loginAttempts.username, username)),
  ]);

  const knownAddress = async () => {
    const since = new Date(now.getTime() - THROTTLE.knownAddressDays * 86_400_000);
    const [row] = await deps.db
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.username, username),
          eq(loginAttempts.clientIp, ip),
          eq(loginAttempts.succeeded, true),
          gt(loginAttempts.createdAt, since),
        ),
      );
    return Number(row?.n ?? 0) > 0;
  };

  const over = [
    { row: pair, limit: THROTTLE.perPair },
    { row: address, limit: THROTTLE.perAddress },
    { row: account, limit: THROTTLE.perAccount, unlessKnown: true },
  ];
  for (const { row, limit, unlessKnown } of over) {
    if (!row || Number(row.failures) < limit) continue;
    if (unlessKnown && (await knownAddress())) continue;
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
    const retryMs = Math.max(oldest + THROTTLE.windowMinutes * 60_000 - now.getTime(), 1000);
    const minutes = Math.ceil(retryMs / 60_000);
    throw new AppError(429, "errors.loginThrottled", { minutes }, undefined, {
      "retry-after": String(Math.ceil(retryMs / 1000)),
    });
  }
}

export async function recordAttempt(deps: AppDeps, { username, ip }: Attempt, succeeded: boolean): Promise<void> {
  await deps.db.insert(loginAttempts).values({ username, clientIp: ip, succeeded, createdAt: deps.clock.now() });
}
