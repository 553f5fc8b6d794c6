import Big from "big.js";
import { quoteEntry } from "#contracts";
import { type LookupAnswer, type SupplierAdapter, type SupplierRequest, SupplierUnclearError } from "../supplier";
import {
  amountOf,
  codesOf,
  dingCall,
  type Envelope,
  jsonAmount,
  money,
  summaryOf,
  type WithRecord,
} from "./dingconnect-api";
import { dingCatalog } from "./dingconnect-catalog";
import { answerOf, listTransfers, mostAdvanced, transfersIn } from "./dingconnect-records";
import { notForDing, refusal, sendValueOf } from "./dingconnect-send";

/**
 * DingConnect, Ding's B2B top-up API (V1); dingconnect-api.ts names the sources. Ding has no sandbox host (FAQ:
 * "There are no test accounts"): testing is `ValidateOnly: true` or a product's UatNumber, on the live host. Real
 * orders send `ValidateOnly: false`, spelled out, because Ding refuses a SendTransfer without the field (required
 * in the Swagger definition; measured by go-dingconnect). Account numbers go without "+" (measured). Its address
 * is in contracts/supplier.ts `supplierKindInfo`.
 *
 * Money: Ding takes a `SendValue` in the account's currency (SendCurrencyIso; another currency only by
 * arrangement with Ding) and says what it delivered and charged in the transfer record. A route names a synced
 * product (dingconnect-catalog.ts) and the worker's plan, quoted from it by the shared rule, says what to send;
 * a range product's SendValue is asked of EstimatePrices just before sending (dingconnect-send.ts). Answers carry
 * the charge and the delivery as the record states them (dingconnect-records.ts).
 */
const DUPLICATE = "DuplicateTransactionPrevented";

export const dingConnectAdapter: SupplierAdapter = {
  kind: "dingconnect",
  quote: quoteEntry,
  connect: (account) => {
    const lookup = async (request: SupplierRequest): Promise<LookupAnswer> => {
      const items = await listTransfers(account, { DistributorRef: request.reference }, request.signal);
      const mine = items.filter((item) => item.TransferRecord?.TransferId?.DistributorRef === request.reference);
      if (mine.length > 0) return answerOf(mostAdvanced(mine), request.plan);
      // "notFound" sends the order again, so it must be certain: others' transfers mean the filter was not applied.
      if (items.length > 0)
        throw new SupplierUnclearError("DingConnect ListTransferRecords ignored the DistributorRef");
      return { state: "notFound" };
    };
    return {
      submit: async (request) => {
        const refused = notForDing(request);
        if (refused) return refused;
        const sendValue = await sendValueOf(account, request);
        if (!(sendValue instanceof Big)) return sendValue;
        const { status, body } = await dingCall<WithRecord>(account, "SendTransfer", request.signal, {
          SkuCode: request.supplierProduct,
          SendValue: jsonAmount(sendValue),
          SendCurrencyIso: request.plan.send.currency,
          AccountNumber: request.rechargeAccount.replace(/\D/g, ""),
          DistributorRef: request.reference,
          ValidateOnly: false,
        });
        if (body.ResultCode === 1) return answerOf(body, request.plan);
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
        return answerOf(mostAdvanced(mine), request.plan);
      },
      lookup,
      balance: async (signal) => {
        const { body } = await dingCall<Envelope & { Balance?: number; CurrencyIso?: string }>(
          account,
          "GetBalance",
          signal,
        );
        const amount = amountOf(body.Balance);
        if (body.ResultCode !== 1 || !amount || !body.CurrencyIso)
          throw new SupplierUnclearError(`DingConnect GetBalance: ${summaryOf(body)}`);
        return money(amount, body.CurrencyIso);
      },
      catalog: (signal) => dingCatalog(account, signal),
      transactions: (window, signal) => transfersIn(account, window, signal),
    };
  },
};
