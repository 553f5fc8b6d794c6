import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Reloadly: the auth server, the top-ups API and the gift-card API on one 127.0.0.1 port (their paths
 * do not collide), answering in the shapes of Reloadly's documentation (github.com/Reloadly/reloadly-api-
 * documentation, docs.reloadly.com): tokens checked per request, the versioned Accept types, its error body
 * {timeStamp, message, path, errorCode, infoLink, details}, Spring's plain body for unknown paths and crashes,
 * and customIdentifier refused twice. Tests steer it through `state` and read what it received there.
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
  /** By customIdentifier: only placed top-ups and orders, never refused ones (as Reloadly's reports). */
  transactions: Map<string, StandinTransaction>;
  /** How a new top-up or order is answered. */
  behaviour: (placed: Placed) => Behaviour;
  /** How many status reads a "pending" transaction answers PROCESSING to (the last of them turns it SUCCESSFUL). */
  pendingQueries: number;
  /** How long "slow" holds its answer. */
  slowMs: number;
  balance: number;
}

const ACCEPT = {
  topups: "application/com.reloadly.topups-v1+json",
  giftcards: "application/com.reloadly.giftcards-v1+json",
} as const;
const SETTLED_AS: Record<string, string> = { pending: "PROCESSING", failed: "FAILED", refunded: "REFUNDED" };
const DUPLICATE =
  "The custom identifier provided has already been used. Please provide a new, unique custom identifier";

export async function startReloadlyStandin(options: Partial<StandinState> = {}) {
  const state: StandinState = {
    credentials: { clientId: "standin-client", clientSecret: "standin-secret-0f3c9a" },
    tokenLifetimeSeconds: 86_400,
    tokenRequests: [],
    tokens: new Set(),
    requests: [],
    transactions: new Map(),
    behaviour: () => "success",
    pendingQueries: 1,
    slowMs: 2_000,
    balance: 1000.5,
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
    if (req.method === "POST" && path === "/oauth/token") return issueToken(res, asRecord(body));
    const api = /^\/(orders|reports)(\/|$)/.test(path) ? "giftcards" : "topups";
    const authorization = req.headers.authorization;
    state.requests.push({
      method: req.method ?? "",
      path: path + url.search,
      accept: req.headers.accept,
      authorization,
      body,
    });
    if (!state.tokens.has(authorization?.replace(/^Bearer /, "") ?? "")) {
      return send(
        res,
        401,
        reloadlyError(path, "Full authentication is required to access this resource", "INVALID_TOKEN"),
      );
    }
    if (req.headers.accept !== ACCEPT[api]) return send(res, 406, reloadlyError(path, "Not Acceptable", null));
    const id = /\/(\d+)(\/|$)/.exec(path)?.[1];
    const tx = [...state.transactions.values()].find((t) => t.api === api && String(t.record.transactionId) === id);

    if (req.method === "POST" && (path === "/topups" || path === "/orders"))
      return place(res, api, path, asRecord(body));
    if (req.method === "GET" && path === "/accounts/balance") {
      return send(res, 200, {
        balance: state.balance,
        currencyCode: "USD",
        currencyName: "US Dollar",
        updatedAt: now(),
      });
    }
    if (req.method === "GET" && (path === "/topups/reports/transactions" || path === "/reports/transactions")) {
      // Reloadly matches the identifier loosely; the adapter must keep exact matches itself.
      const wanted = url.searchParams.get("customIdentifier")?.toLowerCase() ?? "";
      const rows = [...state.transactions.entries()]
        .filter(([ref, t]) => t.api === api && ref.toLowerCase().includes(wanted))
        .map(([, t]) => t.record);
      return send(res, 200, { content: rows, totalElements: rows.length, totalPages: 1, first: true, last: true });
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
    send(res, 404, { timestamp: now(), status: 404, error: "Not Found", message: "No message available", path });
  }

  function issueToken(res: ServerResponse, body: Record<string, unknown>) {
    state.tokenRequests.push(body);
    const { clientId, clientSecret } = state.credentials;
    if (
      body.client_id !== clientId ||
      body.client_secret !== clientSecret ||
      body.grant_type !== "client_credentials"
    ) {
      return send(res, 401, reloadlyError("/oauth/token", "Access Denied", "INVALID_CREDENTIALS"));
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

  function place(res: ServerResponse, api: Placed["api"], path: string, body: Record<string, unknown>) {
    const reference = String(body.customIdentifier ?? "");
    if (state.transactions.has(reference)) {
      return send(res, 400, reloadlyError(path, DUPLICATE, "CUSTOM_IDENTIFIER_ALREADY_USED"));
    }
    const behaviour = state.behaviour({ api, body });
    if (typeof behaviour === "object") return send(res, behaviour.status, behaviour.body);
    switch (behaviour) {
      case "error500":
        return send(res, 500, { timestamp: now(), status: 500, error: "Internal Server Error", path });
      case "invalidPhone":
        return send(res, 400, reloadlyError(path, "Recipient phone number is not valid", "INVALID_RECIPIENT_PHONE"));
      case "invalidOperator":
        return api === "topups"
          ? send(res, 404, reloadlyError(path, "Operator not found for given id", "OPERATOR_NOT_FOUND"))
          : send(res, 404, reloadlyError(path, "Invalid product id", "INVALID_PRODUCT"));
      case "insufficientBalance":
        return send(res, 400, reloadlyError(path, "Insufficient funds in the wallet", "INSUFFICIENT_BALANCE"));
    }
    const status = SETTLED_AS[behaviour] ?? "SUCCESSFUL";
    const tx = api === "topups" ? topup(body, status) : order(body, status);
    state.transactions.set(reference, tx);
    if (behaviour === "drop") return void res.socket?.destroy(); // placed, but the answer is lost
    if (behaviour !== "slow") return send(res, 200, tx.record);
    const timer = setTimeout(() => send(res, 200, tx.record), state.slowMs);
    timers.add(timer);
  }

  /** Debits the account unless the transaction failed, and reports the balance as Reloadly does. */
  function charge(cost: number, status: string) {
    const oldBalance = state.balance;
    if (status !== "FAILED" && status !== "REFUNDED") state.balance = round(state.balance - cost);
    return {
      oldBalance,
      newBalance: state.balance,
      cost,
      currencyCode: "USD",
      currencyName: "US Dollar",
      updatedAt: now(),
    };
  }

  function topup(body: Record<string, unknown>, status: string): StandinTransaction {
    const amount = Number(body.amount);
    const phone = asRecord(body.recipientPhone);
    const discount = round(amount * 0.02);
    const record = {
      transactionId: nextId++,
      status,
      operatorTransactionId: null,
      customIdentifier: body.customIdentifier,
      recipientPhone: String(phone.number ?? "").replace(/^\+/, ""),
      recipientEmail: null,
      senderPhone: null,
      countryCode: phone.countryCode,
      operatorId: body.operatorId,
      operatorName: "Stand-in Mobile",
      discount,
      discountCurrencyCode: "USD",
      requestedAmount: amount,
      requestedAmountCurrencyCode: "USD",
      deliveredAmount: round(amount * 7.1),
      deliveredAmountCurrencyCode: "CNY",
      transactionDate: now(),
      pinDetail: null,
      balanceInfo: charge(round(amount - discount), status),
    };
    return { api: "topups", record, queriesLeft: state.pendingQueries, cards: [] };
  }

  function order(body: Record<string, unknown>, status: string): StandinTransaction {
    const quantity = Number(body.quantity);
    const unitPrice = Number(body.unitPrice);
    const total = round(unitPrice * quantity);
    const discount = round(total * 0.03);
    const fee = 0.5;
    const transactionId = nextId++;
    const record = {
      transactionId,
      amount: round(total - discount + fee),
      discount,
      currencyCode: "USD",
      fee,
      smsFee: 0,
      recipientEmail: body.recipientEmail ?? null,
      customIdentifier: body.customIdentifier,
      status,
      product: { productId: body.productId, productName: "Stand-in Store US", countryCode: "US", quantity, unitPrice },
      balanceInfo: charge(round(total - discount + fee), status),
      transactionCreatedTime: now(),
    };
    const cards = Array.from({ length: quantity }, (_, index) => ({
      cardNumber: (6120200345149064000n + BigInt(transactionId * 10 + index)).toString(),
      pinCode: String(1000 + ((transactionId + index * 37) % 9000)),
    }));
    return { api: "giftcards", record, queriesLeft: state.pendingQueries, cards };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    state,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function reloadlyError(path: string, message: string, errorCode: string | null) {
  return { timeStamp: now(), message, path, errorCode, infoLink: null, details: [] };
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

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** Reloadly writes times as "2021-12-06 08:13:39". */
function now(): string {
  return new Date().toISOString().slice(0, 19).replace("T", " ");
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
