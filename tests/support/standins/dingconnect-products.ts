import Big from "big.js";

/**
 * The DingConnect stand-in's catalog and prices, as Ding's Swagger definition describes them: a `Product` states
 * its bounds as two `Price`s, `Minimum` and `Maximum`, with SendValue in the account's currency and ReceiveValue in
 * what the account number gets. Minimum and Maximum send the same value for a fixed product; between them a range
 * product is priced linearly (go-dingconnect's reading of the live API). EstimatePrices and SendTransfer price
 * with the same two functions below, so their numbers always agree.
 */

export interface DingPrice {
  CustomerFee: number;
  DistributorFee: number;
  ReceiveValue: number;
  ReceiveCurrencyIso: string;
  ReceiveValueExcludingTax: number;
  SendValue: number;
  SendCurrencyIso: string;
}

export interface DingProduct {
  ProviderCode: string;
  SkuCode: string;
  LocalizationKey: string;
  SettingDefinitions: { Name: string; Description: string; IsMandatory: boolean }[];
  Maximum: DingPrice;
  Minimum: DingPrice;
  CommissionRate: number;
  ProcessingMode: string;
  RedemptionMechanism: string;
  Benefits: string[];
  UatNumber: string;
  DefaultDisplayText: string;
  RegionCode: string;
  PaymentTypes: string[];
  LookupBillsRequired?: boolean;
}

export interface DingProvider {
  ProviderCode: string;
  CountryIso: string;
  Name: string;
  ShortName: string;
  ValidationRegex: string;
  RegionCodes: string[];
  PaymentTypes: string[];
}

/** The default products' SkuCodes. */
export const DING_SKUS = {
  /** China Mobile, any 1.00–150.00 of the account's currency, 7 CNY per unit sent (7.00–1050.00 CNY). */
  cnRange: "CN_CM_TOPUP",
  /** China Mobile, 10 CNY for 1.50. */
  cn10: "CN_CM_10CNY",
  /** AT&T (US), 5 USD for 5.00. */
  us5: "US_ATT_5USD",
} as const;

/** A price as Ding writes one (no tax, no customer fee). */
export function dingPrice(
  send: string,
  sendCurrency: string,
  receive: string,
  receiveCurrency: string,
  distributorFee = "0",
): DingPrice {
  return {
    CustomerFee: 0,
    DistributorFee: Number(distributorFee),
    ReceiveValue: Number(receive),
    ReceiveCurrencyIso: receiveCurrency,
    ReceiveValueExcludingTax: Number(receive),
    SendValue: Number(send),
    SendCurrencyIso: sendCurrency,
  };
}

/** A top-up product delivered at once, between two prices (the same one twice for a fixed value). */
export function dingProduct(
  fields: Pick<DingProduct, "ProviderCode" | "SkuCode" | "DefaultDisplayText" | "CommissionRate" | "Minimum"> &
    Partial<DingProduct>,
): DingProduct {
  return {
    LocalizationKey: fields.SkuCode,
    SettingDefinitions: [],
    Maximum: fields.Minimum,
    ProcessingMode: "Instant",
    RedemptionMechanism: "Immediate",
    Benefits: ["Mobile"],
    UatNumber: "1111111111",
    RegionCode: fields.ProviderCode.slice(2, 4),
    PaymentTypes: ["Prepaid"],
    ...fields,
  };
}

/** The default catalog, in the account's currency, with Ding's DistributorFee on each. */
export function defaultDingProducts(currency: string, distributorFee: string): DingProduct[] {
  return [
    dingProduct({
      ProviderCode: "CMCN",
      SkuCode: DING_SKUS.cnRange,
      DefaultDisplayText: "China Mobile 7 CNY to 1050 CNY",
      CommissionRate: 4,
      Minimum: dingPrice("1", currency, "7", "CNY", distributorFee),
      Maximum: dingPrice("150", currency, "1050", "CNY", distributorFee),
    }),
    dingProduct({
      ProviderCode: "CMCN",
      SkuCode: DING_SKUS.cn10,
      DefaultDisplayText: "China Mobile 10 CNY",
      CommissionRate: 4,
      Minimum: dingPrice("1.5", currency, "10", "CNY", distributorFee),
    }),
    dingProduct({
      ProviderCode: "ATUS",
      SkuCode: DING_SKUS.us5,
      DefaultDisplayText: "AT&T 5 USD",
      CommissionRate: 3,
      Minimum: dingPrice("5", currency, "5", "USD", distributorFee),
    }),
  ];
}

export const defaultDingProviders = (): DingProvider[] => [
  {
    ProviderCode: "CMCN",
    CountryIso: "CN",
    Name: "China Mobile",
    ShortName: "China Mobile",
    ValidationRegex: "^86[0-9]{11}$",
    RegionCodes: ["CN"],
    PaymentTypes: ["Prepaid"],
  },
  {
    ProviderCode: "ATUS",
    CountryIso: "US",
    Name: "AT&T USA",
    ShortName: "AT&T",
    ValidationRegex: "^1[0-9]{10}$",
    RegionCodes: ["US"],
    PaymentTypes: ["Prepaid"],
  },
];

const big = (n: number) => new Big(String(n));
const isFixed = (product: DingProduct) => product.Minimum.SendValue === product.Maximum.SendValue;

/** Whether Ding takes this SendValue for the product: between Minimum and Maximum (inclusive), in cents. */
export function takesSendValue(product: DingProduct, send: Big): boolean {
  return send.gte(big(product.Minimum.SendValue)) && send.lte(big(product.Maximum.SendValue)) && send.eq(send.round(2));
}

/** What a SendValue delivers: linear between the two prices, rounded down to the cent (never more than arrives). */
export function receiveFor(product: DingProduct, send: Big): Big {
  const { Minimum: min, Maximum: max } = product;
  if (isFixed(product)) return big(min.ReceiveValue);
  const slope = big(max.ReceiveValue).minus(min.ReceiveValue).div(big(max.SendValue).minus(min.SendValue));
  return big(min.ReceiveValue).plus(send.minus(min.SendValue).times(slope)).round(2, Big.roundDown);
}

/** The SendValue that delivers at least `receive` (rounded up to the cent); null when the product cannot. */
export function sendFor(product: DingProduct, receive: Big): Big | null {
  const { Minimum: min, Maximum: max } = product;
  if (isFixed(product)) return receive.eq(big(min.ReceiveValue)) ? big(min.SendValue) : null;
  const slope = big(max.SendValue).minus(min.SendValue).div(big(max.ReceiveValue).minus(min.ReceiveValue));
  const send = big(min.SendValue).plus(receive.minus(min.ReceiveValue).times(slope)).round(2, Big.roundUp);
  return takesSendValue(product, send) ? send : null;
}

/** The transfer's `Price` for a SendValue (`short`: that much less delivered, the short-delivery knob). */
export function priceFor(product: DingProduct, send: Big, short = new Big(0)): DingPrice {
  const receive = Number(receiveFor(product, send).minus(short).toString());
  return {
    ...product.Minimum,
    SendValue: Number(send.toString()),
    ReceiveValue: receive,
    ReceiveValueExcludingTax: receive,
  };
}

/** Ding's commission on a SendValue: CommissionRate percent of it, exactly. */
export const commissionFor = (product: DingProduct, send: Big) => send.times(big(product.CommissionRate)).div(100);
