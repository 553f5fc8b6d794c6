import Big from "big.js";
import { moneyText } from "#contracts";
import { type Money, type RefusalCode, type SupplierAccount, SupplierUnclearError } from "../supplier";

/**
 * Talking to DingConnect (V1): one call helper and the wire shapes we read. Sources: its Swagger 2.0 definition
 * (www.dingconnect.com/Api, kept in voxgig-sdk/dingconnect-sdk .sdk/def/dingconnect-v1-swagger-2.0.json), its FAQ
 * (www.dingconnect.com/Api/Faq), and what vlab-research/go-dingconnect (CLAUDE.md, errors.go, types.go) measured
 * against the live API where the documents are silent: ResultCode 1 success, 2 nearest match, 3 transient,
 * 4 invalid request, 5 refused; InsufficientBalance sent with HTTP 500; everything on the wire PascalCase.
 */

export interface DingError {
  Code: string;
  Context?: string | null;
}
export interface Envelope {
  ResultCode?: number;
  ErrorCodes?: DingError[];
}
/** Ding's `Price`: every amount a JSON number, each pair with its currency. */
export interface DingPrice {
  CustomerFee?: number;
  DistributorFee?: number;
  ReceiveValue?: number;
  ReceiveCurrencyIso?: string;
  SendValue?: number;
  SendCurrencyIso?: string;
}
export interface TransferRecord {
  TransferId?: { TransferRef?: string; DistributorRef?: string };
  SkuCode?: string;
  Price?: DingPrice;
  CommissionApplied?: number;
  StartedUtc?: string;
  ProcessingState?: string;
}
export interface WithRecord extends Envelope {
  TransferRecord?: TransferRecord;
}

/**
 * One call. Throws on anything but a Ding envelope: no answer, a time-out (the caller's signal), a body that is not
 * JSON, a status Ding does not document for answers. 401 names the credentials and never their value.
 */
export async function dingCall<T extends Envelope>(
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
  // Ding answers errors as 200 or 400 with an envelope, and InsufficientBalance as 500 (see dingconnect-send.ts).
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

/** A JSON number as a decimal, without float arithmetic: `String(n)` is the shortest text that reads back as n. */
export function amountOf(value: unknown): Big | null {
  return typeof value === "number" && Number.isFinite(value) ? new Big(String(value)) : null;
}

/** A decimal as the JSON number Ding takes (money has far fewer than 15 significant digits: exact). */
export const jsonAmount = (value: Big | string): number => Number(value.toString());

/** Money as answers carry it: at least the cents. */
export const money = (amount: Big, currency: string): Money => ({ amount: moneyText(amount), currency });

export const codesOf = (body: Envelope) => (Array.isArray(body.ErrorCodes) ? body.ErrorCodes : []);
const format = (error: DingError) => (error.Context ? `${error.Code} (${error.Context})` : error.Code);
export const reasonOf = (codes: DingError[]) => `DingConnect: ${codes.map(format).join(", ")}`;
export const summaryOf = (body: Envelope) =>
  `ResultCode ${body.ResultCode ?? "none"}${codesOf(body).length ? ` ${codesOf(body).map(format).join(", ")}` : ""}`;

/** Ding's error codes as our refusal classes (the first that says more than "refused" wins). */
export function refusalCodeOf(codes: DingError[]): RefusalCode {
  const names = new Set(codes.map((c) => c.Code));
  if (names.has("AccountNumberInvalid")) return "ACCOUNT_INVALID";
  if (names.has("RechargeNotAllowed") || names.has("ParameterOutOfRange")) return "PRODUCT_UNAVAILABLE";
  if (names.has("InsufficientBalance")) return "SUPPLIER_UNAVAILABLE";
  return "SUPPLIER_REFUSED";
}
