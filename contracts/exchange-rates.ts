import { z } from "zod";

/**
 * The rates the reseller's finance staff set for turning a supplier's cost (in the supplier account's currency)
 * into the currency a merchant pays in: for margins on the Prices page, the check that no order is bought at a
 * loss, and each attempt's cost in the order's currency. A rate is kept with the time it was set (the Prices page
 * shows its age); setting a new one keeps the old ones as history. A rate works both ways (1 / rate).
 */
const currency = z
  .string("validation.required")
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "validation.currency");

export const exchangeRate = z.object({
  /** 1 `base` = `rate` `quote`. */
  base: z.string(),
  quote: z.string(),
  rate: z.string(),
  setTime: z.string(),
  /** Who set it: a staff member's name, or the operator CLI. */
  setBy: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRate>;

export const exchangeRateBody = z
  .object({
    base: currency,
    quote: currency,
    /** Up to 8 decimals, above zero. */
    rate: z
      .string("validation.required")
      .trim()
      .regex(/^\d{1,12}(\.\d{1,8})?$/, "validation.rate")
      .refine((v) => Number(v) > 0, "validation.rate"),
  })
  .refine((v) => v.base !== v.quote, { message: "validation.sameCurrency", path: ["quote"] });
export type ExchangeRateBody = z.input<typeof exchangeRateBody>;
