import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Big from "big.js";
import { type DingError, estimateItem, sendTransferError } from "./dingconnect-pricing";
import {
  DING_SKUS,
  type DingProduct,
  type DingProvider,
  defaultDingProducts,
  defaultDingProviders,
} from "./dingconnect-products";
import {
  type DingTransfer,
  matching,
  type PlantedTransfer,
  plantedTransfer,
  pricedRecord,
  type TransferFilter,
} from "./dingconnect-transfers";

export { DING_SKUS, type DingProduct, type DingProvider, dingPrice, dingProduct } from "./dingconnect-products";
export type { DingTransfer, DingTransferRecord, PlantedTransfer } from "./dingconnect-transfers";

/**
 * A local DingConnect (V1) behind the `api_key` header, written from Ding's Swagger definition and FAQ and from
 * what vlab-research/go-dingconnect measured on the live API: errors in an envelope `{ResultCode, ErrorCodes:
 * [{Code, Context}]}` (HTTP 400, or 500 for InsufficientBalance), ProcessingState "Complete", ListTransferRecords
 * items wrapped as `{TransferRecord, ResultCode, ErrorCodes}`, account numbers refused with a "+", EstimatePrices
 * taking a bare array. A DistributorRef seen before is refused with DuplicateTransactionPrevented, as Ding
 * documents (go-dingconnect saw the live API pay a replay: the adapter must not rely on this for safety).
 *
 * Money: the account has one currency (default USD) and a balance. GetProviders and GetProducts answer
 * `state.providers` and `state.products` (dingconnect-products.ts has the defaults); EstimatePrices and
 * SendTransfer price from the product, so they agree. SendTransfer refuses another SendCurrencyIso than the
 * account's and a SendValue outside the product's Minimum/Maximum, and a completed transfer takes SendValue +
 * DistributorFee − CommissionApplied (SendValue × CommissionRate / 100) from the balance.
 *
 * Tests steer SendTransfer per account number (first) or SKU with a `DingBehaviour`; the default is an instant
 * success. `plant` adds records Ding "has" that we never sent (reconciliation).
 */
export type DingBehaviour =
  | { kind: "success" }
  /** Accepted as Submitted; the first `pendingLists` ListTransferRecords show it Processing, the next Complete. */
  | { kind: "pending"; pendingLists: number }
  /** Completes, charged in full, but delivers `less` (receive currency, decimal) below what the price gives. */
  | { kind: "short"; less: string }
  /** Refused. ResultCode 4 for request errors, 5 otherwise, unless given; HTTP 400 (500 for InsufficientBalance). */
  | { kind: "refuse"; code: string; context?: string; resultCode?: number; status?: number }
  /** Takes the transfer (it completes) but answers only after `ms`: longer than the caller waits. */
  | { kind: "slow"; ms: number }
  /** Takes nothing and hangs up without an answer. */
  | { kind: "drop" }
  /** An HTTP 500 that is no Ding envelope (a gateway's error page). */
  | { kind: "serverError" }
  /** HTTP 200 with a body that is not JSON. */
  | { kind: "garbage" }
  | { kind: "rateLimited" };

export interface DingRequestSeen {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: unknown;
}

export interface DingStandinOptions {
  apiKey?: string;
  /** The account's balance (decimal text or a number; default 500). */
  balance?: number | string;
  /** The account's currency, which every default product sends in (default USD). */
  currency?: string;
  /** The default products' DistributorFee per transfer, taken from the balance on top of SendValue (default 0). */
  distributorFee?: number | string;
  products?: DingProduct[];
  providers?: DingProvider[];
  /** Ding's clock: StartedUtc and CompletedUtc of the transfers it takes (default the real time). */
  now?: () => Date;
}

export async function startDingConnectStandin(options: DingStandinOptions = {}) {
  const apiKey = options.apiKey ?? "ding-test-key";
  const currency = options.currency ?? "USD";
  const state = {
    requests: [] as DingRequestSeen[],
    /** Every transfer Ding has, ours and planted, newest last. */
    transfers: [] as DingTransfer[],
    byAccount: new Map<string, DingBehaviour>(),
    bySku: new Map<string, DingBehaviour>(),
    /** The agent balance, a decimal. */
    balance: new Big(options.balance ?? 500).toString(),
    currency,
    products: options.products ?? defaultDingProducts(currency, String(options.distributorFee ?? 0)),
    providers: options.providers ?? defaultDingProviders(),
    /** ListTransferRecords answers the latest transfers whatever the filter (an API that ignores a field). */
    ignoreFilters: false,
    /** Ding's clock (option `now`): the StartedUtc and CompletedUtc of the transfers it takes. */
    now: options.now ?? (() => new Date()),
    /** ListTransferRecords lists oldest first (Ding does not document its order: a reader must not rely on it). */
    oldestFirst: false,
    /** When set, every EstimatePrices item fails with this error (ResultCode 3). */
    estimateError: null as DingError | null,
  };
  const timers = new Set<NodeJS.Timeout>();
  let nextRef = 900_000_001;
  const productOf = (sku: unknown) => state.products.find((p) => p.SkuCode === sku);

  const complete = (transfer: DingTransfer) => {
    transfer.record.ProcessingState = "Complete";
    transfer.record.CompletedUtc = state.now().toISOString();
    if (!transfer.planted) state.balance = new Big(state.balance).minus(transfer.charge).toString();
  };

  const sendTransfer = (body: Record<string, unknown>, res: ServerResponse, req: IncomingMessage) => {
    for (const field of ["SkuCode", "SendValue", "AccountNumber", "DistributorRef", "ValidateOnly"]) {
      if (body[field] === undefined) return envelope(res, 400, 4, [{ Code: "ParameterMissing", Context: field }]);
    }
    const account = String(body.AccountNumber);
    const ref = String(body.DistributorRef);
    const behaviour = state.byAccount.get(account) ?? state.bySku.get(String(body.SkuCode)) ?? { kind: "success" };
    if (!/^\d+$/.test(account))
      return envelope(res, 400, 4, [{ Code: "AccountNumberInvalid", Context: "AccountNumberFailedRegex" }]);
    if (state.transfers.some((t) => t.record.TransferId?.DistributorRef === ref))
      return envelope(res, 400, 5, [{ Code: "DuplicateTransactionPrevented" }]);
    switch (behaviour.kind) {
      case "drop":
        return req.socket.destroy();
      case "serverError":
        return res.writeHead(500, { "content-type": "text/html" }).end("<h1>500 Internal Server Error</h1>");
      case "garbage":
        return res.writeHead(200, { "content-type": "text/html" }).end("<html>Incapsula incident</html>");
      case "rateLimited":
        return envelope(res, 400, 3, [{ Code: "RateLimited" }]);
      case "refuse": {
        const request = behaviour.code === "AccountNumberInvalid" || behaviour.code.startsWith("Parameter");
        const status = behaviour.status ?? (behaviour.code === "InsufficientBalance" ? 500 : 400);
        const error = behaviour.context
          ? { Code: behaviour.code, Context: behaviour.context }
          : { Code: behaviour.code };
        return envelope(res, status, behaviour.resultCode ?? (request ? 4 : 5), [error]);
      }
    }
    const refused = sendTransferError(body, state);
    if (refused) return envelope(res, refused[0], refused[1], [refused[2]]);
    const product = productOf(body.SkuCode)!;
    const short = behaviour.kind === "short" ? new Big(behaviour.less) : undefined;
    // Ding assigns no TransferId to a ValidateOnly answer.
    const validateOnly = body.ValidateOnly === true;
    const transferId = validateOnly ? undefined : { TransferRef: String(nextRef++), DistributorRef: ref };
    const priced = pricedRecord(product, new Big(String(body.SendValue)), {
      accountNumber: account,
      startedUtc: state.now().toISOString(),
      transferId,
      short,
    });
    if (validateOnly)
      return envelope(res, 200, 1, [], { TransferRecord: { ...priced.record, ProcessingState: "Complete" } });
    const transfer: DingTransfer = { ...priced, pendingLists: 0, planted: false };
    state.transfers.push(transfer);
    if (behaviour.kind === "pending") {
      transfer.pendingLists = behaviour.pendingLists;
      return envelope(res, 200, 1, [], { TransferRecord: { ...transfer.record } });
    }
    complete(transfer);
    const answer = () => envelope(res, 200, 1, [], { TransferRecord: { ...transfer.record } });
    if (behaviour.kind !== "slow") return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) answer();
    }, behaviour.ms);
    timers.add(timer);
  };

  /** Each item priced on its own (Ding answers per BatchItemRef; the batch succeeds while items may fail). */
  const estimatePrices = (body: unknown, res: ServerResponse) => {
    if (!Array.isArray(body)) return envelope(res, 400, 4, [{ Code: "RequestInvalid" }]);
    const refs = body.map((item) => (item as Record<string, unknown>)?.BatchItemRef);
    if (new Set(refs).size !== refs.length) return envelope(res, 400, 4, [{ Code: "RequestInvalid" }]);
    const items = body.map((item: Record<string, unknown>) =>
      state.estimateError
        ? { SkuCode: item.SkuCode, BatchItemRef: item.BatchItemRef, ResultCode: 3, ErrorCodes: [state.estimateError] }
        : estimateItem(item, state.products, currency),
    );
    envelope(res, 200, 1, [], { Items: items });
  };

  const listTransferRecords = (body: Record<string, unknown>, res: ServerResponse) => {
    const take = Number(body.Take);
    if (!Number.isInteger(take) || take < 1 || take > 100)
      return envelope(res, 400, 4, [{ Code: "ParameterOutOfRange", Context: "Take" }]);
    const skip = Number(body.Skip ?? 0);
    const newestFirst = matching(state.transfers, body as TransferFilter, state.ignoreFilters);
    const matches = state.oldestFirst ? newestFirst.reverse() : newestFirst;
    const page = matches.slice(skip, skip + take);
    for (const transfer of page) {
      // A planted record keeps the state the test gave it.
      const open = ["Submitted", "Processing"].includes(transfer.record.ProcessingState);
      if (transfer.planted || !open) continue;
      if (transfer.pendingLists > 0) {
        transfer.pendingLists -= 1;
        transfer.record.ProcessingState = "Processing";
      } else complete(transfer);
    }
    const items = page.map(({ record }) => ({ TransferRecord: { ...record }, ResultCode: 1, ErrorCodes: [] }));
    envelope(res, 200, 1, [], { Items: items, ThereAreMoreItems: matches.length > skip + take });
  };

  /** GET filters repeat their key (`skuCodes=A&skuCodes=B`, go-dingconnect). */
  const listed = <T>(items: T[], url: URL, filters: [string, (item: T) => string][]) =>
    items.filter((item) =>
      filters.every(
        ([key, of]) => url.searchParams.getAll(key).length === 0 || url.searchParams.getAll(key).includes(of(item)),
      ),
    );
  const countryOf = (product: DingProduct) =>
    state.providers.find((p) => p.ProviderCode === product.ProviderCode)?.CountryIso ?? "";

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://standin");
    const path = url.pathname;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      return envelope(res, 400, 4, [{ Code: "RequestInvalid" }]);
    }
    const header = req.headers.api_key;
    state.requests.push({ method: req.method ?? "", path, apiKey: Array.isArray(header) ? header[0] : header, body });
    if (header !== apiKey) return envelope(res, 401, 4, [{ Code: "AuthenticationFailed" }]);
    const fields = (body ?? {}) as Record<string, unknown>;
    const route = `${req.method} ${path.replace("/api/V1/", "")}`;
    switch (route) {
      case "POST SendTransfer":
        return sendTransfer(fields, res, req);
      case "POST EstimatePrices":
        return estimatePrices(body, res);
      case "POST ListTransferRecords":
        return listTransferRecords(fields, res);
      case "GET GetBalance":
        return envelope(res, 200, 1, [], { Balance: Number(state.balance), CurrencyIso: currency });
      case "GET GetProviders":
        return envelope(res, 200, 1, [], {
          Items: listed(state.providers, url, [
            ["providerCodes", (p) => p.ProviderCode],
            ["countryIsos", (p) => p.CountryIso],
          ]),
        });
      case "GET GetProducts":
        return envelope(res, 200, 1, [], {
          Items: listed(state.products, url, [
            ["skuCodes", (p) => p.SkuCode],
            ["providerCodes", (p) => p.ProviderCode],
            ["countryIsos", countryOf],
          ]),
        });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    state,
    /** The SendTransfer bodies it received, in order. */
    sent: () => state.requests.filter((r) => r.path === "/api/V1/SendTransfer").map((r) => r.body),
    /** Adds a record Ding "has" (its TransferRef answered); it never moves the balance. */
    plant: (transfer: PlantedTransfer) => {
      const product = productOf(transfer.skuCode ?? DING_SKUS.cnRange);
      if (!product) throw new Error(`The stand-in sells no ${transfer.skuCode}`);
      const planted = plantedTransfer(product, String(nextRef++), transfer);
      state.transfers.push(planted);
      return planted.record;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type DingConnectStandin = Awaited<ReturnType<typeof startDingConnectStandin>>;

function envelope(
  res: ServerResponse,
  status: number,
  resultCode: number,
  errorCodes: DingError[],
  extra: object = {},
) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ ...extra, ResultCode: resultCode, ErrorCodes: errorCodes }));
}
