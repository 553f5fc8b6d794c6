import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { EVENT_FEED_DAYS, type OpenApiEventPage, type OpenApiEventQuery, TIMESTAMP_WINDOW_MS } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { merchantEvents } from "../../db/schema";
import { invalid } from "../../lib/failure";
import { moment, readCursor, writeCursor } from "./cursor";
import type { OpenApiCaller } from "./openapi-auth";

const DAY_MS = 86_400_000;

/**
 * GET /openapi/v1/events: the merchant's events of the last 30 days, oldest first, as the callbacks carried them
 * (same event id, type, time and data) and whether each was delivered. Events are written for every Open API
 * order and deposit whether or not a URL is set (`unsent` when none), so a client that had no endpoint, or missed
 * deliveries, finds every one here. One index serves it: (merchant, created_at, id).
 */
export async function listOpenApiEvents(
  deps: AppDeps,
  caller: OpenApiCaller,
  query: OpenApiEventQuery,
): Promise<OpenApiEventPage> {
  const oldest = new Date(deps.clock.now().getTime() - EVENT_FEED_DAYS * DAY_MS);
  // Further back is refused rather than quietly cut, so a client never takes a shorter list for the whole one;
  // the clocks may differ by as much as a request's timestamp may (a client asking for exactly 30 days is served).
  if (query.since && new Date(query.since).getTime() < oldest.getTime() - TIMESTAMP_WINDOW_MS)
    throw invalid({ since: { key: "validation.eventWindow", params: { days: EVENT_FEED_DAYS } } });
  const since = query.since && new Date(query.since) > oldest ? query.since : oldest;
  const after = query.cursor === undefined ? null : readCursor(query.cursor);
  const where = and(
    eq(merchantEvents.merchantId, caller.merchantId),
    sql`${merchantEvents.createdAt} >= ${moment(since)}`,
    query.until ? sql`${merchantEvents.createdAt} < ${moment(query.until)}` : undefined,
    query.type ? eq(merchantEvents.type, query.type) : undefined,
    after ? sql`(${merchantEvents.createdAt}, ${merchantEvents.id}) > (${moment(after.at)}, ${after.id})` : undefined,
  ) as SQL;
  const rows = await deps.db
    .select()
    .from(merchantEvents)
    .where(where)
    .orderBy(asc(merchantEvents.createdAt), asc(merchantEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    list: page.map((e) => ({
      eventId: e.eventId,
      type: e.type,
      createTime: e.createdAt.toISOString(),
      data: e.payload as Record<string, unknown>,
      deliveryStatus: e.status,
    })),
    nextCursor:
      rows.length > query.limit && last ? writeCursor({ at: last.createdAt.toISOString(), id: last.id }) : null,
  };
}
