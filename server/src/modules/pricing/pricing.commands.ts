import { type ExchangeRate, exchangeRateBody } from "#contracts";
import { invalid } from "../../lib/failure";
import type { Commands } from "../module";
import { listExchangeRates, setExchangeRate } from "./exchange-rate.service";

const describe = (r: ExchangeRate) => `1 ${r.base} = ${r.rate} ${r.quote}\tset ${r.setTime} by ${r.setBy}`;

/** Operator commands: the exchange rates supplier costs are converted at (margins, the loss check, attempts' cost). */
export const pricingCommands: Commands = {
  "rate:set": {
    summary: "Set the exchange rate between two currencies (it works both ways; the old one stays as history)",
    usage: "rate:set --base <USD> --quote <CNY> --rate <7.1>",
    options: {
      base: { type: "string", description: "the currency of 1 unit, e.g. USD", required: true },
      quote: { type: "string", description: "the currency the rate is in, e.g. CNY", required: true },
      rate: {
        type: "string",
        description: "how many quote units 1 base unit is, above 0, at most 8 decimals",
        required: true,
      },
    },
    async run(deps, v, out, operator) {
      const input = exchangeRateBody.safeParse({ base: v.base, quote: v.quote, rate: v.rate });
      if (!input.success)
        throw invalid(Object.fromEntries(input.error.issues.map((issue) => [issue.path.join("."), issue.message])));
      out(`Set ${describe(await setExchangeRate(deps, operator, input.data))}`);
    },
  },
  "rate:list": {
    summary: "List the exchange rate now of every pair set, newest first",
    usage: "rate:list",
    options: {},
    async run(deps, _v, out) {
      const rates = await listExchangeRates(deps);
      for (const rate of rates) out(describe(rate));
      if (rates.length === 0) out("No exchange rates set: rate:set sets one.");
    },
  },
};
