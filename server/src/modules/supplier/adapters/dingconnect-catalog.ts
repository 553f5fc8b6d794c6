import Big from "big.js";
import type { CatalogEntry } from "#contracts";
import { moneyText } from "#contracts";
import { type SupplierAccount, SupplierUnclearError } from "../supplier";
import { amountOf, type DingPrice, dingCall, type Envelope, summaryOf } from "./dingconnect-api";

/**
 * DingConnect's catalog as `CatalogEntry`s, so the shared quote rule (../quote.ts) gives Ding's own answer.
 *
 * `GET GetProviders` names each provider's country; `GET GetProducts` without filters lists every product the
 * account may sell, in one answer (its response has no paging fields, unlike ListTransferRecords). A product
 * states its bounds as two `Price`s, `Minimum` and `Maximum`: their SendValue is what we pay, in the account's
 * currency (SendCurrencyIso), their ReceiveValue what the account number gets (ReceiveCurrencyIso). The two
 * send the same value for a fixed product; otherwise any send value between them is allowed, and Ding prices it
 * linearly between the two (as go-dingconnect found; EstimatePrices says exactly, and submit asks it).
 */

interface Product {
  ProviderCode?: string;
  SkuCode?: string;
  Minimum?: DingPrice;
  Maximum?: DingPrice;
  CommissionRate?: number;
  RedemptionMechanism?: string;
  DefaultDisplayText?: string;
  SettingDefinitions?: { IsMandatory?: boolean }[];
  LookupBillsRequired?: boolean;
}
interface Provider {
  ProviderCode?: string;
  CountryIso?: string;
  Name?: string;
}
interface Listing<T> extends Envelope {
  Items?: T[];
}

/** Every product this adapter can send, once each (routes name products by SkuCode). */
export async function dingCatalog(account: SupplierAccount, signal: AbortSignal): Promise<CatalogEntry[]> {
  const [providers, products] = await Promise.all([
    list<Provider>(account, "GetProviders", signal),
    list<Product>(account, "GetProducts", signal),
  ]);
  const byCode = new Map(providers.map((p) => [p.ProviderCode, p]));
  const entries = new Map<string, CatalogEntry>();
  for (const product of products) {
    const entry = productEntry(product, byCode.get(product.ProviderCode));
    if (entry && !entries.has(entry.externalId)) entries.set(entry.externalId, entry);
  }
  return [...entries.values()];
}

async function list<T>(account: SupplierAccount, operation: string, signal: AbortSignal): Promise<T[]> {
  const { body } = await dingCall<Listing<T>>(account, operation, signal);
  if (body.ResultCode !== 1 || !Array.isArray(body.Items))
    throw new SupplierUnclearError(`DingConnect ${operation}: ${summaryOf(body)}`);
  return body.Items;
}

const CURRENCY = /^[A-Z]{3}$/;
/** ISO 3166 alpha-2; Ding's "XG" means every country, which an entry says as no country. */
const countryOf = (provider: Provider | undefined) =>
  provider?.CountryIso && /^[A-Z]{2}$/.test(provider.CountryIso) && provider.CountryIso !== "XG"
    ? provider.CountryIso
    : null;

/**
 * One product as an entry; null for one this adapter cannot send, which it leaves out of the catalog: a product
 * whose benefit needs the customer or us to act (RedemptionMechanism ReadReceipt, such as PINs, or
 * ReadAdditionalInformation), a bill payment (LookupBillsRequired), one with mandatory settings (we send none),
 * and one whose prices we cannot read. Ding sells no gift cards through SendTransfer: every entry is a top-up.
 *
 * - fxRate: receive units per send unit, from the product's own prices. The CustomerFee is inside SendValue (Ding
 *   passes SendValue − CustomerFee to the provider), so the ratio ReceiveValue / SendValue already prices it; a
 *   fee makes that ratio lower at the Minimum than at the Maximum, and the lower of the two is kept (to 6
 *   decimals, rounded down) so a quote never plans to send too little.
 * - discountPercent: CommissionRate, the percent of SendValue Ding credits back (CommissionApplied).
 * - fee: DistributorFee, charged on top of SendValue (the Minimum's: Ding states it per transfer).
 * - localAmounts: never; SendTransfer takes only an amount in the account's currency.
 */
export function productEntry(product: Product, provider: Provider | undefined): CatalogEntry | null {
  const { Minimum: min, Maximum: max } = product;
  if (!product.SkuCode || !min || !max) return null;
  if (product.RedemptionMechanism && product.RedemptionMechanism !== "Immediate") return null;
  if (product.LookupBillsRequired || product.SettingDefinitions?.some((s) => s.IsMandatory)) return null;
  const [minSend, maxSend] = [amountOf(min.SendValue), amountOf(max.SendValue)];
  const [minReceive, maxReceive] = [amountOf(min.ReceiveValue), amountOf(max.ReceiveValue)];
  const sendCurrency = min.SendCurrencyIso;
  const receiveCurrency = min.ReceiveCurrencyIso;
  if (!minSend?.gt(0) || !maxSend?.gte(minSend) || !minReceive?.gt(0) || !maxReceive?.gte(minReceive)) return null;
  if (!sendCurrency || !CURRENCY.test(sendCurrency) || max.SendCurrencyIso !== sendCurrency) return null;
  if (!receiveCurrency || !CURRENCY.test(receiveCurrency) || max.ReceiveCurrencyIso !== receiveCurrency) return null;
  const [atMin, atMax] = [minReceive.div(minSend), maxReceive.div(maxSend)];
  const fxRate = (atMin.lt(atMax) ? atMin : atMax).round(6, Big.roundDown);
  const common = {
    externalId: product.SkuCode,
    kind: "topup" as const,
    name: product.DefaultDisplayText || provider?.Name || product.SkuCode,
    country: countryOf(provider),
    sendCurrency,
    receiveCurrency,
    fxRate: fxRate.toString(),
    localAmounts: false,
    discountPercent: (amountOf(product.CommissionRate) ?? new Big(0)).toString(),
    fee: moneyText(amountOf(min.DistributorFee) ?? new Big(0)),
  };
  if (minSend.eq(maxSend))
    return {
      ...common,
      denomination: "fixed",
      fixed: [{ send: moneyText(minSend), receive: moneyText(minReceive) }],
      range: null,
    };
  return {
    ...common,
    denomination: "range",
    fixed: [],
    range: {
      minSend: moneyText(minSend),
      maxSend: moneyText(maxSend),
      minReceive: moneyText(minReceive),
      maxReceive: moneyText(maxReceive),
    },
  };
}
