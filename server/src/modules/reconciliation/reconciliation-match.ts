import Big from "big.js";
import type { AttemptState, DiscrepancyKind, OrderStatus } from "#contracts";
import type { Money, SupplierTransaction, TimeWindow } from "../supplier/supplier";

/** One attempt of ours at the account, as the reconciliation compares it. */
export interface OurAttempt {
  id: number;
  orderId: number;
  reference: string;
  state: AttemptState;
  /**
   * What we hold the attempt cost: what the supplier told us it charged, else, for a success, what the quote
   * expected (the supplier did not say); null when we hold it charged nothing.
   */
  cost: Money | null;
  orderStatus: OrderStatus;
  createdAt: Date;
}

/** A difference between the two sides under one reference, with both sides' figures. */
export interface Finding {
  kind: DiscrepancyKind;
  /** "" for a supplier transaction that names no reference. */
  reference: string;
  transactionIds: string[];
  supplier: { state: SupplierTransaction["state"] | null; charged: Money | null; at: Date | null };
  attempt: OurAttempt | null;
}

export interface Comparison {
  /** The supplier's transactions stamped inside the window. */
  counted: SupplierTransaction[];
  /** References where the supplier's transaction and our attempt agree. */
  matched: number;
  findings: Finding[];
}

/** Inside the window: from its start (inclusive) to its end (exclusive). */
export const within = (window: TimeWindow, at: Date) => at >= window.start && at < window.end;

/**
 * Compares the supplier's report with our attempts, reference by reference. `report` covers the window widened
 * by a margin, so a transaction the supplier stamped just past the edge still meets its attempt; but only what
 * falls inside the window is counted as the supplier's, and a reference is judged when our attempt was made in
 * the window or the supplier stamped one of its transactions there. `ours` holds both kinds of attempt (see the
 * service).
 */
export function compare(report: SupplierTransaction[], ours: OurAttempt[], window: TimeWindow): Comparison {
  const counted = report.filter((t) => within(window, t.at));
  const byReference = new Map<string, SupplierTransaction[]>();
  for (const t of report)
    if (t.reference !== null) byReference.set(t.reference, [...(byReference.get(t.reference) ?? []), t]);
  const attempts = new Map(ours.map((a) => [a.reference, a]));
  const judged = new Set([...attempts.keys(), ...counted.flatMap((t) => (t.reference === null ? [] : [t.reference]))]);

  let matched = 0;
  const findings: Finding[] = [];
  for (const reference of judged) {
    const verdict = judge(reference, byReference.get(reference) ?? [], attempts.get(reference) ?? null);
    if (verdict === "matched") matched += 1;
    else if (verdict !== "unsettled") findings.push(verdict);
  }
  // Without a reference a transaction cannot be ours: each is a finding of its own.
  for (const t of counted)
    if (t.reference === null && t.state === "success") findings.push(found("unknownTransaction", "", [t], null));
  return { counted, matched, findings };
}

/**
 * One reference's verdict. "unsettled": nothing to say yet or nothing to compare. Pending on either side is never a
 * discrepancy: it has not settled, and a later run over the same window judges it. A failed transaction with no
 * attempt of ours, or our refused attempt the supplier never kept, charged nothing on either side.
 */
function judge(
  reference: string,
  transactions: SupplierTransaction[],
  attempt: OurAttempt | null,
): Finding | "matched" | "unsettled" {
  const charges = transactions.filter((t) => t.state === "success");
  const pending = transactions.some((t) => t.state === "pending");
  if (!attempt) return charges.length > 0 ? found("unknownTransaction", reference, charges, null) : "unsettled";
  // Charged twice is wrong whatever became of our attempt.
  if (charges.length > 1) return found("chargedTwice", reference, charges, attempt);
  if (attempt.state === "sent" || attempt.state === "pending") return "unsettled";
  const [charge] = charges;
  // A refused or skipped attempt, or an order failed and refunded later: we took nothing for it.
  if (attempt.state !== "success" || attempt.orderStatus === "failed") {
    if (charge) return found("chargedButRefunded", reference, [charge], attempt);
    return transactions.length > 0 && !pending ? "matched" : "unsettled";
  }
  if (charge)
    return sameMoney(charge.charged, attempt.cost) ? "matched" : found("amountDiffers", reference, [charge], attempt);
  if (pending) return "unsettled";
  return found("successUnconfirmed", reference, transactions, attempt);
}

function found(
  kind: DiscrepancyKind,
  reference: string,
  transactions: SupplierTransaction[],
  attempt: OurAttempt | null,
): Finding {
  // Oldest first, whatever order the supplier's report lists them in.
  const inOrder = [...transactions].sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = inOrder[0];
  return {
    kind,
    reference,
    transactionIds: inOrder.map((t) => t.transactionId),
    supplier: {
      state: first?.state ?? null,
      charged: sumMoney(transactions.flatMap((t) => (t.charged ? [t.charged] : []))),
      at: first?.at ?? null,
    },
    attempt,
  };
}

export function sameMoney(a: Money | null, b: Money | null): boolean {
  if (!a || !b) return a === b;
  return a.currency === b.currency && new Big(a.amount).eq(b.amount);
}

/** The sum of amounts in one currency; null when there are none, or they are in several currencies. */
export function sumMoney(amounts: Money[]): Money | null {
  const [first] = amounts;
  if (!first || amounts.some((m) => m.currency !== first.currency)) return null;
  return { amount: total(amounts).toString(), currency: first.currency };
}

/** The sum of the amounts in `currency` (the account's: suppliers charge in it), leaving out any other. */
export function totalIn(currency: string, amounts: (Money | null)[]): string {
  return total(amounts.filter((m): m is Money => m?.currency === currency)).toString();
}

const total = (amounts: Money[]) => amounts.reduce((sum, m) => sum.plus(m.amount), new Big(0));
