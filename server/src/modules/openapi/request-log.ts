import { and, count, desc, eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ApiRequestEntry, Page, PageQuery } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fetchPage } from "../../db/paging";
import { apiRequests } from "./openapi.schema";

type Entry = typeof apiRequests.$inferInsert;

const FLUSH_MS = 1_000;
const BATCH = 500;
const KEEP_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 60_000;
/** The path as listed: the query stays (it is what was signed), capped. */
const PATH_MAX = 300;

/**
 * Per process: requests are kept in memory and written together once a second (or every 500), after their
 * answers were sent, so logging adds no statement to a request. A crash loses at most a second of the log, which
 * is a debugging aid, never a record of money. Rows older than 7 days are pruned as it goes.
 */
export function requestLog(deps: Pick<AppDeps, "db" | "clock">, log: FastifyBaseLogger) {
  let pending: Entry[] = [];
  let prunedAt = 0;
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: Entry[]) {
    try {
      if (rows.length > 0) await deps.db.insert(apiRequests).values(rows);
      const now = deps.clock.now().getTime();
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now;
        await deps.db.delete(apiRequests).where(lt(apiRequests.createdAt, new Date(now - KEEP_MS)));
      }
    } catch (error) {
      log.warn({ err: error, rows: rows.length }, "could not write the Open API request log");
    }
  }

  const flush = () => {
    const rows = pending;
    pending = [];
    writing = writing.then(() => write(rows));
    return writing;
  };
  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  return {
    record(entry: Omit<Entry, "path"> & { path: string }) {
      pending.push({ ...entry, path: entry.path.slice(0, PATH_MAX) });
      if (pending.length >= BATCH) void flush();
    },
    /** Writes what is pending (at shutdown, and in tests). */
    flush,
    close() {
      clearInterval(timer);
      return flush();
    },
  };
}

/** A merchant's logged requests, newest first. */
export function listApiRequests(deps: AppDeps, merchantId: number, query: PageQuery): Promise<Page<ApiRequestEntry>> {
  const where = eq(apiRequests.merchantId, merchantId);
  return fetchPage(
    query,
    {
      rows: (limit, offset) =>
        deps.db.select().from(apiRequests).where(where).orderBy(desc(apiRequests.id)).limit(limit).offset(offset),
      total: () => deps.db.select({ n: count() }).from(apiRequests).where(and(where)),
    },
    (row) => ({
      id: row.id,
      time: row.createdAt.toISOString(),
      appId: row.appId,
      method: row.method,
      path: row.path,
      status: row.status,
      errorCode: row.errorCode,
      latencyMs: row.latencyMs,
      requestId: row.requestId,
    }),
  );
}
