import Big from "big.js";
import { type DingProduct, priceFor, sendFor, takesSendValue } from "./dingconnect-products";

/** The stand-in's price checks: what SendTransfer refuses, and what EstimatePrices answers per batch item. */

export interface DingError {
  Code: string;
  Context?: string;
}

type Fields = Record<string, unknown>;
const productOf = (products: DingProduct[], sku: unknown) => products.find((p) => p.SkuCode === sku);

/**
 * Why Ding would not take this SendTransfer's SendValue, as [HTTP status, ResultCode, error], or null: an unknown
 * SkuCode, another SendCurrencyIso than the account's (none means the account's), a SendValue outside the
 * product's Minimum/Maximum or finer than a cent, or a balance short of SendValue + DistributorFee (checked for
 * ValidateOnly too: "the balance will be checked").
 */
export function sendTransferError(
  body: Fields,
  account: { products: DingProduct[]; currency: string; balance: string },
): [number, number, DingError] | null {
  const product = productOf(account.products, body.SkuCode);
  if (!product) return [400, 4, { Code: "ParameterInvalid", Context: "SkuCode" }];
  if ((body.SendCurrencyIso || account.currency) !== account.currency)
    return [400, 4, { Code: "ParameterInvalid", Context: "SendCurrencyIso" }];
  const send = Number(body.SendValue);
  if (!Number.isFinite(send) || !takesSendValue(product, new Big(String(send))))
    return [400, 4, { Code: "ParameterOutOfRange", Context: "SendValue" }];
  const needed = new Big(String(send)).plus(String(product.Minimum.DistributorFee));
  if (new Big(account.balance).lt(needed)) return [500, 5, { Code: "InsufficientBalance" }];
  return null;
}

/**
 * One EstimatePrices item (an `EstimationRequest`) as its `EstimatedPrice`: for a ReceiveValue, the SendValue
 * that delivers at least it (rounded up to the cent) and what that delivers; for a SendValue, what it delivers.
 * SendValue and ReceiveValue cannot both be non-zero.
 */
export function estimateItem(item: Fields, products: DingProduct[], currency: string) {
  const failed = (error: DingError) => ({
    SkuCode: item.SkuCode,
    BatchItemRef: item.BatchItemRef,
    ResultCode: 4,
    ErrorCodes: [error],
  });
  for (const field of ["SkuCode", "BatchItemRef"])
    if (item[field] === undefined) return failed({ Code: "ParameterMissing", Context: field });
  const product = productOf(products, item.SkuCode);
  if (!product) return failed({ Code: "ParameterInvalid", Context: "SkuCode" });
  const [send, receive] = [Number(item.SendValue ?? 0), Number(item.ReceiveValue ?? 0)];
  if ((send === 0) === (receive === 0)) return failed({ Code: "ParameterCombinationInvalid" });
  if (item.SendCurrencyIso && item.SendCurrencyIso !== currency)
    return failed({ Code: "ParameterInvalid", Context: "SendCurrencyIso" });
  const sendValue = send ? new Big(String(send)) : sendFor(product, new Big(String(receive)));
  if (!sendValue || !takesSendValue(product, sendValue))
    return failed({ Code: "ParameterOutOfRange", Context: send ? "SendValue" : "ReceiveValue" });
  return {
    Price: priceFor(product, sendValue),
    SkuCode: product.SkuCode,
    BatchItemRef: item.BatchItemRef,
    ResultCode: 1,
    ErrorCodes: [],
  };
}
