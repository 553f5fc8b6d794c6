import Big from "big.js";
import type { Quote } from "#contracts";
import {
  type Money,
  type SupplierAccount,
  type SupplierAnswer,
  type SupplierTransaction,
  SupplierUnclearError,
  type TimeWindow,
} from "../supplier";
import {
  amountOf,
  codesOf,
  dingCall,
  type Envelope,
  money,
  reasonOf,
  refusalCodeOf,
  summaryOf,
  type TransferRecord,
  type WithRecord,
} from "./dingconnect-api";

/** Ding's transfer records: as our answers, as the report reconciliation reads, and what they cost. */

/** Ding's own states (Swagger, SendTransfer); "Completed" and "Pending" appear in its prose, never measured. */
const DONE = new Set(["Complete", "Completed"]);
const OPEN = new Set(["Submitted", "Pending", "Processing", "Cancelling"]);
const ENDED = new Set(["Failed", "Cancelled"]);
/** Enough to see a DistributorRef Ding let through twice (go-dingconnect saw a replay paid again). */
const LOOKUP_TAKE = 10;
/** The report's page: the most ListTransferRecords takes (a larger Take is ParameterOutOfRange). */
const REPORT_TAKE = 100;
/** Ding keeps two months of transfers: far more pages than that means the paging is not moving. */
const MAX_REPORT_PAGES = 10_000;

interface TransferList extends Envelope {
  Items?: WithRecord[];
  ThereAreMoreItems?: boolean;
}

/** Transfers matching a filter (DistributorRef, TransferRef), newest few. Reads never refuse: an error is unclear. */
export async function listTransfers(account: SupplierAccount, filter: Record<string, string>, signal: AbortSignal) {
  return (await transferPage(account, { ...filter, Skip: 0, Take: LOOKUP_TAKE }, signal)).Items;
}

async function transferPage(account: SupplierAccount, query: object, signal: AbortSignal) {
  const { body } = await dingCall<TransferList>(account, "ListTransferRecords", signal, query);
  if (body.ResultCode !== 1 || !Array.isArray(body.Items))
    throw new SupplierUnclearError(`DingConnect ListTransferRecords: ${summaryOf(body)}`);
  return { Items: body.Items, more: body.ThereAreMoreItems === true };
}

/** The record that went furthest, should Ding have kept two under one DistributorRef. */
export function mostAdvanced(items: WithRecord[]): WithRecord {
  const rank = (item: WithRecord) => {
    const state = item.TransferRecord?.ProcessingState ?? "";
    return DONE.has(state) ? 0 : OPEN.has(state) ? 1 : 2;
  };
  return [...items].sort((a, b) => rank(a) - rank(b))[0]!;
}

/**
 * A transfer record as our answer. A success says what Ding charged and delivered, and what it was sent when
 * that is not the plan (a range product's SendValue comes from EstimatePrices at send time).
 */
export function answerOf(item: WithRecord, plan: Quote): SupplierAnswer {
  const record = item.TransferRecord;
  const codes = codesOf(item);
  const transactionId = record?.TransferId?.TransferRef;
  const state = record?.ProcessingState ?? "";
  if (!transactionId) throw new SupplierUnclearError(`DingConnect answered no TransferRef (state ${state || "none"})`);
  if (DONE.has(state)) {
    const cost = chargeOf(record!);
    const delivered = deliveredOf(record!);
    const sent = sentOf(record!);
    const differs = sent && (sent.currency !== plan.send.currency || !new Big(sent.amount).eq(plan.send.amount));
    return {
      state: "success",
      transactionId,
      ...(cost && { cost }),
      ...(delivered && { delivered }),
      ...(differs && { sent: { ...sent, local: false } }),
    };
  }
  if (OPEN.has(state)) return { state: "pending", transactionId };
  if (ENDED.has(state))
    return {
      state: "failed",
      transactionId,
      reason: codes.length ? reasonOf(codes) : `DingConnect: transfer ${state}`,
      code: refusalCodeOf(codes),
    };
  throw new SupplierUnclearError(`DingConnect: unknown ProcessingState "${state}" of ${transactionId}`);
}

/**
 * What a transfer took from the account: SendValue + DistributorFee − CommissionApplied, in SendCurrencyIso.
 * Ding deducts SendValue + DistributorFee from the agent balance (GetProducts, "Agent and Customer Fees"; the
 * CustomerFee is inside SendValue) and credits the commission back into it (GetBalance "will include any
 * commission-on-sale increments"). Undefined when the record states no price.
 */
export function chargeOf(record: TransferRecord): Money | undefined {
  const price = record.Price;
  const send = amountOf(price?.SendValue);
  if (!send || !price?.SendCurrencyIso) return undefined;
  const fee = amountOf(price.DistributorFee);
  const commission = amountOf(record.CommissionApplied);
  return money(send.plus(fee ?? 0).minus(commission ?? 0), price.SendCurrencyIso);
}

/** What the account number received, tax included, as Ding reports it. */
function deliveredOf(record: TransferRecord): Money | undefined {
  const receive = amountOf(record.Price?.ReceiveValue);
  const currency = record.Price?.ReceiveCurrencyIso;
  return receive && currency ? money(receive, currency) : undefined;
}

function sentOf(record: TransferRecord): Money | undefined {
  const send = amountOf(record.Price?.SendValue);
  const currency = record.Price?.SendCurrencyIso;
  return send && currency ? money(send, currency) : undefined;
}

/**
 * The account's transfers started inside the window, every page. ListTransferRecords has no date filter, so it
 * is paged with Skip/Take and each record kept by its own StartedUtc. Its order is not documented: reading
 * stops early only once the records read so far have come newest first (StartedUtc never rising, and falling
 * at least once) and a whole page started before the window; otherwise every page is read, until
 * ThereAreMoreItems is false (Ding keeps two months). Skip paging over a list that grows at its head can show a
 * record twice across a page boundary: records are kept once per TransferRef.
 */
export async function transfersIn(
  account: SupplierAccount,
  window: TimeWindow,
  signal: AbortSignal,
): Promise<SupplierTransaction[]> {
  const kept = new Map<string, SupplierTransaction>();
  const order = { previous: null as Date | null, rose: false, fell: false };
  for (let page = 0, skip = 0; page < MAX_REPORT_PAGES; page += 1) {
    const { Items, more } = await transferPage(account, { Skip: skip, Take: REPORT_TAKE }, signal);
    const rows = Items.map((item) => transactionOf(item.TransferRecord));
    for (const row of rows) {
      if (order.previous) {
        if (row.at > order.previous) order.rose = true;
        if (row.at < order.previous) order.fell = true;
      }
      order.previous = row.at;
      if (row.at >= window.start && row.at < window.end && !kept.has(row.transactionId))
        kept.set(row.transactionId, row);
    }
    const newestFirst = order.fell && !order.rose;
    const pastWindow = rows.length > 0 && rows.every((row) => row.at < window.start);
    if (!more || (newestFirst && pastWindow)) return [...kept.values()];
    if (Items.length === 0) throw new SupplierUnclearError("DingConnect ListTransferRecords: more items, yet none");
    skip += Items.length;
  }
  throw new SupplierUnclearError(`DingConnect ListTransferRecords: still more after ${MAX_REPORT_PAGES} pages`);
}

/** One record of the report. One we cannot read (no TransferRef, no start, a success without price) throws. */
export function transactionOf(record: TransferRecord | undefined): SupplierTransaction {
  const transactionId = record?.TransferId?.TransferRef;
  const at = utc(record?.StartedUtc);
  if (!record || !transactionId || !at)
    throw new SupplierUnclearError(
      `DingConnect listed a transfer we cannot read: ${transactionId ?? "no TransferRef"}`,
    );
  const processing = record.ProcessingState ?? "";
  const state = DONE.has(processing) ? "success" : ENDED.has(processing) ? "failed" : "pending";
  const charged = state === "success" ? chargeOf(record) : null;
  if (charged === undefined)
    throw new SupplierUnclearError(`DingConnect listed transfer ${transactionId} as complete without its price`);
  return { reference: record.TransferId?.DistributorRef || null, transactionId, state, charged, at };
}

/** StartedUtc is UTC by its name; .NET may write it without a zone designator, which JavaScript would read as local. */
function utc(value: string | undefined): Date | null {
  if (!value) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const at = new Date(zoned);
  return Number.isNaN(at.getTime()) ? null : at;
}
