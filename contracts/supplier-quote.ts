import Big from "big.js";
import type { CatalogEntry, QuoteRefusal, QuoteResult, QuoteWanted } from "./supplier-catalog";

/**
 * (In the contracts so that the console's routes editor shows a picked product's quote before it is saved, with
 * the figures the server will store and send.)
 *
 * How a catalog entry buys one unit of a face value, the same way for every supplier (each adapter describes its
 * products as a `CatalogEntry`, so the differences live in how it fills one in):
 *
 * - The entry must be of the SKU's kind and deliver the SKU's currency: a CNY SKU is never bought as "10 of the
 *   account's dollars".
 * - Fixed values: the one whose receive value is the face value exactly. A supplier that takes local amounts is
 *   sent the face value itself; otherwise the value's own send amount.
 * - A range: a supplier that takes local amounts is sent the face value (if inside the local bounds). Otherwise
 *   the amount in the account's currency is the face value over the FX rate, rounded up to the cent, so the
 *   recipient never gets less than the face value; it must be inside the send bounds.
 * - Expected cost: the amount in the account's currency, less the discount, plus the fee; rounded up to 4
 *   decimals (an estimate errs towards cost, never towards margin).
 */
export function quoteEntry(entry: CatalogEntry | null, wanted: QuoteWanted): QuoteResult {
  if (!entry) return refused("notInCatalog", {});
  if (entry.kind !== wanted.kind) return refused("kindMismatch", { kind: entry.kind });
  if (entry.receiveCurrency !== wanted.faceCurrency)
    return refused("currencyMismatch", { currency: entry.receiveCurrency, face: wanted.faceCurrency });
  const face = new Big(wanted.faceValue);
  const local = entry.localAmounts;
  const plan = entry.denomination === "fixed" ? fixedValue(entry, face) : rangeValue(entry, face);
  if ("reason" in plan) return refused(plan.reason, plan.params);
  const { sendInAccount, delivers } = plan;
  const cost = sendInAccount
    .times(new Big(100).minus(entry.discountPercent))
    .div(100)
    .plus(entry.fee)
    .round(4, Big.roundUp);
  return {
    ok: true,
    quote: {
      send: local
        ? { amount: moneyText(face), currency: entry.receiveCurrency, local: true }
        : { amount: moneyText(sendInAccount), currency: entry.sendCurrency, local: false },
      delivers: { value: moneyText(delivers), currency: entry.receiveCurrency },
      cost: { amount: moneyText(cost), currency: entry.sendCurrency },
    },
  };
}

type Plan = { sendInAccount: Big; delivers: Big } | { reason: QuoteRefusal; params: Record<string, string> };

function fixedValue(entry: CatalogEntry, face: Big): Plan {
  const value = entry.fixed.find((v) => new Big(v.receive).eq(face));
  if (!value)
    return {
      reason: "valueNotOffered",
      params: { values: entry.fixed.map((v) => moneyText(new Big(v.receive))).join(", ") },
    };
  return { sendInAccount: new Big(value.send), delivers: face };
}

function rangeValue(entry: CatalogEntry, face: Big): Plan {
  const range = entry.range;
  if (!range) return { reason: "valueNotOffered", params: { values: "" } };
  const bounds = { min: moneyText(new Big(range.minReceive)), max: moneyText(new Big(range.maxReceive)) };
  if (entry.localAmounts) {
    if (face.lt(range.minReceive) || face.gt(range.maxReceive)) return { reason: "valueOutOfRange", params: bounds };
    if (!entry.fxRate || new Big(entry.fxRate).lte(0)) return { reason: "noFxRate", params: {} };
    // What the account pays for the local amount: the FX rate's own conversion (the supplier's charge is read back).
    return { sendInAccount: face.div(entry.fxRate).round(2, Big.roundUp), delivers: face };
  }
  if (!entry.fxRate || new Big(entry.fxRate).lte(0)) return { reason: "noFxRate", params: {} };
  const send = face.div(entry.fxRate).round(2, Big.roundUp);
  if (send.lt(range.minSend) || send.gt(range.maxSend)) return { reason: "valueOutOfRange", params: bounds };
  return { sendInAccount: send, delivers: send.times(entry.fxRate).round(2, Big.roundDown) };
}

const refused = (reason: QuoteRefusal, params: Record<string, string>): QuoteResult => ({ ok: false, reason, params });

/** A decimal as text with at least the cents and no more digits than it has ("10" → "10.00", "1.2345" stays). */
export function moneyText(value: Big): string {
  // Big keeps a number as its digits `c` and exponent `e`: digits after the point = digits − (e + 1).
  const places = Math.max(0, value.c.length - value.e - 1);
  return value.toFixed(Math.max(2, places));
}
