import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Big from "big.js";
import { type Json, standinGiftProducts, standinOperators } from "./reloadly-standin-catalog";
import { isRefusal, num, priceOrder, priceTopup, type Refusal } from "./reloadly-standin-pricing";
import {
  asRecord,
  balanceInfo,
  currencyName,
  money,
  orderCards,
  orderRecord,
  plantedRecord,
  type RecordContext,
  springPage,
  time,
  topupRecord,
} from "./reloadly-standin-records";

export { STANDIN_IDS, standinGiftProducts, standinOperators } from "./reloadly-standin-catalog";

/**
 * A local Reloadly: the auth server, the top-ups API and the gift-card API on one 127.0.0.1 port (their paths
 * do not collide), answering in the shapes of Reloadly's documentation (github.com/Reloadly/reloadly-api-
 * documentation, docs.reloadly.com): tokens checked per request, the versioned Accept types, its error body
 * {timeStamp, message, path, errorCode, infoLink, details}, Spring's plain body for unknown paths and crashes,
 * customIdentifier refused twice, listings paged as Spring pages ({content, totalPages, last, number, ...}).
 *
 * It sells from its own catalog (`state.operators`, `state.giftProducts`) and prices by it
 * (reloadly-standin-pricing.ts), in the account's `currency`, debiting `balance`. Its reports list
 * `state.transactions`, which tests may add to with `plant`. Tests steer it through `state` and read what it
 * received there.
 */

export type Behaviour =
  | "success"
  | "pending"
  | "failed"
  | "refunded"
  | "slow"
  | "drop"
  | "error500"
  | "invalidPhone"
  | "invalidOperator"
  | "insufficientBalance"
  /** Any answer at all, placing nothing. */
  | { status: number; body: unknown };

export interface Placed {
  api: "topups" | "giftcards";
  body: Record<string, unknown>;
}

export interface StandinTransaction {
  api: Placed["api"];
  /** The transaction as Reloadly reports it; `status` changes as it settles. */
  record: Record<string, unknown> & { transactionId: number; status: string };
  /** Status reads left before a PROCESSING transaction turns SUCCESSFUL. */
  queriesLeft: number;
  cards: { cardNumber: string; pinCode: string }[];
}

export interface StandinState {
  credentials: { clientId: string; clientSecret: string };
  tokenLifetimeSeconds: number;
  tokenRequests: Record<string, unknown>[];
  /** Tokens it accepts; clear it to imitate revocation. */
  tokens: Set<string>;
  requests: { method: string; path: string; accept?: string; authorization?: string; body: unknown }[];
  /** The account's currency: its balance, every charge, the default catalog's sender currency. */
  currency: string;
  /** Decimal text, in `currency`. */
  balance: string;
  /** Operator objects as GET /operators returns them; change them between calls (a new fx.rate...). */
  operators: Json[];
  /** Gift-card product objects as GET /products returns them. */
  giftProducts: Json[];
  /** Every transaction it has, placed or planted, in that order (one reference may have several). */
  transactions: StandinTransaction[];
  /** How a new top-up or order is answered, before the catalog's own checks. */
  behaviour: (placed: Placed) => Behaviour;
  /** How many status reads a "pending" transaction answers PROCESSING to (the last of them turns it SUCCESSFUL). */
  pendingQueries: number;
  /** How long "slow" holds its answer. */
  slowMs: number;
  /** Taken off what every top-up delivers, in the operator's currency (a short delivery); "0". */
  shortDelivery: string;
  /** The largest page it serves, whatever `size` asks (so tests page through a few rows). */
  maxPageSize: number;
  /** Its clock: transaction dates. */
  now: () => Date;
}

/** A transaction the supplier "has" without our asking (reconciliation tests). */
export interface Plant {
  api?: Placed["api"];
  /** Its customIdentifier (null: none). */
  reference: string | null;
  status?: "SUCCESSFUL" | "FAILED" | "REFUNDED" | "PROCESSING";
  /** What it charged the account, in `currency` (default "1.00"); a FAILED or REFUNDED one charged nothing. */
  cost?: string;
  /** Its date (default `state.now()`). */
  at?: Date;
  /** Whether the charge moved the balance (default true). */
  debit?: boolean;
  /** Any further field of the record, as Reloadly writes it (they win over the defaults). */
  fields?: Record<string, unknown>;
}

const ACCEPT = {
  topups: "application/com.reloadly.topups-v1+json",
  giftcards: "application/com.reloadly.giftcards-v1+json",
} as const;
const SETTLED_AS: Record<string, string> = { pending: "PROCESSING", failed: "FAILED", refunded: "REFUNDED" };
const DUPLICATE =
  "The custom identifier provided has already been used. Please provide a new, unique custom identifier";
const CANNED: Record<string, (api: Placed["api"]) => Refusal> = {
  invalidPhone: () => ({
    status: 400,
    message: "Recipient phone number is not valid",
    errorCode: "INVALID_RECIPIENT_PHONE",
  }),
  invalidOperator: (api) =>
    api === "topups"
      ? { status: 404, message: "Operator not found for given id", errorCode: "OPERATOR_NOT_FOUND" }
      : { status: 404, message: "Invalid product id", errorCode: "INVALID_PRODUCT" },
  insufficientBalance: () => ({
    status: 400,
    message: "Insufficient funds in the wallet",
    errorCode: "INSUFFICIENT_BALANCE",
  }),
};

export async function startReloadlyStandin(options: Partial<StandinState> = {}) {
  const currency = options.currency ?? "USD";
  const state: StandinState = {
    credentials: { clientId: "standin-client", clientSecret: "standin-secret-0f3c9a" },
    tokenLifetimeSeconds: 86_400,
    tokenRequests: [],
    tokens: new Set(),
    requests: [],
    currency,
    balance: "1000.50",
    operators: standinOperators(currency),
    giftProducts: standinGiftProducts(currency),
    transactions: [],
    behaviour: () => "success",
    pendingQueries: 1,
    slowMs: 2_000,
    shortDelivery: "0",
    maxPageSize: 200,
    now: () => new Date(),
    ...options,
  };
  const timers = new Set<NodeJS.Timeout>();
  let nextId = 4602843;
  let baseUrl = "";

  const server = createServer((req, res) => {
    readJson(req).then(
      (body) => handle(req, res, body),
      () => res.destroy(),
    );
  });

  function handle(req: IncomingMessage, res: ServerResponse, body: unknown) {
    const url = new URL(req.url ?? "/", baseUrl);
    const path = url.pathname;
    const query = url.searchParams;
    if (req.method === "POST" && path === "/oauth/token") return issueToken(res, asRecord(body));
    const api = /^\/(orders|reports|products)(\/|$)/.test(path) ? "giftcards" : "topups";
    const authorization = req.headers.authorization;
    state.requests.push({
      method: req.method ?? "",
      path: path + url.search,
      accept: req.headers.accept,
      authorization,
      body,
    });
    if (!state.tokens.has(authorization?.replace(/^Bearer /, "") ?? "")) {
      return refuse(res, path, {
        status: 401,
        message: "Full authentication is required to access this resource",
        errorCode: "INVALID_TOKEN",
      });
    }
    if (req.headers.accept !== ACCEPT[api]) return send(res, 406, reloadlyError(path, "Not Acceptable", null));
    const id = /\/(\d+)(\/|$)/.exec(path)?.[1];
    const tx = state.transactions.find((t) => t.api === api && String(t.record.transactionId) === id);
    const route = `${req.method} ${path.replace(/\/\d+(?=\/|$)/, "/{id}")}`;

    switch (route) {
      case "POST /topups":
      case "POST /orders":
        return place(res, api, path, asRecord(body));
      case "GET /accounts/balance":
        return send(res, 200, {
          balance: Number(state.balance),
          currencyCode: state.currency,
          currencyName: currencyName(state.currency),
          updatedAt: time(state.now()),
        });
      case "GET /operators": {
        const rows = state.operators.filter(
          (o) =>
            (query.get("includeBundles") !== "false" || !o.bundle) && (query.get("includeData") !== "false" || !o.data),
        );
        return send(res, 200, page(rows, query));
      }
      case "GET /operators/{id}": {
        const operator = state.operators.find((o) => String(o.id) === id);
        if (!operator)
          return refuse(res, path, { status: 404, message: "Operator not found for given id", errorCode: null });
        return send(res, 200, operator);
      }
      case "POST /operators/fx-rate":
        return fxRate(res, path, asRecord(body));
      case "GET /products":
        return send(res, 200, page(state.giftProducts, query));
      case "GET /topups/reports/transactions":
      case "GET /reports/transactions":
        return send(res, 200, page(report(api, query), query));
    }
    if (req.method === "GET" && tx && /^\/(topups\/\d+\/status|reports\/transactions\/\d+)$/.test(path)) {
      if (tx.record.status === "PROCESSING" && --tx.queriesLeft <= 0) tx.record.status = "SUCCESSFUL";
      return send(res, 200, tx.record);
    }
    if (req.method === "GET" && tx && path === `/orders/transactions/${id}/cards`) {
      if (tx.record.status !== "SUCCESSFUL") return send(res, 404, reloadlyError(path, "Invalid transaction id", null));
      // Raw JSON: the documentation types the codes as integers, longer than a double keeps.
      const cards = tx.cards.map((card) => `{"cardNumber":${card.cardNumber},"pinCode":${card.pinCode}}`);
      return sendText(res, 200, `[${cards.join(",")}]`);
    }
    send(res, 404, {
      timestamp: time(state.now()),
      status: 404,
      error: "Not Found",
      message: "No message available",
      path,
    });
  }

  function issueToken(res: ServerResponse, body: Record<string, unknown>) {
    state.tokenRequests.push(body);
    const { clientId, clientSecret } = state.credentials;
    if (
      body.client_id !== clientId ||
      body.client_secret !== clientSecret ||
      body.grant_type !== "client_credentials"
    ) {
      return refuse(res, "/oauth/token", { status: 401, message: "Access Denied", errorCode: "INVALID_CREDENTIALS" });
    }
    if (body.audience !== baseUrl) {
      return send(res, 403, { error: "access_denied", error_description: `Service not found: ${body.audience}` });
    }
    const token = `standin-token-${randomBytes(12).toString("hex")}`;
    state.tokens.add(token);
    send(res, 200, {
      access_token: token,
      scope: "developer",
      expires_in: state.tokenLifetimeSeconds,
      token_type: "Bearer",
    });
  }

  /** What `amount` of the account's currency delivers now ("the delivery amount is the value in fxRate"). */
  function fxRate(res: ServerResponse, path: string, body: Json) {
    const operator = state.operators.find((o) => String(o.id) === String(body.operatorId));
    if (!operator)
      return refuse(res, path, { status: 404, message: "Operator not found for given id", errorCode: null });
    const amount = num(body.amount);
    if (!amount?.gt(0))
      return refuse(res, path, {
        status: 400,
        message: "Amount must be greater than zero",
        errorCode: "INVALID_AMOUNT",
      });
    const fx = asRecord(operator.fx);
    const rate = num(fx.rate);
    if (!rate) {
      const message =
        "Fx rate is currently not available for this operator, please try again later or contact support.";
      return refuse(res, path, { status: 500, message, errorCode: "FX_RATE_NOT_AVAILABLE" });
    }
    const currencyCode = fx.currencyCode ?? operator.destinationCurrencyCode;
    send(res, 200, { id: operator.id, name: operator.name, fxRate: money(amount.times(rate)), currencyCode });
  }

  function place(res: ServerResponse, api: Placed["api"], path: string, body: Record<string, unknown>) {
    const reference = String(body.customIdentifier ?? "");
    if (reference && state.transactions.some((t) => t.api === api && t.record.customIdentifier === reference)) {
      return refuse(res, path, { status: 400, message: DUPLICATE, errorCode: "CUSTOM_IDENTIFIER_ALREADY_USED" });
    }
    const behaviour = state.behaviour({ api, body });
    if (typeof behaviour === "object") return send(res, behaviour.status, behaviour.body);
    if (behaviour === "error500")
      return send(res, 500, { timestamp: time(state.now()), status: 500, error: "Internal Server Error", path });
    const canned = CANNED[behaviour];
    if (canned) return refuse(res, path, canned(api));
    const status = SETTLED_AS[behaviour] ?? "SUCCESSFUL";
    const tx = api === "topups" ? topup(body, status) : order(body, status);
    if (!("record" in tx)) return refuse(res, path, tx);
    state.transactions.push(tx);
    if (behaviour === "drop") return void res.socket?.destroy(); // placed, but the answer is lost
    if (behaviour !== "slow") return send(res, 200, tx.record);
    const timer = setTimeout(() => send(res, 200, tx.record), state.slowMs);
    timers.add(timer);
  }

  /**
   * Debits the account unless the transaction failed (Reloadly debits at acceptance, refunds a failure), and
   * reports the balance as Reloadly does; refuses a charge the balance does not cover.
   */
  function charge(cost: Big, status: string, debit = true): RecordContext | Refusal {
    const before = new Big(state.balance);
    const charged = status === "FAILED" || status === "REFUNDED" ? new Big(0) : cost;
    if (debit && charged.gt(before)) return CANNED.insufficientBalance!("topups");
    if (debit) state.balance = before.minus(charged).toFixed(2);
    const at = state.now();
    const info = balanceInfo(before, new Big(state.balance), charged, state.currency, at);
    return { transactionId: nextId++, status, currency: state.currency, at, balanceInfo: info };
  }

  function topup(body: Json, status: string): StandinTransaction | Refusal {
    const operator = state.operators.find((o) => String(o.id) === String(body.operatorId));
    if (!operator) return CANNED.invalidOperator!("topups");
    if (asRecord(body.recipientPhone).countryCode !== asRecord(operator.country).isoName)
      return CANNED.invalidPhone!("topups");
    const price = priceTopup(operator, body, new Big(state.shortDelivery));
    if (isRefusal(price)) return price;
    const context = charge(price.cost, status);
    if (isRefusal(context)) return context;
    const record = topupRecord(context, body, operator, price);
    return {
      api: "topups",
      record: record as StandinTransaction["record"],
      queriesLeft: state.pendingQueries,
      cards: [],
    };
  }

  function order(body: Json, status: string): StandinTransaction | Refusal {
    const product = state.giftProducts.find((p) => String(p.productId) === String(body.productId));
    if (!product) return CANNED.invalidOperator!("giftcards");
    const price = priceOrder(product, body);
    if (isRefusal(price)) return price;
    const context = charge(price.amount, status);
    if (isRefusal(context)) return context;
    const record = orderRecord(context, body, product, price, num(body.unitPrice)!);
    const cards = orderCards(context.transactionId, Number(body.quantity));
    return {
      api: "giftcards",
      record: record as StandinTransaction["record"],
      queriesLeft: state.pendingQueries,
      cards,
    };
  }

  /** A transaction the supplier has, in its report's shape, without our asking. */
  function plant(row: Plant): StandinTransaction {
    const cost = new Big(row.cost ?? "1.00");
    const context = charge(cost, row.status ?? "SUCCESSFUL", row.debit ?? true);
    if (isRefusal(context)) throw new Error("The stand-in's balance does not cover the planted charge");
    if (row.at) context.at = row.at;
    const record = { ...plantedRecord(context, row.api === "giftcards", row.reference, cost), ...row.fields };
    const planted: StandinTransaction = {
      api: row.api ?? "topups",
      record: record as StandinTransaction["record"],
      queriesLeft: state.pendingQueries,
      cards: [],
    };
    state.transactions.push(planted);
    return planted;
  }

  /** A report's rows: its API's transactions inside startDate..endDate (both inclusive), by loose customIdentifier. */
  function report(api: Placed["api"], query: URLSearchParams): Json[] {
    const wanted = query.get("customIdentifier")?.toLowerCase() ?? "";
    const [start, end] = [query.get("startDate"), query.get("endDate")];
    const dateOf = (t: StandinTransaction) =>
      String(t.record[api === "topups" ? "transactionDate" : "transactionCreatedTime"]);
    const matches = (t: StandinTransaction) =>
      String(t.record.customIdentifier ?? "")
        .toLowerCase()
        .includes(wanted);
    return state.transactions
      .filter((t) => t.api === api && matches(t))
      .filter((t) => (!start || dateOf(t) >= start) && (!end || dateOf(t) <= end))
      .map((t) => t.record);
  }

  const page = (rows: Json[], query: URLSearchParams) => springPage(rows, query, state.maxPageSize);

  function refuse(res: ServerResponse, path: string, refusal: Refusal) {
    send(res, refusal.status, reloadlyError(path, refusal.message, refusal.errorCode));
  }

  function reloadlyError(path: string, message: string, errorCode: string | null) {
    return { timeStamp: time(state.now()), message, path, errorCode, infoLink: null, details: [] };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    state,
    plant,
    /** The transactions it has under one reference (placed or planted), first first. */
    transactionsOf: (reference: string) => state.transactions.filter((t) => t.record.customIdentifier === reference),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  sendText(res, status, JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  if (res.destroyed) return;
  res.writeHead(status, { "Content-Type": "application/json" }).end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}
