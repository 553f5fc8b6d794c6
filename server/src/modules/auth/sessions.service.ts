import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { isRole } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { merchants, sessions, users } from "../../db/schema";
import { newToken, sha256 } from "../../lib/crypto";
import type { staffSessions } from "../console/staff.schema";
import type { AuthContext } from "./auth-context";

/** The sessions of either realm: merchant users' (`sessions`) or staff members' (`staffSessions`). */
export type SessionTable = typeof sessions | typeof staffSessions;

/** Writing `last_seen_at` on every call would make each read a write: refresh it at most once a minute. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  deps: AppDeps,
  tx: Executor,
  userId: number,
  client: { ip: string; userAgent: string },
  table: SessionTable = sessions,
): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await tx.insert(table).values({
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
 * A live session as a process keeps it (`deps.caches.sessions`, by token hash): the caller, and the two times
 * its life depends on, checked on every use. Revoking it, or changing its user or merchant, empties the cache of
 * every process (migration 0029).
 */
export interface CachedSession {
  caller: Omit<AuthContext, "client">;
  lastSeenAt: Date;
  expiresAt: Date;
}

/**
 * The caller behind a bearer token, or null when the session is unknown, revoked, idle too long, past its
 * absolute end, or its user or merchant is disabled. A session this process saw lately is answered from its
 * cache, without a query.
 */
export async function authenticateSession(deps: AppDeps, token: string): Promise<Omit<AuthContext, "client"> | null> {
  const tokenHash = sha256(token);
  const cache = deps.caches.sessions;
  const cached = cache.get(tokenHash);
  if (cached && isLive(deps, cached)) {
    cached.lastSeenAt = await touchSession(deps, sessions, {
      sessionId: cached.caller.sessionId,
      lastSeenAt: cached.lastSeenAt,
    });
    return cached.caller;
  }
  const stamp = cache.stamp();
  const [row] = await deps.db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      merchantId: users.merchantId,
      role: users.role,
      username: users.username,
      mfaBound: sql<boolean>`${users.mfaSecret} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(and(liveSession(deps, sessions, token), eq(users.enabled, true), eq(merchants.status, "enabled")))
    .limit(1);
  if (!row || !isRole(row.role)) return null;
  const lastSeenAt = await touchSession(deps, sessions, row);
  const caller = {
    sessionId: row.sessionId,
    userId: row.userId,
    merchantId: row.merchantId,
    role: row.role,
    username: row.username,
    mfaBound: Boolean(row.mfaBound),
  };
  cache.set(tokenHash, { caller, lastSeenAt, expiresAt: row.expiresAt }, stamp);
  return caller;
}

/** What `liveSession` asks of the row, asked of a cached session. */
function isLive(deps: AppDeps, session: CachedSession): boolean {
  const now = deps.clock.now().getTime();
  return (
    session.expiresAt.getTime() > now && session.lastSeenAt.getTime() > now - deps.config.SESSION_IDLE_MINUTES * 60_000
  );
}

/** Marks a session seen now, at most once a minute (TOUCH_EVERY_MS); answers its `last_seen_at` after. */
export async function touchSession(
  deps: AppDeps,
  table: SessionTable,
  session: { sessionId: number; lastSeenAt: Date },
): Promise<Date> {
  const now = deps.clock.now();
  if (now.getTime() - session.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return session.lastSeenAt;
  await deps.db.update(table).set({ lastSeenAt: now }).where(eq(table.id, session.sessionId));
  return now;
}

/** The conditions of a live session: not revoked, not past its end, not idle too long. */
export function liveSession(deps: AppDeps, table: SessionTable, token: string) {
  const now = deps.clock.now();
  const idleSince = new Date(now.getTime() - deps.config.SESSION_IDLE_MINUTES * 60_000);
  return and(
    eq(table.tokenHash, sha256(token)),
    isNull(table.revokedAt),
    gt(table.expiresAt, now),
    gt(table.lastSeenAt, idleSince),
  );
}

export async function revokeSession(deps: AppDeps, sessionId: number, table: SessionTable = sessions): Promise<void> {
  await deps.db.update(table).set({ revokedAt: deps.clock.now() }).where(eq(table.id, sessionId));
  // A signed-out token opens nothing in this process from now, not from when the notice comes back.
  deps.caches.invalidation.changedHere("sessions");
}

/** Ends every live session of a user, optionally sparing one (the caller's own). */
export async function revokeUserSessions(
  deps: AppDeps,
  tx: Executor,
  userId: number,
  except?: number,
  table: SessionTable = sessions,
): Promise<void> {
  await tx
    .update(table)
    .set({ revokedAt: deps.clock.now() })
    .where(
      and(eq(table.userId, userId), isNull(table.revokedAt), except === undefined ? undefined : ne(table.id, except)),
    );
}
