import { inArray, sql } from "drizzle-orm";
import { MAX_DELIVERY_ATTEMPTS, RETRY_SCHEDULE_SECONDS } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { claimDue } from "../../db/claim-due";
import { queryRows } from "../../db/raw";
import { merchantApps } from "../../db/schema";
import { type PollingWorker, startPollingWorker, type WorkerLog } from "../../lib/polling-worker";
import type { AppRow } from "../api-settings/api-settings.repository";
import { type Attempt, attemptDelivery } from "./attempt";
import type { DeliveryEvent } from "./payloads";
import type { Send } from "./sender";

/**
 * Callbacks and notifications. Every `merchant_events` row is one delivery job, written in the same
 * transaction as what it reports (the outbox), so nothing is lost between a change and its delivery. A worker
 * claims due rows in one statement (FOR UPDATE SKIP LOCKED), which counts the try (`attempts + 1`) and moves
 * `next_attempt_at` a lease ahead: a worker that dies mid-try leaves its rows due again when the lease runs out.
 * The try's outcome is written only while the row still carries this claim's attempt number (the fencing
 * token), so a worker that outlived its lease cannot overwrite a later try. Delivery is at-least-once:
 * receivers de-duplicate by the event id, the same on every try and resend.
 *
 * No lease release at start on the embedded database (unlike fulfilment): a future `next_attempt_at` may be
 * a retry planned hours ahead, not a lease, and a lease costs at most 30 s.
 */
export const DELIVERIES = {
  /** Longer than a round: its tries run at once (10 s limit each), then its outcomes are written. */
  leaseMs: 30_000,
  /** Rows per round, all tried at once. */
  batch: 32,
  /**
   * Rounds a worker runs side by side, so a receiver that takes its full 10 s holds up one round, not the
   * delivery of everyone else's events.
   */
  parallelRounds: 4,
} as const;

export interface ClaimedDelivery extends DeliveryEvent {
  id: number;
  merchantId: number;
  channel: "callback" | "notification";
  /** This claim's try number (1 the first time), also the fencing token for its outcome. */
  attempts: number;
}

type ClaimRow = Omit<ClaimedDelivery, "id" | "merchantId" | "createdAt"> & {
  id: string | number;
  merchantId: string | number;
  createdMs: string | number;
};

/** Takes up to `limit` due deliveries (see the file comment). */
export async function claimDueDeliveries(deps: AppDeps, limit: number): Promise<ClaimedDelivery[]> {
  const now = deps.clock.now();
  const rows = await claimDue<ClaimRow>(deps.db, {
    table: "merchant_events",
    due: sql`t.status = 'pending' and (t.next_attempt_at is null or t.next_attempt_at <= ${now.toISOString()})`,
    orderBy: sql`t.next_attempt_at nulls first, t.id`,
    limit,
    set: sql`next_attempt_at = ${new Date(now.getTime() + DELIVERIES.leaseMs).toISOString()}, attempts = t.attempts + 1`,
    still: sql`t.status = 'pending'`,
    returning: sql`t.id, t.event_id as "eventId", t.merchant_id as "merchantId", t.channel, t.type, t.payload,
      t.attempts, (extract(epoch from t.created_at) * 1000)::float8 as "createdMs"`,
  });
  return rows.map(({ id, merchantId, createdMs, ...rest }) => ({
    ...rest,
    id: Number(id),
    merchantId: Number(merchantId),
    createdAt: new Date(Number(createdMs)),
  }));
}

export interface DeliveryRoundOptions {
  limit?: number;
  /** The HTTP sender (a real one from the configuration unless given). */
  send?: Send;
}

/**
 * One round: claims due deliveries and makes one try of each; their outcomes are written together at its end
 * (one statement, not one per row). Answers how many were claimed. Errors of single rows are thrown after the
 * round; those rows keep their lease and come back when it runs out.
 */
export async function runDeliveriesOnce(deps: AppDeps, options: DeliveryRoundOptions = {}): Promise<number> {
  const { limit = DELIVERIES.batch, send = deps.outbound } = options;
  const claimed = await claimDueDeliveries(deps, limit);
  if (claimed.length === 0) return 0;
  const ids = [...new Set(claimed.map((c) => c.merchantId))];
  const apps = new Map(
    (await deps.db.select().from(merchantApps).where(inArray(merchantApps.merchantId, ids))).map((a) => [
      a.merchantId,
      a,
    ]),
  );
  const outcomes: Outcome[] = [];
  const errors: unknown[] = [];
  await Promise.all(
    claimed.map((delivery) =>
      deliver(deps, send, apps.get(delivery.merchantId), delivery).then(
        (outcome) => outcomes.push(outcome),
        (error: unknown) => errors.push(error),
      ),
    ),
  );
  await record(deps, outcomes);
  if (errors.length > 0)
    throw new AggregateError(errors, `${errors.length} of ${claimed.length} deliveries were not tried`);
  return claimed.length;
}

/** A try's result, as the row will hold it (and the attempts log). */
interface Outcome {
  id: number;
  attempts: number;
  status: "pending" | "delivered" | "failed";
  at: string;
  next: string | null;
  delivered: string | null;
  lastStatus: number | null;
  lastError: string | null;
  lastUrl: string | null;
  latencyMs: number;
}

async function deliver(deps: AppDeps, send: Send, app: AppRow | undefined, delivery: ClaimedDelivery) {
  return outcome(delivery, await attemptDelivery(deps, send, app, delivery));
}

/**
 * Failed tries wait RETRY_SCHEDULE_SECONDS[n-1] after try `n` started; the MAX_DELIVERY_ATTEMPTS-th failed
 * try (or one with nowhere to go) is final.
 */
function outcome(delivery: ClaimedDelivery, { at, url, result, latencyMs, noUrl }: Attempt): Outcome {
  const delay = RETRY_SCHEDULE_SECONDS[delivery.attempts - 1];
  const done = result.ok || noUrl || delivery.attempts >= MAX_DELIVERY_ATTEMPTS || delay === undefined;
  return {
    id: delivery.id,
    attempts: delivery.attempts,
    status: result.ok ? "delivered" : done ? "failed" : "pending",
    at: at.toISOString(),
    next: done ? null : new Date(at.getTime() + delay * 1000).toISOString(),
    delivered: result.ok ? at.toISOString() : null,
    lastStatus: result.status,
    lastError: result.ok ? null : result.error,
    lastUrl: url,
    latencyMs,
  };
}

/**
 * The round's outcomes in one statement, each only while its row is still this claim's (pending, with the
 * claim's attempt number).
 */
async function record(deps: AppDeps, outcomes: Outcome[]) {
  if (outcomes.length === 0) return;
  await queryRows(
    deps.db,
    sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as v(id bigint, attempts int,
          status text, at timestamptz, next timestamptz, delivered timestamptz, "lastStatus" int, "lastError" text,
          "lastUrl" text, "latencyMs" int)
      ), updated as (
        update merchant_events e
        set status = v.status, next_attempt_at = v.next, last_attempt_at = v.at, delivered_at = v.delivered,
          last_status = v."lastStatus", last_error = v."lastError", last_url = v."lastUrl"
        from v
        where e.id = v.id and e.status = 'pending' and e.attempts = v.attempts
        returning e.id
      )
      insert into delivery_attempts (event_row_id, manual, started_at, latency_ms, http_status, error, url)
      select v.id, false, v.at, v."latencyMs", v."lastStatus", v."lastError", v."lastUrl"
      from v join updated u on u.id = v.id
      returning id`,
  );
}

/**
 * Runs rounds until stopped, like the fulfilment worker (see polling-worker.ts), with `parallelRounds` lanes
 * side by side so one slow receiver does not hold up everyone else's deliveries.
 */
export function startDeliveryWorker(
  deps: AppDeps,
  { pollMs = deps.config.DELIVERY_POLL_MS, log, send }: { pollMs?: number; log: WorkerLog; send?: Send },
): PollingWorker {
  const sender = send ?? deps.outbound;
  return startPollingWorker({
    name: "delivery",
    pollMs,
    log,
    lanes: DELIVERIES.parallelRounds,
    round: async () => (await runDeliveriesOnce(deps, { send: sender })) >= DELIVERIES.batch,
  });
}
