import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id } from "../../db/columns";
import { merchants } from "../../db/schema";

/**
 * The Open API requests of each merchant's AppID, as API Settings lists them so a developer can debug a refused
 * signature without calling support: time, method, path, status, error code, latency and request id. Never a
 * body, a header or a signature. Only requests with a known AppID are kept (nobody else's belong to a merchant),
 * for 7 days, written in batches after the answer was sent (request-log.ts).
 */
export const apiRequests = pgTable(
  "api_requests",
  {
    id: id(),
    merchantId: bigint("merchant_id", { mode: "number" })
      .notNull()
      .references(() => merchants.id),
    appId: text("app_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status").notNull(),
    errorCode: text("error_code"),
    latencyMs: integer("latency_ms").notNull(),
    requestId: text("request_id").notNull(),
  },
  (t) => [index("api_requests_merchant_idx").on(t.merchantId, t.id), index("api_requests_created_idx").on(t.createdAt)],
);
