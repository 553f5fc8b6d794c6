import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local DingConnect (V1) for the adapter's tests: SendTransfer, ListTransferRecords and GetBalance behind the
 * `api_key` header, answering as Ding's Swagger definition and FAQ say and as vlab-research/go-dingconnect measured
 * the live API: errors in an envelope `{ResultCode, ErrorCodes: [{Code, Context}]}` (HTTP 400, or 500 for
 * InsufficientBalance), ProcessingState "Complete", ListTransferRecords items wrapped as `{TransferRecord, ResultCode,
 * ErrorCodes}`, account numbers refused with a "+". A DistributorRef seen before is refused with
 * DuplicateTransactionPrevented, as Ding documents (go-dingconnect saw the live API pay a replay: the adapter must
 * not rely on this for safety, and the worker looks a lost attempt up before sending it again).
 *
 * Tests steer it per account number (first) or SKU with a `DingBehaviour`; the default is an instant success.
 */
export type DingBehaviour =
  | { kind: "success" }
  /** Accepted as Submitted; the first `pendingLists` ListTransferRecords show it Processing, the next Complete. */
  | { kind: "pending"; pendingLists: number }
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

interface Transfer {
  record: Record<string, unknown> & { ProcessingState: string };
  cost: number;
  pendingLists: number;
}

export interface DingStandinOptions {
  apiKey?: string;
  balance?: number;
  currency?: string;
  /** Ding's DistributorFee per transfer, taken from the balance on top of SendValue. */
  distributorFee?: number;
}

export async function startDingConnectStandin(options: DingStandinOptions = {}) {
  const apiKey = options.apiKey ?? "ding-test-key";
  const currency = options.currency ?? "USD";
  const fee = options.distributorFee ?? 0;
  const state = {
    requests: [] as DingRequestSeen[],
    /** By DistributorRef, newest last. */
    transfers: new Map<string, Transfer>(),
    byAccount: new Map<string, DingBehaviour>(),
    bySku: new Map<string, DingBehaviour>(),
    balance: options.balance ?? 500,
    /** ListTransferRecords answers the latest transfers whatever the filter (an API that ignores a field). */
    ignoreFilters: false,
  };
  const timers = new Set<NodeJS.Timeout>();
  let nextRef = 900_000_001;

  const complete = (transfer: Transfer) => {
    transfer.record.ProcessingState = "Complete";
    transfer.record.CompletedUtc = new Date().toISOString();
    state.balance -= transfer.cost;
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
    if (state.transfers.has(ref)) return envelope(res, 400, 5, [{ Code: "DuplicateTransactionPrevented" }]);
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
    const sendValue = Number(body.SendValue);
    const sendCurrency = typeof body.SendCurrencyIso === "string" ? body.SendCurrencyIso : currency;
    const record = {
      TransferId: { TransferRef: String(nextRef++), DistributorRef: ref },
      SkuCode: body.SkuCode,
      Price: {
        CustomerFee: 0,
        DistributorFee: fee,
        ReceiveValue: sendValue,
        ReceiveCurrencyIso: sendCurrency,
        ReceiveValueExcludingTax: sendValue,
        SendValue: sendValue,
        SendCurrencyIso: sendCurrency,
      },
      CommissionApplied: 0,
      StartedUtc: new Date().toISOString(),
      ProcessingState: "Submitted",
      ReceiptText: "",
      ReceiptParams: {},
      AccountNumber: account,
    };
    if (body.ValidateOnly === true) {
      const { TransferId: _none, ...estimate } = record;
      return envelope(res, 200, 1, [], { TransferRecord: { ...estimate, ProcessingState: "Complete" } });
    }
    const transfer: Transfer = { record, cost: sendValue + fee, pendingLists: 0 };
    state.transfers.set(ref, transfer);
    if (behaviour.kind === "pending") {
      transfer.pendingLists = behaviour.pendingLists;
      return envelope(res, 200, 1, [], { TransferRecord: { ...record } });
    }
    complete(transfer);
    const answer = () => envelope(res, 200, 1, [], { TransferRecord: { ...record } });
    if (behaviour.kind !== "slow") return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) answer();
    }, behaviour.ms);
    timers.add(timer);
  };

  const listTransferRecords = (body: Record<string, unknown>, res: ServerResponse) => {
    const take = Number(body.Take);
    if (!Number.isInteger(take) || take < 1 || take > 100)
      return envelope(res, 400, 4, [{ Code: "ParameterOutOfRange", Context: "Take" }]);
    const skip = Number(body.Skip ?? 0);
    const matches = [...state.transfers.values()].reverse().filter(({ record }) => {
      const id = record.TransferId as { TransferRef: string; DistributorRef: string };
      return (
        state.ignoreFilters ||
        ((body.DistributorRef === undefined || body.DistributorRef === id.DistributorRef) &&
          (body.TransferRef === undefined || body.TransferRef === id.TransferRef) &&
          (body.AccountNumber === undefined || body.AccountNumber === record.AccountNumber))
      );
    });
    const page = matches.slice(skip, skip + take);
    for (const transfer of page) {
      if (transfer.record.ProcessingState === "Complete") continue;
      if (transfer.pendingLists > 0) {
        transfer.pendingLists -= 1;
        transfer.record.ProcessingState = "Processing";
      } else complete(transfer);
    }
    const items = page.map(({ record }) => ({ TransferRecord: { ...record }, ResultCode: 1, ErrorCodes: [] }));
    envelope(res, 200, 1, [], { Items: items, ThereAreMoreItems: matches.length > skip + take });
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://standin").pathname;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return envelope(res, 400, 4, [{ Code: "RequestInvalid" }]);
    }
    const header = req.headers.api_key;
    state.requests.push({ method: req.method ?? "", path, apiKey: Array.isArray(header) ? header[0] : header, body });
    if (header !== apiKey) return envelope(res, 401, 4, [{ Code: "AuthenticationFailed" }]);
    if (req.method === "POST" && path === "/api/V1/SendTransfer") return sendTransfer(body, res, req);
    if (req.method === "POST" && path === "/api/V1/ListTransferRecords") return listTransferRecords(body, res);
    if (req.method === "GET" && path === "/api/V1/GetBalance")
      return envelope(res, 200, 1, [], { Balance: Math.round(state.balance * 100) / 100, CurrencyIso: currency });
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
  errorCodes: { Code: string; Context?: string }[],
  extra: object = {},
) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ ...extra, ResultCode: resultCode, ErrorCodes: errorCodes }));
}
