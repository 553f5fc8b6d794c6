import Big from "big.js";
import { moneyText, ProductType } from "#contracts";
import { type SupplierAccount, type SupplierAnswer, type SupplierRequest, SupplierUnclearError } from "../supplier";
import {
  amountOf,
  codesOf,
  type DingPrice,
  dingCall,
  type Envelope,
  jsonAmount,
  reasonOf,
  refusalCodeOf,
  summaryOf,
  type WithRecord,
} from "./dingconnect-api";

/** What a SendTransfer sends, and how its refusals read. */

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

/**
 * What this adapter refuses without asking Ding: gift cards, several units, a face value that is no amount, and
 * a SKU without routes (there is no Ding product to send it as: a Ding route names a synced product). The plan
 * comes from the route's entry, which never takes local amounts; one that does was made for another supplier.
 */
export function notForDing(request: SupplierRequest): SupplierAnswer | null {
  if (request.productType === ProductType.giftCard)
    return { state: "failed", reason: "DingConnect: top-ups only, this adapter sends no gift cards" };
  if (request.quantity !== 1)
    return { state: "failed", reason: `DingConnect: one top-up per transfer, not ${request.quantity}` };
  const value = Number(request.faceValue);
  if (!Number.isFinite(value) || value <= 0)
    return { state: "failed", reason: `DingConnect: face value ${request.faceValue} is not an amount` };
  if (!request.entry)
    return {
      state: "failed",
      reason: "DingConnect: no product of the synced catalog is routed to this SKU",
      code: "PRODUCT_UNAVAILABLE",
    };
  if (request.plan.send.local)
    return { state: "failed", reason: "DingConnect: takes no local amounts", code: "PRODUCT_UNAVAILABLE" };
  return null;
}

interface Estimates extends Envelope {
  Items?: (Envelope & { BatchItemRef?: string; Price?: DingPrice })[];
}

/**
 * The SendValue that buys the face value, in the account's currency. A fixed product's is the plan's (its one
 * value). A range product's is asked of `EstimatePrices` for ReceiveValue = the face value now (the synced rate
 * may have moved): rounded up to the cent Ding takes, never a guess. An estimate that fails or cannot be read is
 * "don't know"; one that delivers another currency or less than the face value refuses this route.
 */
export async function sendValueOf(account: SupplierAccount, request: SupplierRequest): Promise<Big | SupplierAnswer> {
  const { plan, entry } = request;
  if (entry?.denomination !== "range") return new Big(plan.send.amount);
  const ask = {
    SkuCode: request.supplierProduct,
    ReceiveValue: jsonAmount(request.faceValue),
    BatchItemRef: request.reference,
  };
  const { body } = await dingCall<Estimates>(account, "EstimatePrices", request.signal, [ask]);
  // A batch answers per item, in no promised order: ours is the one with our BatchItemRef.
  const item = body.ResultCode === 1 ? body.Items?.find((i) => i.BatchItemRef === request.reference) : undefined;
  const price = item?.ResultCode === 1 ? item.Price : undefined;
  const send = amountOf(price?.SendValue);
  const receive = amountOf(price?.ReceiveValue);
  if (!price || !send?.gt(0) || !receive || price.SendCurrencyIso !== plan.send.currency)
    throw new SupplierUnclearError(`DingConnect EstimatePrices: ${summaryOf(item ?? body)}, no price we can send`);
  if (price.ReceiveCurrencyIso !== request.faceCurrency || receive.lt(request.faceValue)) {
    const offered = `${moneyText(receive)} ${price.ReceiveCurrencyIso ?? "?"}`;
    const reason = `DingConnect: ${request.supplierProduct} now delivers ${offered}, not ${request.faceValue} ${request.faceCurrency}`;
    return { state: "failed", reason, code: "PRODUCT_UNAVAILABLE" };
  }
  return send.round(2, Big.roundUp);
}

/**
 * A SendTransfer that did not succeed. A definitive refusal needs ResultCode 4 or 5 and only known refusal codes.
 * A 5xx is never one, but for InsufficientBalance, which Ding answers with HTTP 500 (go-dingconnect, measured).
 */
export function refusal(status: number, body: WithRecord): SupplierAnswer {
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
