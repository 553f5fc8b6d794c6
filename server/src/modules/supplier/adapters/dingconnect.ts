import { ProductType } from "#contracts";
import {
  type LookupAnswer,
  type RefusalCode,
  type SupplierAccount,
  type SupplierAdapter,
  type SupplierAnswer,
  type SupplierRequest,
  SupplierUnclearError,
} from "../supplier";

/**
 * DingConnect, Ding's B2B top-up API (V1). Sources: its Swagger 2.0 definition (www.dingconnect.com/Api, kept in
 * voxgig-sdk/dingconnect-sdk .sdk/def/dingconnect-v1-swagger-2.0.json), its FAQ (www.dingconnect.com/Api/Faq),
 * and what vlab-research/go-dingconnect (CLAUDE.md, errors.go, types.go) measured against the live API where the
 * documents are silent: ResultCode 1 success, 2 nearest match, 3 transient, 4 invalid request, 5 refused;
 * ProcessingState "Complete" on the wire; InsufficientBalance sent with HTTP 500; account numbers without "+".
 *
 * Ding has no sandbox host (FAQ: "There are no test accounts"): testing is `ValidateOnly: true` or a product's
 * UatNumber, on the live host. Real orders send `ValidateOnly: false`, spelled out, because Ding refuses a
 * SendTransfer without the field (required in the Swagger definition; measured by go-dingconnect). Its address
 * is in contracts/supplier.ts `supplierKindInfo`.
 */
interface DingError {
  Code: string;
  Context?: string | null;
}
interface Envelope {
  ResultCode?: number;
  ErrorCodes?: DingError[];
}
interface TransferRecord {
  TransferId?: { TransferRef?: string; DistributorRef?: string };
  ProcessingState?: string;
  Price?: { SendValue?: number; SendCurrencyIso?: string; DistributorFee?: number };
}
interface WithRecord extends Envelope {
  TransferRecord?: TransferRecord;
}
interface TransferList extends Envelope {
  Items?: WithRecord[];
}
interface Balance extends Envelope {
  Balance?: number;
  CurrencyIso?: string;
}

/**
 * Codes that say Ding did not and will not deliver (when ResultCode is 4 or 5), so the next route may be tried.
 * An allow-list: a code Ding adds later is "don't know" until someone reads its description. RateLimited and
 * TransientProviderError (ResultCode 3, e.g. ProviderTimedOut) are left out on purpose: Ding documents a timed-out
 * transfer as failed, but its record (found by `lookup`) is the better judge than the error answered in its place.
 */
const REFUSALS = new Set([
  "AccountNumberInvalid",
  "RechargeNotAllowed",
  "InsufficientBalance",
  "ProviderError",
  "RequestInvalid",
  "ParameterMissing",
  "ParameterInvalid",
  "ParameterOutOfRange",
  "ParameterCombinationInvalid",
  "TooManyParameters",
]);
const DUPLICATE = "DuplicateTransactionPrevented";
/** Ding's own states (Swagger, SendTransfer); "Completed" and "Pending" appear in its prose, never measured. */
const DONE = new Set(["Complete", "Completed"]);
const OPEN = new Set(["Submitted", "Pending", "Processing", "Cancelling"]);
const ENDED = new Set(["Failed", "Cancelled"]);
/** Enough to see a DistributorRef Ding let through twice (go-dingconnect saw a replay paid again). */
const TAKE = 10;

export const dingConnectAdapter: SupplierAdapter = {
  kind: "dingconnect",
  connect: (account) => {
    const lookup = async (request: SupplierRequest): Promise<LookupAnswer> => {
      const items = await listTransfers(account, { DistributorRef: request.reference }, request.signal);
      const mine = items.filter((item) => item.TransferRecord?.TransferId?.DistributorRef === request.reference);
      if (mine.length > 0) return answerOf(mostAdvanced(mine));
      // "notFound" sends the order again, so it must be certain: others' transfers mean the filter was not applied.
      if (items.length > 0)
        throw new SupplierUnclearError("DingConnect ListTransferRecords ignored the DistributorRef");
      return { state: "notFound" };
    };
    return {
      submit: async (request) => {
        const refused = notForDing(request);
        if (refused) return refused;
        const { status, body } = await call<WithRecord>(account, "SendTransfer", request.signal, {
          SkuCode: request.supplierProduct,
          SendValue: Number(request.faceValue),
          SendCurrencyIso: request.faceCurrency,
          AccountNumber: request.rechargeAccount.replace(/\D/g, ""),
          DistributorRef: request.reference,
          ValidateOnly: false,
        });
        if (body.ResultCode === 1) return answerOf(body);
        if (codesOf(body).some((error) => error.Code === DUPLICATE)) {
          // Sent before (its answer lost): what Ding did with it then is the answer.
          const earlier = await lookup(request);
          if (earlier.state === "notFound") throw new SupplierUnclearError(`DingConnect: ${DUPLICATE}, yet not listed`);
          return earlier;
        }
        return refusal(status, body);
      },
      query: async (request) => {
        const filter = { TransferRef: request.transactionId, DistributorRef: request.reference };
        const items = await listTransfers(account, filter, request.signal);
        const mine = items.filter((item) => item.TransferRecord?.TransferId?.TransferRef === request.transactionId);
        if (mine.length === 0) throw new SupplierUnclearError(`DingConnect lists no transfer ${request.transactionId}`);
        return answerOf(mostAdvanced(mine));
      },
      lookup,
      balance: async (signal) => {
        const { body } = await call<Balance>(account, "GetBalance", signal);
        if (body.ResultCode !== 1 || typeof body.Balance !== "number" || !body.CurrencyIso)
          throw new SupplierUnclearError(`DingConnect GetBalance: ${summaryOf(body)}`);
        return { amount: body.Balance.toFixed(2), currency: body.CurrencyIso };
      },
    };
  },
};

/**
 * What this adapter refuses without asking Ding. `SendValue` is Ding's price in the sender's currency (the agent
 * balance's unless `SendCurrencyIso` says otherwise), while our face value is what the recipient gets: the two
 * agree only for a SKU whose Ding send value is its face value, which is how a Ding route must be chosen. The
 * currency is sent so that any other SKU is refused (out of range, or a currency the account cannot send) rather
 * than Ding reading "100 MXN" as 100 of the account's dollars.
 */
function notForDing(request: SupplierRequest): SupplierAnswer | null {
  if (request.productType === ProductType.giftCard)
    return { state: "failed", reason: "DingConnect: top-ups only, this adapter sends no gift cards" };
  if (request.quantity !== 1)
    return { state: "failed", reason: `DingConnect: one top-up per transfer, not ${request.quantity}` };
  const value = Number(request.faceValue);
  if (!Number.isFinite(value) || value <= 0)
    return { state: "failed", reason: `DingConnect: face value ${request.faceValue} is not an amount` };
  return null;
}

async function listTransfers(account: SupplierAccount, filter: Record<string, string>, signal: AbortSignal) {
  const { body } = await call<TransferList>(account, "ListTransferRecords", signal, { ...filter, Skip: 0, Take: TAKE });
  // Reads never refuse: any error here only means we do not know.
  if (body.ResultCode !== 1 || !Array.isArray(body.Items))
    throw new SupplierUnclearError(`DingConnect ListTransferRecords: ${summaryOf(body)}`);
  return body.Items;
}

/** The record that went furthest, should Ding have kept two under one DistributorRef. */
function mostAdvanced(items: WithRecord[]): WithRecord {
  const rank = (item: WithRecord) => {
    const state = item.TransferRecord?.ProcessingState ?? "";
    return DONE.has(state) ? 0 : OPEN.has(state) ? 1 : 2;
  };
  return [...items].sort((a, b) => rank(a) - rank(b))[0]!;
}

function answerOf(item: WithRecord): SupplierAnswer {
  const record = item.TransferRecord;
  const codes = codesOf(item);
  const transactionId = record?.TransferId?.TransferRef;
  const state = record?.ProcessingState ?? "";
  if (!transactionId) throw new SupplierUnclearError(`DingConnect answered no TransferRef (state ${state || "none"})`);
  if (DONE.has(state)) return { state: "success", transactionId, ...costOf(record) };
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
 * Ding takes SendValue + DistributorFee from the agent balance (GetProducts, "Agent and Customer Fees"); the
 * CustomerFee is inside SendValue. CommissionApplied is earned back on the account's own terms, not netted here.
 */
function costOf(record: TransferRecord | undefined) {
  const price = record?.Price;
  if (typeof price?.SendValue !== "number" || !price.SendCurrencyIso) return {};
  return { cost: (price.SendValue + (price.DistributorFee ?? 0)).toFixed(2), costCurrency: price.SendCurrencyIso };
}

/**
 * A SendTransfer that did not succeed. A definitive refusal needs ResultCode 4 or 5 and only known refusal codes.
 * A 5xx is never one, but for InsufficientBalance, which Ding answers with HTTP 500 (go-dingconnect, measured).
 */
function refusal(status: number, body: WithRecord): SupplierAnswer {
  const codes = codesOf(body);
  const definitive =
    (body.ResultCode === 4 || body.ResultCode === 5) &&
    codes.length > 0 &&
    codes.every((error) => REFUSALS.has(error.Code)) &&
    (status < 500 || codes.every((error) => error.Code === "InsufficientBalance"));
  if (!definitive) throw new SupplierUnclearError(`DingConnect SendTransfer: HTTP ${status}, ${summaryOf(body)}`);
  const transactionId = body.TransferRecord?.TransferId?.TransferRef;
  return {
    state: "failed",
    reason: reasonOf(codes),
    code: refusalCodeOf(codes),
    ...(transactionId ? { transactionId } : {}),
  };
}

/**
 * One call. Throws on anything but a Ding envelope: no answer, a time-out (the caller's signal), a body that is not
 * JSON, a status Ding does not document for answers. 401 names the credentials and never their value.
 */
async function call<T extends Envelope>(
  account: SupplierAccount,
  operation: string,
  signal: AbortSignal,
  payload?: object,
): Promise<{ status: number; body: T }> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${account.baseUrl}/api/V1/${operation}`, {
      method: payload ? "POST" : "GET",
      headers: {
        api_key: account.credentials.apiKey ?? "",
        accept: "application/json",
        ...(payload ? { "content-type": "application/json" } : {}),
      },
      body: payload ? JSON.stringify(payload) : undefined,
      signal,
    });
    text = await response.text();
  } catch (error) {
    throw new Error(`DingConnect ${operation}: no answer (${whyNot(error)})`, { cause: error });
  }
  const body = parsed<T>(text);
  const authFailed = codesOf(body ?? {}).some((error) => error.Code === "AuthenticationFailed");
  if (response.status === 401 || authFailed)
    throw new Error(`DingConnect ${operation}: the API key was refused (HTTP ${response.status}), check the account`);
  // Ding answers errors as 200 or 400 with an envelope, and InsufficientBalance as 500 (see `refusal`).
  const answered =
    response.status === 200 || response.status === 400 || (response.status === 500 && body?.ResultCode !== 1);
  if (!body || !answered)
    throw new SupplierUnclearError(
      `DingConnect ${operation}: HTTP ${response.status}, ${body ? summaryOf(body) : "unreadable"}`,
    );
  return { status: response.status, body };
}

function parsed<T extends Envelope>(text: string): T | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && typeof (value as Envelope).ResultCode === "number"
      ? (value as T)
      : null;
  } catch {
    return null;
  }
}

function whyNot(error: unknown): string {
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) return "timed out";
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}

const codesOf = (body: Envelope) => (Array.isArray(body.ErrorCodes) ? body.ErrorCodes : []);
const format = (error: DingError) => (error.Context ? `${error.Code} (${error.Context})` : error.Code);
/** Ding's error codes as our refusal classes (the first that says more than "refused" wins). */
function refusalCodeOf(codes: DingError[]): RefusalCode {
  const names = new Set(codes.map((c) => c.Code));
  if (names.has("AccountNumberInvalid")) return "ACCOUNT_INVALID";
  if (names.has("RechargeNotAllowed") || names.has("ParameterOutOfRange")) return "PRODUCT_UNAVAILABLE";
  if (names.has("InsufficientBalance")) return "SUPPLIER_UNAVAILABLE";
  return "SUPPLIER_REFUSED";
}

const reasonOf = (codes: DingError[]) => `DingConnect: ${codes.map(format).join(", ")}`;
const summaryOf = (body: Envelope) =>
  `ResultCode ${body.ResultCode ?? "none"}${codesOf(body).length ? ` ${codesOf(body).map(format).join(", ")}` : ""}`;
