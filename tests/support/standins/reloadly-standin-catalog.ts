/**
 * The Reloadly stand-in's default catalog, as Reloadly's API returns it (GetOperatorByIdResponse200,
 * GetAllProductsResponse200, and the `fees` object the official SDKs read). Written for an account in USD: with
 * another `currency` the sender amounts keep their numbers, relabelled; tests that care set their own.
 */

export type Json = Record<string, unknown>;

/** The default operators' and products' ids (operators and gift-card products are numbered apart at Reloadly). */
export const STANDIN_IDS = {
  /** China, CNY, RANGE, local amounts 1–1000 CNY, fx 7.1 CNY per USD, internationalDiscount 2. */
  cnLocal: 535,
  /** China, CNY, RANGE 1–100 USD, no local amounts, fx 7.0, internationalDiscount 3. */
  cnRate: 536,
  /** United States, USD, FIXED 5/10/20 (local amounts, the same), internationalDiscount 1. */
  us: 537,
  /** China, CNY, FIXED 1.45/2.90/7.20 USD paired with local 10/20/50 CNY, no local amounts, discount 2.5. */
  cnFixed: 538,
  /** Gift card in CNY, FIXED 100/200 CNY (14.08/28.17 USD), discountPercentage 3, senderFee 0.5. */
  cnCard: 120,
  /** Global gift card in USD, RANGE 5–500, discountPercentage 2, senderFee 0. */
  usCard: 121,
} as const;

export function standinOperators(currency = "USD"): Json[] {
  const china = { isoName: "CN", name: "China" };
  return [
    operator(currency, {
      id: STANDIN_IDS.cnLocal,
      name: "China Mobile China",
      country: china,
      denominationType: "RANGE",
      supportsLocalAmounts: true,
      destinationCurrencyCode: "CNY",
      fx: { rate: 7.1, currencyCode: "CNY" },
      minAmount: 0.15,
      maxAmount: 140.84,
      localMinAmount: 1,
      localMaxAmount: 1000,
      internationalDiscount: 2,
    }),
    operator(currency, {
      id: STANDIN_IDS.cnRate,
      name: "China Unicom China",
      country: china,
      denominationType: "RANGE",
      supportsLocalAmounts: false,
      destinationCurrencyCode: "CNY",
      fx: { rate: 7.0, currencyCode: "CNY" },
      minAmount: 1,
      maxAmount: 100,
      internationalDiscount: 3,
    }),
    operator(currency, {
      id: STANDIN_IDS.us,
      name: "AT&T United States",
      country: { isoName: "US", name: "United States" },
      denominationType: "FIXED",
      supportsLocalAmounts: true,
      destinationCurrencyCode: "USD",
      fx: { rate: 1, currencyCode: "USD" },
      fixedAmounts: [5, 10, 20],
      localFixedAmounts: [5, 10, 20],
      internationalDiscount: 1,
    }),
    operator(currency, {
      id: STANDIN_IDS.cnFixed,
      name: "China Telecom China",
      country: china,
      denominationType: "FIXED",
      supportsLocalAmounts: false,
      destinationCurrencyCode: "CNY",
      fx: { rate: 7.0, currencyCode: "CNY" },
      fixedAmounts: [1.45, 2.9, 7.2],
      localFixedAmounts: [10, 20, 50],
      internationalDiscount: 2.5,
    }),
  ];
}

function operator(currency: string, fields: Json & { id: number; internationalDiscount: number }): Json {
  return {
    operatorId: fields.id,
    bundle: false,
    data: false,
    pin: false,
    supportsGeographicalRechargePlans: false,
    senderCurrencyCode: currency,
    senderCurrencySymbol: currency === "USD" ? "$" : currency,
    destinationCurrencySymbol: fields.destinationCurrencyCode === "CNY" ? "¥" : "$",
    commission: fields.internationalDiscount,
    localDiscount: 0,
    mostPopularAmount: null,
    mostPopularLocalAmount: null,
    minAmount: null,
    maxAmount: null,
    localMinAmount: null,
    localMaxAmount: null,
    logoUrls: [],
    fixedAmounts: [],
    fixedAmountsDescriptions: {},
    localFixedAmounts: [],
    localFixedAmountsDescriptions: {},
    suggestedAmounts: [],
    suggestedAmountsMap: {},
    fees: { international: 0, local: 0, localPercentage: 0, internationalPercentage: 0 },
    geographicalRechargePlans: [],
    promotions: [],
    status: "ACTIVE",
    ...fields,
  };
}

export function standinGiftProducts(currency = "USD"): Json[] {
  const common = {
    senderCurrencyCode: currency,
    minRecipientDenomination: null,
    maxRecipientDenomination: null,
    minSenderDenomination: null,
    maxSenderDenomination: null,
    fixedRecipientDenominations: [],
    fixedSenderDenominations: [],
    fixedRecipientToSenderDenominationsMap: {},
    logoUrls: [],
    redeemInstruction: { concise: "Redeem online.", verbose: "Redeem online with the card number and PIN." },
  };
  return [
    {
      ...common,
      productId: STANDIN_IDS.cnCard,
      productName: "Tmall China",
      global: false,
      senderFee: 0.5,
      discountPercentage: 3,
      denominationType: "FIXED",
      recipientCurrencyCode: "CNY",
      recipientCurrencyToSenderCurrencyExchangeRate: 0.140845,
      fixedRecipientDenominations: [100, 200],
      fixedSenderDenominations: [14.08, 28.17],
      fixedRecipientToSenderDenominationsMap: { "100.0": 14.08, "200.0": 28.17 },
      brand: { brandId: 31, brandName: "Tmall" },
      country: { isoName: "CN", name: "China", flagUrl: "https://s3.amazonaws.com/rld-flags/cn.svg" },
    },
    {
      ...common,
      productId: STANDIN_IDS.usCard,
      productName: "Prepaid Visa Global USD",
      global: true,
      senderFee: 0,
      discountPercentage: 2,
      denominationType: "RANGE",
      recipientCurrencyCode: "USD",
      recipientCurrencyToSenderCurrencyExchangeRate: 1,
      minRecipientDenomination: 5,
      maxRecipientDenomination: 500,
      minSenderDenomination: 5,
      maxSenderDenomination: 500,
      brand: { brandId: 44, brandName: "Visa" },
      country: { isoName: "US", name: "United States", flagUrl: "https://s3.amazonaws.com/rld-flags/us.svg" },
    },
  ];
}
