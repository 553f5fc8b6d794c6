import Big from "big.js";
import { type CatalogEntry, type GiftCard, ProductType, quoteEntry } from "#contracts";
import type { Clock } from "../../../lib/clock";
import type {
  LookupAnswer,
  RefusalCode,
  SupplierAccount,
  SupplierAdapter,
  SupplierAnswer,
  SupplierClient,
  SupplierRequest,
  SupplierTransaction,
  TimeWindow,
} from "../supplier";
import { describe, type Reply, reloadlyApi } from "./reloadly-api";
import { operatorEntry, productEntry } from "./reloadly-catalog";
import {
  asRecord,
  big,
  idText,
  type Json,
  jsonNumber,
  money,
  reloadlyError,
  reloadlyTime,
  rowsOf,
  text,
} from "./reloadly-json";
import { giftCharge, giftDelivered, reportRow, topupCharge, topupDelivered } from "./reloadly-money";
import { giftOrder, type TopupOrder, topupOrder } from "./reloadly-orders";

export { giftCardBase } from "./reloadly-api";

/**
 * Reloadly: mobile top-ups and gift cards from one prepaid account (reloadly-api.ts says how we talk to it).
 *
 * Top-ups use the synchronous `POST /topups`; gift cards `POST /orders`, then the codes of a SUCCESSFUL order.
 * Our reference is Reloadly's `customIdentifier`, which it refuses twice (CUSTOM_IDENTIFIER_ALREADY_USED): a
 * repeated submit is answered by looking the first one up.
 *
 * Money: the worker's plan says what to send. A local plan sends the face value itself (`useLocalAmount`; gift
 * cards' `unitPrice` is always in the card's currency). A plan in the account's currency into a range follows the
 * operator's FX rate, so the rate is asked again just before sending: if it fell, the amount is raised so the face
 * value still arrives. Answers carry what Reloadly says it charged and delivered (reloadly-money.ts).
 */
const DUPLICATE_REFERENCE = "CUSTOM_IDENTIFIER_ALREADY_USED";

export const reloadlyAdapter: SupplierAdapter = {
  kind: "reloadly",
  connect: (account, context) => reloadlyClient(account, context.clock),
  quote: quoteEntry,
};

function reloadlyClient(account: SupplierAccount, clock: Clock): SupplierClient {
  const api = reloadlyApi(account, clock);
  const { topups, gifts, unclear, scrub } = api;

  /** A 4xx in Reloadly's own error shape is a refusal: nothing was placed. Auth, time-out and rate limits are not. */
  function refusal(reply: Reply): SupplierAnswer | null {
    const error = reloadlyError(reply.body);
    if (!error || reply.status < 400 || reply.status >= 500 || [401, 403, 408, 429].includes(reply.status)) return null;
    return {
      state: "failed",
      reason: scrub(`Reloadly: ${error.message} (${error.errorCode ?? `HTTP ${reply.status}`})`),
      code: refusalCodeOf(error.errorCode),
    };
  }

  /** The answer to POST /topups or /orders: a transaction, a refusal, a duplicate reference, or "don't know". */
  async function placed(reply: Reply, request: SupplierRequest, what: string): Promise<SupplierAnswer> {
    if (reply.status >= 200 && reply.status < 300) return answer(request, need(reply.body, what));
    if (reloadlyError(reply.body)?.errorCode === DUPLICATE_REFERENCE) {
      const found = await lookup(request);
      if (found.state !== "notFound") return found;
      throw unclear(`Reloadly says reference ${request.reference} was already used but does not list it yet`);
    }
    const refused = refusal(reply);
    if (refused) return refused;
    throw unclear(`Reloadly answered ${what} with ${describe(reply)}`);
  }

  /** A Reloadly transaction (top-up or gift card order) as our answer; gift cards fetch their codes. */
  async function answer(request: SupplierRequest, tx: Json, knownId?: string): Promise<SupplierAnswer> {
    const transactionId = idText(tx.transactionId) ?? knownId;
    if (!transactionId) throw unclear("Reloadly answered a transaction without transactionId");
    switch (tx.status) {
      case "SUCCESSFUL":
        if (request.productType !== ProductType.giftCard) return topupSuccess(request, transactionId, tx);
        return giftSuccess(transactionId, tx, request.signal);
      case "PENDING":
      case "PROCESSING":
        return { state: "pending", transactionId };
      case "FAILED":
      case "REFUNDED":
        return { state: "failed", transactionId, reason: `Reloadly: transaction ${transactionId} ${tx.status}` };
      default:
        throw unclear(`Reloadly answered transaction ${transactionId} with status ${JSON.stringify(tx.status)}`);
    }
  }

  function topupSuccess(request: SupplierRequest, transactionId: string, tx: Json): SupplierAnswer {
    const { plan } = request;
    const cost = topupCharge(tx, plan.cost.currency);
    const delivered = topupDelivered(tx);
    // An amount in the account's currency other than the plan's was raised at send time (a lower FX rate).
    const requested = big(tx.requestedAmount);
    const raised =
      !plan.send.local &&
      requested &&
      tx.requestedAmountCurrencyCode === plan.send.currency &&
      !requested.eq(plan.send.amount);
    const sent = raised ? { ...money(requested, plan.send.currency), local: false } : undefined;
    return {
      state: "success",
      transactionId,
      ...(cost && { cost }),
      ...(delivered && { delivered }),
      ...(sent && { sent }),
    };
  }

  async function giftSuccess(transactionId: string, tx: Json, signal: AbortSignal): Promise<SupplierAnswer> {
    const body = await api.read(gifts, `/orders/transactions/${encodeURIComponent(transactionId)}/cards`, signal);
    const cards = (Array.isArray(body) ? body : [body]).map((card) => giftCard(asRecord(card), transactionId));
    // Reloadly may list an order before its codes exist: ask again later rather than deliver nothing.
    if (cards.length === 0) return { state: "pending", transactionId };
    const cost = giftCharge(tx);
    const delivered = giftDelivered(tx);
    return { state: "success", transactionId, cards, ...(cost && { cost }), ...(delivered && { delivered }) };
  }

  function giftCard(card: Json | undefined, transactionId: string): GiftCard {
    const serial = idText(card?.cardNumber) ?? idText(card?.redemptionUrl);
    if (!serial) throw unclear(`Reloadly answered a card of transaction ${transactionId} without cardNumber`);
    return { serial, pin: idText(card?.pinCode) ?? "", expiresAt: null };
  }

  async function submitTopup(request: SupplierRequest, order: TopupOrder): Promise<SupplierAnswer> {
    const amount = order.checkRate ? await amountAtCurrentRate(request, order) : order.amount;
    if (typeof amount !== "string") return amount;
    const body = {
      operatorId: order.operatorId,
      amount: jsonNumber(amount),
      useLocalAmount: order.local,
      customIdentifier: request.reference,
      recipientPhone: { countryCode: order.countryCode, number: order.number },
    };
    return placed(await api.call(topups, "POST", "/topups", request.signal, body), request, "POST /topups");
  }

  /**
   * The amount in the account's currency that still delivers the face value at Reloadly's rate of now. Its
   * `fxRate` is documented both as a rate and, by Reloadly's support ("the delivery amount the recipient gets is
   * the value in the fxRate field"), as what `amount` delivers: we read the latter, asking for the planned amount.
   */
  async function amountAtCurrentRate(request: SupplierRequest, order: TopupOrder): Promise<string | SupplierAnswer> {
    const what = "POST /operators/fx-rate";
    const payload = { operatorId: order.operatorId, amount: jsonNumber(order.amount) };
    const reply = await api.call(topups, "POST", "/operators/fx-rate", request.signal, payload);
    if (reply.status !== 200) {
      const refused = refusal(reply);
      if (refused) return refused;
      throw unclear(`Reloadly answered ${what} with ${describe(reply)}`);
    }
    const body = need(reply.body, what);
    const delivers = big(body.fxRate);
    const currency = text(body.currencyCode);
    if (!delivers?.gt(0) || !currency) throw unclear(`Reloadly answered ${what} without fxRate or currencyCode`);
    if (currency !== request.plan.delivers.currency) {
      const reason = `Reloadly operator ${order.operatorId} delivers ${currency}, not ${request.plan.delivers.currency}: the route needs a new quote`;
      return { state: "failed", reason, code: "PRODUCT_UNAVAILABLE" };
    }
    const face = new Big(request.faceValue);
    if (delivers.gte(face)) return order.amount;
    return money(new Big(order.amount).times(face).div(delivers).round(2, Big.roundUp), currency).amount;
  }

  async function lookup(request: SupplierRequest): Promise<LookupAnswer> {
    const reference = encodeURIComponent(request.reference);
    const body =
      request.productType === ProductType.giftCard
        ? await api.read(gifts, `/reports/transactions?customIdentifier=${reference}`, request.signal)
        : await api.read(
            topups,
            `/topups/reports/transactions?customIdentifier=${reference}&page=1&size=20`,
            request.signal,
          );
    // The search is by substring and case-insensitive: keep exact matches. Two would mean two placements; the
    // one that delivered is the truth about this reference.
    const matches = rowsOf(body).filter((row) => row.customIdentifier === request.reference);
    const best = matches.find((row) => row.status === "SUCCESSFUL") ?? matches.find(isPending) ?? matches[0];
    return best ? answer(request, best) : { state: "notFound" };
  }

  /**
   * Both reports over the window, every page. `endDate` is inclusive at Reloadly and our window's end is not, so
   * rows are kept by their own date. The docs state no longest window, so it is asked in one part.
   */
  async function transactions(window: TimeWindow, signal: AbortSignal): Promise<SupplierTransaction[]> {
    const query = { startDate: reloadlyTime(window.start), endDate: reloadlyTime(window.end) };
    const [topupRows, giftRows] = await Promise.all([
      api.everyPage(topups, "/topups/reports/transactions", query, signal),
      api.everyPage(gifts, "/reports/transactions", query, signal),
    ]);
    const read = (kind: "topup" | "giftCard") => (row: Json) => {
      const transaction = reportRow(kind, row);
      if (!transaction)
        throw unclear(
          `Reloadly reported a ${kind} transaction we cannot read: ${idText(row.transactionId) ?? "no id"}`,
        );
      return transaction;
    };
    return [...topupRows.map(read("topup")), ...giftRows.map(read("giftCard"))].filter(
      (row) => row.at >= window.start && row.at < window.end,
    );
  }

  /** Every operator (bundles and data plans too) and every gift-card product; ones we cannot describe are left out. */
  async function catalog(signal: AbortSignal): Promise<CatalogEntry[]> {
    const [operators, products] = await Promise.all([
      api.everyPage(topups, "/operators", { includeBundles: "true", includeData: "true" }, signal),
      api.everyPage(gifts, "/products", {}, signal),
    ]);
    return [...operators.map(operatorEntry), ...products.map(productEntry)].filter(
      (e): e is CatalogEntry => e !== null,
    );
  }

  return {
    async submit(request) {
      if (request.productType === ProductType.giftCard) {
        const order = giftOrder(request);
        if (typeof order === "string") return { state: "failed", reason: order };
        const { recipientEmail, ...rest } = order;
        const body = { ...rest, customIdentifier: request.reference, ...(recipientEmail ? { recipientEmail } : {}) };
        return placed(await api.call(gifts, "POST", "/orders", request.signal, body), request, "POST /orders");
      }
      const order = topupOrder(request);
      if (typeof order === "string") return { state: "failed", reason: order };
      return submitTopup(request, order);
    },
    async query(request) {
      const id = encodeURIComponent(request.transactionId);
      if (request.productType === ProductType.giftCard) {
        const body = await api.read(gifts, `/reports/transactions/${id}`, request.signal);
        return answer(request, need(Array.isArray(body) ? body[0] : body, "GET /reports/transactions"));
      }
      // Documented as the transaction itself; the sandbox has been seen wrapping it in {status, transaction}.
      const body = need(await api.read(topups, `/topups/${id}/status`, request.signal), "GET /topups/status");
      return answer(request, asRecord(body.transaction) ?? body, request.transactionId);
    },
    lookup,
    async balance(signal) {
      const body = need(await api.read(topups, "/accounts/balance", signal), "GET /accounts/balance");
      const amount = big(body.balance)?.toString();
      if (!amount || typeof body.currencyCode !== "string") throw unclear("Reloadly answered a balance without amount");
      return { amount, currency: body.currencyCode };
    },
    catalog,
    transactions,
  };

  function need(body: unknown, what: string): Json {
    const record = asRecord(body);
    if (!record) throw unclear(`Reloadly answered ${what} with a body we cannot read`);
    return record;
  }
}

/**
 * Reloadly's error codes as our refusal classes: its codes name what is wrong (INVALID_RECIPIENT_PHONE,
 * COULD_NOT_AUTO_DETECT_OPERATOR, OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE, INVALID_AMOUNT_FOR_OPERATOR,
 * PRODUCT_NOT_FOUND, INSUFFICIENT_BALANCE...), so a word of the code is enough.
 */
function refusalCodeOf(errorCode: string | null): RefusalCode {
  const code = errorCode ?? "";
  if (/PHONE|RECIPIENT|AUTO_DETECT/.test(code)) return "ACCOUNT_INVALID";
  if (/OPERATOR|AMOUNT|PRODUCT|COUNTRY|FX_RATE/.test(code)) return "PRODUCT_UNAVAILABLE";
  if (code === "INSUFFICIENT_BALANCE") return "SUPPLIER_UNAVAILABLE";
  return "SUPPLIER_REFUSED";
}

function isPending(row: Json): boolean {
  return row.status === "PROCESSING" || row.status === "PENDING";
}
