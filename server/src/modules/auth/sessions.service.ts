import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { isRole } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { merchants, sessions, users } from "../../db/schema";
import { newToken, sha256 } from "../../lib/crypto";
import type { AuthContext } from "./auth-context";

/** Writing `last_seen_at` on every call would make each read a write: refresh it at most once a minute. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  deps: AppDeps,
  tx: Executor,
  userId: number,
  client: { ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await tx.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + deps.config.SESSION_MAX_HOURS * 3_600_000),
    clientIp: client.ip,
    userAgent: client.userAgent.slice(0, 300),
  });
  return token;
}

/**
 * The caller behind a bearer token, or null when the session is unknown, revoked, idle too long, past its
 * absolute end, or its user or merchant is disabled.
 */
export async function authenticateSession(deps: AppDeps, token: string): Promise<AuthContext | null> {
  const now = deps.clock.now();
  const idleSince = new Date(now.getTime() - deps.config.SESSION_IDLE_MINUTES * 60_000);
  const [row] = await deps.db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      merchantId: users.merchantId,
      role: users.role,
      username: users.username,
      mfaBound: sql<boolean>`${users.mfaSecret} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
        eq(users.enabled, true),
        eq(merchants.status, "enabled"),
      ),
    )
    .limit(1);
  if (!row || !isRole(row.role)) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    merchantId: row.merchantId,
    role: row.role,
    username: row.username,
    mfaBound: Boolean(row.mfaBound),
  };
}

export async function revokeSession(deps: AppDeps, sessionId: number): Promise<void> {
  await deps.db.update(sessions).set({ revokedAt: deps.clock.now() }).where(eq(sessions.id, sessionId));
}

/** Ends every live session of a user, optionally sparing one (the caller's own). */
export async function revokeUserSessions(deps: AppDeps, tx: Executor, userId: number, except?: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        except === undefined ? undefined : ne(sessions.id, except),
      ),
    );
}
