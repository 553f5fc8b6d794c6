import Big from "big.js";
import { commissionFor, type DingPrice, type DingProduct, priceFor } from "./dingconnect-products";

/**
 * The DingConnect stand-in's transfers: Ding's `TransferRecord`s, kept as a list (newest last), listed the way
 * ListTransferRecords pages them, and planted by tests as records the supplier "has" that we never sent.
 */

export interface DingTransferRecord {
  /** Absent on a ValidateOnly answer; DistributorRef absent on a planted transfer someone else made. */
  TransferId?: { TransferRef: string; DistributorRef?: string };
  SkuCode: string;
  Price: DingPrice;
  CommissionApplied: number;
  StartedUtc: string;
  CompletedUtc?: string;
  ProcessingState: string;
  ReceiptText: string;
  ReceiptParams: Record<string, string>;
  AccountNumber: string;
}

export interface DingTransfer {
  record: DingTransferRecord;
  /** What it takes from the balance once Complete: SendValue + DistributorFee − CommissionApplied. */
  charge: Big;
  /** ListTransferRecords calls that still show it Processing before it completes. */
  pendingLists: number;
  /** Planted by a test: it never touches the balance. */
  planted: boolean;
}

/** A transfer record priced as SendTransfer prices it. */
export function pricedRecord(
  product: DingProduct,
  send: Big,
  fields: { accountNumber: string; startedUtc: string; transferId?: DingTransferRecord["TransferId"]; short?: Big },
): { record: DingTransferRecord; charge: Big } {
  const price = priceFor(product, send, fields.short);
  const commission = commissionFor(product, send);
  const record: DingTransferRecord = {
    ...(fields.transferId && { TransferId: fields.transferId }),
    SkuCode: product.SkuCode,
    Price: price,
    CommissionApplied: Number(commission.toString()),
    StartedUtc: fields.startedUtc,
    ProcessingState: "Submitted",
    ReceiptText: "",
    ReceiptParams: {},
    AccountNumber: fields.accountNumber,
  };
  return { record, charge: send.plus(String(price.DistributorFee)).minus(commission) };
}

/** What a test plants: a record Ding "has", priced from its product as SendTransfer would price it. */
export interface PlantedTransfer {
  /** Our reference as Ding kept it; null for a transfer with no DistributorRef of ours. */
  distributorRef: string | null;
  /** When Ding started it (ISO text or a Date): where it falls in a reconciliation window. */
  startedUtc: string | Date;
  /** The SendValue, in the account's currency (a decimal): what it was charged, with fee and commission. */
  sendValue: string;
  /** The product (default: the range product, CN_CM_TOPUP). */
  skuCode?: string;
  /** Default "Complete"; "Failed", "Cancelled", "Processing"... as Ding spells them. */
  state?: string;
  accountNumber?: string;
}

export function plantedTransfer(product: DingProduct, transferRef: string, planted: PlantedTransfer): DingTransfer {
  const startedUtc = new Date(planted.startedUtc).toISOString();
  const state = planted.state ?? "Complete";
  const transferId = {
    TransferRef: transferRef,
    ...(planted.distributorRef !== null && { DistributorRef: planted.distributorRef }),
  };
  const send = new Big(planted.sendValue);
  const { record, charge } = pricedRecord(product, send, {
    accountNumber: planted.accountNumber ?? "8613800000000",
    startedUtc,
    transferId,
  });
  record.ProcessingState = state;
  if (state === "Complete") record.CompletedUtc = startedUtc;
  // A failed transfer earns no commission (and charges nothing).
  if (state === "Failed" || state === "Cancelled") record.CommissionApplied = 0;
  return { record, charge, pendingLists: 0, planted: true };
}

export interface TransferFilter {
  DistributorRef?: unknown;
  TransferRef?: unknown;
  AccountNumber?: unknown;
}

/** The transfers a ListTransferRecords filter matches, newest StartedUtc first (the later one first on a tie). */
export function matching(transfers: DingTransfer[], filter: TransferFilter, ignoreFilters: boolean) {
  const wanted = (value: unknown, actual: string | undefined) => value === undefined || value === actual;
  return transfers
    .map((transfer, index) => ({ transfer, index }))
    .filter(
      ({ transfer: { record } }) =>
        ignoreFilters ||
        (wanted(filter.DistributorRef, record.TransferId?.DistributorRef) &&
          wanted(filter.TransferRef, record.TransferId?.TransferRef) &&
          wanted(filter.AccountNumber, record.AccountNumber)),
    )
    .sort(
      (a, b) =>
        Date.parse(b.transfer.record.StartedUtc) - Date.parse(a.transfer.record.StartedUtc) || b.index - a.index,
    )
    .map(({ transfer }) => transfer);
}
