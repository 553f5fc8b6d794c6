import { z } from "zod";

/** Every `/portal` answer: `{ code, message, data }`, code 200 on success, otherwise the HTTP status. */
export const SUCCESS_CODE = 200;

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export interface Page<T> {
  total: number;
  list: T[];
  /** Set when `total` stopped counting at a cap (a list shows "10,000+"): exact counts of huge lists are slow. */
  totalCapped?: boolean;
}

/** Field errors of a validation failure: `{ "<field path>": "<translated message>" }`. */
export type FieldErrors = Record<string, string>;

export const pageQuery = z.object({
  pageNum: z.coerce
    .number()
    .int("validation.integer")
    .min(1, "validation.pageNum")
    // Bounded so pageNum x pageSize stays a sane OFFSET.
    .max(10_000_000, "validation.pageNum")
    .default(1),
  pageSize: z.coerce
    .number()
    .int("validation.integer")
    .min(1, "validation.pageSize")
    .max(999999, "validation.pageSize")
    .default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), data });
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number(), list: z.array(item), totalCapped: z.boolean().optional() });
}
