import type { AppDeps } from "../../app-deps";
import { type InsertOutcome, insertOrders, type NewOrder } from "./order-insert";

/** Orders of one merchant placed by one statement at most (a batch's chunk, or orders that queued up). */
export const MAX_GROUP = 100;

export type SingleOutcome =
  | { kind: "placed"; id: number; orderNo: string }
  | Exclude<InsertOutcome, { kind: "placed" }>;

interface Job {
  order: NewOrder;
  resolve(outcome: SingleOutcome): void;
  reject(error: unknown): void;
}

/**
 * Group commit for a hot balance row. Per merchant, at most one placing statement is in flight; orders that
 * arrive meanwhile wait and go together in the next statement (one lock of the balance row, one commit). A
 * group that cannot go through whole (the total is more than the balance, a repeated merchant order number, any
 * error) writes nothing, and each of its orders is then placed alone, in order, so every order gets the answer
 * it would have got on its own. A single order waits for nothing: alone it goes at once.
 */
export class OrderGroups {
  private readonly queues = new Map<number, Job[]>();
  /** Statements that placed orders, and the orders they placed (benchmarks and tests read the ratio). */
  readonly placed = { statements: 0, orders: 0 };

  constructor(private readonly deps: Pick<AppDeps, "db" | "riskRules">) {}

  place(order: NewOrder): Promise<SingleOutcome> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(order.merchantId);
      if (queue) {
        queue.push({ order, resolve, reject });
        return;
      }
      this.queues.set(order.merchantId, [{ order, resolve, reject }]);
      void this.drain(order.merchantId);
    });
  }

  private async drain(merchantId: number) {
    const queue = this.queues.get(merchantId) ?? [];
    while (queue.length > 0) {
      const jobs = queue.splice(0, MAX_GROUP);
      if (jobs.length > 1 && (await this.together(jobs))) continue;
      for (const job of jobs) await this.alone(job);
    }
    this.queues.delete(merchantId);
  }

  /** The whole group in one statement; false (nothing written) when it cannot go through whole. */
  private async together(jobs: Job[]): Promise<boolean> {
    const outcome = await this.deps.riskRules
      .current()
      .then((rules) =>
        insertOrders(
          this.deps.db,
          jobs.map((j) => j.order),
          rules,
        ),
      )
      .catch(() => null);
    if (outcome?.kind !== "placed") return false;
    this.count(jobs.length);
    for (const [i, placed] of outcome.placed.entries()) jobs[i]?.resolve({ kind: "placed", ...placed });
    return true;
  }

  private async alone(job: Job) {
    try {
      const outcome = await insertOrders(this.deps.db, [job.order], await this.deps.riskRules.current());
      if (outcome.kind === "placed") this.count(1);
      job.resolve(outcome.kind === "placed" ? { kind: "placed", ...outcome.placed[0]! } : outcome);
    } catch (error) {
      job.reject(error);
    }
  }

  private count(orders: number) {
    this.placed.statements += 1;
    this.placed.orders += orders;
  }
}

const perApp = new WeakMap<object, OrderGroups>();

/** The grouping queue of this process's database handle (groups form only within one process). */
export function orderGroups(deps: Pick<AppDeps, "db" | "riskRules">): OrderGroups {
  let groups = perApp.get(deps.db);
  if (!groups) {
    groups = new OrderGroups(deps);
    perApp.set(deps.db, groups);
  }
  return groups;
}
