import { sql } from "drizzle-orm";
import { type OrderFailCode, type OrderSource, ProductType, storedMessage, supplierKindOf } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { claimDue } from "../../db/claim-due";
import { queryRows } from "../../db/raw";
import { type PollingWorker, startPollingWorker, type WorkerLog } from "../../lib/polling-worker";
import type { SupplierOutcome } from "../../metrics/metrics";
import { completeOrder, failOrder } from "../order/order-outcome";
import { type SupplierRegistry, supplierRegistry } from "../supplier/registry";
import type { LookupAnswer, SupplierAnswer, SupplierClient, SupplierRequest } from "../supplier/supplier";
import { costOfSuccess, planRoute, skippedForPrice } from "./attempt-money";
import { type Attempt, latestAttempt, openRoutes, settleAttempt, startAttempt } from "./attempts";
import { type SupplierClients, supplierClients } from "./supplier-clients";

/**
 * Fulfilment. A Processing order is its own work item: `next_run_at` says when to look at it next. A worker
 * claims due orders in one statement (FOR UPDATE SKIP LOCKED, so workers never take the same order), which
 * moves `next_run_at` a lease ahead: if the worker dies, the order is due again once the lease runs out. Jobs are
 * therefore at-least-once; every write below is guarded (`status = 'processing'`, and the claim's attempt
 * number for rescheduling), so running an order twice never completes or refunds it twice.
 *
 * Routing: each step of an order talks to one supplier. With no attempt open, the order's next route (see
 * attempts.ts `openRoutes`) gets a new attempt, written before the call. An open attempt (sent, or pending at the
 * supplier) is only ever carried on at its own supplier: a pending one is queried, and a `sent` one whose answer
 * never came (time-out, crash) is looked up by our reference, and submitted again with the same reference only
 * when the supplier has no trace of it. Only a definitive refusal closes an attempt and lets the next route try:
 * so an order is never fulfilled twice.
 *
 * Money (attempt-money.ts): before a route is sent anything, its adapter quotes the SKU's face value from the
 * route's catalog entry, and the expected cost, in the order's currency, is held against the order's price; a route
 * that cannot buy the face value, or only at a loss the SKU does not allow, is recorded as skipped (no call, no
 * cost) and the next route tries. A success records what the supplier charged and delivered, the cost in the
 * order's currency at the rate of the moment, and a delivery short of the face value.
 */
export const FULFILMENT = {
  /** How long a claimed order stays away from other workers: longer than one supplier call and its writes. */
  leaseMs: 30_000,
  /** A supplier call that takes longer is abandoned and retried (well inside the lease). */
  callTimeoutMs: 10_000,
  /** A pending order is asked again this soon (never past its deadline). */
  pendingPollMs: 1_000,
  /** Retries after a transient error wait 2^attempts seconds, at most this long (never past the deadline). */
  maxBackoffMs: 60_000,
  /** Orders of one round processed at the same time. */
  concurrency: 8,
  batch: 20,
} as const;

/** Reasons of our own are message keys (`orderFailure.*`), shown in the reader's language; suppliers' are text. */
export const DEADLINE_REASON = "orderFailure.deadline";
export const NO_SUPPLIER_REASON = "orderFailure.noSupplier";
/**
 * What the merchant reads when every route was skipped: never the reseller's cost or catalog (the console's
 * attempts say which route was skipped and why).
 */
export const NOT_AT_THIS_PRICE_REASON = "orderFailure.notAtThisPrice";
export const NOT_DELIVERABLE_REASON = "orderFailure.notDeliverable";

export interface ClaimedOrder {
  id: number;
  orderNo: string;
  productType: number;
  skuId: number;
  skuCode: string;
  /** The SKU's face value per unit and its currency (what the supplier is asked to deliver). */
  faceValue: string;
  faceCurrency: string;
  spec: string;
  quantity: number;
  /** What the merchant pays for the whole order, in its currency: the expected cost must not be above it. */
  amount: string;
  currency: string;
  /** The SKU allows buying at a loss (product_skus.allow_loss). */
  allowLoss: boolean;
  rechargeAccount: string;
  /** As stored: values by field key, a secret as `{ sealed }`. */
  inputs: Record<string, string | { sealed: string }>;
  createdAt: Date;
  /** The default supplier's code (the product's), for a SKU without routes. */
  supplier: string;
  /** A sandbox's order: routed to the sandbox simulator only. */
  sandbox: boolean;
  /** How it was placed (portal or Open API): the metrics count its end by channel. */
  source: OrderSource;
  /** This claim's attempt number (1 the first time), also the fencing token for rescheduling. */
  attempts: number;
  deadlineAt: Date;
}

/** bigint and timestamps travel as text or epoch milliseconds (drivers differ), converted below. */
type ClaimRow = Omit<ClaimedOrder, "id" | "skuId" | "createdAt" | "deadlineAt"> & {
  id: string | number;
  skuId: string | number;
  createdMs: string | number;
  deadlineMs: string | number;
};

/** Takes up to `limit` due orders for this worker (see the file comment). */
export async function claimDueOrders(deps: AppDeps, limit: number): Promise<ClaimedOrder[]> {
  const now = deps.clock.now();
  const rows = await claimDue<ClaimRow>(deps.db, {
    table: "orders",
    due: sql`t.status = 'processing' and t.next_run_at <= ${now.toISOString()}`,
    orderBy: sql`t.next_run_at`,
    limit,
    set: sql`next_run_at = ${new Date(now.getTime() + FULFILMENT.leaseMs).toISOString()}, attempts = t.attempts + 1`,
    still: sql`t.status = 'processing'`,
    returning: sql`t.id, t.order_no as "orderNo", t.product_type as "productType", t.spec, t.quantity, t.source,
      t.recharge_account as "rechargeAccount", t.inputs, t.supplier, t.attempts, t.sku_id as "skuId",
      t.amount::text as amount, t.currency,
      (select s.code from product_skus s where s.id = t.sku_id) as "skuCode",
      (select m.sandbox_of is not null from merchants m where m.id = t.merchant_id) as sandbox,
      (select s.face_value::text from product_skus s where s.id = t.sku_id) as "faceValue",
      (select s.currency from product_skus s where s.id = t.sku_id) as "faceCurrency",
      (select s.allow_loss from product_skus s where s.id = t.sku_id) as "allowLoss",
      (extract(epoch from t.created_at) * 1000)::float8 as "createdMs",
      (extract(epoch from t.deadline_at) * 1000)::float8 as "deadlineMs"`,
  });
  return rows.map(({ id, skuId, createdMs, deadlineMs, ...rest }) => ({
    ...rest,
    id: Number(id),
    skuId: Number(skuId),
    createdAt: new Date(Number(createdMs)),
    deadlineAt: new Date(Number(deadlineMs)),
  }));
}

export interface FulfilmentRoundOptions {
  limit?: number;
  /** The adapters by kind (tests add suppliers of their own). */
  suppliers?: SupplierRegistry;
  /** Connected clients, kept from round to round by the worker. */
  clients?: SupplierClients;
  /** How long a supplier call may take (FULFILMENT.callTimeoutMs; tests shorten it). */
  callTimeoutMs?: number;
}

/**
 * One round: claims due orders and carries each one step further (submit, query, finish, or reschedule).
 * Answers how many were claimed. Errors of single orders (e.g. the database went away mid-round) are thrown
 * together after the round; those orders keep their lease and are taken up again when it runs out.
 */
export async function runFulfilmentOnce(deps: AppDeps, options: FulfilmentRoundOptions = {}): Promise<number> {
  const {
    limit = FULFILMENT.batch,
    suppliers = supplierRegistry(),
    callTimeoutMs = FULFILMENT.callTimeoutMs,
  } = options;
  const clients = options.clients ?? supplierClients(deps, suppliers);
  const claimed = await claimDueOrders(deps, limit);
  const errors: unknown[] = [];
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) {
      const order = claimed[next++]!;
      await processOrder(deps, clients, order, callTimeoutMs).catch((error: unknown) => errors.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(FULFILMENT.concurrency, claimed.length) }, lane));
  if (errors.length > 0)
    throw new AggregateError(errors, `${errors.length} of ${claimed.length} orders failed to move`);
  return claimed.length;
}

/**
 * Carries one claimed order a step further (the round calls it; exported so tests can play a late worker). A
 * refusal goes straight on to the next route while the claim's lease leaves time for another call.
 */
export async function processOrder(
  deps: AppDeps,
  clients: SupplierClients,
  order: ClaimedOrder,
  callTimeoutMs: number = FULFILMENT.callTimeoutMs,
): Promise<void> {
  const claimedAt = Date.now();
  while ((await step(deps, clients, order, callTimeoutMs)) === "refused") {
    if (Date.now() - claimedAt > FULFILMENT.leaseMs - 2 * callTimeoutMs) {
      // No time left under this claim: the next route is the next round's.
      await reschedule(deps, order, deps.clock.now(), null);
      return;
    }
  }
}

/** What became of a step: the order moved on (or is someone else's now), or its attempt was refused. */
type StepEnd = "moved" | "refused";

async function step(
  deps: AppDeps,
  clients: SupplierClients,
  order: ClaimedOrder,
  callTimeoutMs: number,
): Promise<StepEnd> {
  const pastDeadline = deps.clock.now() >= order.deadlineAt;
  const last = await latestAttempt(deps.db, order);
  if (last && (last.state === "sent" || last.state === "pending"))
    return carryOn(deps, clients, order, last, callTimeoutMs, pastDeadline);
  // No attempt open: the previous one (if any) was refused, so the next route may try.
  if (pastDeadline) {
    await fail(deps, order, DEADLINE_REASON, "DEADLINE_PASSED");
    return "moved";
  }
  const [route] = await openRoutes(deps.db, order);
  const client = route ? clients.of(route.account) : null;
  const adapter = route ? clients.adapter(route.account.kind) : null;
  if (!route || !client || !adapter) {
    // Every route refused it (the last refusal says why), or there was none to try.
    const [reason, code] = last ? finalReason(last) : [NO_SUPPLIER_REASON, "SUPPLIER_UNAVAILABLE" as const];
    await fail(deps, order, reason, code);
    return "moved";
  }
  const plan = await planRoute(deps, adapter, order, route);
  const attempt = await startAttempt(deps.db, order, (last?.seq ?? 0) + 1, route, deps.clock.now(), plan);
  if (!attempt) return "moved"; // the claim was lost to a later worker
  if (attempt.state === "skipped") {
    deps.metrics.supplierCall(route.account.code, "skip", "skipped");
    return "refused";
  }
  const started = Date.now();
  let answer: SupplierAnswer;
  try {
    answer = await askSupplier(deps, client, order, attempt, "submit", callTimeoutMs);
  } catch (error) {
    // Don't know whether it arrived: the attempt stays `sent`, and the next step looks it up there.
    await retryLater(deps, order, error);
    return "moved";
  }
  return settle(deps, order, attempt, answer, false, Date.now() - started);
}

/** Fails the order (and refunds it, in the same statement); counted when this call is the one that failed it. */
async function fail(deps: AppDeps, order: ClaimedOrder, reason: string, failCode: OrderFailCode) {
  if (await failOrder(deps.db, order.id, deps.clock.now(), reason, failCode))
    deps.metrics.orderFinished(order.source, { status: "failed", failCode });
}

/**
 * Why the order failed when no route is left, from its last attempt: a supplier's refusal as it said it; a skipped
 * route as a sentence that never shows the merchant the reseller's cost or catalog.
 */
function finalReason(last: Attempt): [string, NonNullable<Attempt["failCode"]>] {
  const code = last.failCode ?? "SUPPLIER_REFUSED";
  if (last.state !== "skipped") return [last.detail, code];
  return [skippedForPrice(last.detail) ? NOT_AT_THIS_PRICE_REASON : NOT_DELIVERABLE_REASON, code];
}

/**
 * Carries an open attempt on at its own supplier: a pending one is queried, a `sent` one looked up by our
 * reference (and submitted again, same reference, when the supplier never saw it). Past the deadline an attempt
 * gets this last question, so a delivery that just made it is not refunded; then the order fails.
 */
async function carryOn(
  deps: AppDeps,
  clients: SupplierClients,
  order: ClaimedOrder,
  open: Attempt,
  callTimeoutMs: number,
  pastDeadline: boolean,
): Promise<StepEnd> {
  const attempt = { ...open, plan: open.plan ?? replan(clients, order, open) };
  let answer: LookupAnswer | null = null;
  let started = 0;
  try {
    // Connecting may fail too (an account edited into something its adapter cannot use): retried like a call.
    const client = clients.of(attempt.account);
    if (!client) throw new Error(storedMessage({ key: NO_SUPPLIER_REASON, params: {} }));
    if (attempt.state === "pending" && attempt.transactionId) {
      answer = await askSupplier(deps, client, order, attempt, "query", callTimeoutMs);
    } else {
      answer = await askSupplier(deps, client, order, attempt, "lookup", callTimeoutMs);
      if (answer.state === "notFound" && !pastDeadline) {
        started = Date.now();
        answer = await askSupplier(deps, client, order, attempt, "submit", callTimeoutMs);
      }
    }
  } catch (error) {
    if (!pastDeadline) {
      await retryLater(deps, order, error);
      return "moved";
    }
  }
  if (answer === null || answer.state === "notFound" || (pastDeadline && answer.state === "pending")) {
    // Past the deadline with no final answer: the order fails (and is refunded) as it always has.
    await fail(deps, order, DEADLINE_REASON, "DEADLINE_PASSED");
    return "moved";
  }
  const latencyMs = started ? Date.now() - started : undefined;
  return settle(deps, order, attempt, answer, attempt.state === "pending", latencyMs);
}

/**
 * The plan of an attempt sent before plans were kept (an upgrade with orders in flight): quoted again from its
 * entry, so it is carried on rather than stranded; null when it cannot be (asking then fails and is retried).
 */
function replan(clients: SupplierClients, order: ClaimedOrder, attempt: Attempt) {
  const quoted = clients.adapter(attempt.account.kind)?.quote(attempt.entry, {
    kind: supplierKindOf(order.productType),
    faceValue: order.faceValue,
    faceCurrency: order.faceCurrency,
  });
  return quoted?.ok ? quoted.quote : null;
}

/** Writes a supplier's answer: success completes the order, a refusal frees the next route, pending waits. */
async function settle(
  deps: AppDeps,
  order: ClaimedOrder,
  attempt: Attempt,
  answer: SupplierAnswer,
  wasPending: boolean,
  latencyMs?: number,
): Promise<StepEnd> {
  const at = deps.clock.now();
  if (answer.state === "success") {
    const sealed =
      order.productType === ProductType.giftCard
        ? deps.cipher.encrypt(JSON.stringify({ cards: answer.cards ?? [] }))
        : null;
    const money = await costOfSuccess(deps, order, attempt, answer);
    const completed = await deps.db.transaction(async (tx) => {
      await settleAttempt(tx, attempt.id, { ...answer, ...money, latencyMs, at });
      return completeOrder(tx, order.id, at, sealed);
    });
    if (completed) deps.metrics.orderFinished(order.source, { status: "success" });
    return "moved";
  }
  if (answer.state === "failed") {
    await settleAttempt(deps.db, attempt.id, {
      ...answer,
      detail: answer.reason,
      failCode: answer.code ?? "SUPPLIER_REFUSED",
      latencyMs,
      at,
    });
    return "refused";
  }
  await settleAttempt(deps.db, attempt.id, { ...answer, latencyMs, at });
  const nextRun = capped(at.getTime() + FULFILMENT.pendingPollMs, order.deadlineAt);
  const accepted = wasPending ? null : { kind: "submitted", detail: answer.transactionId };
  await reschedule(deps, order, nextRun, accepted, answer.transactionId);
  return "moved";
}

type Question = "submit" | "query" | "lookup";

/**
 * One call to the supplier, cancelled at its time-out: the adapter gets the signal (to pass to its HTTP client,
 * which then drops the connection), and an adapter that ignores it is abandoned all the same.
 */
function askSupplier(
  deps: AppDeps,
  client: SupplierClient,
  order: ClaimedOrder,
  attempt: Attempt,
  question: "lookup",
  timeoutMs: number,
): Promise<LookupAnswer>;
function askSupplier(
  deps: AppDeps,
  client: SupplierClient,
  order: ClaimedOrder,
  attempt: Attempt,
  question: "submit" | "query",
  timeoutMs: number,
): Promise<SupplierAnswer>;
function askSupplier(
  deps: AppDeps,
  client: SupplierClient,
  order: ClaimedOrder,
  attempt: Attempt,
  question: Question,
  timeoutMs: number,
): Promise<LookupAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  if (!attempt.plan) throw new Error(`Attempt ${attempt.reference} has no plan to send`);
  const request: SupplierRequest = {
    reference: attempt.reference,
    orderNo: order.orderNo,
    productType: order.productType,
    supplierProduct: attempt.supplierProduct,
    faceValue: order.faceValue,
    faceCurrency: order.faceCurrency,
    plan: attempt.plan,
    entry: attempt.entry,
    spec: order.spec,
    quantity: order.quantity,
    rechargeAccount: order.rechargeAccount,
    inputs: Object.fromEntries(
      Object.entries(order.inputs).map(([key, v]) => [key, typeof v === "string" ? v : deps.cipher.decrypt(v.sealed)]),
    ),
    placedAt: order.createdAt,
    attempt: order.attempts,
    signal,
  };
  // Listening before the adapter does, so the time-out (not the adapter's own abort error) is what is recorded.
  const timedOut = new Promise<never>((_, reject) => {
    // Stored on the order's timeline as a key, so each reader sees it in their language.
    const message = storedMessage({
      key: "orderFailure.supplierTimeout",
      params: { supplier: attempt.account.code, seconds: timeoutMs / 1000 },
    });
    signal.addEventListener("abort", () => reject(new Error(message)), { once: true });
  });
  const started = performance.now();
  const call =
    question === "submit"
      ? client.submit(request)
      : question === "lookup"
        ? client.lookup(request)
        : client.query({ ...request, transactionId: attempt.transactionId ?? "" });
  // Every call counted by what came back (or that nothing did), with how long it took.
  const count = (outcome: SupplierOutcome) =>
    deps.metrics.supplierCall(attempt.account.code, question, outcome, (performance.now() - started) / 1000);
  return Promise.race([call, timedOut]).then(
    (answer) => {
      count(answer.state === "notFound" ? "not_found" : answer.state);
      return answer;
    },
    (error: unknown) => {
      count(signal.aborted ? "timeout" : "error");
      throw error;
    },
  );
}

/** A transient error: a `retry` event with the error's text, and the next attempt after a growing pause. */
function retryLater(deps: AppDeps, order: ClaimedOrder, error: unknown) {
  const at = deps.clock.now().getTime();
  const backoff = Math.min(2 ** order.attempts * 1000, FULFILMENT.maxBackoffMs);
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 200);
  return reschedule(deps, order, capped(at + backoff, order.deadlineAt), { kind: "retry", detail: text });
}

/**
 * Sets when the order is due next (and the supplier's reference once known), with its timeline event, in one
 * statement. Only while the order is Processing and still under this worker's claim: a worker that outlived its
 * lease must not reschedule an order another worker has taken up since.
 */
async function reschedule(
  deps: AppDeps,
  order: ClaimedOrder,
  nextRun: Date,
  event: { kind: string; detail: string } | null,
  supplierRef: string | null = null,
) {
  const at = deps.clock.now().toISOString();
  await queryRows(
    deps.db,
    sql`
      with moved as (
        update orders set next_run_at = ${nextRun.toISOString()}, supplier_ref = coalesce(${supplierRef}, supplier_ref)
        where id = ${order.id} and status = 'processing' and attempts = ${order.attempts}
        returning id
      )
      insert into order_events (order_id, kind, detail, created_at)
      select id, ${event?.kind ?? ""}, ${event?.detail ?? ""}, ${at} from moved where ${event !== null}
      returning id`,
  );
}

const capped = (time: number, deadline: Date) => new Date(Math.min(time, deadline.getTime()));

/**
 * The embedded database allows one process per data folder, so when its worker starts no other worker can be
 * alive: a lease still running was held by a run that died (killed, power cut). Its orders are due at once
 * instead of a lease later. (On PostgreSQL other workers may be alive; there only the lease frees an order.)
 */
async function releaseLeases(deps: AppDeps) {
  const now = deps.clock.now().toISOString();
  await queryRows(
    deps.db,
    sql`update orders set next_run_at = ${now} where status = 'processing' and next_run_at > ${now} returning id`,
  );
}

/**
 * Runs rounds until stopped: straight again after a full batch (there is more waiting), otherwise after
 * `pollMs` (see polling-worker.ts for failures and stopping).
 */
export function startFulfilmentWorker(
  deps: AppDeps,
  { pollMs = deps.config.FULFILMENT_POLL_MS, log }: { pollMs?: number; log: WorkerLog },
): PollingWorker {
  const clients = supplierClients(deps, supplierRegistry());
  return startPollingWorker({
    name: "fulfilment",
    pollMs,
    log,
    prepare: deps.engine === "pglite" ? () => releaseLeases(deps) : undefined,
    round: async () => (await runFulfilmentOnce(deps, { clients })) >= FULFILMENT.batch,
  });
}
