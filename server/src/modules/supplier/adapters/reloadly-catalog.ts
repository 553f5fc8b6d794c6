import Big from "big.js";
import type { CatalogEntry } from "#contracts";
import { moneyText as amount } from "#contracts";
import { asRecord, big, bigs, idText, type Json, text } from "./reloadly-json";

/**
 * Reloadly's catalog as `CatalogEntry`s, so the shared quote rule (../quote.ts) gives Reloadly's own answer.
 * Amounts keep at least their cents ("5" → "5.00"); rates and percentages are written as Reloadly states them.
 */

const rate = (n: Big) => n.toString();

type Bounds = Record<"minSend" | "maxSend" | "minReceive" | "maxReceive", Big | null | undefined>;

/** A RANGE entry's bounds as amounts, or null unless all four are known (operators and products alike). */
const rangeOf = ({ minSend, maxSend, minReceive, maxReceive }: Bounds) =>
  minSend && maxSend && minReceive && maxReceive
    ? {
        minSend: amount(minSend),
        maxSend: amount(maxSend),
        minReceive: amount(minReceive),
        maxReceive: amount(maxReceive),
      }
    : null;

/**
 * A top-up operator (GET /operators, /operators/{id}). Fields read, from the operator object of the docs
 * (GetOperatorByIdResponse200) and the official SDKs:
 * - `senderCurrencyCode` is the account's currency, `destinationCurrencyCode` what the recipient gets;
 *   `fx.rate` is destination units per account unit.
 * - FIXED: `fixedAmounts` are in the account's currency; `localFixedAmounts` are the same denominations in the
 *   destination currency, listed alongside (paired by position when both lists are as long). Unpaired, a value
 *   delivers its amount × `fx.rate`, rounded down to the cent (never promise more than arrives).
 * - RANGE: `minAmount`/`maxAmount` in the account's currency, `localMinAmount`/`localMaxAmount` in the
 *   destination's; unstated local bounds are the account bounds × `fx.rate` (rounded down to the cent).
 * - `supportsLocalAmounts` lets us send the destination amount itself (`useLocalAmount`), but only where the
 *   operator lists local values (paired fixed values, local range bounds): otherwise there is nothing local to ask.
 * - `internationalDiscount` is what an account abroad gets back (we are abroad for every recipient); `commission`
 *   is its older name. `fees` (in the SDKs, not in the docs) states a flat `international` fee in the account's
 *   currency and an `internationalPercentage`: the flat one is the entry's fee, the percentage a negative discount.
 */
export function operatorEntry(operator: Json): CatalogEntry | null {
  const externalId = idText(operator.id ?? operator.operatorId);
  const sendCurrency = text(operator.senderCurrencyCode);
  const receiveCurrency = text(operator.destinationCurrencyCode);
  if (!externalId || !sendCurrency || !receiveCurrency) return null;
  const fx = big(asRecord(operator.fx)?.rate) ?? null;
  const supportsLocal = operator.supportsLocalAmounts === true;
  const fees = asRecord(operator.fees);
  const discount = big(operator.internationalDiscount) ?? big(operator.commission) ?? new Big(0);
  const common = {
    externalId,
    kind: "topup" as const,
    name: text(operator.name) ?? externalId,
    country: text(asRecord(operator.country)?.isoName) ?? null,
    sendCurrency,
    receiveCurrency,
    fxRate: fx ? rate(fx) : null,
    discountPercent: rate(discount.minus(big(fees?.internationalPercentage) ?? 0)),
    fee: amount(big(fees?.international) ?? new Big(0)),
  };
  if (operator.denominationType === "FIXED") {
    const sends = bigs(operator.fixedAmounts);
    const locals = bigs(operator.localFixedAmounts);
    const paired = locals.length > 0 && locals.length === sends.length;
    const fixed = sends.flatMap((send, index) => {
      const receive = paired ? locals[index] : fx?.times(send).round(2, Big.roundDown);
      return receive ? [{ send: amount(send), receive: amount(receive) }] : [];
    });
    return { ...common, denomination: "fixed", fixed, range: null, localAmounts: supportsLocal && paired };
  }
  const [minSend, maxSend] = [big(operator.minAmount), big(operator.maxAmount)];
  const [localMin, localMax] = [big(operator.localMinAmount), big(operator.localMaxAmount)];
  const minReceive = localMin ?? (minSend && fx?.times(minSend).round(2, Big.roundDown));
  const maxReceive = localMax ?? (maxSend && fx?.times(maxSend).round(2, Big.roundDown));
  const range = rangeOf({ minSend, maxSend, minReceive, maxReceive });
  const localAmounts = supportsLocal && localMin !== undefined && localMax !== undefined;
  return { ...common, denomination: "range", fixed: [], range, localAmounts };
}

/**
 * A gift-card product (GET /products; GetAllProductsResponse200). `senderCurrencyCode` is the account's currency,
 * `recipientCurrencyCode` the card's. An order's `unitPrice` is in the card's currency, so every product takes
 * "local" amounts. FIXED: `fixedRecipientToSenderDenominationsMap` (card value → account value; documented as a
 * list of one-key objects, served as one object) or the two lists zipped. RANGE: the four bounds. The FX rate is
 * card units per account unit, read off a fixed pair or the range's top. `senderFee` is a flat fee in the
 * account's currency per card; `discountPercentage` the discount.
 */
export function productEntry(product: Json): CatalogEntry | null {
  const externalId = idText(product.productId);
  const sendCurrency = text(product.senderCurrencyCode);
  const receiveCurrency = text(product.recipientCurrencyCode);
  if (!externalId || !sendCurrency || !receiveCurrency) return null;
  const common = {
    externalId,
    kind: "giftCard" as const,
    name: text(product.productName) ?? externalId,
    country: product.global === true ? null : (text(asRecord(product.country)?.isoName) ?? null),
    sendCurrency,
    receiveCurrency,
    localAmounts: true,
    discountPercent: rate(big(product.discountPercentage) ?? new Big(0)),
    fee: amount(big(product.senderFee) ?? new Big(0)),
  };
  if (product.denominationType === "FIXED") {
    const pairs = denominationPairs(product);
    const first = pairs.find((pair) => pair.send.gt(0));
    return {
      ...common,
      denomination: "fixed",
      fixed: pairs.map((pair) => ({ send: amount(pair.send), receive: amount(pair.receive) })),
      range: null,
      fxRate: first ? fxOf(first.receive, first.send) : null,
    };
  }
  const minSend = big(product.minSenderDenomination);
  const maxSend = big(product.maxSenderDenomination);
  const minReceive = big(product.minRecipientDenomination);
  // The docs' own example spells it `maxrecipientDenomination`.
  const maxReceive = big(product.maxRecipientDenomination ?? product.maxrecipientDenomination);
  const range = rangeOf({ minSend, maxSend, minReceive, maxReceive });
  const fxRate = maxSend?.gt(0) && maxReceive ? fxOf(maxReceive, maxSend) : null;
  return { ...common, denomination: "range", fixed: [], range, fxRate };
}

/** Receive units per send unit, to 6 decimals (a rate read off two rounded amounts has no more). */
const fxOf = (receive: Big, send: Big) => rate(receive.div(send).round(6, Big.roundHalfUp));

function denominationPairs(product: Json): { receive: Big; send: Big }[] {
  const map = product.fixedRecipientToSenderDenominationsMap;
  const entries = (Array.isArray(map) ? map : [map]).flatMap((item) => Object.entries(asRecord(item) ?? {}));
  const fromMap = entries.flatMap(([receive, send]) => {
    const [r, s] = [big(receive), big(send)];
    return r && s ? [{ receive: r, send: s }] : [];
  });
  if (fromMap.length > 0) return fromMap;
  const receives = bigs(product.fixedRecipientDenominations);
  const sends = bigs(product.fixedSenderDenominations);
  if (receives.length !== sends.length) return [];
  return receives.map((receive, index) => ({ receive, send: sends[index]! }));
}
